"""The Path puzzle family: the model, the rules (easiest first) and the grade, tied together."""

from __future__ import annotations

from functools import partial

from deduce.difficulty import path as difficulty
from deduce.family import Family, Form
from deduce.puzzles.path import generate as path_generate
from deduce.puzzles.path import model, text
from deduce.puzzles.path import picture as path_picture
from deduce.puzzles.path import view as path_view
from deduce.rules.path import RULES, SEARCH_RULES, TABLE
from deduce.rules.path import guess as path_search

#: The grade scale, on the levels of the family's table.
SCALE = difficulty.scale_on(TABLE.levels)


FAMILY = Family(
    name="path",
    description="Path puzzles (Roderick Kimball): one path from door to door, row/column counts",
    parse=text.parse,
    format=text.format_puzzle,
    detect=text.detect,
    resembles=text.resembles,
    initial_state=model.initial_state,
    rules=RULES,
    check_solution=model.check_solution,
    solution_text=model.solution_text,
    var_name=model.var_name,
    value_name=model.value_name,
    grade=partial(difficulty.grade, scale=SCALE),
    branch_variables=path_search.branch_variables,
    is_solved=model.is_solved,
    on_place=model.on_place,
    search_rules=SEARCH_RULES,
    render=path_view.render,
    solution_grid=path_view.solution_grid,
    format_solution=path_view.format_solution,
    generate=path_generate.generate,
    picture=path_picture.picture,
    levels=SCALE.levels,
    forms=(
        Form("json", "the corpus JSON line (rows, cols, doors, counts)", text.to_json),
        Form(
            "grid",
            "the grid drawn with its counts, doors A and B",
            text.to_grid,
            path_view.solution_grid,
        ),
    ),
)
