"""The step-by-step page: one self-contained HTML file explaining a solve.

The page holds the puzzle, the list of steps (technique, sentence, grade so far), the picture
of the selected step, previous/next buttons and arrow keys, and the four hint levels of the
selected step behind a "Show more" button. It loads nothing from the network: the pictures
travel as compact JSON (see ``Picture.to_dict``) and a small script draws them as SVG with the
same markup as ``deduce.show.svg.to_svg``.
"""

from __future__ import annotations

import json
from html import escape
from typing import Any

from deduce.family import Family
from deduce.puzzles.picture import COLOURS, LEGEND
from deduce.show.hints import LEVELS, hint_levels
from deduce.show.replay import replay
from deduce.show.svg import to_svg
from deduce.step import CONTRADICTION, GUESS, Log


def step_pictures(family: Family, puzzle: Any, log: Log) -> list[Any]:
    """The Picture of every step of ``log`` (the state before it, the step drawn on it)."""
    if family.picture is None:
        raise ValueError(f"the {family.name} family cannot draw pictures yet")
    return [family.picture(puzzle, state, step) for state, step in replay(family, puzzle, log)]


def step_svgs(family: Family, puzzle: Any, log: Log) -> list[str]:
    """One SVG per step of ``log``."""
    return [to_svg(p) for p in step_pictures(family, puzzle, log)]


def _label(step: Any, number: int) -> str:
    if step.kind == GUESS:
        return "guess"
    if step.kind == CONTRADICTION:
        return "contradiction"
    return f"{number}. {step.rule}"


def shown_puzzle(text: str, limit: int = 400) -> str:
    """The puzzle as the page's header shows it: without a stored ``solution`` (a JSON line of
    a corpus may carry one, and the page must not give the answer away), cut to ``limit``."""
    try:
        data = json.loads(text)
    except ValueError:
        data = None
    if isinstance(data, dict) and "solution" in data:
        text = json.dumps({k: v for k, v in data.items() if k != "solution"})
    return text if len(text) < limit else text[:limit] + "..."


def log_html(family: Family, puzzle: Any, log: Log, title: str | None = None) -> str:
    """The self-contained HTML page explaining ``log`` step by step."""
    if family.picture is None:
        raise ValueError(f"the {family.name} family cannot draw pictures yet")
    start = family.initial_state(puzzle)
    steps: list[dict[str, Any]] = []
    number = 0
    for index, (state, step) in enumerate(replay(family, puzzle, log)):
        if step.kind not in (GUESS, CONTRADICTION):
            number += 1
        so_far = family.grade(Log(log.family, log.puzzle, log.steps[: index + 1]))
        steps.append(
            {
                "label": _label(step, number),
                "rule": step.rule,
                "text": step.explanation,
                "depth": step.depth,
                "kind": step.kind,
                "grade": so_far.level,
                "hints": [t for t, _ in hint_levels(family, puzzle, step, state)],
                "pic": family.picture(puzzle, state, step).to_dict(),
            }
        )
    grade = family.grade(log)
    data = {
        "family": family.name,
        "start": family.picture(puzzle, start, None).to_dict(),
        "steps": steps,
        "levels": list(LEVELS),
        "colours": COLOURS,
        "legend": [list(x) for x in LEGEND],
    }
    heading = title or f"{family.description}: explained by deduce"
    items = "".join(
        f'<li id="s{i}" data-i="{i}" class="k-{s["kind"]}" style="margin-left:{s["depth"]}em">'
        f'<b>{escape(s["label"])}</b> {escape(s["text"])} <span class="gr">[{escape(s["grade"])}]</span></li>'
        for i, s in enumerate(steps)
    )
    payload = json.dumps(data, separators=(",", ":")).replace("</", "<\\/")
    return _PAGE.format(
        title=escape(heading),
        puzzle=escape(shown_puzzle(log.puzzle)),
        grade=escape(
            f"{grade.level} (score {grade.score:.2f}, hardest rule: {grade.hardest_rule or 'none'}, "
            f"guesses: {grade.guesses})"
        ),
        count=len(steps),
        items=items,
        data=payload,
        script=_SCRIPT,
    )


