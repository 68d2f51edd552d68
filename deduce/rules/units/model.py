"""Units: the data the family-neutral unit rules read, and how their sentences name things.

- **unit**: a named group of variables (cells) whose values are distinct. A *full* unit has
  as many cells as the puzzle has values, so it holds every value once (a Latin square's row,
  a Sudoku box); a partial one only holds distinct values (a Killer cage).
- **place** of a value in a unit: an open cell (not written in) of the unit whose domain
  still holds the value.
- **crossing**: two units that share cells; a value a full unit can only place in the shared
  cells is placed there, so the other unit's remaining cells lose it.
- **parallel units**: full units no two of which share a cell (a grid's rows; its columns),
  declared by the family (``Units.parallel``): what a fish reasons over.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

import attrs

from deduce.journal import touch_of
from deduce.state import State, bits
from deduce.step import Step

#: A rule's finder: steps found on a state, easiest first.
Find = Callable[[State[Any]], Iterator[Step]]


def as_cells(cells: Iterable[int]) -> tuple[int, ...]:
    """A unit's cells as a tuple (what a step's premises hold)."""
    return tuple(cells)


@attrs.frozen
class Unit:
    """A named group of cells whose values are distinct; ``full`` when it holds every value."""

    name: str
    cells: tuple[int, ...] = attrs.field(converter=as_cells)
    full: bool = True


@attrs.frozen(eq=False)
class Units:
    """A puzzle's units, the number of values, and how a player names cells and values.

    The variables are numbered from 0 and each is a cell of some unit. The values are
    ``first`` to ``first + size - 1`` (bit ``v`` of a domain: value ``v``; ``first=1`` for a
    family that leaves bit 0 unused, as Sudoku does). ``parallel`` (optional) groups the
    indices of units that are full and pairwise disjoint, one group per direction (the rows'
    indices, the columns'): a fish takes its base units from one group and its cover units
    from another.

    Derived: ``touch`` (per variable, the units holding it, as a bitmask), ``crossings`` (per
    unit, the other units sharing at least two of its cells, with the shared cells),
    ``masks`` (per unit, its cells as a bitmask), ``cells`` (per variable, its own bit: the
    ``touch`` of a rule that reads cell by cell), ``values`` (the range of values), ``every``
    (their mask) and ``full`` (the full units, as a mask of their indices)."""

    units: tuple[Unit, ...]
    size: int
    cell_name: Callable[[int], str]
    value_name: Callable[[int], str]
    parallel: tuple[tuple[int, ...], ...] = ()
    first: int = 0
    touch: tuple[int, ...] = attrs.field(init=False)
    crossings: tuple[tuple[tuple[int, frozenset[int]], ...], ...] = attrs.field(init=False)
    masks: tuple[int, ...] = attrs.field(init=False)
    cells: tuple[int, ...] = attrs.field(init=False)
    values: range = attrs.field(init=False)
    every: int = attrs.field(init=False)
    full: int = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        cells = [u.cells for u in self.units]
        largest = max((max(c) for c in cells if c), default=-1)
        object.__setattr__(self, "touch", tuple(touch_of(cells, largest + 1)))
        object.__setattr__(self, "crossings", tuple(self._crossing(u) for u in self.units))
        object.__setattr__(self, "cells", tuple(1 << c for c in range(largest + 1)))
        object.__setattr__(self, "masks", tuple(sum(1 << c for c in set(u)) for u in cells))
        object.__setattr__(self, "values", range(self.first, self.first + self.size))
        object.__setattr__(self, "full", sum(1 << i for i, u in enumerate(self.units) if u.full))
        object.__setattr__(self, "every", sum(1 << v for v in self.values))
        for group in self.parallel:
            self._check_parallel(group)

    def _crossing(self, unit: Unit) -> tuple[tuple[int, frozenset[int]], ...]:
        mine = set(unit.cells)
        shared = ((i, frozenset(mine & set(o.cells))) for i, o in enumerate(self.units))
        return tuple((i, s) for i, s in shared if len(s) >= 2 and self.units[i] is not unit)

    def _check_parallel(self, group: tuple[int, ...]) -> None:
        """Raise ValueError unless the group's units are full and share no cell (a fish
        on them would be unsound otherwise)."""
        seen = 0
        for index in group:
            unit = self.units[index]
            if not unit.full or seen & self.masks[index]:
                raise ValueError(f"parallel units must be full and disjoint: {unit.name}")
            seen |= self.masks[index]


#: How a family gives a state's units to the rules (cached by the family, per puzzle).
UnitsOf = Callable[[State[Any]], Units]


def names(units: Units, cells: Sequence[int]) -> str:
    """``r1c2, r1c5 and r1c7``: cells as a player lists them."""
    return listed([units.cell_name(c) for c in cells])


def values_named(units: Units, mask: int, last: str = "and") -> str:
    """``3, 5 and 8`` (or with ``last="or"``, ``3, 5 or 8``): the values of ``mask`` as a
    player lists them."""
    return listed([units.value_name(v) for v in bits(mask)], last)


def listed(words: Sequence[str], last: str = "and") -> str:
    """``a, b and c``: words as a player lists them (``last="or"``: ``a, b or c``)."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {last} {words[-1]}"


def open_cells(state: State[Any], unit: Unit) -> list[int]:
    """The unit's cells not written in."""
    return [c for c in unit.cells if not state.fixed[c]]


def placed_values(state: State[Any], unit: Unit) -> int:
    """The values already written in the unit's cells, as a mask."""
    mask = 0
    for c in unit.cells:
        if state.fixed[c]:
            mask |= state.domains[c]
    return mask


def verb(gone: Sequence[tuple[int, int]]) -> str:
    """``loses`` when the removals ``(cell, value)`` are all from one cell, else ``lose``."""
    return "loses" if len({c for c, _ in gone}) == 1 else "lose"


def lost(gone: Sequence[tuple[int, int]]) -> int:
    """The values of the removals ``(cell, value)``, as a mask."""
    mask = 0
    for _, v in gone:
        mask |= 1 << v
    return mask
