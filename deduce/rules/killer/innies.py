"""The rule of 45: a row, column or box (or two or three neighbouring rows, columns or boxes of
a band or stack) holds every digit once a unit, so it adds up to 45 (in a 9x9; ``n(n+1)/2`` in
general) a unit.

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
    units: tuple[int, ...]  # the area's units (indices in ``geo.units``)


@lru_cache(maxsize=256)
def leftovers(puzzle: Killer, most: int = MOST) -> tuple[Leftover, ...]:
    """Every area's innies and outies of one to ``most`` cells, fewest cells first."""
    found: list[Leftover] = []
    for name, units in areas(puzzle):
        area = frozenset(c for u in units for c in puzzle.geo.units[u])
        found.extend(_of_area(puzzle, name, area, units, most))
    unique: dict[tuple[tuple[int, ...], int], Leftover] = {}
    for x in found:  # the last of the lines' areas names a leftover; a union of boxes, the first
        if not (_of_boxes(puzzle, x) and (x.cells, x.total) in unique):
            unique[x.cells, x.total] = x
    return tuple(
        sorted(unique.values(), key=lambda x: (len(x.cells), _of_boxes(puzzle, x), x.cells))
    )


def _of_boxes(puzzle: Killer, left: Leftover) -> bool:
    """Whether ``left`` is read over a union of boxes (after the lines' of as many cells)."""
    return len(left.units) > 1 and min(left.units) >= 2 * puzzle.n


def areas(puzzle: Killer) -> Iterator[tuple[str, tuple[int, ...]]]:
    """Every area the rule of 45 reads, with its units (indices in ``geo.units``): a row,
    column or box, two or three neighbouring rows or columns, then two or three neighbouring
    boxes of a band or a stack (three boxes that make three lines are left to the lines)."""
    n = puzzle.n
    for u, name in enumerate(puzzle.geo.unit_names):
        yield name, (u,)
    for first, kind in ((0, "rows"), (n, "columns")):
        for size in (2, 3):
            for start in range(n - size + 1):
                units = tuple(first + start + k for k in range(size))
                yield f"{kind} {start + 1}-{start + size}", units
    yield from _box_unions(puzzle)


def _box_unions(puzzle: Killer) -> Iterator[tuple[str, tuple[int, ...]]]:
    geo = puzzle.geo
    across, down = geo.n // geo.box_w, geo.n // geo.box_h
    for step, length, count in ((1, across, down), (across, down, across)):
        for line in range(count):
            first = line * (across if step == 1 else 1)
            for size in (2, 3):
                if size >= length:
                    continue  # the whole band or stack: its rows or columns
                for start in range(length - size + 1):
                    boxes = [first + (start + k) * step for k in range(size)]
                    names = [str(b + 1) for b in boxes]
                    words = f"{', '.join(names[:-1])} and {names[-1]}"
                    yield f"boxes {words}", tuple(2 * geo.n + b for b in boxes)


def _of_area(
    puzzle: Killer, name: str, area: frozenset[int], units: tuple[int, ...], most: int
) -> Iterator[Leftover]:
    if any(puzzle.cage_of[c] < 0 for c in area):
        return
    touching = {puzzle.cage_of[c] for c in area}
    inside = [i for i in touching if set(puzzle.cages[i].cells) <= area]
    whole = len(units) * puzzle.n * (puzzle.n + 1) // 2
    known = sum(puzzle.cages[i].total for i in inside)
    innies = sorted(area - {c for i in inside for c in puzzle.cages[i].cells})
    if 0 < len(innies) <= most:
        yield Leftover(
            tuple(innies), whole - known, _see(puzzle, innies), name, "innie", known, whole, units
        )
    over = [i for i in touching if i not in inside]
    outies = sorted({c for i in over for c in puzzle.cages[i].cells} - area)
    if 0 < len(outies) <= most:
        counted = sum(puzzle.cages[i].total for i in touching)
        yield Leftover(
            tuple(outies),
            counted - whole,
            _see(puzzle, outies),
            name,
            "outie",
            counted,
            whole,
            units,
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
    text = f"Rule of 45: {reason(puzzle, left)}: {losses(puzzle, gone)}."
    return Step(
        NAMES[len(left.cells)],
        text,
        eliminations=tuple(gone),
        premises=left.cells,
        region=left.area,
    )


def reason(puzzle: Killer, left: Leftover) -> str:
    """Why ``left``'s cells add up to its total: the rule of 45 over its area, in words."""
    cells = ", ".join(cell_name(puzzle, c) for c in left.cells)
    one = len(left.cells) == 1
    sums = f"is {left.total}" if one else f"add up to {left.total}"
    plural = len(left.units) > 1
    it = "them" if plural else "it"
    if left.kind == "innie":
        return (
            f"{left.area} {'add' if plural else 'adds'} up to {left.whole} and the cages wholly "
            f"inside {it} to {left.known}, so what is left, {cells}, {sums}"
        )
    return (
        f"the cages overlapping {left.area} add up to {left.known}, {left.total} more than "
        f"{'their' if plural else 'its'} {left.whole}, so "
        f"{'their cell' if one else 'their cells'} outside {it}, {cells}, {sums}"
    )
