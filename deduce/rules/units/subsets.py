"""Subsets and crossings over named units: naked and hidden pairs, triples and quads, and
intersection removal between any two units."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import Any

from deduce.journal import look
from deduce.rules.units.model import (
    Find,
    Unit,
    Units,
    UnitsOf,
    lost,
    names,
    open_cells,
    placed_values,
    values_named,
    verb,
)
from deduce.state import State, bits, popcount
from deduce.step import Step

#: Subset sizes and their names, as Sudoku players name them.
SUBSETS = {2: "pair", 3: "triple", 4: "quad"}


def naked_subset(units_of: UnitsOf, size: int, name: str = "") -> Find:
    """``size`` open cells of a unit whose values together number ``size`` hold those
    values, so the unit's other cells lose them."""
    name = name or f"naked {SUBSETS[size]}"

    key = f"units: {name}"  # where the rule keeps its Look on a State

    def find(state: State[Any]) -> Iterator[Step]:
        units = units_of(state)
        seen = look(state, key, units.touch)
        for index, unit in enumerate(units.units):
            if seen.clean >> index & 1:
                continue
            steps = list(_naked_in(state, units, unit, size, name))
            yield from steps
            if not steps:
                seen.clean |= 1 << index

    return find


def _naked_in(state: State[Any], units: Units, unit: Unit, size: int, name: str) -> Iterator[Step]:
    cells = open_cells(state, unit)
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
                f"{unit.name} cannot be {values_named(units, union, 'or')}: {losers} {verb(gone)} them."
            )
            yield Step(name, text, eliminations=tuple(gone), premises=group, region=unit.name)


def hidden_subset(units_of: UnitsOf, size: int, name: str = "") -> Find:
    """``size`` values of a full unit whose places lie in ``size`` cells fill those cells,
    so the cells lose every other value."""
    name = name or f"hidden {SUBSETS[size]}"

    key = f"units: {name}"  # where the rule keeps its Look on a State

    def find(state: State[Any]) -> Iterator[Step]:
        units = units_of(state)
        seen = look(state, key, units.touch)
        for index, unit in enumerate(units.units):
            if not unit.full or seen.clean >> index & 1:
                continue
            steps = list(_hidden_in(state, units, unit, size, name))
            yield from steps
            if not steps:
                seen.clean |= 1 << index

    return find


def _hidden_in(state: State[Any], units: Units, unit: Unit, size: int, name: str) -> Iterator[Step]:
    cells, placed = open_cells(state, unit), placed_values(state, unit)
    places = {
        v: frozenset(c for c in cells if state.domains[c] >> v & 1)
        for v in units.values
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
                f"cells hold nothing else: they lose {values_named(units, lost(gone))}."
            )
            yield Step(name, text, eliminations=tuple(gone), premises=unit.cells, region=unit.name)


def intersection_removal(units_of: UnitsOf, name: str = "intersection removal") -> Find:
    """A value whose places in a full unit all lie where it crosses another unit is placed
    in the crossing, so the other unit's remaining cells lose it (SudokuWiki's pointing pairs
    and box/line reduction, for any two units)."""

    key = f"units: {name}"  # where the rule keeps its Look on a State

    def find(state: State[Any]) -> Iterator[Step]:
        units = units_of(state)
        seen = look(state, key, units.touch)
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
    cells, placed = open_cells(state, unit), placed_values(state, unit)
    for value in units.values:
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
        (c, value)
        for c in open_cells(state, other)
        if c not in places and state.domains[c] >> value & 1
    ]
    if gone:
        what, where = units.value_name(value), names(units, sorted(places))
        text = (
            f"In {unit.name}, {what} fits only in {where}, which are also in {other.name}, "
            f"so the rest of {other.name} cannot be {what}: "
            f"{names(units, [c for c, _ in gone])} {verb(gone)} it."
        )
        yield Step(name, text, eliminations=tuple(gone), premises=unit.cells, region=unit.name)
