"""The cage rules: what a cage's total allows its cells, and where a digit it needs must go.

- **cage combination**: a cage's cells keep only the candidates some filling that adds up to
  its total uses ("the 3-cage must be 1+2"); a cage with no filling left is a contradiction.
- **cage/unit interaction**: a digit every filling of a cage uses, whose places in the cage
  all lie in one row, column or box, leaves the rest of that unit (the cage holds it there).

Each reads a cage again only after one of its cells changed (``deduce.journal.look``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import Any

from deduce.errors import Contradiction
from deduce.journal import look, touch_of
from deduce.puzzles.killer.model import Killer, cage_name
from deduce.puzzles.sudoku.model import cell_name
from deduce.rules.killer.sums import combination_text, fillings, unsupported
from deduce.state import State, bits
from deduce.step import Step

#: How many combinations a sentence lists before it says only how many there are.
LISTED = 6


@lru_cache(maxsize=256)
def cage_touch(puzzle: Killer) -> tuple[int, ...]:
    """For every cell, the mask of the cages (bit = cage index) holding it."""
    return tuple(touch_of([c.cells for c in puzzle.cages], puzzle.n * puzzle.n))


def losses(puzzle: Killer, gone: Sequence[tuple[int, int]]) -> str:
    """``r1c1 and r2c1 lose 5-9, r1c2 loses 1``: eliminations as a player reads them (cells
    losing the same digits together, three or more digits in a row as a range)."""
    by_cell: dict[int, list[int]] = {}
    for cell, d in gone:
        by_cell.setdefault(cell, []).append(d)
    groups: dict[tuple[int, ...], list[int]] = {}
    for cell, digits in by_cell.items():
        groups.setdefault(tuple(digits), []).append(cell)
    parts = []
    for lost, cells in groups.items():
        names = [cell_name(puzzle, c) for c in cells]
        who = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
        parts.append(f"{who} {'loses' if len(cells) == 1 else 'lose'} {digit_text(lost)}")
    return ", ".join(parts)


def digit_text(digits: Sequence[int]) -> str:
    """``1, 3 and 5-9``: digits in order, three or more in a row as a range."""
    runs: list[list[int]] = []
    for d in digits:
        if runs and d == runs[-1][-1] + 1:
            runs[-1].append(d)
        else:
            runs.append([d])
    words = []
    for run in runs:
        if len(run) >= 3:
            words.append(f"{run[0]}-{run[-1]}")
        else:
            words.extend(str(d) for d in run)
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def cage_combination(state: State[Any]) -> Iterator[Step]:
    """A cage's cells keep only what the fillings adding up to its total use."""
    puzzle: Killer = state.puzzle
    seen = look(state, "cage combination", cage_touch(puzzle))
    for index, cage in enumerate(puzzle.cages):
        if seen.clean >> index & 1:
            continue
        found = fillings([state.domains[c] for c in cage.cells], cage.total)
        if not found.combinations:
            raise Contradiction(f"{cage_name(puzzle, index)} has no filling left")
        gone = unsupported(state.domains, state.fixed, cage.cells, found.support)
        if not gone:
            seen.clean |= 1 << index
            continue
        yield Step(
            "cage combination",
            f"{_sentence_start(puzzle, index, found.combinations)}: {losses(puzzle, gone)}.",
            eliminations=tuple(gone),
            premises=cage.cells,
            region=cage_name(puzzle, index),
        )


def _sentence_start(puzzle: Killer, index: int, combinations: Sequence[int]) -> str:
    name = cage_name(puzzle, index).capitalize()
    if len(combinations) <= LISTED:
        listed = [combination_text(m) for m in combinations]
        words = listed[0] if len(listed) == 1 else f"{', '.join(listed[:-1])} or {listed[-1]}"
        return f"{name} can only be {words} with the candidates left"
    return (
        f"{name} has {len(combinations)} ways to add up with the candidates left, none using these"
    )


def cage_unit_interaction(state: State[Any]) -> Iterator[Step]:
    """A digit a cage must hold, confined in it to one unit, leaves the rest of the unit."""
    puzzle: Killer = state.puzzle
    seen = look(state, "cage/unit interaction", cage_touch(puzzle))
    for index in range(len(puzzle.cages)):
        if seen.clean >> index & 1:
            continue
        steps = list(_confined(state, puzzle, index))
        yield from steps
        if not steps:
            seen.clean |= 1 << index


def _confined(state: State[Any], puzzle: Killer, index: int) -> Iterator[Step]:
    cage, geo, domains = puzzle.cages[index], puzzle.geo, state.domains
    found = fillings([domains[c] for c in cage.cells], cage.total)
    needed = -1
    for mask in found.combinations:
        needed &= mask
    for d in bits(needed if found.combinations else 0):
        places = [c for c in cage.cells if not state.fixed[c] and domains[c] >> d & 1]
        if not places:
            continue
        common = -1
        for c in places:
            common &= geo.cell_units[c]
        for u in bits(common):
            unit = geo.units[u]
            gone = [
                (c, d)
                for c in unit
                if c not in cage.cells and not state.fixed[c] and domains[c] >> d & 1
            ]
            if gone:
                yield _interaction_step(puzzle, index, d, places, geo.unit_names[u], gone)


def _interaction_step(
    puzzle: Killer,
    index: int,
    d: int,
    places: Sequence[int],
    unit: str,
    gone: list[tuple[int, int]],
) -> Step:
    where = ", ".join(cell_name(puzzle, c) for c in places)
    text = (
        f"Every filling of {cage_name(puzzle, index)} uses {d}, and in it {d} can only go in "
        f"{where}, all in {unit}: the rest of {unit} cannot be {d} ({losses(puzzle, gone)})."
    )
    return Step(
        "cage/unit interaction",
        text,
        eliminations=tuple(gone),
        premises=puzzle.cages[index].cells,
        region=unit,
    )
