"""Locked candidates: where a box meets a row or column.

Pointing: inside a box, a digit confined to one row (or column) leaves the rest of that line.
Claiming: inside a line, a digit confined to one box leaves the rest of that box.
"""

from __future__ import annotations

from collections.abc import Iterator

from deduce.memo import quiet
from deduce.puzzles.sudoku.model import Geometry, cell_name, symbol
from deduce.rules.sudoku.singles import unit_digit_places
from deduce.state import State, bits
from deduce.step import Step


def _open_with(state: State, unit: tuple[int, ...], bit: int) -> list[int]:
    domains, fixed = state.domains, state.fixed
    return [c for c in unit if not fixed[c] and domains[c] & bit]


def pointing(state: State, weight: float = 0.0) -> Iterator[Step]:
    """A digit confined to one row or column inside a box leaves the rest of that line.

    A box found with nothing is looked at again only once a cell of a row or column crossing
    it changes (``deduce.memo.quiet``). Steps carry ``weight`` as their difficulty."""
    geo: Geometry = state.puzzle.geo
    record = quiet(state, "quiet: pointing", geo.box_reach)
    first = 2 * geo.n
    for b, box in enumerate(geo.boxes):
        bit_index = 1 << (first + b)
        if record[1] & bit_index:
            continue
        found = False
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
                    found = True
                    yield Step.made(
                        "pointing",
                        f"In box {b + 1}, {symbol(digit)} can only go in {kind} {line + 1} "
                        f"({', '.join(cell_name(geo, c) for c in cells)}), so it leaves the rest of "
                        f"{kind} {line + 1}: {', '.join(cell_name(geo, c) for c, _ in elims)}.",
                        eliminations=elims,
                        premises=tuple(cells),
                        region=f"box {b + 1}",
                        difficulty=weight,
                    )
        if not found:
            record[1] |= bit_index


def claiming(state: State, weight: float = 0.0) -> Iterator[Step]:
    """A digit confined to one box inside a row or column leaves the rest of that box.

    A line found with nothing is looked at again only once a cell of it, or of a box it
    crosses, changes (``deduce.memo.quiet``). Steps carry ``weight`` as their difficulty."""
    geo: Geometry = state.puzzle.geo
    record = quiet(state, "quiet: claiming", geo.line_reach)
    for kind, lines, first in (("row", geo.rows, 0), ("column", geo.cols, geo.n)):
        for index, line in enumerate(lines):
            bit_index = 1 << (first + index)
            if record[1] & bit_index:
                continue
            found = False
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
                    found = True
                    yield Step.made(
                        "claiming",
                        f"In {kind} {index + 1}, {symbol(digit)} can only go in box {b + 1} "
                        f"({', '.join(cell_name(geo, c) for c in cells)}), so it leaves the rest of "
                        f"box {b + 1}: {', '.join(cell_name(geo, c) for c, _ in elims)}.",
                        eliminations=elims,
                        premises=tuple(cells),
                        region=f"{kind} {index + 1}",
                        difficulty=weight,
                    )
            if not found:
                record[1] |= bit_index
