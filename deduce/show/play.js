// Play: the player's own grid (values, pencil marks, undo), checked against salted hashes of
// the answers, and hints from that grid: its mistakes first, else the easiest step of the log
// whose grid the player's grid is at least as far along as (see deduce/show/play.py).
const SYM=new Set(D.symbols),LONG=Math.max(1,...D.symbols.map(s=>s.length));
const WORD={'#':'filled cell','x':'cross'};
function valueOf(cell){if(cell[2]==='hole')return null;if(cell[2]==='filled'||cell[2]==='used')return '#';
 return cell[0]==='·'||cell[0]==='×'?'x':cell[0];}
function marksOf(cell){if(!D.cands||valueOf(cell)!=='')return null;const m=cell[4];
 return m?(typeof m==='string'?Array.from(m):m).filter(s=>s.trim()):[];}
function gridOf(p){return p.cells.map(c=>[valueOf(c),marksOf(c)]);}
function right(i,v){return sha256(`${D.salt}:${i}:${v}`).slice(0,12)===D.answers[i];}
function startAt(){let i=lvl===4?pos+1:pos;while(i>0&&i<N&&D.steps[i].depth>0)i--;return i;}
function startPlay(){if(!D.answers.length)return;
 const i=startAt();if(i>=N){$('verdict').textContent='';return;}
 const p=view(D.steps[i].pic,'base'),base=gridOf(p),open=new Set();
 base.forEach(([v],k)=>{if(v==='')open.add(k);});
 play={pic:p,base:base,open:open,entries:{},marks:{},hist:[],fut:[],sel:[...open][0],marking:false,fresh:true,hint:null,wrong:new Set(),from:i};
 const pad=$('keypad');pad.innerHTML='';
 const keys=LONG>1||D.symbols.length>30?['1','2','3','4','5','6','7','8','9','0']:D.symbols;
 for(const k of [...keys,'⌫']){const b=document.createElement('button');b.type='button';b.textContent=WORD[k]?(k==='#'?'■ filled':'× empty'):k;
  b.onclick=()=>{key(k==='⌫'?'Backspace':k,play.marking);show();};pad.appendChild(b);}
 $('play-help').textContent=`Click a cell (or move with the arrow keys), then type ${LONG>1?'its number':'its value'}`+
  (D.cands?'; pencil marks with the switch below, m, or Shift and the digit':'')+`. ${open.size} cells are yours to fill. Hint looks at your grid.`;
 $('modes').hidden=!D.cands;$('verdict').textContent='';$('play-hint').innerHTML='';$('exportbox').hidden=true;mode(false);show();}
function mode(marking){if(!play)return;play.marking=marking&&!!D.cands;
 $('mode-digit').setAttribute('aria-pressed',String(!play.marking));$('mode-mark').setAttribute('aria-pressed',String(play.marking));}
// --- the player's grid ---------------------------------------------------------------------
function val(i){const b=play.base[i][0];return b===null?null:b||play.entries[i]||'';}
function cands(i){const own=play.marks[i];if(own&&own.size)return [...own];const b=play.base[i][1];if(!b)return null;
 const seen=new Set((D.peers&&D.peers[i]||[]).map(val));return b.filter(x=>!seen.has(x));}
function remember(){play.hist.push(JSON.stringify([play.entries,Object.entries(play.marks).map(([k,s])=>[k,[...s]])]));play.fut=[];if(play.hist.length>500)play.hist.shift();}
function restore(text){const [e,m]=JSON.parse(text);play.entries=e;play.marks={};for(const [k,s] of m)play.marks[k]=new Set(s);}
function snapshot(){return JSON.stringify([play.entries,Object.entries(play.marks).map(([k,s])=>[k,[...s]])]);}
function undo(){if(!play||!play.hist.length)return;play.fut.push(snapshot());restore(play.hist.pop());changed();}
function redo(){if(!play||!play.fut.length)return;play.hist.push(snapshot());restore(play.fut.pop());changed();}
function changed(){play.wrong=new Set();play.hint=null;$('play-hint').innerHTML='';show();}
function symbolFor(k){if(SYM.has('#')){if(k==='#'||k==='f'||k==='F'||k==='■')return '#';if(k==='x'||k==='X'||k==='.')return 'x';return null;}
 const v=LONG===1?k.toUpperCase():k;return v.length===1&&/^[0-9A-Za-z]$/.test(v)?v:null;}
