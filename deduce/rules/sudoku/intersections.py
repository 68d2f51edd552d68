"""Locked candidates: where a box meets a row or column.

Pointing: inside a box, a digit confined to one row (or column) leaves the rest of that line.
Claiming: inside a line, a digit confined to one box leaves the rest of that box.
"""

from __future__ import annotations

from collections.abc import Iterator

from deduce.puzzles.sudoku.model import Geometry, cell_name, symbol
from deduce.rules.sudoku.singles import unit_digit_places
from deduce.state import State, bits
from deduce.step import Step


def _open_with(state: State, unit: tuple[int, ...], bit: int) -> list[int]:
    domains, fixed = state.domains, state.fixed
    return [c for c in unit if not fixed[c] and domains[c] & bit]


def pointing(state: State) -> Iterator[Step]:
    """A digit confined to one row or column inside a box leaves the rest of that line."""
    geo: Geometry = state.puzzle.geo
    for b, box in enumerate(geo.boxes):
        placed, _once, twice = unit_digit_places(state, box)
        for digit in bits(twice & ~placed):
            bit = 1 << digit
            cells = _open_with(state, box, bit)
            for kind, index_of, lines in (
                ("row", geo.row_of, geo.rows),
                ("column", geo.col_of, geo.cols),
            ):
                which = {index_of(c) for c in cells}
                if len(which) != 1:
                    continue
                line = which.pop()
                elims = tuple(
                    (c, digit) for c in _open_with(state, lines[line], bit) if c not in cells
                )
                if elims:
                    yield Step(
                        "pointing",
                        f"In box {b + 1}, {symbol(digit)} can only go in {kind} {line + 1} "
                        f"({', '.join(cell_name(geo, c) for c in cells)}), so it leaves the rest of "
                        f"{kind} {line + 1}: {', '.join(cell_name(geo, c) for c, _ in elims)}.",
                        eliminations=elims,
                        premises=cells,
                        region=f"box {b + 1}",
                    )


def claiming(state: State) -> Iterator[Step]:
    """A digit confined to one box inside a row or column leaves the rest of that box."""
    geo: Geometry = state.puzzle.geo
    for kind, lines in (("row", geo.rows), ("column", geo.cols)):
        for index, line in enumerate(lines):
            placed, _once, twice = unit_digit_places(state, line)
            for digit in bits(twice & ~placed):
                bit = 1 << digit
                cells = _open_with(state, line, bit)
                boxes = {geo.box_of(c) for c in cells}
                if len(boxes) != 1:
                    continue
                b = boxes.pop()
                elims = tuple(
                    (c, digit) for c in _open_with(state, geo.boxes[b], bit) if c not in cells
                )
                if elims:
                    yield Step(
                        "claiming",
                        f"In {kind} {index + 1}, {symbol(digit)} can only go in box {b + 1} "
                        f"({', '.join(cell_name(geo, c) for c in cells)}), so it leaves the rest of "
                        f"box {b + 1}: {', '.join(cell_name(geo, c) for c, _ in elims)}.",
                        eliminations=elims,
                        premises=cells,
                        region=f"{kind} {index + 1}",
                    )
