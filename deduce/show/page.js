(function(){
'use strict';
const D=JSON.parse(document.getElementById('data').textContent);
const C=D.colours,T=D.tints,N=D.steps.length,CELL=40,MF=13,NS='http://www.w3.org/2000/svg';
const MROLE={'.':'','p':'placement','e':'elimination','q':'premise'};
const $=id=>document.getElementById(id);
let pos=0,lvl=0,hinting=false,play=null,sub=-1;
function el(tag,attrs,text){const e=document.createElementNS(NS,tag);for(const k in attrs)e.setAttribute(k,attrs[k]);if(text!==undefined)e.textContent=text;return e;}
function extent(labels,per){if(!labels||!labels.length)return 8;let longest=0,lines=0;
 for(const l of labels){const ps=String(l).split('\n');lines=Math.max(lines,ps.length);for(const p of ps)longest=Math.max(longest,p.length);}
 return 8+per*(per>12?lines:Math.max(longest,1));}
function name(p,i){return `r${Math.floor(i/p.c)+1}c${i%p.c+1}`;}
// The picture as the player sees it at a hint level: 'base' hides the step, 'look' lights the
// cells to look at, 'inv' adds the pattern's candidates and chain, 'full' is the whole step.
function view(p,mode,lit,kind){
 const litSet=new Set(lit||[]);
 const cells=p.cells.map((cell,i)=>{
  let [text,role,fill,given,marks,mroles]=cell;
  if(mode!=='full'){
   if((role==='placement'||role==='elimination')&&!given)text='';
   role=litSet.has(i)?'premise':'';
   if(mroles)mroles=Array.from(mroles).map(r=>mode==='inv'&&r==='q'?'q':'.').join('');
  }else if(kind==='guess'&&role==='placement')role='guess';
  return [text,role,fill,given,marks,mroles];});
 const keep=mode==='full'?null:mode==='inv'?['used','path','chain','link','premise']:['used','path','premise'];
 let links=p.links||[];
 if(keep)links=links.filter(l=>keep.includes(l[2])).map(l=>l[2]==='premise'?[l[0],l[1],'path']:l);
 return Object.assign({},p,{cells:cells,links:links,outline:mode==='full'?p.outline:[],guess:mode==='full'&&kind==='guess'});}
function markAt(p,x,y,k,n){const per=p.mc,rows=Math.max(3,Math.ceil(n/per));
 return [x+CELL*((k%per)+0.5)/per,y+CELL*(Math.floor(k/per)+0.5)/rows];}
function draw(p,opts){
 opts=opts||{};const used=new Set();
 const top=p.top?extent(p.top,14):8,left=extent((p.left||[]).map(s=>String(s).replace(/\n/g,' ')),8)+(p.left?6:0);
 const bottom=p.bottom?22:8,right=extent(p.right,8)+(p.right?6:0);
 const W=left+p.c*CELL+right,H=top+p.r*CELL+bottom;
 const svg=el('svg',{viewBox:`0 0 ${W} ${H}`,role:'img','aria-label':'the grid',style:"font-family:'DejaVu Sans',Verdana,sans-serif"});
 svg.dataset.left=left;svg.dataset.top=top;
 const defs=el('defs',{});
 for(const [id,col] of [['ah',C.chain]]){const m=el('marker',{id:id,viewBox:'0 0 10 10',refX:9,refY:5,markerWidth:7,markerHeight:7,markerUnits:'userSpaceOnUse',orient:'auto'});
  m.appendChild(el('path',{d:'M0 0L10 5L0 10z',fill:col}));defs.appendChild(m);}
 svg.appendChild(defs);
 svg.appendChild(el('rect',{width:W,height:H,fill:'#fff'}));
 const outline=new Set(p.outline||[]),over=[],markPos={};
 const entries=opts.entries||{},wrong=opts.wrong||new Set();
 p.cells.forEach((cell,i)=>{
  const [text,role,fill,given,marks,mroles]=cell,r=Math.floor(i/p.c),c=i%p.c,x=left+c*CELL,y=top+r*CELL;
  let colour=role?T[role]:(fill?C[fill]:C.empty);if(role)used.add('cell-'+role);
  svg.appendChild(el('rect',{x:x,y:y,width:CELL,height:CELL,fill:colour,'class':'cell role-'+(role||fill||'none'),'data-cell':name(p,i),'data-i':i}));
  if(outline.has(i)){used.add('outline');svg.appendChild(el('rect',{x:x+2,y:y+2,width:CELL-4,height:CELL-4,fill:'none',stroke:C.link,'stroke-width':2,'stroke-dasharray':'4 2'}));}
  if(p.guess&&role==='guess')over.push(el('rect',{x:x+2,y:y+2,width:CELL-4,height:CELL-4,fill:'none',stroke:'#7a2d5d','stroke-width':2,'stroke-dasharray':'3 3','class':'guess-outline'}));
  if(opts.sel===i)over.push(el('rect',{x:x+1.5,y:y+1.5,width:CELL-3,height:CELL-3,fill:'none',stroke:'#0072B2','stroke-width':3,'class':'sel'}));
  const entry=entries[i];
  if(entry!==undefined){used.add('entry');
   const show=entry==='#'?'■':entry==='x'?'×':entry;
   over.push(el('text',{x:x+CELL/2,y:y+CELL/2+1,'text-anchor':'middle','dominant-baseline':'central','font-size':24,fill:'#0059a0','class':'entry'},show));
   if(wrong.has(i)){used.add('wrong');over.push(el('rect',{x:x+2.5,y:y+2.5,width:CELL-5,height:CELL-5,fill:'none',stroke:'#D55E00','stroke-width':3,'class':'wrong'}));}
   return;}
  if(marks){const list=typeof marks==='string'?Array.from(marks):marks;
   for(let k=0;k<list.length;k++){const s=list[k];if(s===' ')continue;
    const [mx,my]=markAt(p,x,y,k,list.length),mr=MROLE[mroles[k]],wide=7*(s.length-1);
    markPos[i+':'+s]=[mx,my];
    if(mr){const g=opts.kind==='guess'&&mr==='placement'?'guess':mr;used.add('mark-'+g);
     over.push(el('rect',{x:mx-7-wide/2,y:my-7.5,width:14+wide,height:15,rx:3,fill:C[g],'class':'mark role-'+mr}));}
    over.push(el('text',{x:mx,y:my+0.5,'text-anchor':'middle','dominant-baseline':'central','font-size':MF,'font-weight':mr?'bold':'normal',fill:mr?'#000':'#333'},s));
    if(mr==='elimination')over.push(el('path',{d:`M${mx-6-wide/2} ${my+5}L${mx+6+wide/2} ${my-5}`,stroke:'#5a2a00','stroke-width':1.6}));}}
  if(text){const ink=(fill==='filled'&&!role)?'#fff':'#000';
   over.push(el('text',{x:x+CELL/2,y:y+CELL/2+(marks?6:1),'text-anchor':'middle','dominant-baseline':'central','font-size':given?24:22,'font-weight':given?'bold':'normal',fill:given||fill?ink:'#1f4e79'},text));}
 });
 let thin='',thick='';
 for(let r=0;r<=p.r;r++){const t=(r===0||r===p.r||(p.tr||[]).includes(r));const d=`M${left} ${top+r*CELL}h${p.c*CELL}`;if(t)thick+=d;else thin+=d;}
 for(let c=0;c<=p.c;c++){const t=(c===0||c===p.c||(p.tc||[]).includes(c));const d=`M${left+c*CELL} ${top}v${p.r*CELL}`;if(t)thick+=d;else thin+=d;}
 svg.appendChild(el('path',{d:thin||'M0 0',stroke:'#999','stroke-width':1,fill:'none'}));
 svg.appendChild(el('path',{d:thick,stroke:'#222','stroke-width':2.5,fill:'none'}));
 const centre=i=>[left+(i%p.c)*CELL+CELL/2,top+Math.floor(i/p.c)*CELL+CELL/2];
 const labels=[],links=p.links||[];
 links.forEach((link,n)=>{const [a,b,role,label,kind]=link;
  let [ax,ay]=centre(a),[bx,by]=centre(b);
  const onMarks=label&&markPos[a+':'+label]&&markPos[b+':'+label];
  if(onMarks){[ax,ay]=markPos[a+':'+label];[bx,by]=markPos[b+':'+label];}
  const len=Math.max(Math.hypot(bx-ax,by-ay),1),ux=(bx-ax)/len,uy=(by-ay)/len,cut=role==='chain'?(onMarks?8:10):0;
  const at={x1:ax+ux*cut,y1:ay+uy*cut,x2:bx-ux*cut,y2:by-uy*cut,'stroke-linecap':'round','class':'link role-'+role};
  if(role==='chain'){Object.assign(at,{stroke:C.chain,'stroke-width':2.5,'marker-end':'url(#ah)'});if(kind==='weak')at['stroke-dasharray']='5 4';used.add('chain-'+(kind||'any'));}
  else if(role==='used'){Object.assign(at,{stroke:'#c4c4c4','stroke-width':3});}
  else if(role==='path'){Object.assign(at,{stroke:C.path,'stroke-width':5});used.add('link-path');}
  else if(role==='premise'){Object.assign(at,{stroke:'#b8a600','stroke-width':5});used.add('link-premise');}
  else if(role==='placement'){Object.assign(at,{stroke:C.placement,'stroke-width':5});used.add('link-placement');}
  else if(role==='elimination'){Object.assign(at,{stroke:C.elimination,'stroke-width':4,'stroke-dasharray':'6 5'});used.add('link-elimination');}
  else{Object.assign(at,{stroke:C.link,'stroke-width':3});used.add('chain-any');}
  if(role==='chain')over.push(el('line',at));else svg.insertBefore(el('line',at),svg.lastChild.previousSibling);
  // the chain's turn inside a cell, from the digit it arrives on to the one it leaves on
  const nx=links[n+1]||(links.length>2&&links[0][0]===b?links[0]:null);
  if(role==='chain'&&onMarks&&nx&&nx[0]===b&&nx[3]&&nx[3]!==label&&markPos[b+':'+nx[3]]){
   const [cx,cy]=markPos[b+':'+nx[3]],inner=kind==='strong'?'weak':kind==='weak'?'strong':'';
   const e={x1:bx,y1:by,x2:cx,y2:cy,stroke:C.chain,'stroke-width':2,'class':'inner'};if(inner!=='strong')e['stroke-dasharray']='3 3';
   over.push(el('line',e));if(inner)used.add('chain-'+inner);}
  if(label&&!onMarks){const x=(ax+bx)/2,y=(ay+by)/2,g=el('g',{'class':'link-label'});
   g.appendChild(el('rect',{x:x-7,y:y-8,width:14,height:15,rx:4,fill:'#fff',stroke:C.chain,'stroke-width':1.5}));
   g.appendChild(el('text',{x:x,y:y+4,'text-anchor':'middle','font-size':12,'font-weight':'bold',fill:C.chain},label));labels.push(g);}
 });
 for(const e of over)svg.appendChild(e);
 for(const g of labels)svg.appendChild(g);
 (p.top||[]).forEach((l,c)=>{const ps=String(l).split('\n');ps.forEach((s,k)=>svg.appendChild(el('text',{x:left+c*CELL+CELL/2,y:top-6-14*(ps.length-1-k),'text-anchor':'middle','font-size':12,'class':'clue'},s)));});
 (p.left||[]).forEach((l,r)=>svg.appendChild(el('text',{x:left-6,y:top+r*CELL+CELL/2+4,'text-anchor':'end','font-size':12,'class':'clue'},String(l).replace(/\n/g,' '))));
 (p.bottom||[]).forEach((l,c)=>svg.appendChild(el('text',{x:left+c*CELL+CELL/2,y:top+p.r*CELL+16,'text-anchor':'middle','font-size':12,'class':'clue'},l)));
 (p.right||[]).forEach((l,r)=>svg.appendChild(el('text',{x:left+p.c*CELL+6,y:top+r*CELL+CELL/2+4,'font-size':12,'class':'clue'},l)));
 svg.dataset.aspect=W/H;
 return [svg,used];}
const LEGEND=[
 ['mark-placement','placement','the value it settles'],['cell-placement','placement','the cell it settles',1],
 ['mark-elimination','elimination','a candidate it rules out','strike'],['cell-elimination','elimination','a cell losing candidates',1],
 ['mark-premise','premise','a candidate of the pattern'],['cell-premise','premise','a cell it reads',1],
 ['mark-guess','guess','a value guessed, not deduced'],['cell-guess','guess','the guessed cell',1],
 ['chain-strong','chain','strong link: one end is true','solid'],['chain-weak','chain','weak link: not both ends are true','dashed'],
 ['chain-any','chain','the chain it follows','solid'],['link-placement','placement','a link or edge it makes','solid'],
 ['link-elimination','elimination','a link or edge it rules out','dashed'],['link-premise','premise','path edges it reads','solid'],
 ['outline','link','the line it reads','box'],['entry','','your entry','entry'],['wrong','','an entry that is wrong','wrong']];
function legend(used){const box=$('legend');box.innerHTML='';
 for(const [key,role,label,how] of LEGEND){if(!used.has(key))continue;
  if(key.startsWith('mark-')&&used.has('cell-'+key.slice(5))&&false)continue;
  const s=document.createElement('span');s.className='lg lg-'+key;
  if(how==='solid'||how==='dashed'){const g=el('svg',{width:26,height:12});g.appendChild(el('line',{x1:1,y1:6,x2:25,y2:6,stroke:C[role]||C.chain,'stroke-width':3,'stroke-dasharray':how==='dashed'?'5 3':'none'}));s.appendChild(g);}
  else{const b=document.createElement('span');b.className='sw';
   b.style.background=how===1?T[role]:how==='box'||how==='entry'||how==='wrong'?'#fff':C[role];
   if(how==='box')b.style.border=`2px dashed ${C.link}`;if(how==='wrong')b.style.border='3px solid #D55E00';
   if(how==='strike')b.style.backgroundImage='linear-gradient(160deg,transparent 45%,#5a2a00 45%,#5a2a00 55%,transparent 55%)';
   if(how==='entry'){b.textContent='5';b.style.color='#0059a0';b.style.textAlign='center';b.style.fontSize='12px';b.style.lineHeight='12px';}
   s.appendChild(b);}
  s.appendChild(document.createTextNode(label));box.appendChild(s);}}
function basePic(i){return i>=N?(D.final||D.steps[N-1].pic):i<=0&&N===0?D.start:(D.steps[i]?D.steps[i].pic:D.start);}
function show(){
 const pic=$('picture');pic.innerHTML='';const s=D.steps[pos];let p,used;
 if(play){[p,used]=[play.pic,null];const r=draw(play.pic,{entries:play.entries,wrong:play.wrong,sel:play.sel});pic.appendChild(r[0]);used=r[1];}
 else{
  if(pos>=N)p=view(D.final||D.steps[N-1].pic,'base');
  else if(lvl===0)p=view(s.pic,'base');
  else if(lvl<3)p=view(s.pic,'look',s.look);
  else if(lvl===3)p=view(s.pic,'inv',s.inv);
  else p=view(lvl===4&&s.sub&&sub>=0&&s.sub[sub]?s.sub[sub].pic:s.pic,'full',null,s.kind);
  const r=draw(p,{kind:pos<N&&lvl===4?s.kind:''});pic.appendChild(r[0]);used=r[1];}
 $('board').style.setProperty('--aspect',pic.firstChild.dataset.aspect);
 legend(used);
 const started=pos>0||lvl>0;
 $('pos').textContent=play?'play':pos>=N?`solved (${N} steps)`:!started?`the puzzle (${N} steps)`:
  lvl===4?`step ${pos+1} of ${N}`:lvl===0?`before step ${pos+1} of ${N}`:`step ${pos+1} of ${N} · hint ${lvl} of 4`;
 const title=$('title'),sent=$('sentence'),box=$('hint-text');title.innerHTML='';sent.textContent='';box.innerHTML='';
 if(play){title.textContent='Your turn';}
 else if(pos>=N){title.textContent=D.final?'Solved':'The end of the log';}
 else if(lvl===4||(lvl>=2&&s.t)){
  if(s.t){const a=document.createElement('a');a.href='#t-'+s.t;a.textContent=lvl===4?s.label:s.rule;title.appendChild(a);}
  else title.textContent=s.label;
  const tag=document.createElement('span');tag.className='tag';tag.textContent=s.tag;title.appendChild(tag);}
 else title.textContent=started?`Step ${pos+1}: ${lvl?'a hint':'press Hint, or ▶ for the whole step'}`:'Press Hint for where to look, or ▶ to walk through the steps';
 if(!play&&pos<N&&s.hints&&lvl>0){
  for(let k=0;k<Math.min(lvl,hinting?3:lvl===4?0:3);k++){const q=document.createElement('p');q.className='hint';q.dataset.level=k+1;
   const b=document.createElement('b');b.textContent=D.levels[k]+': ';q.appendChild(b);q.appendChild(document.createTextNode(s.hints[k]));box.appendChild(q);}}
 if(!play&&pos<N&&lvl===4){sent.textContent=s.text;if(s.sub)chainList(s,box);}
 $('hint').textContent=pos>=N?'Hint':lvl===4?'Apply':'Hint';
 document.querySelectorAll('#list li.sel').forEach(li=>li.classList.remove('sel'));
 for(let i=0;i<N;i++){const it=$('s'+i);if(it)it.classList.toggle('future',hinting&&(i>pos||(i===pos&&lvl<2)));}
 const li=$(!started?'s-start':'s'+Math.min(pos,N-1));if(li&&!play){li.classList.add('sel');const L=$('list');if(li.offsetTop<L.scrollTop||li.offsetTop+li.offsetHeight>L.scrollTop+L.clientHeight)L.scrollTop=li.offsetTop-L.clientHeight/2;}
 $('playbox').hidden=!play;}
function chainList(s,box){const ol=document.createElement('ol');ol.className='chain';
 s.sub.forEach((x,k)=>{const li=document.createElement('li');li.textContent=x.text;li.tabIndex=0;if(k===sub)li.className='sel';
  li.onclick=()=>{sub=sub===k?-1:k;show();};ol.appendChild(li);});
 const p=document.createElement('p');p.className='chainhead';p.textContent='The chain, one line at a time (click a line to see it on the board; supposed cells are purple):';
 box.appendChild(p);box.appendChild(ol);}
function go(i,l){play=null;sub=-1;pos=Math.max(0,Math.min(N,i));lvl=pos>=N?0:l;if(pos===0&&i<0)lvl=0;show();}
function next(){if(pos>=N)return;if(lvl<4){hinting=false;go(pos,4);}else go(pos+1,4);}
function prev(){hinting=false;if(pos>=N)go(N-1,4);else if(pos===0)go(0,0);else go(pos-1,4);}
function hint(){if(pos>=N)return;const s=D.steps[pos];
 if(lvl===4){hinting=true;go(pos+1,0);return;}
 hinting=true;go(pos,s.hints?lvl+1:4);}
// --- play: the player's own entries, checked against the answers without showing them ----
function answers(){const raw=atob(D.answers),b=new Uint8Array(raw.length);
 for(let i=0;i<raw.length;i++)b[i]=raw.charCodeAt(i)^((i*7+3)%256);return JSON.parse(new TextDecoder().decode(b));}
function startPlay(){if(!D.answers)return;
 const i=lvl===4?pos+1:pos,p=view(i>=N?(D.final||D.steps[N-1].pic):D.steps[i].pic,'base');
 const open=new Set();p.cells.forEach((c,k)=>{if(!c[0]&&!['filled','used','hole'].includes(c[2])&&!c[3])open.add(k);});
 const A=answers(),symbols=[...new Set([...open].map(k=>A[k]))].sort(),maxLen=Math.max(1,...symbols.map(x=>x.length));
 play={pic:p,open:open,entries:{},wrong:new Set(),sel:[...open][0],maxLen:maxLen,A:A,fresh:true};
 const pad=$('keypad');pad.innerHTML='';
 const keys=maxLen>1||symbols.length>30?['1','2','3','4','5','6','7','8','9','0']:symbols;
 for(const k of [...keys,'⌫']){const b=document.createElement('button');b.type='button';b.textContent=k==='#'?'■ filled':k==='x'?'× empty':k;b.onclick=()=>key(k==='⌫'?'Backspace':k);pad.appendChild(b);}
 $('play-help').textContent=`Click a cell, then type ${maxLen>1?'its number':'its value'} (or use the keys below). ${open.size} cells are yours to fill.`;
 $('verdict').textContent='';show();}
function key(k){if(!play||play.sel===undefined)return false;const i=play.sel;
 if(k==='Backspace'||k==='Delete'){const e=play.entries[i];if(e&&e.length>1&&!play.fresh)play.entries[i]=e.slice(0,-1);else delete play.entries[i];play.fresh=false;}
 else{let v=k==='.'||k==='X'?'x':k==='■'?'#':k;if(!/^[0-9A-Za-z#]$/.test(v))return false;if(play.maxLen===1)v=v.toUpperCase();
  const e=play.entries[i];play.entries[i]=(e&&!play.fresh&&e.length<play.maxLen)?e+v:v;play.fresh=false;}
 play.wrong.delete(i);show();return true;}
function check(){if(!play)return;const wrong=[],ks=Object.keys(play.entries).map(Number);
 for(const i of ks)if(String(play.A[i]).toUpperCase()!==play.entries[i].toUpperCase())wrong.push(i);
 play.wrong=new Set(wrong);show();
 const all=[...play.open].every(i=>play.entries[i]!==undefined);
 $('verdict').textContent=!ks.length?'Nothing entered yet.':wrong.length?`${wrong.length} of your ${ks.length} entries ${wrong.length===1?'is':'are'} wrong: ${wrong.map(i=>name(play.pic,i)).join(', ')}.`:all?'Solved: every cell is right.':`All ${ks.length} of your entries are right so far.`;}
$('picture').addEventListener('click',e=>{if(!play)return;const svg=$('picture').firstChild,pt=svg.createSVGPoint();pt.x=e.clientX;pt.y=e.clientY;
 const q=pt.matrixTransform(svg.getScreenCTM().inverse()),c=Math.floor((q.x-svg.dataset.left)/CELL),r=Math.floor((q.y-svg.dataset.top)/CELL);
 if(c<0||r<0||c>=play.pic.c||r>=play.pic.r)return;const i=r*play.pic.c+c;if(play.open.has(i)){play.sel=i;play.fresh=true;show();}});
$('prev').onclick=prev;$('next').onclick=next;$('hint').onclick=hint;$('play').onclick=startPlay;$('check').onclick=check;$('leave').onclick=()=>{play=null;show();};
$('list').onclick=e=>{const li=e.target.closest('li');if(!li)return;const i=parseInt(li.dataset.i,10);hinting=false;if(i<0)go(0,0);else go(i,4);};
document.addEventListener('keydown',e=>{if(e.ctrlKey||e.metaKey||e.altKey)return;
 if(play){const open=[...play.open],at=open.indexOf(play.sel);
  if(e.key==='ArrowRight'||e.key==='ArrowDown'){play.sel=open[Math.min(open.length-1,at+1)];play.fresh=true;show();e.preventDefault();}
  else if(e.key==='ArrowLeft'||e.key==='ArrowUp'){play.sel=open[Math.max(0,at-1)];play.fresh=true;show();e.preventDefault();}
  else if(key(e.key))e.preventDefault();return;}
 if(e.key==='ArrowRight'||e.key==='ArrowDown'){next();e.preventDefault();}
 else if(e.key==='ArrowLeft'||e.key==='ArrowUp'){prev();e.preventDefault();}
 else if(e.key==='h'||e.key==='H'){hint();e.preventDefault();}});
const tech=$('techniques');
for(const t of D.techniques){const d=document.createElement('div');d.id='t-'+t.t;const b=document.createElement('b');b.textContent=t.name;d.appendChild(b);
 const tag=document.createElement('span');tag.className='tag';tag.textContent=t.level;d.appendChild(tag);
 d.appendChild(document.createElement('br'));d.appendChild(document.createTextNode(t.text||''));
 if(t.href){const a=document.createElement('a');a.href=t.href;a.textContent=' (the technique\'s page)';d.appendChild(a);}tech.appendChild(d);}
if(!D.techniques.length)tech.textContent='No technique: the puzzle was solved by search alone.';
if(N===0){D.steps=[{pic:D.start,kind:'',label:'',text:'',tag:''}];}
show();
})();
