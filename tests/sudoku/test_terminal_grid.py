"""The terminal grid of a plain Sudoku is drawn as it always was: bands of boxes between ``|``
and ``-`` separators (the jigsaw's and the killer's walls drawn cell by cell leave it alone).
``tests/fixtures/sudoku/terminal_grids.txt`` holds the grids drawn before the walls were
built: a 9x9, a 4x4, a 6x6 and a Solo 9x9, each with its first step highlighted, then bare."""

from __future__ import annotations

import deduce
from deduce.puzzles.borders import HEAVY, JUNCTIONS, LIGHT, NONE
from deduce.puzzles.sudoku import view
from tests.conftest import fixture_file
from tests.puzzles import EASY

PUZZLES = (
    EASY,
    "1.3..4.22..3.3.1",
    "3x2:d3b6_3d3a2_4b2_4a5d5_6b1d",
    "3x3:8c6_4a7a4f1_5b1b7_8b5a4_3d8a8e3a1d6_4a7b7_8b5b2_9f3a4a7_2c9",
)


def test_a_plain_sudoku_grid_is_drawn_as_before():
    drawn = []
    for text in PUZZLES:
        result = deduce.solve(text)
        puzzle = result.puzzle.data
        state = result.puzzle.family.initial_state(puzzle)
        drawn.append(view.render(puzzle, state, result.log.steps[0]).plain)
        drawn.append(view.render(puzzle, state, None).plain)
    expected = fixture_file("sudoku/terminal_grids.txt").read_text(encoding="utf-8")
    assert "\n".join(drawn) == expected


def test_every_junction_of_light_and_heavy_arms_has_its_character():
    assert len(JUNCTIONS) == 3**4
    assert JUNCTIONS[HEAVY, HEAVY, LIGHT, LIGHT] == "╂"
    assert JUNCTIONS[NONE, HEAVY, NONE, HEAVY] == "┏"
    assert JUNCTIONS[LIGHT, LIGHT, HEAVY, HEAVY] == "┿"
    assert JUNCTIONS[NONE, NONE, LIGHT, HEAVY] == "╼"
