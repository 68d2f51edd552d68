"""The Sudoku family: the model, the rules (easiest first) and the grade, tied together."""

from __future__ import annotations

from deduce.difficulty import sudoku as difficulty
from deduce.family import Family
from deduce.puzzles.sudoku import forms, model, text, view
from deduce.puzzles.sudoku import generate as sudoku_generate
from deduce.puzzles.sudoku import search as sudoku_encoding
from deduce.rules.sudoku import RULES, SEARCH_RULES
from deduce.sat import learner

#: Plain search nodes before search that learns takes over (a node propagates singles).
LEARN_AFTER = 100

FAMILY = Family(
    name="sudoku",
    description="Sudoku, N×N with rectangular boxes (4×4 to 25×25)",
    parse=text.parse,
    format=forms.format_puzzle,
    detect=text.detect,
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
    grade=difficulty.grade,
    is_solved=model.is_solved,
    on_place=model.on_place,
    branch_variables=model.branch_cells,
    solution_grid=text.solution_grid,
    format_solution=forms.format_solution,
    render=view.render,
    picture=view.picture,
    generate=sudoku_generate.generate,
    parse_progress=view.parse_progress,
    levels=difficulty.SCALE.levels,
    forms=forms.FORMS,
)
