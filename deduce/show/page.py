"""The step page: one self-contained HTML file to walk through a solve, take hints and play.

The page holds the puzzle, the list of steps (technique names only, each tagged with its own
level), the picture of the selected step, previous/next buttons and arrow keys, a "Hint"
button that reveals the four hint levels one at a time and then applies the step, a play mode
that checks a player's entries against the solution without showing it, and a short section
per technique used (from the rules' own descriptions). It loads nothing from the network: the
pictures travel as compact JSON (see ``Picture.to_dict``) and ``page.js`` draws them as SVG
with the same markup as ``deduce.show.svg.to_svg``.

Technique names link to that in-page section, which always travels with the file; the section
links on to the technique's page shipped in the package (``deduce.show.techniques``) by its
absolute ``file:`` address on the machine that wrote the page.
"""

from __future__ import annotations

import base64
import json
from html import escape
from pathlib import Path
from typing import Any

import attrs

from deduce.engine import apply_step
from deduce.errors import Contradiction
from deduce.family import Family
from deduce.puzzles.picture import COLOURS, TINTS, Picture
from deduce.show.hints import LEVELS, hint_levels
from deduce.show.replay import replay
from deduce.show.svg import to_svg
from deduce.show.techniques import page_path, rule_level, slug
from deduce.state import P, State
from deduce.step import CONTRADICTION, GUESS, Log, Step

HERE = Path(__file__).resolve().parent


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


def _answers(final: Picture) -> str:
    """What a player writes in each cell of the solved grid (``#`` filled or used, ``x``
    empty or unused), lightly encoded so the page source does not show it at a glance."""
    out = []
    for cell in final.cells:
        if cell.fill == "hole":
            out.append("")
        elif cell.fill in ("filled", "used"):
            out.append("#")
        elif cell.text in ("", "·", "×"):
            out.append("x")
        else:
            out.append(cell.text)
    raw = json.dumps(out).encode()
    return base64.b64encode(bytes(b ^ (i * 7 + 3) % 256 for i, b in enumerate(raw))).decode()


def _final_picture(family: Family[P], puzzle: P, log: Log) -> Picture | None:
    last = None
    for state, step in replay(family, puzzle, log):
        last = (state, step)
    if last is None:
        return None
    state, step = last
    if step.kind == CONTRADICTION and not step.eliminations:
        return None
    try:
        apply_step(family, state, step)
    except Contradiction:
        return None
    return draw(family, puzzle, state, None)


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


def page_data(family: Family[P], puzzle: P, log: Log) -> dict[str, Any]:
    """Everything the page's script needs, JSON-ready."""
    start = draw(family, puzzle, family.initial_state(puzzle), None)
    steps: list[dict[str, Any]] = []
    number = 0
    used: dict[str, None] = {}
    for state, step in replay(family, puzzle, log):
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
            number += 1
            used[step.rule] = None
            levels = hint_levels(family, puzzle, step, state)
            item["label"] = f"{number}. {step.rule}"
            item["tag"] = rule_level(family, step.rule, step.difficulty)
            item["t"] = slug(step.rule)
            item["hints"] = [text for text, _ in levels]
            item["look"] = _highlighted(family, puzzle, state, levels[0][1])
            item["inv"] = _highlighted(family, puzzle, state, levels[2][1])
            if step.substeps:
                pictures = chain_pictures(family, puzzle, state, step)
                item["sub"] = [
                    {"text": sub.explanation, "pic": pic.to_dict()}
                    for sub, pic in zip(step.substeps, pictures, strict=False)
                ]
        steps.append(item)
    final = _final_picture(family, puzzle, log)
    rules = {r.name: r for r in family.rules}
    techniques = [
        {
            "name": name,
            "t": slug(name),
            "text": rules[name].description if name in rules else "",
            "level": rule_level(family, name, rules[name].weight if name in rules else 0.0),
            "href": _href(page_path(family.name, name)),
        }
        for name in used
    ]
    return {
        "family": family.name,
        "start": start.to_dict(),
        "final": final.to_dict() if final is not None else None,
        "answers": _answers(final) if final is not None else "",
        "steps": steps,
        "levels": list(LEVELS),
        "colours": COLOURS,
        "tints": TINTS,
        "techniques": techniques,
    }


def _href(path: Path | None) -> str:
    return path.as_uri() if path is not None else ""


def log_html(family: Family[P], puzzle: P, log: Log, title: str | None = None) -> str:
    """The self-contained HTML page explaining ``log`` step by step."""
    data = page_data(family, puzzle, log)
    grade = family.grade(log)
    heading = title or f"{family.description}: explained by deduce"
    steps = data["steps"]
    items = "".join(
        f'<li id="s{i}" data-i="{i}" class="k-{s["kind"]}" style="margin-left:{s["depth"]}em">'
        f'<span class="nm">{escape(s["label"])}</span> <span class="gr">{escape(s["tag"])}</span></li>'
        for i, s in enumerate(steps)
    )
    payload = json.dumps(data, separators=(",", ":")).replace("</", "<\\/")
    page = (
        _template("page.html")
        .replace("{style}", _template("page.css"))
        .replace("{script}", _template("page.js"))
    )
    fields = {
        "title": escape(heading),
        "puzzle": escape(shown_puzzle(log.puzzle)),
        "grade": escape(
            f"{grade.level} (score {grade.score:.2f}, hardest: {grade.hardest_rule or 'none'}, "
            f"guesses: {grade.guesses})"
        ),
        "count": str(len(steps)),
        "items": items,
        "data": payload,
    }
    for key, value in fields.items():
        page = page.replace("{" + key + "}", value)
    return page


def _template(name: str) -> str:
    return (HERE / name).read_text(encoding="utf-8")
