"""The family-neutral forcing chain (deduce/rules/forcing_chain.py), on a family that does not
use it: Sudoku with its singles as the easy rules and its cells with few candidates supposed."""

from __future__ import annotations

import attrs

import deduce
from deduce.engine import apply_step, next_step
from deduce.errors import Contradiction
from deduce.rules import forcing_chain
from deduce.state import bits
from tests.puzzles import HARD

SUDOKU = deduce.get_family("sudoku")
SINGLES = tuple(r for r in SUDOKU.rules if "single" in r.name)


def pairs(state):
    """Tiers of suppositions: each value of each cell with two candidates, then three, then
    four, in reading order."""
    return [
        [
            (v, x)
            for v in range(81)
            if state.domains[v].bit_count() == k
            for x in bits(state.domains[v])
        ]
        for k in (2, 3, 4)
    ]


CHAINS = forcing_chain.Chains(
    easy=SINGLES,
    suppositions=pairs,
    var_name=SUDOKU.var_name,
    value_name=SUDOKU.value_name,
    on_place=SUDOKU.on_place,
)
RULE = forcing_chain.technique(CHAINS, 9.0, "Suppose a value; singles contradict it.").rule


def stuck():
    """HARD (Norvig's hardest) where the singles are stuck, and its solution."""
    puzzle = SUDOKU.parse(HARD)
    state = SUDOKU.initial_state(puzzle)
    while (found := next_step(state, SINGLES)) is not None:
        apply_step(SUDOKU, state, found[1])
    return state, deduce.solve(HARD).solution


def test_a_refuted_supposition_is_false_and_its_chain_replays():
    state, solution = stuck()
    (step,) = RULE.find(state)
    ((var, value),) = step.eliminations
    assert solution[var] != value  # sound: the supposed value is not the solution's
    first, *middle, last = step.substeps
    assert first.placements == ((var, value),) and first.rule == "supposition"
    assert last.kind == "contradiction" and last.explanation.startswith("A contradiction: ")
    assert step.difficulty == round(9.0 + CHAINS.per_step * len(middle), 3)
    hypo = state.copy()
    apply_step(SUDOKU, hypo, first)
    for sub in middle:  # each easy step is the one the engine makes on the chain's grid
        assert next_step(hypo, SINGLES)[1] == sub
        apply_step(SUDOKU, hypo, sub)
    try:
        again = next_step(hypo, SINGLES)
        assert again is not None
        apply_step(SUDOKU, hypo, again[1])
        raise AssertionError("the chain's grid did not contradict itself")
    except Contradiction:
        pass


def test_the_shortest_chain_is_found_first():
    """On Janko Hidoku 202 where it first fires (tests/numbrix/test_rules.py), the chain found
    has two easy steps; no supposition of its tier or an earlier one is refuted at once."""
    from deduce.rules.numbrix import CHAINS as NUMBRIX_CHAINS
    from tests.numbrix.positions import HIDATO, HIDATO_202, state_after

    state = state_after(HIDATO, HIDATO_202, 23)
    chain = forcing_chain.shortest(NUMBRIX_CHAINS, state)
    assert chain is not None and len(chain.steps) == 2
    tiers = NUMBRIX_CHAINS.suppositions(state)
    upto = next(i for i, tier in enumerate(tiers) if (chain.var, chain.value) in tier)
    tried = 0
    for tier in tiers[: upto + 1]:
        for var, value in tier:
            other = forcing_chain.Chain(NUMBRIX_CHAINS, state, var, value)
            other.extend(NUMBRIX_CHAINS, 0)
            assert other.contradiction is None
            tried += 1
    assert tried > 1


def test_a_call_stops_at_its_budget():
    state, _ = stuck()
    assert list(forcing_chain.refuted(state, attrs.evolve(CHAINS, steps_per_variable=0), 9.0)) == []
