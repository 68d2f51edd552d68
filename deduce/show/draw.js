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
   if((role==='placement'||role==='elimination')&&!given){text='';if(fill!=='hole')fill='';}
   role=litSet.has(i)?'premise':'';
   if(mroles)mroles=Array.from(mroles).map(r=>mode==='inv'&&r==='q'?'q':'.').join('');
  }else if(kind==='guess'&&role==='placement')role='guess';
  return [text,role,fill,given,marks,mroles];});
 const keep=mode==='full'?null:mode==='inv'?['used','path','chain','link','premise']:['used','path','premise'];
 let links=p.links||[];
 if(keep)links=links.filter(l=>keep.includes(l[2])).map(l=>l[2]==='premise'?[l[0],l[1],'path']:l);
 return Object.assign({},p,{cells:cells,links:links,outline:mode==='full'?p.outline:[],guess:mode==='full'&&kind==='guess'});}
function markAt(p,x,y,k,n,room){const per=p.mc,rows=Math.max(3,Math.ceil(n/per)),h=CELL-(room||0);
 return [x+CELL*((k%per)+0.5)/per,y+(room||0)+h*(Math.floor(k/per)+0.5)/rows];}
// What a chain's curves keep clear of: the digits written in cells and the candidates no
// link ends on, as [x, y, radius].
function chainAvoids(p,left,top,markPos,links){const out=[],ends=new Set();
 if(!links.some(l=>l[2]==='chain'))return out;
 for(const l of links)if(l[3]){ends.add(l[0]+':'+l[3]);ends.add(l[1]+':'+l[3]);}
 p.cells.forEach((cell,i)=>{if(cell[0]&&!cell[4])out.push([left+(i%p.c)*CELL+CELL/2,top+Math.floor(i/p.c)*CELL+CELL/2,13]);});
 for(const k in markPos)if(!ends.has(k))out.push([markPos[k][0],markPos[k][1],6]);
 return out;}
