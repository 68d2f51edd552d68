"""How a Signpost state looks: the terminal grid, the step picture, and new puzzles.

Cells show their arrow, and their number when written in; links already drawn are grey
lines in the picture (role ``used``), the links a step makes blue and the ones it rules out
dashed orange. A step's premises are variables (a cell's number, a cell's link out): a cell
is highlighted when either of its variables is one.
"""

from __future__ import annotations

from rich.text import Text

from deduce.puzzles.drawing import draw_grid, step_roles
from deduce.puzzles.picture import Cell, Picture
from deduce.puzzles.signpost.board import board
from deduce.puzzles.signpost.model import GLYPHS, Signpost
from deduce.state import State
from deduce.step import Step


def _number(state: State[Signpost], cell: int) -> str:
    k = board(state).num[cell]
    return str(k) if k else ""


def render(puzzle: Signpost, state: State[Signpost], step: Step | None = None) -> Text:
    """The grid: each cell's number (or ``·``) and arrow, the step's cells highlighted."""
    n = puzzle.n
    roles = step_roles(step)
    rows = []
    for r in range(puzzle.height):
        row = []
        for c in range(puzzle.width):
            cell = r * puzzle.width + c
            role = (
                roles.get(cell) or roles.get(n + cell) or ("given" if puzzle.givens[cell] else "")
            )
            row.append(((_number(state, cell) or "·") + GLYPHS[puzzle.arrows[cell]], role))
        rows.append(row)
    return draw_grid(rows)


def picture(puzzle: Signpost, state: State[Signpost], step: Step | None = None) -> Picture:
    """The step drawn on the grid: numbers, arrows, links made so far and the step's links."""
    n = puzzle.n
    settled: dict[int, str] = {}
    links = []
    if step is not None:
        for var, value in step.placements:
            if var < n:
                settled[var] = "placement"
            elif value != n:
                links.append((var - n, value, "placement"))
        for var, value in step.eliminations:
            if var < n:
                settled.setdefault(var, "elimination")
            elif value != n:
                links.append((var - n, value, "elimination"))
    premises = {v % n for v in step.premises} if step else set()
    stepped = {(a, b) for a, b, _ in links}
    nxt = board(state).nxt
    for cell in range(n):
        after = nxt[cell]
        if 0 <= after < n and (cell, after) not in stepped:
            links.append((cell, after, "used"))
    cells = []
    for cell in range(n):
        role = settled.get(cell) or ("premise" if cell in premises else "")
        number = _number(state, cell)
        marks = [(GLYPHS[puzzle.arrows[cell]], ""), (" ", "")]
        cells.append(
            Cell(text=number, marks=tuple(marks), role=role, given=bool(puzzle.givens[cell]))
        )
    return Picture(
        rows=puzzle.height,
        cols=puzzle.width,
        cells=tuple(cells),
        marks_cols=2,
        links=tuple(links),
        caption=step.explanation if step else "",
    )
