"""A cage that must contain a digit (SudokuWiki's cage/unit overlap, type 1): where a row,
column or box can put a digit only in cells of one cage, the cage holds that digit there.

Its fillings are then those using the digit in one of those cells, so the cage's other cells
lose the digit and every candidate only the other fillings used goes. The other way round (a
digit every filling of a cage uses, confined in it to one unit, leaves the rest of the unit)
is ``deduce.rules.killer.cages.cage_unit_interaction``; a digit whose every filling puts it in
one cell is already the cage combination's.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from deduce.errors import Contradiction
from deduce.journal import look, value_places
from deduce.puzzles.killer.model import Killer, cage_name
from deduce.puzzles.sudoku.model import cell_name
from deduce.rules.killer.cages import LISTED, losses
from deduce.rules.killer.sums import combination_text, fillings, unsupported
from deduce.state import State, bits
from deduce.step import Step

#: The rule's name, as its table row and its steps give it.
NAME = "cage must contain"


@lru_cache(maxsize=256)
def _touch(puzzle: Killer) -> tuple[int, ...]:
    """For every cell, the mask of the cages (bit = cage index) whose units hold it: the
    cages whose finding a change of the cell can alter."""
    geo, touch = puzzle.geo, [0] * (puzzle.n * puzzle.n)
    for index in range(len(puzzle.cages)):
        for u in bits(_units(puzzle, index)):
            for c in geo.units[u]:
                touch[c] |= 1 << index
    return tuple(touch)


def _units(puzzle: Killer, index: int) -> int:
    units = 0
    for c in puzzle.cages[index].cells:
        units |= puzzle.geo.cell_units[c]
    return units


def cage_must_contain(state: State[Any]) -> Iterator[Step]:
    """A digit a unit can put only in one cage's cells: the cage keeps the fillings with it
    there."""
    puzzle: Killer = state.puzzle
    seen = look(state, NAME, _touch(puzzle))
    places = value_places(state, puzzle.n + 1)
    masks = puzzle.geo.unit_masks
    for index, cage in enumerate(puzzle.cages):
        if seen.clean >> index & 1:
            continue
        inside = sum(1 << c for c in cage.cells)
        found = False
        for u in bits(_units(puzzle, index)):
            for d in range(1, puzzle.n + 1):
                where = places[d] & masks[u]
                if where and not where & ~inside:
                    step = _held(state, puzzle, index, u, d, where)
                    if step is not None:
                        found = True
                        yield step
        if not found:
            seen.clean |= 1 << index


def _held(
    state: State[Any], puzzle: Killer, index: int, unit: int, d: int, where: int
) -> Step | None:
    """The step of cage ``index`` holding ``d`` in the cells of ``where`` (a bitmask), or
    None when that leaves every candidate."""
    cage, domains = puzzle.cages[index], state.domains
    narrowed = [domains[c] if where >> c & 1 else domains[c] & ~(1 << d) for c in cage.cells]
    combinations = [m for m in fillings(narrowed, cage.total).combinations if m >> d & 1]
    if not combinations:
        raise Contradiction(f"{cage_name(puzzle, index)} cannot hold {d} where it must")
    support = [0] * len(cage.cells)
    for m in combinations:
        using = fillings([x & m for x in narrowed], cage.total).support
        support = [a | b for a, b in zip(support, using, strict=True)]
    gone = unsupported(domains, state.fixed, cage.cells, support)
    if not gone:
        return None
    cells = ", ".join(cell_name(puzzle, c) for c in bits(where))
    unit_name = puzzle.geo.unit_names[unit]
    listed = [combination_text(m) for m in combinations]
    ways = (
        f"can only be {' or '.join(listed)}"
        if 0 < len(listed) <= LISTED
        else f"has {len(listed)} ways to add up with it"
    )
    text = (
        f"In {unit_name}, {d} can only go in {cells}, all in {cage_name(puzzle, index)}: the "
        f"cage holds {d} there, so it {ways}: {losses(puzzle, gone)}."
    )
    return Step(
        NAME,
        text,
        eliminations=tuple(gone),
        premises=cage.cells,
        region=unit_name,
    )
