"""Numbrix and Hidato: one model, one rule set and one grade, two neighbourhoods."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import attrs

from deduce.difficulty import numbrix as difficulty
from deduce.family import Family, Form
from deduce.puzzles.numbrix import generate as numbrix_generate
from deduce.puzzles.numbrix import model, text, view
from deduce.rules.numbrix import RULES

#: Search propagates with every rule but those that look at the whole board's runs or
#: regions (bottleneck, isolated regions, pigeonhole, BFS placement, competing runs), which
#: rarely refute a guess sooner than the rest and cost more, and forcing chains, which are a
#: search of their own.
NOT_IN_SEARCH = (
    "bottleneck",
    "isolated regions",
    "pigeonhole",
    "BFS placement",
    "competing runs",
    "forcing chain",
)
SEARCH_RULES = tuple(r for r in RULES if r.name not in NOT_IN_SEARCH)


def _written_as(form: str) -> Callable[[model.Numbrix], str]:
    def write(puzzle: model.Numbrix) -> str:
        return text.format_puzzle(attrs.evolve(puzzle, form=form))

    return write


FORMS = (
    Form(
        "grid",
        "the grid, one row per line (. blank, # hole)",
        _written_as("grid"),
        text.solution_grid,
    ),
    Form("line", "the grid on one line, rows split by /", _written_as("line"), text.solution_text),
    Form("json", 'the corpus JSON line ({"size": [h, w], "grid": [...]})', _written_as("json")),
)


def _family(
    name: str,
    description: str,
    parse: Callable[[str], model.Numbrix],
    detect: Callable[[str], bool],
    generate: Callable[..., Iterator[str]],
) -> Family[model.Numbrix]:
    """The family of one neighbourhood: everything but its name, reader and generator is
    shared."""
    return Family(
        name=name,
        description=description,
        parse=parse,
        detect=detect,
        resembles=text.resembles,
        generate=generate,
        format=text.format_puzzle,
        initial_state=model.initial_state,
        rules=RULES,
        check_solution=model.check_solution,
        solution_text=text.solution_text,
        var_name=model.var_name,
        value_name=model.value_name,
        grade=difficulty.grade,
        on_place=model.on_place,
        is_solved=model.is_solved,
        choose_guess=model.choose_guess,
        search_rules=SEARCH_RULES,
        solution_grid=text.solution_grid,
        format_solution=text.format_solution,
        render=view.render,
        picture=view.picture,
        parse_progress=view.parse_progress,
        levels=difficulty.SCALE.levels,
        forms=FORMS,
    )


FAMILIES = {
    "numbrix": _family(
        "numbrix",
        "Numbrix: number the grid 1..N, consecutive numbers side by side",
        text.parse_numbrix,
        text.detect_numbrix,
        numbrix_generate.generate,
    ),
    "hidato": _family(
        "hidato",
        "Hidato: number the grid 1..N, consecutive numbers touching (diagonals too)",
        text.parse_hidato,
        text.detect_hidato,
        numbrix_generate.generate_hidato,
    ),
}
