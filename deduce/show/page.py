"""The step page: one self-contained HTML file to walk through a solve, take hints and play.

The page holds the puzzle, the list of steps (technique names only, each tagged with its own
level), the picture of the selected step, previous/next buttons and arrow keys, a slider
and a search box to jump, every step's sentence in one view, a "Hint" button that reveals the
four hint levels one at a time and then applies the step, a play mode where a player fills
the grid from any step (digits, pencil marks, undo) and asks for a hint from their own grid
(``deduce.show.play``), and every technique of the family, embedded (the same text as the
shipped technique pages, ``deduce.show.techniques``, with links inside the page). It loads
nothing from the network and links to no file: the pictures travel as compact JSON (see
``Picture.to_dict``) and the script (``draw.js``, ``page.js``, ``play.js``) draws them as SVG
with the same markup as ``deduce.show.svg.to_svg``.
"""

from __future__ import annotations

import hashlib
import json
from html import escape
from pathlib import Path
from typing import Any

import attrs

from deduce.engine import apply_step
from deduce.errors import Contradiction
from deduce.family import Family
from deduce.grade import minutes_text
from deduce.puzzles.picture import COLOURS, TINTS, Picture
from deduce.show import play
from deduce.show.hints import LEVELS, hint_levels
from deduce.show.replay import replay
from deduce.show.svg import to_svg
from deduce.show.techniques import rule_level, slug, technique_body
from deduce.state import P, State
from deduce.step import CONTRADICTION, GUESS, Log, Step

HERE = Path(__file__).resolve().parent
#: The page's script, in the order its parts are joined (each uses the ones before).
SCRIPTS = ("sha256.js", "draw.js", "page.js", "play.js")


def draw(family: Family[P], puzzle: P, state: State[P], step: Step | None) -> Picture:
    """The family's Picture of ``state`` with ``step`` drawn on it; ValueError when the
    family draws no pictures (``Family.picture`` is None or gives no Picture)."""
    if family.picture is None:
        raise ValueError(f"the {family.name} family cannot draw pictures yet")
    found = family.picture(puzzle, state, step)
    if not isinstance(found, Picture):
        raise ValueError(f"the {family.name} family's picture is not a Picture")
    return found


def step_pictures(family: Family[P], puzzle: P, log: Log) -> list[Picture]:
    """The Picture of every step of ``log`` (the state before it, the step drawn on it)."""
    return [draw(family, puzzle, state, step) for state, step in replay(family, puzzle, log)]


def step_svgs(family: Family[P], puzzle: P, log: Log) -> list[str]:
    """One SVG per step of ``log``."""
    return [to_svg(p) for p in step_pictures(family, puzzle, log)]


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


def _highlighted(
    family: Family[P], puzzle: P, state: State[P], variables: tuple[int, ...]
) -> list[int]:
    """The picture cells a hint level lights up: the cells the family's picture marks when
    the variables are a step's premises (a Signpost successor lights its cell, a Path edge
    its line)."""
    pic = draw(family, puzzle, state, Step("hint", "", premises=variables))
    lit = [i for i, cell in enumerate(pic.cells) if cell.role == "premise"]
    return lit or [v for v in variables if v < len(pic.cells)]


#: What a supposed cell shows when its picture cell carries no text (a nonogram's filled cell).
_SUPPOSED = {"filled": "■"}


def chain_pictures(family: Family[P], puzzle: P, state: State[P], step: Step) -> list[Picture]:
    """The picture of every substep of ``step`` (a probe's or a forcing chain), each on the grid as the
    substeps before it leave it: the values they suppose are drawn in the guess colour, so a
    supposition never looks like a deduction."""
    out = []
    hypo = state.copy()
    for sub in step.substeps:
        pic = draw(family, puzzle, hypo, sub)
        if len(pic.cells) == len(state.domains):  # one picture cell per variable
            cells = tuple(
                attrs.evolve(cell, role="guess", text=cell.text or _SUPPOSED.get(cell.fill, ""))
                if not cell.role and hypo.fixed[i] and not state.fixed[i]
                else cell
                for i, cell in enumerate(pic.cells)
            )
            pic = attrs.evolve(pic, cells=cells)
        out.append(pic)
        if sub.kind != CONTRADICTION:
            try:
                apply_step(family, hypo, sub)
            except Contradiction:
                break
    return out


def _step_item(
    family: Family[P], puzzle: P, state: State[P], step: Step, number: int
) -> dict[str, Any]:
    """A step as the page's script reads it (``number`` counts the deductions so far)."""
    item: dict[str, Any] = {
        "rule": step.rule,
        "text": step.explanation,
        "depth": step.depth,
        "kind": step.kind,
        "pic": draw(family, puzzle, state, step).to_dict(),
    }
    if step.kind == GUESS:
        item["label"], item["tag"] = "guess", "guess"
    elif step.kind == CONTRADICTION:
        item["label"], item["tag"] = "contradiction", "dead end"
    else:
        levels = hint_levels(family, puzzle, step, state)
        item["label"] = f"{number}. {step.rule}"
        item["tag"] = rule_level(family, step.rule, step.difficulty)
        item["t"] = slug(step.rule)
        item["w"] = step.difficulty
        item["hints"] = [text for text, _ in levels]
        item["look"] = _highlighted(family, puzzle, state, levels[0][1])
        same = set(levels[2][1]) == set(levels[0][1])  # one drawing does for both then
        item["inv"] = item["look"] if same else _highlighted(family, puzzle, state, levels[2][1])
        if step.substeps:
            pictures = chain_pictures(family, puzzle, state, step)
            item["sub"] = [
                {"text": sub.explanation, "pic": pic.to_dict()}
                for sub, pic in zip(step.substeps, pictures, strict=False)
            ]
    return item


