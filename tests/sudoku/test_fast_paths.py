"""The quick tests that let the chain rules skip their general machinery decide what that
machinery decides, and the analyses they keep give what a fresh look gives.

``clashes.conflict_possible`` (bitmasks only) must say "a conflict" exactly when the full
conflict test (``clashes._named_conflict``) names one, for any facts and exclusion on real
grids: the rules then take its "no" without the full test.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import deduce
from deduce.engine import apply_step, next_step
from deduce.errors import Contradiction
from deduce.rules.sudoku import RULES
from deduce.rules.sudoku.clashes import _named_conflict, conflict_board, conflict_possible
from deduce.state import State, bits
from tests.conftest import corpus_file


def _grids() -> list[State]:
    """Open grids of top95 after the rules' first few steps (the rules' own starting point)."""
    family = deduce.get_family("sudoku")
    lines = corpus_file("sudoku", "top95.txt").read_text().splitlines()
    states = []
    for text in lines[:12]:
        state = family.initial_state(family.parse(text.split()[0]))
        deduce.engine.propagate(family, state, max_steps=30)
        states.append(state)
    return states


@pytest.fixture(scope="module")
def grids() -> list[State]:
    return _grids()


def _candidates(state: State) -> list[tuple[int, int]]:
    return [
        (cell, v) for cell, d in enumerate(state.domains) if not state.fixed[cell] for v in bits(d)
    ]


def test_the_quick_conflict_test_agrees_with_the_full_one(grids):
    rng = random.Random(22)
    seen = {True: 0, False: 0}
    for state in grids:
        board = conflict_board(state)
        pool = _candidates(state)
        for _ in range(400):
            facts = [(c, v, "", -1, -1) for c, v in rng.sample(pool, rng.randint(1, 6))]
            if rng.random() < 0.3:  # facts of a real chain repeat themselves
                facts.append(rng.choice(facts))
            excluded = rng.choice(pool) if rng.random() < 0.6 else None
            full = _named_conflict(board, facts, excluded) is not None
            assert conflict_possible(board, facts, excluded) == full, (facts, excluded)
            seen[full] += 1
    assert seen[True] and seen[False]  # both answers were put to the test


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_the_quick_conflict_test_agrees_on_chosen_facts(grids, data):
    state = grids[data.draw(st.integers(0, len(grids) - 1))]
    pool = _candidates(state)
    chosen = data.draw(st.lists(st.sampled_from(pool), min_size=1, max_size=8))
    facts = [(c, v, "", -1, -1) for c, v in chosen]
    excluded = data.draw(st.none() | st.sampled_from(pool))
    board = conflict_board(state)
    full = _named_conflict(board, facts, excluded) is not None
    assert conflict_possible(board, facts, excluded) == full


# The chain rules that reuse a graph analysis while the graph's edges stay the same, and do
# not look again on the graph they last found nothing on.
KEPT = ("AIC", "XY-Chain", "Continuous Nice Loop (bilocation)", "Continuous Nice Loop (bivalue)")


def _answers(rule, state: State) -> list[tuple] | str:
    try:
        return [(s.rule, s.explanation, s.eliminations, s.placements) for s in rule.find(state)]
    except Contradiction as exc:
        return f"contradiction: {exc}"


@pytest.mark.parametrize("line", [0, 5])
def test_chain_rules_on_a_kept_graph_agree_with_a_fresh_look(line):
    """At every step of a top95 solve, these rules asked on the live state (kept analyses,
    records of graphs found with nothing) say what they say on a fresh copy."""
    family = deduce.get_family("sudoku")
    text = corpus_file("sudoku", "top95.txt").read_text().splitlines()[line].split()[0]
    state = family.initial_state(family.parse(text))
    rules = [r for r in RULES if r.name in KEPT]
    asked = 0
    for _ in range(300):
        for rule in rules:
            assert _answers(rule, state) == _answers(rule, state.copy()), rule.name
            asked += 1
        found = next_step(state, family.rules, known_unique=True)
        if found is None:
            break
        apply_step(family, state, found[1])
    assert asked > len(rules)
