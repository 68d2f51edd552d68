"""Soundness of every Path rule on every corpus puzzle with a stored solution.

Each puzzle is propagated by the engine with the known solution at hand: every step of every
rule is checked against it (no placement of a wrong value, no elimination of the true one),
and when the rules are stuck the true value of the variable search would branch on is
written in, so the rules also run in the many states deep inside a solve.
"""

import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deduce.engine import apply_step
from deduce.puzzles.path import model, text
from deduce.puzzles.path.generate import counts_of, random_path
from deduce.puzzles.path.text import build
from deduce.registry import get_family
from deduce.step import Step
from deduce.testing import round_steps
from tests.conftest import corpus_file

FAMILY = get_family("path")


def _records():
    with corpus_file("path", "path_puzzles.jsonl").open() as f:
        return [json.loads(line) for line in f if '"solution": null' not in line]


def sweep(puzzle, truth: list[int], fired: Counter, rng: random.Random | None = None) -> None:
    """Propagate to the end with every step checked against ``truth``; when stuck, place
    the true value of search's next variable (or remove the false value of a random one,
    with ``rng``)."""
    state = FAMILY.initial_state(puzzle)
    while not FAMILY.solved(state):
        found = round_steps(state, FAMILY.rules)
        if found is None:
            open_vars = [v for v in FAMILY.branch_variables(state) if state.domains[v] == 3]
            if rng is None:
                var = open_vars[0]
                apply_step(FAMILY, state, Step("known", "", placements=((var, truth[var]),)))
            else:
                # As search does after refuting a guess: the wrong value is removed, which
                # is not a placement, so the bookkeeping rules have to catch up.
                var = rng.choice(open_vars)
                state.remove(var, 1 << (1 - truth[var]))
            continue
        rule, steps = found
        for step in steps:
            for var, value in step.placements:
                assert truth[var] == value, f"{rule.name} placed a wrong value: {step}"
            for var, value in step.eliminations:
                assert truth[var] != value, f"{rule.name} removed the true value: {step}"
            fired[rule.name] += 1
            apply_step(FAMILY, state, step)
    assert state.assignment() == truth


@pytest.mark.slow
def test_no_rule_ever_contradicts_a_known_solution():
    fired: Counter = Counter()
    for record in _records():
        puzzle = text.parse(json.dumps(record))
        truth = model.values_from_cells(puzzle, [tuple(c) for c in record["solution"]])
        sweep(puzzle, truth, fired)
        sweep(puzzle, truth, fired, random.Random(record["name"]))
    silent = {r.name for r in FAMILY.rules} - set(fired) - {"count sums", "doors in one line"}
    assert not silent, f"rules never exercised by the sweep: {silent}"


@settings(max_examples=200, deadline=None)
@given(
    st.integers(2, 7),
    st.integers(2, 7),
    st.randoms(use_true_random=False),
    st.floats(0.0, 1.0),
)
def test_rules_never_contradict_a_random_path(rows, cols, rng, hide):
    """Random door-to-door paths, their counts with some hidden: every rule keeps the path."""
    path = random_path(rows, cols, rng)
    full = counts_of(path, rows, cols)
    row_counts = tuple(-1 if rng.random() < hide else v for v in full.row_counts)
    col_counts = tuple(-1 if rng.random() < hide else v for v in full.col_counts)
    puzzle = build(rows, cols, list(full.doors), row_counts, col_counts)
    truth = model.values_from_cells(puzzle, path)
    sweep(puzzle, truth, Counter(), rng)
