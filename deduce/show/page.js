// The walk through the log: one step at a time, hints a level at a time, jumps, the text view.
function fit(svg){
 // the board as large as the window allows, by width and by height; when that would make its
 // smallest text (12 units: clues, labels) under 9 px, it keeps 9 px and scrolls in its box
 const board=$('board'),pic=$('picture'),narrow=matchMedia('(max-width:760px)').matches,W=+svg.dataset.w,H=+svg.dataset.h;
 svg.style.width=svg.style.height='1px';if(narrow)board.style.width='';  // the old size must not widen what is measured
 const room=Math.max(160,innerHeight-pic.getBoundingClientRect().top-window.scrollY-$('legend').offsetHeight-14);
 const wide=narrow?board.clientWidth:Math.min(innerWidth*0.64,innerWidth-board.getBoundingClientRect().left-300);
 let scale=Math.min(wide/W,room/H);const small=scale*12<9;if(small)scale=9/12;
 svg.style.width=(W*scale)+'px';svg.style.height=(H*scale)+'px';
 pic.classList.toggle('scroll',small);pic.style.maxHeight=small?room+'px':'';pic.style.maxWidth=small?wide+'px':'';
 if(!narrow)board.style.width=Math.max(Math.min(W*scale,wide),Math.min(wide,330))+'px';}
function paint(p,opts){const pic=$('picture'),keep=[pic.scrollLeft,pic.scrollTop];pic.innerHTML='';const [svg,used]=draw(p,opts);pic.appendChild(svg);legend(used);fit(svg);fit(svg);
 [pic.scrollLeft,pic.scrollTop]=keep;if(pic.classList.contains('scroll'))reveal(pic,svg);}
// a board too large for the window scrolls in its box: bring the cells the step lights into view
function reveal(pic,svg){const lit=[...svg.querySelectorAll('rect.cell')].filter(r=>/role-(placement|elimination|premise|guess)/.test(r.getAttribute('class')));
 if(!lit.length&&!(play&&play.sel!==undefined))return;
 const box=pic.getBoundingClientRect(),rs=(lit.length?lit:[svg.querySelector(`rect.cell[data-i="${play.sel}"]`)]).map(r=>r.getBoundingClientRect());
 const l=Math.min(...rs.map(r=>r.left)),t=Math.min(...rs.map(r=>r.top)),r=Math.max(...rs.map(r=>r.right)),b=Math.max(...rs.map(r=>r.bottom));
 if(l<box.left||r>box.right)pic.scrollLeft+=(l+r)/2-(box.left+box.right)/2;
 if(t<box.top||b>box.bottom)pic.scrollTop+=(t+b)/2-(box.top+box.bottom)/2;}
function show(){
 if(play){showPlay();return;}
 const s=D.steps[pos];let p;
 if(pos>=N)p=view(D.final||D.steps[N-1].pic,'base');
 else if(lvl===0)p=view(s.pic,'base');
 else if(lvl<3)p=view(s.pic,'look',s.look);
 else if(lvl===3)p=view(s.pic,'inv',s.inv);
 else p=view(lvl===4&&s.sub&&sub>=0&&s.sub[sub]?s.sub[sub].pic:s.pic,'full',null,s.kind);
 paint(p,{kind:pos<N&&lvl===4?s.kind:''});
 const started=pos>0||lvl>0;
 $('pos').textContent=pos>=N?`solved (${N} steps)`:!started?`the puzzle (${N} steps)`:
  lvl===4?`step ${pos+1} of ${N}`:lvl===0?`before step ${pos+1} of ${N}`:`step ${pos+1} of ${N} · hint ${lvl} of 4`;
 const title=$('title'),sent=$('sentence'),box=$('hint-text');title.innerHTML='';sent.textContent='';box.innerHTML='';
 if(pos>=N){title.textContent=D.final?'Solved':'The end of the log';}
 else if(lvl===4||(lvl>=2&&s.t)){
  if(s.t){const a=document.createElement('a');a.href='#t-'+s.t;a.textContent=lvl===4?s.label:s.rule;title.appendChild(a);}
  else title.textContent=s.label;
  const tag=document.createElement('span');tag.className='tag';tag.textContent=s.tag;title.appendChild(tag);}
 else title.textContent=started?`Step ${pos+1}: ${lvl?'a hint':'press Hint, or ▶ for the whole step'}`:'Press Hint for where to look, or ▶ to walk through the steps';
 if(pos<N&&s.hints&&lvl>0)hintLines(s,Math.min(lvl,hinting?3:lvl===4?0:3),box);
 if(pos<N&&lvl===4){sent.textContent=s.text;if(s.sub)chainList(s,box);}
 $('hint').textContent=pos>=N?'Hint':lvl===4?'Apply':'Hint';
 document.querySelectorAll('#list li.sel').forEach(li=>li.classList.remove('sel'));
 for(let i=0;i<N;i++){const it=$('s'+i);if(it)it.classList.toggle('future',hinting&&(i>pos||(i===pos&&lvl<2)));}
 const li=$(!started?'s-start':'s'+Math.min(pos,N-1));
 if(li){li.classList.add('sel');const L=$('list');if(li.offsetTop<L.scrollTop||li.offsetTop+li.offsetHeight>L.scrollTop+L.clientHeight)L.scrollTop=li.offsetTop-L.clientHeight/2;
  if(document.activeElement&&document.activeElement.closest&&document.activeElement.closest('#list'))li.focus({preventScroll:true});}
 $('slider').value=!started?0:Math.min(pos+1,N);
 $('playbox').hidden=true;}
