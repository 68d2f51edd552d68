"""Sudoku rules written from outside the package, as a plugin's would be (docs/families.md):
what ``bench/plugin_cost.py`` plugs in through the ``deduce.rules`` entry point.

``FULL_HOUSE``: a row or column with one open cell gets the digit it lacks. It pays only for
what changed since it last looked, through ``deduce.journal.look``: a line it found without a
full house is not read again until one of its cells changes. ``NOTHING_*``: a rule that finds
nothing, at three weights (asked after every step, in the middle, last). ``FULL_HOUSE_KIT``:
the same full house from the kit's unit rules (``deduce.kit.full_house`` over the grid's rows
and columns as ``Units``): a few lines, as cheap.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from deduce import kit
from deduce.kit import Rule, State, Step, Unit, Units, look, touch_of
from deduce.puzzles.sudoku.model import symbol

#: The full house's weight: easier than Sudoku's easiest rule (1.2), so it is asked first.
WEIGHT = 0.95


def full_house(state: State[Any]) -> Iterator[Step]:
    """A row or column with one open cell: the digit it lacks goes there."""
    geo = state.puzzle.geo
    shape = geo.memo.get("full house")  # kept with the grid's shape, as Sudoku's own rules do
    if shape is None:
        lines = geo.rows + geo.cols  # part i of the Look is lines[i]
        shape = geo.memo["full house"] = (lines, touch_of(lines, len(state.domains)))
    lines, touch = shape
    seen = look(state, "full house", touch, True)  # written_only: fixed cells count
    domains, fixed = state.domains, state.fixed
    pending = (1 << len(lines)) - 1 & ~seen.clean  # the lines to read, by bit
    while pending:
        index = (pending & -pending).bit_length() - 1
        pending &= pending - 1
        line = lines[index]
        cell = -1
        for other in line:  # its open cell, when it has one only
            if not fixed[other]:
                if cell >= 0:
                    cell = -2
                    break
                cell = other
        if cell < 0:
            seen.clean |= 1 << index  # nothing here until one of its cells is written in
            continue
        placed = 0
        for other in line:
            if other != cell:
                placed |= domains[other]
        digit = (geo.full & ~placed).bit_length() - 1
        name, where, sym = geo.unit_names[index], geo.cell_names[cell], symbol(digit)
        yield Step(  # its fields already tuples: nothing to convert
            "full house",
            f"{name} has one open cell, {where}, and lacks only {sym}: {where} = {sym}.",
            placements=((cell, digit),),
            premises=line,
            region=name,
            difficulty=WEIGHT,  # the rule's own: the engine need not stamp it
        )


def sudoku_units(state: State[Any]) -> Units:
    """A Sudoku's rows and columns as the kit's ``Units`` (kept with the grid's shape)."""
    geo = state.puzzle.geo
    units = geo.memo.get("kit units")
    if units is None:
        lines = geo.rows + geo.cols  # the first rows and columns of geo.unit_names
        named = tuple(Unit(geo.unit_names[i], tuple(line)) for i, line in enumerate(lines))
        units = Units(named, geo.n, geo.cell_names.__getitem__, symbol, first=1)
        geo.memo["kit units"] = units
    return units


def nothing(state: State[Any]) -> Iterator[Step]:
    """Finds nothing, at no cost of its own: what being asked costs."""
    return iter(())


FULL_HOUSE = [Rule("full house", WEIGHT, full_house, "a line with one open cell")]
FULL_HOUSE_KIT = [
    Rule(
        "full house",
        WEIGHT,
        kit.full_house(sudoku_units, weight=WEIGHT),
        "a line with one open cell",
    )
]
NOTHING_FIRST = [Rule("nothing", 0.95, nothing, "finds nothing")]
NOTHING_MIDDLE = [Rule("nothing", 3.0, nothing, "finds nothing")]
NOTHING_LAST = [Rule("nothing", 99.0, nothing, "finds nothing")]
