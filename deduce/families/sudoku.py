"""The Sudoku family: the model, the rules (easiest first) and the grade, tied together.

The terminal drawing and the step picture are imported when first used, so a solve or a
rating does not load rich.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from deduce.difficulty import sudoku as difficulty
from deduce.family import Family
from deduce.puzzles.sudoku import forms, generate, model, text, xflags
from deduce.puzzles.sudoku import search as sudoku_encoding
from deduce.puzzles.sudoku.branching import branch_cells
from deduce.puzzles.sudoku.model import Sudoku
from deduce.rules.sudoku import RULES, SEARCH_RULES, TABLE
from deduce.sat import learner
from deduce.state import State
from deduce.step import Step

#: Plain search nodes before search that learns takes over (a node propagates singles).
LEARN_AFTER = 100


def _render(puzzle: Sudoku, state: State[Any], step: Step | None = None) -> Any:
    """``deduce.puzzles.sudoku.view.render``, imported on first use."""
    from deduce.puzzles.sudoku import view

    return view.render(puzzle, state, step)


def _picture(puzzle: Sudoku, state: State[Any], step: Step | None = None) -> Any:
    """``deduce.puzzles.sudoku.view.picture``, imported on first use."""
    from deduce.puzzles.sudoku import view

    return view.picture(puzzle, state, step)


def _parse_progress(puzzle: Sudoku, text: str) -> State[Any]:
    """``deduce.puzzles.sudoku.view.parse_progress``, imported on first use."""
    from deduce.puzzles.sudoku import view

    return view.parse_progress(puzzle, text)


#: The grade scale, on the levels of the family's table.
SCALE = difficulty.scale_on(TABLE.levels)


#: Sudoku's text forms (``deduce.puzzles.sudoku.text.parse``), an X grid's refused
#: (``sudoku-x`` reads it).
_parse = xflags.Refusing(text.parse, "sudoku-x")
_detect = xflags.Unflagged(text.detect)


def _box_of(puzzle: Sudoku, cell: int) -> str:
    """The box holding ``cell``: where a hint sends a player without naming the cell."""
    return f"box {puzzle.geo.box_of(cell) + 1}"


FAMILY = Family(
    name="sudoku",
    description="Sudoku, N×N with rectangular boxes (4×4 to 25×25)",
    parse=_parse,
    format=forms.format_puzzle,
    detect=_detect,
    resembles=text.resembles,
    initial_state=model.initial_state,
    rules=RULES,
    search_rules=SEARCH_RULES,
    learn=learner(
        sudoku_encoding.encode,
        model.check_solution,
        after=LEARN_AFTER,
        noun="open cell",
    ),
    check_solution=model.check_solution,
    solution_text=text.solution_text,
    var_name=model.var_name,
    value_name=model.value_name,
    grade=partial(difficulty.grade, scale=SCALE),
    is_solved=model.is_solved,
    on_place=model.on_place,
    branch_variables=branch_cells,
    solution_grid=text.solution_grid,
    format_solution=forms.format_solution,
    render=_render,
    picture=_picture,
    generate=generate.generate,
    parse_progress=_parse_progress,
    levels=SCALE.levels,
    forms=forms.FORMS,
    hint_area=_box_of,
)
