"""Count saturation: a clued row or column that is full, or that needs every cell it has left.

A row with its count of used cells already uses no other cell; a row whose undecided cells
are exactly as many as it still needs uses all of them. Columns alike.
"""

from __future__ import annotations

from collections.abc import Iterator

from deduce.errors import Contradiction
from deduce.puzzles.path import BOTH, USED, PathPuzzle, cell_name
from deduce.state import State
from deduce.step import Step


def _lines(p: PathPuzzle) -> Iterator[tuple[str, int, tuple[int, ...]]]:
    geo = p.geo
    for r, want in enumerate(p.row_counts):
        if want >= 0:
            yield f"row {r + 1}", want, geo.row_cells[r]
    for c, want in enumerate(p.col_counts):
        if want >= 0:
            yield f"column {c + 1}", want, geo.col_cells[c]


def _tally(state: State, want: int, name: str, cells: tuple[int, ...]) -> tuple[int, list[int]]:
    doms = state.domains
    used = 0
    open_cells = []
    for cell in cells:
        d = doms[cell]
        if d == BOTH:
            open_cells.append(cell)
        elif d == 1 << USED:
            used += 1
    if used > want:
        raise Contradiction(f"{name} has {used} used cells but a count of {want}")
    if used + len(open_cells) < want:
        raise Contradiction(
            f"{name} needs {want} used cells but only {used + len(open_cells)} can be used"
        )
    return used, open_cells


def full_line(state: State) -> Iterator[Step]:
    """A clued line that already has its count of used cells: its other cells are unused."""
    p: PathPuzzle = state.puzzle
    for name, want, cells in _lines(p):
        used, open_cells = _tally(state, want, name, cells)
        if used == want and open_cells:
            names = ", ".join(cell_name(p.cols, c) for c in open_cells)
            yield Step(
                "full line",
                f"{name.capitalize()} already has its {want} used cell{'s' if want != 1 else ''}, "
                f"so {names} "
                f"{'is' if len(open_cells) == 1 else 'are'} unused.",
                placements=tuple((c, 0) for c in open_cells),
                premises=cells,
                region=name,
            )


def line_needs_all(state: State) -> Iterator[Step]:
    """A clued line whose undecided cells are exactly what it still needs: all are used."""
    p: PathPuzzle = state.puzzle
    for name, want, cells in _lines(p):
        used, open_cells = _tally(state, want, name, cells)
        if open_cells and used + len(open_cells) == want and used < want:
            names = ", ".join(cell_name(p.cols, c) for c in open_cells)
            more = want - used
            yield Step(
                "line needs all",
                f"{name.capitalize()} needs {more} more used cell{'s' if more > 1 else ''} "
                f"and has only {names} left, so {'it is' if more == 1 else 'they are all'} used.",
                placements=tuple((c, USED) for c in open_cells),
                premises=cells,
                region=name,
            )
