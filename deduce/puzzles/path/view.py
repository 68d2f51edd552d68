"""How a Path puzzle looks: a solution drawn with line glyphs, and a state with a step
highlighted in the terminal.

The drawing keeps the grid form's layout (counts above and left, a frame): used cells show
the path as box-drawing glyphs, doors their letter, unused cells ``.``.
"""

from __future__ import annotations

import json

from rich.text import Text

from deduce.puzzles.drawing import draw_grid, step_roles
from deduce.puzzles.path.model import BOTH, ON, USED, PathPuzzle, path_cells
from deduce.puzzles.path.text import draw, to_json
from deduce.state import State
from deduce.step import Step

#: Glyph of a cell by the set of its on-edges' directions (up, down, left, right).
GLYPHS = {
    frozenset("ud"): "│",
    frozenset("lr"): "─",
    frozenset("dr"): "┌",
    frozenset("dl"): "┐",
    frozenset("ur"): "└",
    frozenset("ul"): "┘",
}


def _sides(puzzle: PathPuzzle, doms: list[int], cell: int) -> tuple[set[str], set[str]]:
    """The directions of ``cell``'s edges that are on, and of those still undecided."""
    geo = puzzle.geo
    on, undecided = set(), set()
    for e, other in geo.cell_edges[cell]:
        diff = other - cell
        side = (
            "d"
            if diff == puzzle.cols
            else "u"
            if diff == -puzzle.cols
            else "r"
            if diff == 1
            else "l"
        )
        if doms[e] == 1 << ON:
            on.add(side)
        elif doms[e] == BOTH:
            undecided.add(side)
    return on, undecided


def _token(puzzle: PathPuzzle, doms: list[int], cell: int, width: int) -> str:
    doors = puzzle.door_cells
    on, _ = _sides(puzzle, doms, cell)
    fill = "─" if "l" in on else " "
    if cell in doors:
        glyph = "AB"[doors.index(cell)]
    elif doms[cell] == 1 << USED:
        glyph = GLYPHS.get(frozenset(on), "o")
    elif doms[cell] == BOTH:
        glyph = " "
    else:
        glyph = "."
    return fill * (width - 1) + glyph


def solution_grid(puzzle: PathPuzzle, values: list[int]) -> str:
    """A solution drawn in the grid form: the path as line glyphs, doors as A and B."""
    path_cells(puzzle, values)
    doms = [1 << v for v in values]
    width = 3 if max(puzzle.rows, puzzle.cols) >= 10 else 2
    cells = [
        [_token(puzzle, doms, r * puzzle.cols + c, width) for c in range(puzzle.cols)]
        for r in range(puzzle.rows)
    ]
    return draw(puzzle, cells)


def format_solution(puzzle: PathPuzzle, values: list[int]) -> str:
    """A solution in the form the puzzle came in: JSON with the path's ``solution`` cells
    (as in the corpus), or the drawn grid."""
    if puzzle.form != "json":
        return solution_grid(puzzle, values)
    data = json.loads(to_json(puzzle))
    data["solution"] = [list(divmod(c, puzzle.cols)) for c in path_cells(puzzle, values)]
    return json.dumps(data)


def render(puzzle: PathPuzzle, state: State[PathPuzzle], step: Step | None = None) -> Text:
    """The grid of ``state`` with its counts: path glyphs where known, ``o`` for a used cell
    whose edges are still open, ``.`` unused, blank undecided; ``step``'s cells highlighted
    (an edge of the step highlights both its cells)."""
    geo = puzzle.geo
    roles = step_roles(step)
    cell_roles: dict[int, str] = {}
    for var, role in roles.items():
        targets = (var,) if geo.is_cell(var) else geo.ends(var)
        for cell in targets:
            if var == cell or cell not in roles:
                cell_roles.setdefault(cell, role)
    clue = [("" if v < 0 else str(v)) for v in puzzle.col_counts]
    rows = [[("", ""), *((t, "given") for t in clue)]]
    for r in range(puzzle.rows):
        label = puzzle.row_counts[r]
        row = [("" if label < 0 else str(label), "given")]
        for c in range(puzzle.cols):
            cell = r * puzzle.cols + c
            text = _token(puzzle, state.domains, cell, 1)
            row.append((text, cell_roles.get(cell, "")))
        rows.append(row)
    return draw_grid(rows, col_sep=(1,), row_sep=(1,))
