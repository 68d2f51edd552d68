"""The nonogram family: the model, the rules (easiest first) and the grade, tied together."""

from __future__ import annotations

from functools import partial

from deduce.difficulty import nonogram as difficulty
from deduce.family import Family, Form
from deduce.puzzles.nonogram import generate as nonogram_generate
from deduce.puzzles.nonogram import model, olsak, puzzlink, text, webpbn
from deduce.puzzles.nonogram import search as nonogram_encoding
from deduce.puzzles.nonogram import view as nonogram_view
from deduce.rules.nonogram import RULES, SEARCH_RULES, TABLE
from deduce.rules.nonogram import guess as nonogram_search
from deduce.rules.nonogram.lines import automaton
from deduce.sat import learner

#: Plain search nodes before search that learns takes over (each node probes the grid).
LEARN_AFTER = 20

#: The grade scale, on the levels of the family's table.
SCALE = difficulty.scale_on(TABLE.levels)


FAMILY = Family(
    name="nonogram",
    description="Nonograms (Picross): fill the cells so every line shows its clue",
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
    is_solved=model.is_solved,
    guess_strategies=(
        nonogram_search.telling_guess,
        nonogram_search.likeliest_guess,
        nonogram_search.telling_empty_guess,
    ),
    search_rules=SEARCH_RULES,
    learn=learner(
        partial(nonogram_encoding.encode, automaton=automaton),
        model.check_solution,
        after=LEARN_AFTER,
        noun="open cell",
    ),
    solution_grid=model.solution_grid,
    generate=nonogram_generate.generate,
    render=nonogram_view.render,
    parse_progress=nonogram_view.parse_progress,
    picture=nonogram_view.picture,
    levels=SCALE.levels,
    collection=webpbn.puzzles,
    forms=(
        Form(
            "json",
            "the corpus JSON line (width, height, rows, cols)",
            text.to_json,
            text.with_goal(text.to_json),
        ),
        Form("non", "Steve Simpson's .non text", text.to_non, text.with_goal(text.to_non)),
        Form("tatham", "Simon Tatham's Pattern game ID (columns first)", text.to_tatham),
        Form("puzzlink", "a puzz.link (pzprjs) URL a player can open", puzzlink.to_puzzlink),
        Form(
            "webpbn",
            "Jan Wolter's webpbn XML (pbnsolve's input)",
            webpbn.to_webpbn,
            text.with_goal(webpbn.to_webpbn),
            frame=webpbn.FRAME,
        ),
        Form("olsak", "the .g text of the Olšáks' griddlers solver", olsak.to_olsak),
    ),
)
