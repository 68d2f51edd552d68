"""A Path puzzle step as a Picture: the path so far, the counts around, the step's cells/edges.

Cells in use are grey, cells known unused carry a cross, doors an arrow-free ``D``; edges on
the path are lines between cell centres. An edge the step puts on the path is drawn thick
blue, one it rules out dashed orange; cells it settles are blue (used) or orange (unused).
"""

from __future__ import annotations

from deduce.puzzles.path.model import ON, USED, PathPuzzle
from deduce.puzzles.picture import Cell, Picture
from deduce.state import State
from deduce.step import Step


def _label(count: int) -> str:
    return "" if count < 0 else str(count)


def picture(puzzle: PathPuzzle, state: State[PathPuzzle], step: Step | None = None) -> Picture:
    """The path of ``state`` with ``step`` drawn on it."""
    geo = puzzle.geo
    doors = set(puzzle.door_cells)
    settled: dict[int, str] = {}
    if step is not None:
        for var, value in step.placements:
            settled[var] = (
                "placement" if value == (USED if geo.is_cell(var) else ON) else "elimination"
            )
        for var, value in step.eliminations:
            settled.setdefault(
                var, "elimination" if value == (USED if geo.is_cell(var) else ON) else "placement"
            )
    premises = set(step.premises) if step else set()
    cells = []
    for cell in range(geo.n_cells):
        d = state.domains[cell]
        used, unused = d == 1 << USED, d == 1 << (1 - USED)
        text = "D" if cell in doors else "×" if unused else ""
        role = settled.get(cell) or ("premise" if cell in premises else "")
        cells.append(Cell(text=text, role=role, fill="used" if used else "", given=cell in doors))
    links = []
    for edge in range(geo.n_cells, geo.n_vars):
        a, b = geo.ends(edge)
        if edge in settled:
            links.append((a, b, settled[edge]))
        elif state.domains[edge] == 1 << ON:
            links.append((a, b, "premise" if edge in premises else "path"))
    return Picture(
        rows=geo.rows,
        cols=geo.cols,
        cells=tuple(cells),
        links=tuple(links),
        top=tuple(_label(c) for c in puzzle.col_counts),
        left=tuple(_label(c) for c in puzzle.row_counts),
        caption=step.explanation if step else "",
    )
