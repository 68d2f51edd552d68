"""Numbrix and Hidato: one model, one rule set and one grade, two neighbourhoods."""

from __future__ import annotations

from deduce.difficulty import numbrix as difficulty
from deduce.family import Family
from deduce.puzzles.numbrix import generate as numbrix_generate
from deduce.puzzles.numbrix import model, text, view
from deduce.rules.numbrix import RULES

#: Search propagates with every rule but the two that list many possibilities
#: (isolated regions, BFS placement): they rarely refute a guess sooner than the rest.
SEARCH_RULES = tuple(r for r in RULES if r.name not in ("isolated regions", "BFS placement"))

_COMMON = dict(
    format=text.format_puzzle,
    initial_state=model.initial_state,
    rules=RULES,
    check_solution=model.check_solution,
    solution_text=text.solution_text,
    var_name=model.var_name,
    value_name=model.value_name,
    grade=difficulty.grade,
    on_place=model.on_place,
    choose_guess=model.choose_guess,
    search_rules=SEARCH_RULES,
    solution_grid=text.solution_grid,
    format_solution=text.format_solution,
    render=view.render,
    picture=view.picture,
    parse_progress=view.parse_progress,
    levels=difficulty.SCALE.levels,
)

FAMILIES = {
    "numbrix": Family(
        name="numbrix",
        description="Numbrix: number the grid 1..N, consecutive numbers side by side",
        parse=text.parse_numbrix,
        detect=text.detect_numbrix,
        generate=numbrix_generate.generate,
        **_COMMON,
    ),
    "hidato": Family(
        name="hidato",
        description="Hidato: number the grid 1..N, consecutive numbers touching (diagonals too)",
        parse=text.parse_hidato,
        detect=text.detect_hidato,
        generate=numbrix_generate.generate_hidato,
        **_COMMON,
    ),
}