// The control point of a chain link from (ax,ay) to (bx,by): bent to the side, and as far,
// as crosses the fewest digits and candidates, the curve kept inside the board ``box``.
function bend(ax,ay,bx,by,avoid,box){
 const mx=(ax+bx)/2,my=(ay+by)/2,len=Math.max(Math.hypot(bx-ax,by-ay),1),nx=-(by-ay)/len,ny=(bx-ax)/len;
 const near=avoid.filter(([x,y])=>x>Math.min(ax,bx)-len/2-20&&x<Math.max(ax,bx)+len/2+20&&y>Math.min(ay,by)-len/2-20&&y<Math.max(ay,by)+len/2+20);
 let best=[mx,my],score=Infinity;
 for(const f of [0.15,-0.15,0.3,-0.3,0.45,-0.45,0.08,-0.08,0]){
  const off=f*len+(f>0?4:f<0?-4:0),cx=mx+nx*2*off,cy=my+ny*2*off;
  if(cx<box[0]||cx>box[2]||cy<box[1]||cy>box[3])continue;
  let hits=Math.abs(f);
  for(let t=0.12;t<0.9;t+=0.076){const x=(1-t)*(1-t)*ax+2*t*(1-t)*cx+t*t*bx,y=(1-t)*(1-t)*ay+2*t*(1-t)*cy+t*t*by;
   for(const [qx,qy,r] of near)if(Math.hypot(x-qx,y-qy)<r)hits+=1;}
  if(hits<score){score=hits;best=[cx,cy];}}
 return best;}
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
 const outline=new Set(p.outline||[]),over=[],markPos={},labelled=new Set((p.cages||[]).map(g=>Math.min(...g[0])));
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
    const [mx,my]=markAt(p,x,y,k,list.length,labelled.has(i)?6:0),mr=MROLE[mroles[k]],wide=7*(s.length-1);
    markPos[i+':'+s]=[mx,my];
    if(mr){const g=opts.kind==='guess'&&mr==='placement'?'guess':mr;used.add('mark-'+g);
     const w=Math.min(14+wide,CELL-2),rx=Math.max(x+1,Math.min(mx-w/2,x+CELL-1-w)),ry=Math.max(y+1,Math.min(my-7.5,y+CELL-16));
     over.push(el('rect',{x:rx,y:ry,width:w,height:15,rx:3,fill:C[g],'class':'mark role-'+mr}));}
    over.push(el('text',{x:mx,y:my+0.5,'text-anchor':'middle','dominant-baseline':'central','font-size':MF,'font-weight':mr?'bold':'normal',fill:mr?'#000':'#333'},s));
    if(mr==='elimination')over.push(el('path',{d:`M${Math.max(x+2,mx-6-wide/2)} ${my+5}L${Math.min(x+CELL-2,mx+6+wide/2)} ${my-5}`,stroke:'#5a2a00','stroke-width':1.6}));}}
  if(text){const ink=(fill==='filled'&&!role)?'#fff':'#000';
   over.push(el('text',{x:x+CELL/2,y:y+CELL/2+(marks?6:1),'text-anchor':'middle','dominant-baseline':'central','font-size':given?24:22,'font-weight':given?'bold':'normal',fill:given||fill?ink:'#1f4e79'},text));}
 });
 let thin='',thick='';
 for(let r=0;r<=p.r;r++){const t=(r===0||r===p.r||(p.tr||[]).includes(r));const d=`M${left} ${top+r*CELL}h${p.c*CELL}`;if(t)thick+=d;else thin+=d;}
 for(let c=0;c<=p.c;c++){const t=(c===0||c===p.c||(p.tc||[]).includes(c));const d=`M${left+c*CELL} ${top}v${p.r*CELL}`;if(t)thick+=d;else thin+=d;}
 const rg=p.rg||[];rg.forEach((g,i)=>{const r=Math.floor(i/p.c),c=i%p.c,x=left+c*CELL,y=top+r*CELL;
  if(c+1<p.c&&rg[i+1]!==g)thick+=`M${x+CELL} ${y}v${CELL}`;if(r+1<p.r&&rg[i+p.c]!==g)thick+=`M${x} ${y+CELL}h${CELL}`;});
 svg.appendChild(el('path',{d:thin||'M0 0',stroke:'#999','stroke-width':1,fill:'none'}));
 svg.appendChild(el('path',{d:thick,stroke:'#222','stroke-width':2.5,fill:'none'}));
 if(p.dg)svg.appendChild(el('path',{d:`M${left} ${top}L${left+p.c*CELL} ${top+p.r*CELL}M${left+p.c*CELL} ${top}L${left} ${top+p.r*CELL}`,stroke:'#999','stroke-width':1.5,fill:'none','class':'diagonals'}));
 const centre=i=>[left+(i%p.c)*CELL+CELL/2,top+Math.floor(i/p.c)*CELL+CELL/2];
 for(const [a,b,t] of (p.bt||[])){const [ax,ay]=centre(a),[bx,by]=centre(b),x=(ax+bx)/2,y=(ay+by)/2;
  const g=el('g',{'class':'between'});g.appendChild(el('circle',{cx:x,cy:y,r:8,fill:'#fff'}));
  const a2={x:x,y:y,'text-anchor':'middle','dominant-baseline':'central','font-size':13,'font-weight':'bold'};
  if(ay!==by)a2.transform=`rotate(90 ${x} ${y})`;g.appendChild(el('text',a2,t));svg.appendChild(g);}
 for(const [cells,label] of (p.cages||[])){const inside=new Set(cells),g=el('g',{'class':'cage'});let d='';
  for(const i of cells){const r=Math.floor(i/p.c),c=i%p.c,x0=left+c*CELL+4,y0=top+r*CELL+4,x1=x0+CELL-8,y1=y0+CELL-8;
   if(r===0||!inside.has(i-p.c))d+=`M${x0} ${y0}H${x1}`;if(r===p.r-1||!inside.has(i+p.c))d+=`M${x0} ${y1}H${x1}`;
   if(c===0||!inside.has(i-1))d+=`M${x0} ${y0}V${y1}`;if(c===p.c-1||!inside.has(i+1))d+=`M${x1} ${y0}V${y1}`;}
  g.appendChild(el('path',{d:d,fill:'none',stroke:'#444','stroke-width':1,'stroke-dasharray':'3 2'}));
  const f=Math.min(...cells),fx=left+(f%p.c)*CELL+1,fy=top+Math.floor(f/p.c)*CELL+1;
  g.appendChild(el('rect',{x:fx,y:fy,width:5*String(label).length+3,height:9,fill:'#fff'}));
  g.appendChild(el('text',{x:fx+1,y:fy+8,'font-size':8},label));svg.appendChild(g);}
 const labels=[],links=p.links||[],box=[left+3,top+3,left+p.c*CELL-3,top+p.r*CELL-3];
 const avoid=chainAvoids(p,left,top,markPos,links);
 links.forEach((link,n)=>{const [a,b,role,label,kind]=link;
  let [ax,ay]=centre(a),[bx,by]=centre(b);
  const onMarks=label&&markPos[a+':'+label]&&markPos[b+':'+label];
  if(onMarks){[ax,ay]=markPos[a+':'+label];[bx,by]=markPos[b+':'+label];}
  const at={'stroke-linecap':'round','class':'link role-'+role,fill:'none'};
  let shape='line',mid=[(ax+bx)/2,(ay+by)/2];
  if(role==='chain'){const [cx,cy]=bend(ax,ay,bx,by,avoid,box),cut=onMarks?8:10;mid=[(ax+2*cx+bx)/4,(ay+2*cy+by)/4];
   const u=(x0,y0,x1,y1)=>{const l=Math.max(Math.hypot(x1-x0,y1-y0),1);return [(x1-x0)/l,(y1-y0)/l];};
   const [sx,sy]=u(ax,ay,cx,cy),[ex,ey]=u(cx,cy,bx,by);
   shape='path';at.d=`M${(ax+sx*cut).toFixed(1)} ${(ay+sy*cut).toFixed(1)}Q${cx.toFixed(1)} ${cy.toFixed(1)} ${(bx-ex*cut).toFixed(1)} ${(by-ey*cut).toFixed(1)}`;
   Object.assign(at,{stroke:C.chain,'stroke-width':2.5,'marker-end':'url(#ah)'});if(kind==='weak')at['stroke-dasharray']='5 4';used.add('chain-'+(kind||'any'));}
  else{Object.assign(at,{x1:ax,y1:ay,x2:bx,y2:by});
   if(role==='used'){Object.assign(at,{stroke:'#c4c4c4','stroke-width':3});}
   else if(role==='path'){Object.assign(at,{stroke:C.path,'stroke-width':5});used.add('link-path');}
   else if(role==='premise'){Object.assign(at,{stroke:'#b8a600','stroke-width':5});used.add('link-premise');}
   else if(role==='placement'){Object.assign(at,{stroke:C.placement,'stroke-width':5});used.add('link-placement');}
   else if(role==='elimination'){Object.assign(at,{stroke:C.elimination,'stroke-width':4,'stroke-dasharray':'6 5'});used.add('link-elimination');}
   else{Object.assign(at,{stroke:C.link,'stroke-width':3});used.add('chain-any');}}
  if(role==='chain')over.push(el(shape,at));else svg.insertBefore(el(shape,at),svg.lastChild.previousSibling);
  // the chain's turn inside a cell, from the digit it arrives on to the one it leaves on
  const nx=links[n+1]||(links.length>2&&links[0][0]===b?links[0]:null);
  if(role==='chain'&&onMarks&&nx&&nx[0]===b&&nx[3]&&nx[3]!==label&&markPos[b+':'+nx[3]]){
   const [cx,cy]=markPos[b+':'+nx[3]],inner=kind==='strong'?'weak':kind==='weak'?'strong':'';
   const e={x1:bx,y1:by,x2:cx,y2:cy,stroke:C.chain,'stroke-width':2,'class':'inner'};if(inner!=='strong')e['stroke-dasharray']='3 3';
   over.push(el('line',e));if(inner)used.add('chain-'+inner);}
  if(label&&!onMarks){const [x,y]=mid,g=el('g',{'class':'link-label'});
   g.appendChild(el('rect',{x:x-7,y:y-8,width:14,height:15,rx:4,fill:'#fff',stroke:C.chain,'stroke-width':1.5}));
   g.appendChild(el('text',{x:x,y:y+4,'text-anchor':'middle','font-size':12,'font-weight':'bold',fill:C.chain},label));labels.push(g);}
 });
 for(const e of over)svg.appendChild(e);
 for(const g of labels)svg.appendChild(g);
 (p.top||[]).forEach((l,c)=>{const ps=String(l).split('\n');ps.forEach((s,k)=>svg.appendChild(el('text',{x:left+c*CELL+CELL/2,y:top-6-14*(ps.length-1-k),'text-anchor':'middle','font-size':12,'class':'clue'},s)));});
 (p.left||[]).forEach((l,r)=>svg.appendChild(el('text',{x:left-6,y:top+r*CELL+CELL/2+4,'text-anchor':'end','font-size':12,'class':'clue'},String(l).replace(/\n/g,' '))));
 (p.bottom||[]).forEach((l,c)=>svg.appendChild(el('text',{x:left+c*CELL+CELL/2,y:top+p.r*CELL+16,'text-anchor':'middle','font-size':12,'class':'clue'},l)));
 (p.right||[]).forEach((l,r)=>svg.appendChild(el('text',{x:left+p.c*CELL+6,y:top+r*CELL+CELL/2+4,'font-size':12,'class':'clue'},l)));
 svg.dataset.w=W;svg.dataset.h=H;
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
