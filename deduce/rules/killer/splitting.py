"""Cage splitting (SudokuWiki's and Sudopedia's name): the rule of 45 sums part of a cage.

When an area's innies or outies (``deduce.rules.killer.innies``) all lie in one cage that has
other cells too, the rule of 45 fixes what that part adds up to, so the rest of the cage adds
up to the cage's total less it: the cage splits in two cages of known totals, whose digits
still all differ. Its fillings are then the cage's fillings whose first part adds up to the
part's total, which can leave both parts fewer candidates than either sum alone.

The splits depend on the cages alone: they are worked out once a puzzle.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from typing import Any

import attrs

from deduce.errors import Contradiction
from deduce.journal import look, touch_of
from deduce.puzzles.killer.model import Killer, cage_name
from deduce.puzzles.sudoku.model import cell_name
from deduce.rules.killer.cages import losses
from deduce.rules.killer.innies import Leftover, leftovers, reason
from deduce.rules.killer.sums import fillings, unsupported
from deduce.state import State
from deduce.step import Step

#: The rule's name, as its table row and its steps give it.
NAME = "cage splitting"


@attrs.frozen
class Split:
    """A cage split by an area's leftover: ``left.cells`` add up to ``left.total`` by the
    rule of 45, and the cage's other cells, ``rest``, to the cage's total less that."""

    cage: int
    left: Leftover
    rest: tuple[int, ...]


@lru_cache(maxsize=256)
def splits(puzzle: Killer) -> tuple[Split, ...]:
    """Every leftover lying in one cage with cells besides, each cage part once (a part of
    one cage is summed at a glance, so it may have more cells than innies the rule of 45
    reads on their own)."""
    found: dict[tuple[tuple[int, ...], int], Split] = {}
    for left in leftovers(puzzle, most=puzzle.n):
        cages = {puzzle.cage_of[c] for c in left.cells}
        if len(cages) != 1:
            continue
        index = cages.pop()
        rest = tuple(c for c in puzzle.cages[index].cells if c not in left.cells)
        if rest:
            found.setdefault((left.cells, left.total), Split(index, left, rest))
    return tuple(found.values())


@lru_cache(maxsize=256)
def _touch(puzzle: Killer) -> tuple[int, ...]:
    cells = [puzzle.cages[s.cage].cells for s in splits(puzzle)]
    return tuple(touch_of(cells, puzzle.n * puzzle.n))


def cage_splitting(state: State[Any]) -> Iterator[Step]:
    """A cage split by the rule of 45 keeps the candidates its split fillings use."""
    puzzle: Killer = state.puzzle
    seen = look(state, NAME, _touch(puzzle))
    for index, split in enumerate(splits(puzzle)):
        if seen.clean >> index & 1:
            continue
        cells = split.left.cells + split.rest
        total = puzzle.cages[split.cage].total
        part = (len(split.left.cells), split.left.total)
        found = fillings([state.domains[c] for c in cells], total, split=part)
        if not found.combinations:
            name = cage_name(puzzle, split.cage)
            raise Contradiction(f"{name} cannot be split as the rule of 45 splits it")
        gone = unsupported(state.domains, state.fixed, cells, found.support)
        if not gone:
            seen.clean |= 1 << index
            continue
        yield _step(puzzle, split, gone)


def _step(puzzle: Killer, split: Split, gone: list[tuple[int, int]]) -> Step:
    rest = ", ".join(cell_name(puzzle, c) for c in split.rest)
    total = puzzle.cages[split.cage].total - split.left.total
    sums = f"is {total}" if len(split.rest) == 1 else f"adds up to {total}"
    text = (
        f"Cage splitting: {reason(puzzle, split.left)}; so the rest of "
        f"{cage_name(puzzle, split.cage)} ({rest}) {sums}: {losses(puzzle, gone)}."
    )
    return Step(
        NAME,
        text,
        eliminations=tuple(gone),
        premises=puzzle.cages[split.cage].cells,
        region=split.left.area,
    )