def _after(family: Family[P], puzzle: P, state: State[P], step: Step) -> Picture | None:
    """The grid once ``step`` is applied to ``state``, drawn; None when it cannot be (a
    contradiction that closes a guess)."""
    if step.kind == CONTRADICTION and not step.eliminations:
        return None
    after = state.copy()
    try:
        apply_step(family, after, step)
    except Contradiction:
        return None
    return draw(family, puzzle, after, None)


def page_data(family: Family[P], puzzle: P, log: Log) -> dict[str, Any]:
    """Everything the page's script needs, JSON-ready."""
    initial = family.initial_state(puzzle)
    start = draw(family, puzzle, initial, None)
    steps: list[dict[str, Any]] = []
    number = 0
    final: Picture | None = None
    for state, step in replay(family, puzzle, log):
        number += step.kind not in (GUESS, CONTRADICTION)
        steps.append(_step_item(family, puzzle, state, step, number))
        final = _after(family, puzzle, state, step) if step.kind != GUESS else None
        if step.depth == 0 and final is not None:
            steps[-1]["c"] = final  # turned into changes below, once the kind of marks is known
    values = play.symbols(final) if final is not None else []
    candidates = play.marks_are_candidates(start, values)
    before = play.grid_of(start, candidates)
    for item in steps:
        if "c" in item:
            after = play.grid_of(item["c"], candidates)
            item["c"] = play.changes(before, after)
            before = after
    salt = play.new_salt()
    same_cells = len(start.cells) == len(initial.domains)
    return {
        "family": family.name,
        "start": start.to_dict(),
        "final": final.to_dict() if final is not None else None,
        "salt": salt,
        "answers": play.answer_hashes(final, salt) if final is not None else [],
        "symbols": values,
        "cands": candidates,
        "peers": play.peers(family, puzzle, initial) if candidates and same_cells else None,
        "export": play.export_form(values, candidates),
        "reads": family.parse_progress is not None,
        "steps": steps,
        "levels": list(LEVELS),
        "colours": COLOURS,
        "tints": TINTS,
        "techniques": _techniques(family, [s["rule"] for s in steps if "t" in s]),
    }


def _techniques(family: Family[P], used: list[str]) -> list[dict[str, Any]]:
    """Every technique of the family, embedded: the ones the log used first, then the rest
    (each links to the techniques either side, so all of them travel with the page)."""
    rules = list(family.rules)
    order = {r.name: i for i, r in enumerate(rules)}
    first = list(dict.fromkeys(name for name in used if name in order))
    rest = [r.name for r in rules if r.name not in first]

    def href(name: str) -> str:
        return f"#t-{slug(name)}" if name else "#all-techniques"

    return [
        {
            "name": name,
            "t": slug(name),
            "used": name in first,
            "level": rule_level(family, name, rules[order[name]].weight),
            "html": technique_body(family, order[name], href),
        }
        for name in first + rest
    ]


def page_title(family: Family[P], log: Log, start: Picture) -> str:
    """What the page is called: the family, the grid's size and the puzzle's own name when it
    has one (a corpus line's ``name``), else a short id of its text."""
    try:
        data = json.loads(log.puzzle)
    except ValueError:
        data = None
    name = data.get("name") if isinstance(data, dict) else None
    if not isinstance(name, str) or not name.strip():
        name = "#" + hashlib.sha256(log.puzzle.encode()).hexdigest()[:8]
    return f"{family.name.capitalize()} {start.cols}×{start.rows} · {name.strip()[:60]}"


def log_html(family: Family[P], puzzle: P, log: Log, title: str | None = None) -> str:
    """The self-contained HTML page explaining ``log`` step by step."""
    data = page_data(family, puzzle, log)
    grade = family.grade(log)
    start = draw(family, puzzle, family.initial_state(puzzle), None)
    heading = title or page_title(family, log, start)
    steps = data["steps"]
    items = "".join(
        f'<li id="s{i}" data-i="{i}" tabindex="-1" class="k-{s["kind"]}" '
        f'style="margin-left:{s["depth"]}em"><span class="nm">{escape(s["label"])}</span> '
        f'<span class="gr">{escape(s["tag"])}</span></li>'
        for i, s in enumerate(steps)
    )
    payload = json.dumps(data, separators=(",", ":")).replace("</", "<\\/")
    fields = {
        "title": escape(heading),
        "family": escape(family.description),
        "puzzle": escape(shown_puzzle(log.puzzle)),
        "grade": escape(
            f"{grade.level} (score {grade.score:.2f}, hardest: {grade.hardest_rule or 'none'}, "
            f"guesses: {grade.guesses}{minutes_text(grade)})"
        ),
        "count": str(len(steps)),
        "items": items,
    }
    page = _template("page.html")
    for key, value in fields.items():
        page = page.replace("{" + key + "}", value)
    # the style, the script and the data last: no field is looked for inside them
    script = "\n".join(_template(name) for name in SCRIPTS)
    page = page.replace("{style}", _template("page.css")).replace("{script}", script, 1)
    return page.replace("{data}", payload, 1)


def _template(name: str) -> str:
    return (HERE / name).read_text(encoding="utf-8")
