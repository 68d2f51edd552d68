"""Rules over named units, for any family whose variables take distinct values in groups.

Glossary:

- **unit**: a named group of variables (cells) whose values are distinct. A *full* unit has
  as many cells as the puzzle has values, so it holds every value once (a Latin square's row,
  a Sudoku box); a partial one only holds distinct values (a Killer cage).
- **place** of a value in a unit: an open cell (not written in) of the unit whose domain
  still holds the value.
- **crossing**: two units that share cells; a value a full unit can only place in the shared
  cells is placed there, so the other unit's remaining cells lose it.

The way Simon Tatham's collection shares one Latin-square solver among Unequal, Keen and
Towers, a family hands these rules its units (``Units``, made once per puzzle) and gets
singles, naked and hidden subsets and intersection removal, with sentences a player can
check. Every rule reads a unit again only after one of its cells changed (``deduce.journal``),
so a family pays for what changed, as the project's own rules do.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import combinations
from typing import Any

import attrs

from deduce.errors import Contradiction
from deduce.journal import look, touch_of
from deduce.state import State, bits, popcount
from deduce.step import Step

#: A rule's finder: steps found on a state, easiest first.
Find = Callable[[State[Any]], Iterator[Step]]


@attrs.frozen
class Unit:
    """A named group of cells whose values are distinct; ``full`` when it holds every value."""

    name: str
    cells: tuple[int, ...]
    full: bool = True


@attrs.frozen(eq=False)
class Units:
    """A puzzle's units, the number of values, and how a player names cells and values.

    ``touch`` (per variable, the units holding it, as a bitmask) and ``crossings`` (per unit,
    the other units sharing at least two of its cells, with the shared cells) are derived."""

    units: tuple[Unit, ...]
    size: int
    cell_name: Callable[[int], str]
    value_name: Callable[[int], str]
    touch: tuple[int, ...] = attrs.field(init=False)
    crossings: tuple[tuple[tuple[int, frozenset[int]], ...], ...] = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        cells = [u.cells for u in self.units]
        largest = max((max(c) for c in cells if c), default=-1)
        object.__setattr__(self, "touch", tuple(touch_of(cells, largest + 1)))
        object.__setattr__(self, "crossings", tuple(self._crossing(u) for u in self.units))

    def _crossing(self, unit: Unit) -> tuple[tuple[int, frozenset[int]], ...]:
        mine = set(unit.cells)
        shared = ((i, frozenset(mine & set(o.cells))) for i, o in enumerate(self.units))
        return tuple((i, s) for i, s in shared if len(s) >= 2 and self.units[i] is not unit)


#: How a family gives a state's units to the rules (cached by the family, per puzzle).
UnitsOf = Callable[[State[Any]], Units]


def names(units: Units, cells: Sequence[int]) -> str:
    """``r1c2, r1c5 and r1c7``: cells as a player lists them."""
    return _listed([units.cell_name(c) for c in cells])


def values_named(units: Units, mask: int, last: str = "and") -> str:
    """``3, 5 and 8`` (or with ``last="or"``, ``3, 5 or 8``): the values of ``mask`` as a
    player lists them."""
    return _listed([units.value_name(v) for v in bits(mask)], last)


def _listed(words: Sequence[str], last: str = "and") -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {last} {words[-1]}"


def _open(state: State[Any], unit: Unit) -> list[int]:
    return [c for c in unit.cells if not state.fixed[c]]


def _placed(state: State[Any], unit: Unit) -> int:
    """The values already written in the unit's cells."""
    mask = 0
    for c in unit.cells:
        if state.fixed[c]:
            mask |= state.domains[c]
    return mask


def naked_single(units_of: UnitsOf, name: str = "naked single") -> Find:
    """An open cell with one value left holds it."""

    def find(state: State[Any]) -> Iterator[Step]:
        units = units_of(state)
        for cell, domain in enumerate(state.domains):
            if not state.fixed[cell] and domain and not domain & (domain - 1):
                where, value = units.cell_name(cell), domain.bit_length() - 1
                what = units.value_name(value)
                text = f"{where} has only {what} left, so {where} = {what}."
                yield Step(name, text, placements=((cell, value),), premises=(cell,), region=where)

    return find


def hidden_single(units_of: UnitsOf, name: str = "hidden single") -> Find:
    """A value with one place left in a full unit goes there; with none left (and not
    written in the unit), the grid is impossible."""

    def find(state: State[Any]) -> Iterator[Step]:
        units = units_of(state)
        seen = look(state, f"units: {name}", units.touch)
        for index, unit in enumerate(units.units):
            if not unit.full or seen.clean >> index & 1:
                continue
            found = False
            for step in _hidden_singles_in(state, units, unit, name):
                found = True
                yield step
            if not found:
                seen.clean |= 1 << index

    return find


def _hidden_singles_in(state: State[Any], units: Units, unit: Unit, name: str) -> Iterator[Step]:
    placed, cells = _placed(state, unit), _open(state, unit)
    for value in range(units.size):
        if placed >> value & 1:
            continue
        places = [c for c in cells if state.domains[c] >> value & 1]
        what = units.value_name(value)
        if not places:
            raise Contradiction(f"{unit.name} has no place left for {what}")
        if len(places) == 1:
            where = units.cell_name(places[0])
            text = f"In {unit.name}, {what} fits only in {where}, so {where} = {what}."
            yield Step(
                name, text, placements=((places[0], value),), premises=unit.cells, region=unit.name
            )


