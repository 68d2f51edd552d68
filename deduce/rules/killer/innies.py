"""The rule of 45: a row, column or box (or two or three neighbouring rows or columns) holds
every digit once, so it adds up to 45 (in a 9x9; ``n(n+1)/2`` in general) a unit.

- **innies**: the cages wholly inside an area add up to a known total, so its cells left over
  (in cages that stick out) add up to the rest;
- **outies**: the cages that overlap an area add up to a known total, so their cells outside
  it add up to what is more than the area.

One, two or three such cells act as a cage of their own (their digits differ when they share
a unit): they keep only the candidates some filling of that total uses. The areas and their
innies and outies depend on the cages alone: they are worked out once a puzzle.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from typing import Any

import attrs

from deduce.errors import Contradiction
from deduce.journal import look, touch_of
from deduce.puzzles.killer.model import Killer
from deduce.puzzles.sudoku.model import cell_name
from deduce.rules.killer.cages import losses
from deduce.rules.killer.sums import fillings, unsupported
from deduce.state import State
from deduce.step import Step

#: The most innies or outies a step adds up (more are too many for a player to sum by eye).
MOST = 3


@attrs.frozen
class Leftover:
    """Cells of an area's innies or outies with the total they add up to, and why."""

    cells: tuple[int, ...]
    total: int
    distinct: bool
    area: str
    kind: str  # "innie" or "outie"
    known: int  # what the cages counted add up to
    whole: int  # what the area adds up to


@lru_cache(maxsize=256)
def leftovers(puzzle: Killer) -> tuple[Leftover, ...]:
    """Every area's innies and outies of one to ``MOST`` cells, fewest cells first."""
    found: list[Leftover] = []
    for name, units in _areas(puzzle):
        area = frozenset(c for u in units for c in puzzle.geo.units[u])
        found.extend(_of_area(puzzle, name, area, len(units)))
    unique = {(x.cells, x.total): x for x in found}
    return tuple(sorted(unique.values(), key=lambda x: (len(x.cells), x.cells)))


def _areas(puzzle: Killer) -> Iterator[tuple[str, tuple[int, ...]]]:
    n = puzzle.n
    for u, name in enumerate(puzzle.geo.unit_names):
        yield name, (u,)
    for first, kind in ((0, "rows"), (n, "columns")):
        for size in (2, 3):
            for start in range(n - size + 1):
                units = tuple(first + start + k for k in range(size))
                yield f"{kind} {start + 1}-{start + size}", units


def _of_area(puzzle: Killer, name: str, area: frozenset[int], units: int) -> Iterator[Leftover]:
    if any(puzzle.cage_of[c] < 0 for c in area):
        return
    touching = {puzzle.cage_of[c] for c in area}
    inside = [i for i in touching if set(puzzle.cages[i].cells) <= area]
    whole = units * puzzle.n * (puzzle.n + 1) // 2
    known = sum(puzzle.cages[i].total for i in inside)
    innies = sorted(area - {c for i in inside for c in puzzle.cages[i].cells})
    if 0 < len(innies) <= MOST:
        yield Leftover(
            tuple(innies), whole - known, _see(puzzle, innies), name, "innie", known, whole
        )
    over = [i for i in touching if i not in inside]
    outies = sorted({c for i in over for c in puzzle.cages[i].cells} - area)
    if 0 < len(outies) <= MOST:
        counted = sum(puzzle.cages[i].total for i in touching)
        yield Leftover(
            tuple(outies), counted - whole, _see(puzzle, outies), name, "outie", counted, whole
        )


def _see(puzzle: Killer, cells: list[int]) -> bool:
    """Whether the cells all share a unit or a cage (so their digits differ)."""
    geo = puzzle.geo
    common = -1
    for c in cells:
        common &= geo.cell_units[c]
    return bool(common) or len({puzzle.cage_of[c] for c in cells}) == 1


@lru_cache(maxsize=256)
def _touch(puzzle: Killer) -> tuple[int, ...]:
    return tuple(touch_of([x.cells for x in leftovers(puzzle)], puzzle.n * puzzle.n))


#: The rule's two rows in the table: one cell left over, and two or three.
NAMES = {1: "innies and outies (one cell)", 2: "innies and outies", 3: "innies and outies"}


def rule_of_45(state: State[Any], sizes: tuple[int, ...]) -> Iterator[Step]:
    """Innies and outies of one of ``sizes`` cells keep what a filling of their total uses."""
    puzzle: Killer = state.puzzle
    seen = look(state, NAMES[sizes[0]], _touch(puzzle))
    for index, left in enumerate(leftovers(puzzle)):
        if len(left.cells) not in sizes or seen.clean >> index & 1:
            continue
        found = fillings([state.domains[c] for c in left.cells], left.total, left.distinct)
        if not all(found.support):
            raise Contradiction(f"the {left.kind}s of {left.area} cannot add up to {left.total}")
        gone = unsupported(state.domains, state.fixed, left.cells, found.support)
        if not gone:
            seen.clean |= 1 << index
            continue
        yield _step(puzzle, left, gone)


def _step(puzzle: Killer, left: Leftover, gone: list[tuple[int, int]]) -> Step:
    cells = ", ".join(cell_name(puzzle, c) for c in left.cells)
    one = len(left.cells) == 1
    sums = f"is {left.total}" if one else f"add up to {left.total}"
    it = "them" if "-" in left.area else "it"
    if left.kind == "innie":
        why = (
            f"{left.area} {'add' if ' ' in left.area and '-' in left.area else 'adds'} up to "
            f"{left.whole} and the cages wholly inside {it} to "
            f"{left.known}, so what is left, {cells}, {sums}"
        )
    else:
        why = (
            f"the cages overlapping {left.area} add up to {left.known}, {left.total} more than "
            f"{'their' if it == 'them' else 'its'} {left.whole}, so {'their cell' if one else 'their cells'} outside {it}, {cells}, {sums}"
        )
    text = f"Rule of 45: {why}: {losses(puzzle, gone)}."
    return Step(
        NAMES[len(left.cells)],
        text,
        eliminations=tuple(gone),
        premises=left.cells,
        region=left.area,
    )
