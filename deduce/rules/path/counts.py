"""Count saturation: a clued row or column that is full, or that needs every cell it has left.

A row with its count of used cells already uses no other cell; a row whose undecided cells
are exactly as many as it still needs uses all of them. Columns alike.
"""

from __future__ import annotations

from collections.abc import Iterator

from deduce.errors import Contradiction
from deduce.memo import last
from deduce.puzzles.path.model import BOTH, USED, PathPuzzle, cell_name
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


def tallies(state: State[PathPuzzle]) -> list[tuple[str, int, tuple[int, ...], int, int]]:
    """For every clued line: its name, count, cells, used cells and undecided cells.

    Raises Contradiction when a line has too many used cells or too few left.
    """
    return last(state, "tallies", _tallies)


def _tallies(state: State[PathPuzzle]) -> list[tuple[str, int, tuple[int, ...], int, int]]:
    found = []
    doms = state.domains
    used_bit = 1 << USED
    for name, want, cells in _lines(state.puzzle):
        used = n_open = 0
        for cell in cells:
            d = doms[cell]
            if d == BOTH:
                n_open += 1
            elif d == used_bit:
                used += 1
        if used > want:
            raise Contradiction(f"{name} has {used} used cells but a count of {want}")
        if used + n_open < want:
            raise Contradiction(
                f"{name} needs {want} used cells but only {used + n_open} can be used"
            )
        found.append((name, want, cells, used, n_open))
    return found


def full_line(state: State[PathPuzzle]) -> Iterator[Step]:
    """A clued line that already has its count of used cells: its other cells are unused."""
    p: PathPuzzle = state.puzzle
    for name, want, cells, used, n_open in tallies(state):
        if used == want and n_open:
            open_cells = [c for c in cells if state.domains[c] == BOTH]
            names = ", ".join(cell_name(p, c) for c in open_cells)
            yield Step(
                "full line",
                f"{name.capitalize()} already has its {want} used cell{'s' if want != 1 else ''}, "
                f"so {names} "
                f"{'is' if len(open_cells) == 1 else 'are'} unused.",
                placements=tuple((c, 0) for c in open_cells),
                premises=cells,
                region=name,
            )


def line_needs_all(state: State[PathPuzzle]) -> Iterator[Step]:
    """A clued line whose undecided cells are exactly what it still needs: all are used."""
    p: PathPuzzle = state.puzzle
    for name, want, cells, used, n_open in tallies(state):
        if n_open and used + n_open == want and used < want:
            open_cells = [c for c in cells if state.domains[c] == BOTH]
            names = ", ".join(cell_name(p, c) for c in open_cells)
            more = want - used
            yield Step(
                "line needs all",
                f"{name.capitalize()} needs {more} more used cell{'s' if more > 1 else ''} "
                f"and has only {names} left, so {'it is' if more == 1 else 'they are all'} used.",
                placements=tuple((c, USED) for c in open_cells),
                premises=cells,
                region=name,
            )
