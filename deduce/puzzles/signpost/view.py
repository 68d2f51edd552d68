"""How a Signpost state looks: the terminal grid, the step picture, and new puzzles.

Cells show their arrow, and their number when known (else the numbers still possible, when
there are only a few); links already made are drawn as grey
lines in the picture (role ``used``), the links a step makes in blue and the ones it rules
out dashed orange.
"""

from __future__ import annotations

from deduce.puzzles.drawing import draw_grid, step_roles
from deduce.puzzles.picture import Cell, Picture
from deduce.puzzles.signpost.model import GLYPHS, Signpost
from deduce.state import State, bits, single_value
from deduce.step import Step

#: A cell without its number shows the numbers it may still hold when at most this many.
CANDIDATES = 4


def _number(state: State, cell: int) -> str:
    d = state.domains[cell]
    return str(single_value(d)) if d & (d - 1) == 0 else ""


def render(puzzle: Signpost, state: State, step: Step | None = None):
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


def picture(puzzle: Signpost, state: State, step: Step | None = None) -> Picture:
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
    premises = set(step.premises) if step else set()
    stepped = {(a, b) for a, b, _ in links}
    for cell in range(n):
        d = state.domains[n + cell]
        if d & (d - 1) == 0 and single_value(d) != n and (cell, single_value(d)) not in stepped:
            links.append((cell, single_value(d), "used"))
    removed: dict[int, set[int]] = {}
    for var, value in step.eliminations if step else ():
        if var < n:
            removed.setdefault(var, set()).add(value)
    cells = []
    for cell in range(n):
        role = settled.get(cell) or ("premise" if cell in premises else "")
        number = _number(state, cell)
        marks = [(GLYPHS[puzzle.arrows[cell]], ""), (" ", "")]
        if not number and cell in removed:  # the numbers the step takes away, struck
            marks += [(str(k), "elimination") for k in sorted(removed[cell])[:CANDIDATES]]
        elif not number and 1 < state.domains[cell].bit_count() <= CANDIDATES:
            marks += [(str(k), "") for k in bits(state.domains[cell])]
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