// a key typed on the selected cell: a value, a pencil mark, or Backspace; false when refused
function key(k,marking){if(!play||play.sel===undefined)return false;const i=play.sel;
 if(k==='Backspace'||k==='Delete'){const e=play.entries[i];if(e===undefined&&!(play.marks[i]&&play.marks[i].size))return true;remember();
  if(e&&e.length>1&&!play.fresh)play.entries[i]=e.slice(0,-1);else{delete play.entries[i];delete play.marks[i];}play.fresh=false;changed();return true;}
 const v=symbolFor(k);if(v===null)return refuse(k);
 if(marking){if(!SYM.has(v))return refuse(k);if(play.entries[i]!==undefined){say('Clear the value first to pencil-mark this cell.');return true;}
  remember();const m=play.marks[i]||(play.marks[i]=new Set());if(m.has(v))m.delete(v);else m.add(v);changed();return true;}
 const e=play.entries[i],longer=(e&&!play.fresh&&e.length<LONG)?e+v:null;
 const ok=s=>D.symbols.some(x=>x===s||x.startsWith(s));
 const nv=longer&&ok(longer)?longer:ok(v)?v:null;if(nv===null)return refuse(k);
 remember();play.entries[i]=nv;delete play.marks[i];play.fresh=false;changed();return true;}
function refuse(k){say(`${k} is not a value of this puzzle (${D.symbols.length>12?D.symbols[0]+' to '+D.symbols[D.symbols.length-1]:D.symbols.map(s=>WORD[s]?s+' '+WORD[s]:s).join(', ')}).`);return true;}
function say(text){$('verdict').textContent=text;}
function name2(i){return name(play.pic,i);}
function what(v){return WORD[v]||v;}
// --- mistakes and hints ---------------------------------------------------------------------
function mistakes(){const out=[];
 for(const i of [...play.open].sort((a,b)=>a-b)){const v=play.entries[i];
  if(v!==undefined){if(right(i,v))continue;
   const twin=(D.peers&&D.peers[i]||[]).find(p=>val(p)===v);
   out.push([i,`your ${what(v)} at ${name2(i)} `+(twin!==undefined?`repeats the ${what(v)} at ${name2(twin)}`:'is wrong')]);}
  else if(play.marks[i]&&play.marks[i].size){const m=[...play.marks[i]].sort();
   if(!m.some(x=>right(i,x)))out.push([i,`your pencil marks at ${name2(i)} (${m.join(', ')}) leave out the value that goes there`]);}}
 return out;}
function mistakesText(list){const head=list.slice(0,12).map(x=>x[1]).join('; ')+(list.length>12?`; and ${list.length-12} more`:'');
 return head[0].toUpperCase()+head.slice(1)+`: fix ${list.length===1?'it':'them'} first.`;}
// whether the player's grid knows all that the grid S (of the log) knows
function within(S){for(let i=0;i<S.length;i++){const [sv,sm]=S[i];if(sv===null)continue;const gv=val(i);
  if(sv!==''){if(gv!==sv)return i;continue;}
  if(!sm)continue;if(gv!==''){if(!sm.includes(gv))return i;continue;}
  const gc=cands(i);if(gc&&gc.some(x=>!sm.includes(x)))return i;}
 return -1;}
function undone(c){for(const [i,v,m] of c){const gv=val(i);
  if(v){if(gv!==v)return true;}else if(m&&gv===''){const gc=cands(i);if(gc&&gc.some(x=>!m.includes(x)))return true;}}
 return false;}
// the easiest step that holds on the player's grid, and where the grid falls behind the log
function nextStep(){const S=gridOf(D.start);let best=-1,behind=-1;
 for(let i=0;i<N;i++){const s=D.steps[i];
  if(s.depth===0&&s.hints&&s.c&&s.c.length){const lag=within(S);if(lag>=0){behind=lag;break;}
   if(undone(s.c)&&(best<0||s.w<D.steps[best].w))best=i;}
  if(s.c)for(const [k,v,m] of s.c)S[k]=[v,m];}
 return [best,behind];}