function hintLines(s,upto,box){
 for(let k=0;k<upto;k++){const q=document.createElement('p');q.className='hint';q.dataset.level=k+1;
  const b=document.createElement('b');b.textContent=D.levels[k]+': ';q.appendChild(b);q.appendChild(document.createTextNode(s.hints[k]));box.appendChild(q);}}
function chainList(s,box){const ol=document.createElement('ol');ol.className='chain';
 s.sub.forEach((x,k)=>{const li=document.createElement('li');li.textContent=x.text;li.tabIndex=0;if(k===sub)li.className='sel';
  li.onclick=()=>{sub=sub===k?-1:k;show();};li.onkeydown=e=>{if(e.key==='Enter'||e.key===' '){li.onclick();e.preventDefault();}};ol.appendChild(li);});
 const p=document.createElement('p');p.className='chainhead';p.textContent='The chain, one line at a time (click a line to see it on the board; supposed cells are purple):';
 box.appendChild(p);box.appendChild(ol);}
function go(i,l){play=null;sub=-1;pos=Math.max(0,Math.min(N,i));lvl=pos>=N?0:l;if(pos===0&&i<0)lvl=0;show();}
function next(){if(pos>=N)return;if(lvl<4){hinting=false;go(pos,4);}else go(pos+1,4);}
function prev(){hinting=false;if(pos>=N)go(N-1,4);else if(pos===0)go(0,0);else go(pos-1,4);}
function hint(){if(pos>=N)return;const s=D.steps[pos];
 if(lvl===4){hinting=true;go(pos+1,0);return;}
 hinting=true;go(pos,s.hints?lvl+1:4);}
function pick(li){if(!li)return;const i=parseInt(li.dataset.i,10);hinting=false;if(i<0)go(0,0);else go(i,4);}
// --- jumping: the slider, the search box, every sentence in one view ---------------------
function find(from){const q=$('find').value.trim().toLowerCase();if(!q)return;
 for(let k=1;k<=N;k++){const i=(from+k)%N,s=D.steps[i];
  if((s.label+' '+s.text).toLowerCase().includes(q)){hinting=false;go(i,4);$('find').classList.remove('none');return;}}
 $('find').classList.add('none');}
function sentences(){const ol=$('sentences');if(ol.childElementCount)return;
 D.steps.forEach((s,i)=>{const li=document.createElement('li');li.dataset.i=i;li.tabIndex=0;
  const b=document.createElement('b');b.textContent=s.label+': ';li.appendChild(b);li.appendChild(document.createTextNode(s.text));
  if(s.depth)li.style.marginLeft=s.depth+'em';ol.appendChild(li);});}
function textView(on){sentences();$('sentences').hidden=!on;$('list').hidden=on;$('alltext').setAttribute('aria-pressed',String(on));
 $('alltext').textContent=on?'Step list':'All steps as text';}
// --- the techniques, embedded -------------------------------------------------------------
function techniques(){const used=$('techniques'),rest=$('other-techniques');
 for(const t of D.techniques){const d=document.createElement('div');d.id='t-'+t.t;d.className='technique';d.innerHTML=t.html;(t.used?used:rest).appendChild(d);}
 if(!D.techniques.some(t=>t.used))used.textContent='No technique: the puzzle was solved by search alone.';
 // a link to a technique inside the closed list opens it
 document.addEventListener('click',e=>{const a=e.target.closest&&e.target.closest('a[href^="#"]');if(!a)return;
  const target=document.getElementById(a.getAttribute('href').slice(1));if(!target)return;
  const box=target.closest('details');if(box)box.open=true;if(target.tagName==='DETAILS')target.open=true;});}
function typing(e){const t=e.target;return t&&(t.tagName==='INPUT'||t.tagName==='TEXTAREA');}
$('prev').onclick=prev;$('next').onclick=next;$('hint').onclick=()=>play?playHint():hint();
$('list').onclick=e=>pick(e.target.closest('li'));
$('sentences').onclick=e=>pick(e.target.closest('li'));
for(const id of ['list','sentences'])$(id).addEventListener('keydown',e=>{if(e.key==='Enter'||e.key===' '){pick(e.target.closest('li'));e.preventDefault();e.stopPropagation();}});
$('slider').oninput=e=>{const k=+e.target.value;hinting=false;if(k===0)go(0,0);else go(k-1,4);};
$('find').addEventListener('keydown',e=>{if(e.key==='Enter'){find(e.shiftKey?pos-2+N:pos);e.preventDefault();}});
$('find').addEventListener('input',()=>$('find').classList.remove('none'));
$('alltext').onclick=()=>textView($('sentences').hidden);
addEventListener('resize',()=>{const svg=$('picture').firstChild;if(svg)fit(svg);});
document.addEventListener('keydown',e=>{if(e.ctrlKey&&!play||e.metaKey||e.altKey||typing(e))return;
 if(play){playKey(e);return;}
 if(e.target.closest&&e.target.closest('button,a,summary')&&(e.key==='Enter'||e.key===' '))return;
 if(e.key==='ArrowRight'||e.key==='ArrowDown'){next();e.preventDefault();}
 else if(e.key==='ArrowLeft'||e.key==='ArrowUp'){prev();e.preventDefault();}
 else if(e.key==='h'||e.key==='H'){hint();e.preventDefault();}
 else if(e.key==='p'||e.key==='P'){startPlay();e.preventDefault();}});
