"""Fish over parallel units (X-Wing, swordfish, jellyfish), for any family that declares
which of its units are parallel lines (``Units.parallel``).

Take ``size`` base units from one parallel group (say rows) in which a value is not yet
written in, and suppose its places in them all lie in ``size`` cover units of another group
(columns). Each base unit holds the value once, in a different cell; no two of those cells
can share a cover unit, so the ``size`` cover units hold their value inside the base units,
and their other cells lose it. The base units must be full and disjoint, the cover units
disjoint: ``Units`` checks the groups it is given.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import Any

from deduce.journal import look_by_value, value_places
from deduce.rules.units.model import Find, Units, UnitsOf, listed, names, verb
from deduce.state import State, bits
from deduce.step import Step

#: Fish sizes and their names, as Sudoku players name them.
FISH = {2: "X-Wing", 3: "swordfish", 4: "jellyfish"}


def fish(units_of: UnitsOf, size: int, name: str = "") -> Find:
    """A value whose places in ``size`` parallel base units lie in ``size`` cover units of
    another parallel group leaves the cover units' other cells. It reads a value again only
    after one of its places changed (``look_by_value``)."""
    name = name or FISH[size]

    key = f"units: {name}"  # where the rule keeps its Look on a State

    def find(state: State[Any]) -> Iterator[Step]:
        units = units_of(state)
        if len(units.parallel) < 2:
            return
        seen = look_by_value(state, key, units.values.stop)
        places = value_places(state, units.values.stop)
        for value in units.values:
            if seen.clean >> value & 1:
                continue
            steps = list(_fish_of(units, value, places[value], size, name))
            yield from steps
            if not steps:
                seen.clean |= 1 << value

    return find


def _fish_of(units: Units, value: int, where: int, size: int, name: str) -> Iterator[Step]:
    for base in units.parallel:
        for cover in units.parallel:
            if base is not cover:
                yield from _fish_in(units, (base, cover), value, where, size, name)


def _fish_in(
    units: Units,
    groups: tuple[tuple[int, ...], tuple[int, ...]],
    value: int,
    where: int,
    size: int,
    name: str,
) -> Iterator[Step]:
    """The fish of ``value`` (its places the mask ``where``) with base units from
    ``groups[0]`` and cover units from ``groups[1]``."""
    base, cover = groups
    masks = units.masks
    covers = {}  # base unit -> the cover units (by position in ``cover``) holding its places
    for b in base:
        hit = sum(1 << j for j, c in enumerate(cover) if where & masks[b] & masks[c])
        if 2 <= hit.bit_count() <= size:
            covers[b] = hit
    for chosen in combinations(covers, size):
        hit = 0
        for b in chosen:
            hit |= covers[b]
        if hit.bit_count() != size:
            continue
        inside = sum(masks[b] for b in chosen)
        lines = [cover[j] for j in bits(hit)]
        outside = sum(masks[c] for c in lines) & where & ~inside
        if outside:
            yield _step(units, (chosen, lines), value, (where & inside, outside), name)


def _step(
    units: Units,
    lines: tuple[Sequence[int], Sequence[int]],
    value: int,
    cells: tuple[int, int],
    name: str,
) -> Step:
    chosen, covered = lines
    fins, gone = list(bits(cells[0])), [(c, value) for c in bits(cells[1])]
    bases = listed([units.units[b].name for b in chosen])
    covers = listed([units.units[c].name for c in covered])
    what = units.value_name(value)
    text = (
        f"In {bases}, {what} fits only in {covers} ({names(units, fins)}), so {covers} "
        f"hold their {what} in {bases}: {names(units, [c for c, _ in gone])} {verb(gone)} it."
    )
    return Step(name, text, eliminations=tuple(gone), premises=tuple(fins), region=bases)
