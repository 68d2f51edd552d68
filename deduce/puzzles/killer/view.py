"""How a Killer step is drawn: Sudoku's picture, with each cage outlined and its total in its
first cell's corner; on the terminal, walls cell by cell, heavy between boxes, light between
cages, none inside a cage, and each total on its cage's first cell's top wall."""

from __future__ import annotations

import attrs
from rich.text import Text

from deduce.puzzles.borders import HEAVY, LIGHT, NONE, draw_walls
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


def render(puzzle: Killer, state: State[Sudoku], step: Step | None = None) -> Text:
    """The pencil-mark grid of ``state`` with the cages walled in and ``step`` highlighted."""
    geo, cage_of = puzzle.geo, puzzle.cage_of

    def wall(a: int, b: int) -> int:
        if geo.box_of(a) != geo.box_of(b):
            return HEAVY
        return LIGHT if cage_of[a] != cage_of[b] or cage_of[a] < 0 else NONE

    labels = {min(cage.cells): str(cage.total) for cage in puzzle.cages}
    rows = sudoku_view.cells(puzzle, state, step)
    return draw_walls(rows, wall, sudoku_view.marks_shape(geo)[0], labels)
