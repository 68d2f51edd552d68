"""The Killer Sudoku family: a Sudoku with cages, the cage rules and Sudoku's, graded on
Sudoku's scale."""

from __future__ import annotations

from functools import partial
from typing import Any

from deduce.difficulty import sudoku as difficulty
from deduce.difficulty import variants as grading
from deduce.family import Family, Form
from deduce.puzzles.fpuzzles import link, reading
from deduce.puzzles.fpuzzles.writing import to_fpuzzles
from deduce.puzzles.killer import cagelist, generate, model, solo
from deduce.puzzles.sudoku import model as sudoku
from deduce.puzzles.sudoku import text as sudoku_text
from deduce.puzzles.sudoku import xflags
from deduce.puzzles.sudoku.branching import branch_cells
from deduce.rules.killer import RULES, SEARCH_RULES, TABLE
from deduce.state import State
from deduce.step import Step

SCALE = difficulty.scale_on(TABLE.levels)
FORMS: tuple[Form[model.Killer], ...] = (
    Form(
        "json",
        "one JSON line: size, givens, cages as {sum, cells} with 0-based [row, col]",
        model.format_puzzle,
    ),
    Form(
        "cages",
        "the givens' grid (if any), then one cage a line: 12 = r1c1 r1c2",
        cagelist.to_cage_list,
    ),
    Form(
        "tatham",
        "Simon Tatham's Solo killer ID, such as 3x3k:<givens>,<walls>,<totals>",
        solo.to_solo,
    ),
    Form("fpuzzles", "an f-puzzles link (its cages as killercage)", to_fpuzzles, to_fpuzzles),
)


def _read(text: str) -> model.Killer:
    """The JSON line, a Solo killer ID, an f-puzzles link, or the cage list a person types."""
    if link.is_link(text):
        return reading.read_killer(text)
    if text.lstrip().startswith("{"):
        return model.parse(text)
    return solo.parse(text) if solo.detect(text) else cagelist.parse(text)


def _detect_any(text: str) -> bool:
    return (
        reading.detects(text, "killer")
        or model.detect(text)
        or solo.detect(text)
        or cagelist.detect(text)
    )


#: Killer's text forms (``_read``), a Killer-X refused (``killer-x`` reads it).
_parse = xflags.Refusing(_read, "killer-x")
_detect = xflags.Unflagged(_detect_any)


def _picture(puzzle: model.Killer, state: State[Any], step: Step | None = None) -> Any:
    """The Killer view's picture (Sudoku's, with the cages), imported on first use."""
    from deduce.puzzles.killer import view

    return view.picture(puzzle, state, step)


def _render(puzzle: model.Killer, state: State[Any], step: Step | None = None) -> Any:
    """The Killer view's terminal grid (walls between boxes and cages), imported on first use."""
    from deduce.puzzles.killer import view

    return view.render(puzzle, state, step)


FAMILY: Family[Any] = Family(
    name="killer",
    description="Killer Sudoku: cages whose digits add up to their totals (4x4, 6x6, 9x9)",
    parse=_parse,
    format=model.format_puzzle,
    detect=_detect,
    initial_state=model.initial_state,
    rules=RULES,
    search_rules=SEARCH_RULES,
    check_solution=model.check_solution,
    solution_text=sudoku_text.solution_text,
    var_name=sudoku.var_name,
    value_name=sudoku.value_name,
    grade=partial(grading.grade, scale=SCALE, parse=_parse),
    is_solved=sudoku.is_solved,
    on_place=model.on_place,
    branch_variables=branch_cells,
    solution_grid=sudoku_text.solution_grid,
    picture=_picture,
    generate=generate.generate,
    render=_render,
    levels=SCALE.levels,
    forms=FORMS,
)
