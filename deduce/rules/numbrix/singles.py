"""The two singles, read from the candidates: one number left for a cell, one cell left for
a number (the shared rules of ``deduce.rules.numbers``, on a Numbrix/Hidato board)."""

from __future__ import annotations

from collections.abc import Iterator

from deduce.puzzles.numbrix.model import Numbrix, cell_name
from deduce.rules import numbers
from deduce.state import State
from deduce.step import Step


def _names(puzzle: Numbrix) -> numbers.Namer:
    return lambda cell: cell_name(puzzle, cell)


def single_number(state: State[Numbrix]) -> Iterator[Step]:
    """Only one number left for this cell: it holds it."""
    puzzle: Numbrix = state.puzzle
    return numbers.single_number(state, puzzle.geo.cells, _names(puzzle))


def only_cell_for_number(state: State[Numbrix]) -> Iterator[Step]:
    """Only one cell left for number k: k goes there."""
    puzzle: Numbrix = state.puzzle
    return numbers.only_cell_for_number(state, puzzle.geo.cells, puzzle.n, _names(puzzle))