function playHint(){if(!play)return;const box=$('play-hint');box.innerHTML='';
 const bad=mistakes();if(bad.length){play.wrong=new Set(bad.map(x=>x[0]));play.hint=null;show();line(box,mistakesText(bad));return;}
 if([...play.open].every(i=>val(i)!=='')){line(box,'Solved: every cell is right.');return;}
 const [best,behind]=nextStep();
 if(best<0){play.hint=null;show();line(box,'No step of this puzzle\'s solution applies to your grid as it is: each step left rests on something your grid does not show yet'+
  (behind>=0?` (the solve had already narrowed ${name2(behind)} further)`:'')+'. Check your pencil marks there, or go back to the steps.');return;}
 play.hint={i:best,lvl:play.hint&&play.hint.i===best?Math.min(4,play.hint.lvl+1):1};show();}
function line(box,text,label){const q=document.createElement('p');q.className='hint';
 if(label){const b=document.createElement('b');b.textContent=label+': ';q.appendChild(b);}q.appendChild(document.createTextNode(text));box.appendChild(q);}
function check(){if(!play)return;const ks=Object.keys(play.entries).map(Number),wrong=ks.filter(i=>!right(i,play.entries[i]));
 play.wrong=new Set(wrong);show();const all=[...play.open].every(i=>play.entries[i]!==undefined);
 say(!ks.length?'Nothing entered yet.':wrong.length?`${wrong.length} of your ${ks.length} entries ${wrong.length===1?'is':'are'} wrong: ${wrong.map(name2).join(', ')}.`:all?'Solved: every cell is right.':`All ${ks.length} of your entries are right so far.`);}
// --- drawing the player's grid --------------------------------------------------------------
function showPlay(){const h=play.hint,s=h?D.steps[h.i]:null;
 let p=play.pic;if(s)p=view(p,h.lvl<3?'look':'inv',h.lvl<3?s.look:s.inv);
 const cells=p.cells.map((c,i)=>{if(!play.open.has(i))return c;const own=play.marks[i];
  if(own&&own.size){const list=D.symbols.map(x=>own.has(x)?x:' ');return [c[0],c[1],c[2],c[3],list.join(''),'.'.repeat(list.length)];}
  if(D.cands&&c[4]){const shown=cands(i)||[],all=typeof c[4]==='string'?Array.from(c[4]):c[4];return [c[0],c[1],c[2],c[3],all.map(x=>shown.includes(x)?x:' ').join(''),c[5]];}
  return c;});
 paint(Object.assign({},p,{cells:cells}),{entries:play.entries,wrong:play.wrong,sel:play.sel});
 $('pos').textContent=`play from step ${play.from+1}`;$('title').textContent=play.marking?'Your turn: pencil marks':'Your turn';
 $('sentence').textContent='';$('hint-text').innerHTML='';$('playbox').hidden=false;
 const box=$('play-hint');if(h){box.innerHTML='';for(let k=0;k<Math.min(h.lvl,3);k++)line(box,s.hints[k],D.levels[k]);
  if(h.lvl===4){line(box,s.text,D.levels[3]);}
  if(h.lvl<4)line(box,'Press Hint again for more.');}
 $('phint').textContent=h&&h.lvl<4?'More':'Hint';}
function move(dr,dc){const c=play.pic.c,r0=Math.floor(play.sel/c),c0=play.sel%c;
 for(let r=r0+dr,cc=c0+dc;r>=0&&r<play.pic.r&&cc>=0&&cc<c;r+=dr,cc+=dc){const i=r*c+cc;if(play.open.has(i)){play.sel=i;play.fresh=true;show();return;}}}
