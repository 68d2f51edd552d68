"""No Numbrix/Hidato rule removes a true value, on every corpus puzzle.

Every rule is asked at every state of a solve of every puzzle and checked against a
solution: the stored one, or (for the boards whose count the corpus left open) the first one
search finds; soundness must hold for every solution, so any one will do. Where the rules
stall, a true value is written in, as a lucky guess would, so the rules are also checked on
the positions search reaches.
"""

from __future__ import annotations

import pytest

import deduce
from deduce.engine import apply_step, next_step
from deduce.registry import get_family
from deduce.step import Step
from deduce.testing import check_step
from tests.numbrix.corpus import FAMILY, records

#: Rules checked where a solve uses them, not at every state: a forcing chain follows many
#: suppositions, and asked at every state of a sparse 15x15 board it costs minutes; each of
#: its chains is made of the other rules' steps, which are checked at every state.
WHERE_USED = {"forcing chain"}


def sweep(family, puzzle, solution) -> set[str]:
    """Check every rule at every state (``WHERE_USED`` where the engine makes their step);
    write in a true value where the rules stall."""
    state = family.initial_state(puzzle)
    fired = set()
    while not family.solved(state):
        for rule in family.rules:
            if rule.name in WHERE_USED:
                continue
            for step in rule.find(state):
                check_step(family, state, step, solution, rule.name)
                fired.add(rule.name)
        found = next_step(state, family.rules)
        if found is not None and found[0].name in WHERE_USED:
            check_step(family, state, found[1], solution, found[0].name)
            fired.add(found[0].name)
        if found is None:
            cell = min(
                (c for c in puzzle.geo.cells if not state.fixed[c]),
                key=lambda c: state.domains[c].bit_count(),
            )
            found = None, Step("guess", "", placements=((cell, solution[cell]),))
        apply_step(family, state, found[1])
    assert state.assignment() == list(solution)
    return fired


@pytest.mark.slow
@pytest.mark.corpus
@pytest.mark.parametrize("name", ["numbrix", "hidato", "janko"])
def test_no_rule_removes_a_true_value(name):
    family = get_family(FAMILY[name])
    fired: set[str] = set()
    for record in records(name):
        if record["n_solutions"] == "0":
            continue  # the duplicated given: no solution to check against
        puzzle = family.parse(record["line"])
        if record["solution"] is None:
            solution = deduce.solve(record["line"], family.name).solution
        else:
            solution = [max(v, 0) for row in record["solution"] for v in row]
        fired |= sweep(family, puzzle, solution)
    if name != "hidato":  # the small public Hidato set needs no forcing chain
        assert fired == {r.name for r in family.rules}  # every rule was checked where it fired
