"""Singles: the first rules every Sudoku player learns.

A hidden single is a digit with one place left in a unit; a naked single a cell with one
digit left. Hidden singles in boxes are the easiest to spot (Tatham's "trivial" level).
"""

from __future__ import annotations

from collections.abc import Iterator

from deduce.errors import Contradiction
from deduce.puzzles.sudoku import Geometry, cell_name, symbol
from deduce.state import State, bits, single_value
from deduce.step import Step


def unit_digit_places(state: State, unit: tuple[int, ...]) -> tuple[int, int, int]:
    """For one unit: (digits placed, digits with ≥1 open place, digits with ≥2 open places)."""
    domains, fixed = state.domains, state.fixed
    placed = once = twice = 0
    for cell in unit:
        d = domains[cell]
        if fixed[cell]:
            placed |= d
        else:
            twice |= once & d
            once |= d
    return placed, once, twice


def hidden_singles(state: State, kind: str) -> Iterator[Step]:
    """Digits with exactly one open place in a unit of ``kind`` (row, column or box)."""
    geo: Geometry = state.puzzle.geo
    units = {"row": geo.rows, "column": geo.cols, "box": geo.boxes}[kind]
    domains = state.domains
    for index, unit in enumerate(units):
        placed, once, twice = unit_digit_places(state, unit)
        name = f"{kind} {index + 1}"
        missing = geo.full & ~(placed | once)
        if missing:
            raise Contradiction(f"{name} has no place left for {symbol(next(bits(missing)))}")
        for digit in bits(once & ~twice & ~placed):
            bit = 1 << digit
            cell = next(c for c in unit if not state.fixed[c] and domains[c] & bit)
            yield Step(
                f"hidden single ({kind})",
                f"In {name}, {symbol(digit)} fits only in {cell_name(geo, cell)}, "
                f"so {cell_name(geo, cell)} = {symbol(digit)}.",
                placements=((cell, digit),),
                premises=unit,
                region=name,
            )


def naked_singles(state: State) -> Iterator[Step]:
    """Cells with one candidate left: every other digit already sees them."""
    geo: Geometry = state.puzzle.geo
    domains, fixed = state.domains, state.fixed
    for cell, d in enumerate(domains):
        if fixed[cell] or d & (d - 1):
            continue
        digit = single_value(d)
        seen = tuple(p for p in geo.peers[cell] if fixed[p])
        r, c = divmod(cell, geo.n)
        yield Step(
            "naked single",
            f"{cell_name(geo, cell)} can only be {symbol(digit)}: every other digit is already "
            f"in its row, column or box, so {cell_name(geo, cell)} = {symbol(digit)}.",
            placements=((cell, digit),),
            premises=seen,
            region=f"r{r + 1}c{c + 1}",
        )