#: Subset sizes and their names, as Sudoku players name them.
SUBSETS = {2: "pair", 3: "triple", 4: "quad"}


def naked_subset(units_of: UnitsOf, size: int, name: str = "") -> Find:
    """``size`` open cells of a unit whose values together number ``size`` hold those
    values, so the unit's other cells lose them."""
    name = name or f"naked {SUBSETS[size]}"

    def find(state: State[Any]) -> Iterator[Step]:
        units = units_of(state)
        seen = look(state, f"units: {name}", units.touch)
        for index, unit in enumerate(units.units):
            if seen.clean >> index & 1:
                continue
            steps = list(_naked_in(state, units, unit, size, name))
            yield from steps
            if not steps:
                seen.clean |= 1 << index

    return find


def _naked_in(state: State[Any], units: Units, unit: Unit, size: int, name: str) -> Iterator[Step]:
    cells = _open(state, unit)
    domains = state.domains
    for group in combinations(cells, size):
        union = 0
        for c in group:
            union |= domains[c]
        if popcount(union) != size:
            continue
        gone = [(c, v) for c in cells if c not in group for v in bits(domains[c] & union)]
        if gone:
            held, listed = values_named(units, union), names(units, group)
            losers = names(units, sorted({c for c, _ in gone}))
            text = (
                f"{listed} hold only {held} between them, so the other cells of "
                f"{unit.name} cannot be {values_named(units, union, 'or')}: {losers} {_verb(gone)} them."
            )
            yield Step(name, text, eliminations=gone, premises=group, region=unit.name)


def hidden_subset(units_of: UnitsOf, size: int, name: str = "") -> Find:
    """``size`` values of a full unit whose places lie in ``size`` cells fill those cells,
    so the cells lose every other value."""
    name = name or f"hidden {SUBSETS[size]}"

    def find(state: State[Any]) -> Iterator[Step]:
        units = units_of(state)
        seen = look(state, f"units: {name}", units.touch)
        for index, unit in enumerate(units.units):
            if not unit.full or seen.clean >> index & 1:
                continue
            steps = list(_hidden_in(state, units, unit, size, name))
            yield from steps
            if not steps:
                seen.clean |= 1 << index

    return find


def _hidden_in(state: State[Any], units: Units, unit: Unit, size: int, name: str) -> Iterator[Step]:
    cells, placed = _open(state, unit), _placed(state, unit)
    places = {
        v: frozenset(c for c in cells if state.domains[c] >> v & 1)
        for v in range(units.size)
        if not placed >> v & 1
    }
    candidates = [v for v, p in places.items() if 2 <= len(p) <= size]
    for group in combinations(candidates, size):
        where = sorted(frozenset().union(*(places[v] for v in group)))
        mask = sum(1 << v for v in group)
        if len(where) != size:
            continue
        gone = [(c, v) for c in where for v in bits(state.domains[c] & ~mask)]
        if gone:
            held = values_named(units, mask)
            text = (
                f"In {unit.name}, {held} fit only in {names(units, where)}, so those "
                f"cells hold nothing else: they lose {values_named(units, _lost(gone))}."
            )
            yield Step(name, text, eliminations=gone, premises=unit.cells, region=unit.name)


def _verb(gone: Sequence[tuple[int, int]]) -> str:
    """``loses`` when the removals are all from one cell, else ``lose``."""
    return "loses" if len({c for c, _ in gone}) == 1 else "lose"


def _lost(gone: Sequence[tuple[int, int]]) -> int:
    mask = 0
    for _, v in gone:
        mask |= 1 << v
    return mask


def intersection_removal(units_of: UnitsOf, name: str = "intersection removal") -> Find:
    """A value whose places in a full unit all lie where it crosses another unit is placed
    in the crossing, so the other unit's remaining cells lose it (SudokuWiki's pointing pairs
    and box/line reduction, for any two units)."""

    def find(state: State[Any]) -> Iterator[Step]:
        units = units_of(state)
        seen = look(state, f"units: {name}", units.touch)
        for index, unit in enumerate(units.units):
            if not unit.full or seen.clean >> index & 1:
                continue
            steps = list(_confined_in(state, units, index, name))
            yield from steps
            if not steps:
                seen.clean |= 1 << index

    return find


def _confined_in(state: State[Any], units: Units, index: int, name: str) -> Iterator[Step]:
    unit = units.units[index]
    cells, placed = _open(state, unit), _placed(state, unit)
    for value in range(units.size):
        places = frozenset(c for c in cells if state.domains[c] >> value & 1)
        if placed >> value & 1 or len(places) < 2:
            continue
        for other, shared in units.crossings[index]:
            if places <= shared:
                yield from _removal(state, units, (unit, units.units[other]), value, places, name)


def _removal(
    state: State[Any],
    units: Units,
    pair: tuple[Unit, Unit],
    value: int,
    places: frozenset[int],
    name: str,
) -> Iterator[Step]:
    unit, other = pair
    gone = [
        (c, value) for c in _open(state, other) if c not in places and state.domains[c] >> value & 1
    ]
    if gone:
        what, where = units.value_name(value), names(units, sorted(places))
        text = (
            f"In {unit.name}, {what} fits only in {where}, which are also in {other.name}, "
            f"so the rest of {other.name} cannot be {what}: "
            f"{names(units, [c for c, _ in gone])} {_verb(gone)} it."
        )
        yield Step(name, text, eliminations=gone, premises=unit.cells, region=unit.name)
