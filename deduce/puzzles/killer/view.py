"""How a Killer step is drawn: Sudoku's picture, with each cage outlined and its total in its
first cell's corner."""

from __future__ import annotations

import attrs

from deduce.puzzles.killer.model import Killer
from deduce.puzzles.picture import Picture
from deduce.puzzles.sudoku import view as sudoku_view
from deduce.puzzles.sudoku.model import Sudoku
from deduce.state import State
from deduce.step import Step


def picture(puzzle: Killer, state: State[Sudoku], step: Step | None = None) -> Picture:
    """The step on the pencil-mark grid, as for a Sudoku, with the cages drawn."""
    drawn = sudoku_view.picture(puzzle, state, step)
    cages = tuple((cage.cells, str(cage.total)) for cage in puzzle.cages)
    return attrs.evolve(drawn, cages=cages)
