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
from deduce.registry import get_family
from tests.numbrix.corpus import FAMILY, records
from tests.numbrix.sweep import sweep


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