_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
body{{font-family:'DejaVu Sans',Verdana,sans-serif;margin:0;color:#111;background:#fafafa}}
header{{padding:8px 16px;background:#fff;border-bottom:1px solid #ccc}}
h1{{font-size:20px;margin:4px 0}} .puzzle{{font-family:monospace;word-break:break-all;font-size:12px}}
main{{display:flex;gap:16px;padding:12px 16px;align-items:flex-start}}
#list{{flex:1 1 40%;max-height:86vh;overflow:auto;background:#fff;border:1px solid #ccc;margin:0;padding:4px 8px;list-style:none}}
#list li{{padding:3px 4px;cursor:pointer;font-size:14px;border-radius:3px}}
#list li.sel{{background:#56B4E9}} #list li.k-guess,#list li.k-contradiction{{color:#555;font-style:italic}}
.gr{{color:#555;font-size:12px}}
#view{{flex:1 1 55%}} #controls{{margin-bottom:8px}} button{{font-size:15px;padding:4px 12px}}
#sentence{{font-size:16px;margin:8px 0}} #hints p{{margin:4px 0}}
</style></head>
<body>
<header><h1>{title}</h1><div class="puzzle">{puzzle}</div><div>Grade: <b>{grade}</b></div></header>
<main>
<ol id="list"><li id="s-start" data-i="-1"><b>the puzzle</b></li>{items}</ol>
<section id="view">
<div id="controls"><button id="prev" type="button">&#9664; Previous</button>
<span id="pos"></span>
<button id="next" type="button">Next &#9654;</button></div>
<div id="picture"></div>
<p id="sentence"></p>
<div id="hints"><div id="hint-text"></div><button id="more" type="button">Show more</button></div>
</section>
</main>
<script id="data" type="application/json">{data}</script>
<script>{script}</script>
</body></html>
"""

_SCRIPT = r"""
(function(){
const D=JSON.parse(document.getElementById('data').textContent);
const C=D.colours, CELL=40, ROLE={'.':'','p':'placement','e':'elimination','q':'premise'};
const NS='http://www.w3.org/2000/svg';
let cur=-1, shown=1;
function el(tag,attrs,text){const e=document.createElementNS(NS,tag);for(const k in attrs)e.setAttribute(k,attrs[k]);if(text!==undefined)e.textContent=text;return e;}
function extent(labels,per){if(!labels||!labels.length)return 8;let longest=0,lines=0;
 for(const l of labels){const ps=String(l).split('\n');lines=Math.max(lines,ps.length);for(const p of ps)longest=Math.max(longest,p.length);}
 return 8+per*(per>12?lines:Math.max(longest,1));}
function draw(p){
 const top=p.top?extent(p.top,14):8, left=extent((p.left||[]).map(s=>String(s).replace(/\n/g,' ')),8)+(p.left?6:0);
 const bottom=p.bottom?22:8, right=extent(p.right,8)+(p.right?6:0);
 const W=left+p.c*CELL+right, H=top+p.r*CELL+bottom;
 const svg=el('svg',{width:W,height:H,viewBox:`0 0 ${W} ${H}`,style:"font-family:'DejaVu Sans',Verdana,sans-serif"});
 svg.appendChild(el('rect',{width:W,height:H,fill:'#fff'}));
 const outline=new Set(p.outline||[]),ink_items=[];
 p.cells.forEach((cell,i)=>{
  const [text,role,fill,given,marks,mroles]=cell, r=Math.floor(i/p.c), c=i%p.c, x=left+c*CELL, y=top+r*CELL;
  let colour=C[role]||C[fill]||C.empty; if(fill&&!role)colour=C[fill];
  svg.appendChild(el('rect',{x:x,y:y,width:CELL,height:CELL,fill:colour,'class':'cell role-'+(role||fill||'none'),'data-cell':`r${r+1}c${c+1}`}));
  if(outline.has(i))svg.appendChild(el('rect',{x:x+2,y:y+2,width:CELL-4,height:CELL-4,fill:'none',stroke:C.link,'stroke-width':2,'stroke-dasharray':'4 2'}));
  const ink=(fill==='filled'&&!role)?'#fff':'#000';
  if(marks){const per=p.mc,rows=Math.max(1,Math.ceil(marks.length/per)),sx=CELL/(per+0.5),sy=CELL/(Math.max(rows,3)+0.3);
   for(let k=0;k<marks.length;k++){const s=marks[k];if(s===' ')continue;const mx=x+sx*(k%per+0.75),my=y+sy*(Math.floor(k/per)+1),mr=ROLE[mroles[k]];
    if(mr){const wide=6*(s.length-1);ink_items.push(el('rect',{x:Math.round(mx-4-wide/2),y:Math.round(my-9),width:9+wide,height:11,fill:C[mr],'class':'mark role-'+mr}));}
    ink_items.push(el('text',{x:Math.round(mx),y:Math.round(my),'text-anchor':'middle','font-size':10},s));}}
  if(text){ink_items.push(el('text',{x:x+CELL/2,y:y+CELL/2+(marks?12:8),'text-anchor':'middle','font-size':22,'font-weight':given?'bold':'normal',fill:ink},text));}
 });
 let thin='',thick='';
 for(let r=0;r<=p.r;r++){const t=(r===0||r===p.r||(p.tr||[]).includes(r));const d=`M${left} ${top+r*CELL}h${p.c*CELL}`;if(t)thick+=d;else thin+=d;}
 for(let c=0;c<=p.c;c++){const t=(c===0||c===p.c||(p.tc||[]).includes(c));const d=`M${left+c*CELL} ${top}v${p.r*CELL}`;if(t)thick+=d;else thin+=d;}
 svg.appendChild(el('path',{d:thin||'M0 0',stroke:'#888','stroke-width':1,fill:'none'}));
 svg.appendChild(el('path',{d:thick,stroke:'#000','stroke-width':2.5,fill:'none'}));
 const centre=i=>[left+(i%p.c)*CELL+CELL/2,top+Math.floor(i/p.c)*CELL+CELL/2];
 const count={},seen={},labels=[];
 for(const [a,b] of (p.links||[])){const k=Math.min(a,b)+','+Math.max(a,b);count[k]=(count[k]||0)+1;}
 for(const [a,b,role,label] of (p.links||[])){const [ax,ay]=centre(a),[bx,by]=centre(b),col=C[role]||C.link;
  const at={x1:ax,y1:ay,x2:bx,y2:by,stroke:col,'stroke-width':(role==='placement'||role==='elimination')?5:3,'stroke-linecap':'round',opacity:0.85,'class':'link role-'+role};
  if(role==='elimination')at['stroke-dasharray']='5 4';svg.appendChild(el('line',at));
  const k=Math.min(a,b)+','+Math.max(a,b),n=seen[k]||0;seen[k]=n+1;
  if(label){const shift=(n-(count[k]-1)/2)*16,len=Math.max(Math.hypot(bx-ax,by-ay),1);
   const x=(ax+bx)/2-shift*(by-ay)/len,y=(ay+by)/2+shift*(bx-ax)/len,g=el('g',{'class':'link-label'});
   g.appendChild(el('rect',{x:Math.round(x-7),y:Math.round(y-8),width:14,height:15,rx:4,fill:'#fff',stroke:col,'stroke-width':1.5}));
   g.appendChild(el('text',{x:Math.round(x),y:Math.round(y+4),'text-anchor':'middle','font-size':12,'font-weight':'bold',fill:col},label));labels.push(g);}}
 for(const e of ink_items)svg.appendChild(e);
 for(const g of labels)svg.appendChild(g);
 (p.top||[]).forEach((l,c)=>{const ps=String(l).split('\n');ps.forEach((s,k)=>svg.appendChild(el('text',{x:left+c*CELL+CELL/2,y:top-6-14*(ps.length-1-k),'text-anchor':'middle','font-size':12},s)));});
 (p.left||[]).forEach((l,r)=>svg.appendChild(el('text',{x:left-6,y:top+r*CELL+CELL/2+4,'text-anchor':'end','font-size':12},String(l).replace(/\n/g,' '))));
 (p.bottom||[]).forEach((l,c)=>svg.appendChild(el('text',{x:left+c*CELL+CELL/2,y:top+p.r*CELL+16,'text-anchor':'middle','font-size':12},l)));
 (p.right||[]).forEach((l,r)=>svg.appendChild(el('text',{x:left+p.c*CELL+6,y:top+r*CELL+CELL/2+4,'font-size':12},l)));
 return svg;}
function legend(){const d=document.createElement('div');d.id='legend';
 for(const [role,label] of D.legend){const s=document.createElement('span');s.style.marginRight='14px';
  const b=document.createElement('span');b.style.cssText=`display:inline-block;width:12px;height:12px;border:1px solid #000;margin-right:4px;background:${C[role]}`;
  s.appendChild(b);s.appendChild(document.createTextNode(label));d.appendChild(s);}return d;}
function showHints(){const box=document.getElementById('hint-text');box.innerHTML='';
 const more=document.getElementById('more');
 if(cur<0){more.style.display='none';return;}
 const h=D.steps[cur].hints;
 for(let k=0;k<shown&&k<h.length;k++){const p=document.createElement('p');p.className='hint';p.dataset.level=k+1;
  const b=document.createElement('b');b.textContent=D.levels[k]+': ';p.appendChild(b);p.appendChild(document.createTextNode(h[k]));box.appendChild(p);}
 more.style.display=shown<h.length?'':'none';}
function select(i){cur=Math.max(-1,Math.min(D.steps.length-1,i));shown=1;
 const pic=document.getElementById('picture');pic.innerHTML='';
 const p=cur<0?D.start:D.steps[cur].pic;pic.appendChild(draw(p));pic.appendChild(legend());
 document.getElementById('pos').textContent=cur<0?`the puzzle (${D.steps.length} steps)`:`step ${cur+1} of ${D.steps.length}`;
 document.getElementById('sentence').textContent=cur<0?'':D.steps[cur].label+': '+D.steps[cur].text;
 document.querySelectorAll('#list li.sel').forEach(li=>li.classList.remove('sel'));
 const li=document.getElementById(cur<0?'s-start':'s'+cur);if(li){li.classList.add('sel');li.scrollIntoView({block:'nearest'});}
 showHints();}
document.getElementById('prev').onclick=()=>select(cur-1);
document.getElementById('next').onclick=()=>select(cur+1);
document.getElementById('more').onclick=()=>{shown++;showHints();};
document.getElementById('list').onclick=e=>{const li=e.target.closest('li');if(li)select(parseInt(li.dataset.i,10));};
document.addEventListener('keydown',e=>{if(e.key==='ArrowRight'||e.key==='ArrowDown'){select(cur+1);e.preventDefault();}
 else if(e.key==='ArrowLeft'||e.key==='ArrowUp'){select(cur-1);e.preventDefault();}});
select(-1);
})();
"""
