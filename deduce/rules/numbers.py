"""Rules shared by the families whose cells hold the numbers 1..N once each.

Signpost, Numbrix and Hidato all give each cell a number variable (bit ``k`` of its domain:
the cell may hold ``k``). These rules read nothing else, so each family calls them with
its own cells and its own way of naming a cell (``r3c4``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from deduce.errors import Contradiction
from deduce.state import State, bits, single_value
from deduce.step import Step

Namer = Callable[[int], str]


def single_number(state: State[Any], cells: Iterable[int], name: Namer) -> Iterator[Step]:
    """A cell with one number left holds it ("single number")."""
    domains, fixed = state.domains, state.fixed
    for cell in cells:
        d = domains[cell]
        if not fixed[cell] and d & (d - 1) == 0:
            v = single_value(d)
            yield Step(
                "single number",
                f"{name(cell)} can only be {v}, so it is {v}.",
                placements=((cell, v),),
                premises=(cell,),
                region=name(cell),
            )


def only_cell_for_number(
    state: State[Any], cells: Iterable[int], n: int, name: Namer
) -> Iterator[Step]:
    """A number 1..``n`` that fits in only one cell goes there ("only cell for a number")."""
    domains = state.domains
    cells = list(cells)
    once = twice = settled = 0
    for cell in cells:
        d = domains[cell]
        twice |= once & d
        once |= d
        if d & (d - 1) == 0:
            settled |= d
    missing = (((1 << n) - 1) << 1) & ~once
    if missing:
        raise Contradiction(f"no cell can hold {next(bits(missing))}")
    for v in bits(once & ~twice & ~settled):
        bit = 1 << v
        cell = next(c for c in cells if domains[c] & bit)
        yield Step(
            "only cell for a number",
            f"{v} fits in no cell but {name(cell)}, so {name(cell)} is {v}.",
            placements=((cell, v),),
            premises=(cell,),
            region=f"the number {v}",
        )