function playKey(e){const k=e.key;
 if((e.ctrlKey||e.metaKey)&&(k==='z'||k==='Z')){e.shiftKey?redo():undo();e.preventDefault();return;}
 if((e.ctrlKey||e.metaKey)&&(k==='y'||k==='Y')){redo();e.preventDefault();return;}
 if(e.ctrlKey||e.metaKey)return;
 if(e.target.closest&&e.target.closest('button')&&(k==='Enter'||k===' '))return;
 const moves={ArrowUp:[-1,0],ArrowDown:[1,0],ArrowLeft:[0,-1],ArrowRight:[0,1]};
 if(moves[k]){move(...moves[k]);e.preventDefault();return;}
 if(k==='Escape'){play=null;show();e.preventDefault();return;}
 const digit=e.code&&e.code.startsWith('Digit')?e.code.slice(5):e.code&&e.code.startsWith('Numpad')&&/\d$/.test(e.code)?e.code.slice(-1):null;
 if(e.shiftKey&&digit&&D.cands){key(digit,true);e.preventDefault();return;}
 const v=symbolFor(k),value=v!==null&&D.symbols.some(x=>x.startsWith(v));
 const cmd={m:()=>mode(!play.marking),u:undo,r:redo,h:playHint,c:check}[k.toLowerCase()];
 if(cmd&&k.length===1&&!value){cmd();e.preventDefault();return;}
 if(v!==null){key(k,play.marking);e.preventDefault();return;}  // a value, or a digit that continues one
 if(k==='Backspace'||k==='Delete'){key(k);e.preventDefault();return;}
 if(k.length===1&&k!==' '){refuse(k);e.preventDefault();}}
// --- export ---------------------------------------------------------------------------------
function exportText(){const c=play.pic.c,rows=[];const all=play.base.map((_,i)=>i);
 for(let r=0;r<play.pic.r;r++)rows.push(all.slice(r*c,r*c+c));
 if(D.export==='tokens'){const tok=i=>{const v=val(i);if(v)return v;const own=play.marks[i];return own&&own.size?[...own].sort().join(''):'.';};
  const grid=rows.map(r=>r.map(tok).join(' ')).join('\n'),line=all.map(i=>val(i)||'.').join('');
  const parts=[['your grid, pencil marks too (what deduce hint --progress reads)',grid],['the values as one line',line]];
  if(play.pic.r===9&&play.pic.c===9)parts.push(['a SudokuWiki link of the values','https://www.sudokuwiki.org/sudoku.htm?bd='+all.map(i=>val(i)||'0').join('')]);
  return parts;}
 const cell=i=>{const v=val(i);return v===null?'#':v||'.';};
 if(D.export==='rows')return [['your grid, a row a line ('+(D.reads?'what deduce hint --progress reads':'deduce does not read a grid part way for this family')+')',rows.map(r=>r.map(i=>val(i)||'.').join('')).join('/')]];
 return [['your grid ('+(D.reads?'what deduce hint --progress reads':'deduce does not read a grid part way for this family')+')',rows.map(r=>r.map(cell).join(' ')).join('/')]];}
function showExport(){if(!play)return;const parts=exportText(),box=$('exportbox');box.hidden=false;
 $('export-label').textContent=parts.map(p=>p[0]).join(', then ')+':';$('exported').value=parts.map(p=>p[1]).join('\n\n');$('copied').textContent='';}
function copy(){const t=$('exported');t.select();
 const done=()=>{$('copied').textContent='copied';};
 if(navigator.clipboard&&navigator.clipboard.writeText)navigator.clipboard.writeText(t.value).then(done,()=>{document.execCommand('copy');done();});
 else{document.execCommand('copy');done();}}
$('picture').addEventListener('click',e=>{if(!play)return;const svg=$('picture').firstChild,pt=svg.createSVGPoint();pt.x=e.clientX;pt.y=e.clientY;
 const q=pt.matrixTransform(svg.getScreenCTM().inverse()),c=Math.floor((q.x-svg.dataset.left)/CELL),r=Math.floor((q.y-svg.dataset.top)/CELL);
 if(c<0||r<0||c>=play.pic.c||r>=play.pic.r)return;const i=r*play.pic.c+c;if(play.open.has(i)){play.sel=i;play.fresh=true;show();}});
$('play').onclick=startPlay;$('check').onclick=check;$('leave').onclick=()=>{play=null;show();};
$('undo').onclick=undo;$('redo').onclick=redo;$('phint').onclick=playHint;$('export').onclick=showExport;$('copy').onclick=copy;
$('mode-digit').onclick=()=>mode(false);$('mode-mark').onclick=()=>mode(true);
techniques();
if(N===0){D.steps=[{pic:D.start,kind:'',label:'',text:'',tag:''}];}
show();
