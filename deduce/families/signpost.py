"""The Signpost family: the model, the rules (easiest first) and the grade, tied together."""

from __future__ import annotations

from functools import partial

from deduce.difficulty import signpost as difficulty
from deduce.family import Family, Form
from deduce.puzzles.signpost import board, model, view
from deduce.puzzles.signpost import generate as signpost_generate
from deduce.rules.signpost import RULES, SEARCH_RULES, TABLE
from deduce.rules.signpost.settled import choose_guess

#: The grade scale, on the levels of the family's table.
SCALE = difficulty.scale_on(TABLE.levels)


FAMILY = Family(
    name="signpost",
    description="Signpost (Simon Tatham's collection): number the cells along the arrows",
    parse=model.parse,
    format=model.format_puzzle,
    detect=model.detect,
    resembles=model.resembles,
    initial_state=board.initial_state,
    rules=RULES,
    search_rules=SEARCH_RULES,
    check_solution=model.check_solution,
    solution_text=model.solution_text,
    var_name=model.var_name,
    value_name=model.value_name,
    grade=partial(difficulty.grade, scale=SCALE),
    is_solved=board.is_solved,
    on_place=board.on_place,
    branch_variables=model.branch_variables,
    choose_guess=choose_guess,
    solution_grid=model.solution_grid,
    render=view.render,
    picture=view.picture,
    generate=signpost_generate.generate,
    levels=SCALE.levels,
    forms=(Form("tatham", "Simon Tatham's Signpost game ID", model.format_puzzle),),
)
