"""Singles over named units: a unit's last open cell, a cell's last value, a value's last
place in a unit."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from deduce.errors import Contradiction
from deduce.journal import look
from deduce.rules.units.model import Find, Unit, Units, UnitsOf, open_cells, placed_values
from deduce.state import State
from deduce.step import Step


def full_house(units_of: UnitsOf, name: str = "full house", weight: float = 0.0) -> Find:
    """A full unit with one open cell: the value it lacks goes there. It reads a unit again
    only after one of its cells is written in (the open cells' domains do not matter).

    ``weight`` (optional, for the singles): the rule's weight, set on its steps so that the
    engine need not copy each step to stamp it (a few percent of an easy solve); give the
    same constant as the rule's row, never a second number."""

    key = f"units: {name}"  # where the rule keeps its Look on a State

    def find(state: State[Any]) -> Iterator[Step]:
        units = units_of(state)
        seen = look(state, key, units.touch, written_only=True)
        fixed = state.fixed
        pending = units.full & ~seen.clean
        while pending:
            low = pending & -pending
            pending ^= low
            unit = units.units[low.bit_length() - 1]
            cell = -1
            for other in unit.cells:  # its open cell, when it has one only
                if not fixed[other]:
                    if cell >= 0:
                        cell = -2
                        break
                    cell = other
            if cell < 0:
                seen.clean |= low  # nothing here until one of its cells is written in
                continue
            yield _full_house_in(state, units, unit, cell, (name, weight))

    return find


def _full_house_in(
    state: State[Any], units: Units, unit: Unit, cell: int, rule: tuple[str, float]
) -> Step:
    lacking = units.every & ~placed_values(state, unit)
    where = units.cell_name(cell)
    if lacking & (lacking - 1) or not state.domains[cell] & lacking:
        raise Contradiction(f"{unit.name} has one open cell, {where}, which cannot complete it")
    value = lacking.bit_length() - 1
    what = units.value_name(value)
    text = f"{unit.name} has one open cell, {where}, and lacks only {what}: {where} = {what}."
    name, weight = rule
    return Step(
        name,
        text,
        placements=((cell, value),),
        premises=unit.cells,
        region=unit.name,
        difficulty=weight,
    )


def naked_single(units_of: UnitsOf, name: str = "naked single", weight: float = 0.0) -> Find:
    """An open cell (of any unit) with one value left holds it. It reads a cell again only
    after the cell changed. ``weight``: as ``full_house``'s."""

    key = f"units: {name}"  # where the rule keeps its Look on a State

    def find(state: State[Any]) -> Iterator[Step]:
        units = units_of(state)
        seen = look(state, key, units.cells)
        domains, fixed = state.domains, state.fixed
        pending = (1 << len(units.cells)) - 1 & ~seen.clean
        while pending:
            low = pending & -pending
            pending ^= low
            cell = low.bit_length() - 1
            domain = domains[cell]
            if fixed[cell] or not domain or domain & (domain - 1):
                seen.clean |= low
                continue
            where, value = units.cell_name(cell), domain.bit_length() - 1
            what = units.value_name(value)
            text = f"{where} has only {what} left, so {where} = {what}."
            yield Step(
                name,
                text,
                placements=((cell, value),),
                premises=(cell,),
                region=where,
                difficulty=weight,
            )

    return find


def hidden_single(units_of: UnitsOf, name: str = "hidden single", weight: float = 0.0) -> Find:
    """A value with one place left in a full unit goes there; with none left (and not
    written in the unit), the grid is impossible. ``weight``: as ``full_house``'s."""

    key = f"units: {name}"  # where the rule keeps its Look on a State

    def find(state: State[Any]) -> Iterator[Step]:
        units = units_of(state)
        seen = look(state, key, units.touch)
        for index, unit in enumerate(units.units):
            if not unit.full or seen.clean >> index & 1:
                continue
            found = False
            for step in _hidden_singles_in(state, units, unit, (name, weight)):
                found = True
                yield step
            if not found:
                seen.clean |= 1 << index

    return find


def _hidden_singles_in(
    state: State[Any], units: Units, unit: Unit, rule: tuple[str, float]
) -> Iterator[Step]:
    name, weight = rule
    placed, cells = placed_values(state, unit), open_cells(state, unit)
    for value in units.values:
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
                name,
                text,
                placements=((places[0], value),),
                premises=unit.cells,
                region=unit.name,
                difficulty=weight,
            )
