"""Nonograms of the corpus: every rule sound on every puzzle with a stored solution, and
solves that agree with the stored solutions.

Soundness sweep: the engine's solve is followed with the true solution at hand; at every
state every line rule is asked (not only the one the engine picks) and each of its steps
checked; when the line rules are stuck, probing is asked and checked; when probing is stuck
too, the true values of the cell search would guess on and of the next two open cells are
written in, so the rules also run deep inside hard puzzles.

Where each part runs: survey_bw and nonogram_db get every rule, probing included, on every
puzzle with a stored solution, in CI. Of the 300 tournament puzzles CI sweeps one in three
in the engine's order, asks every line rule at every state on one in fifteen and probing on
one in thirty (about half a minute); ``NONOGRAM_FULL_SWEEP=1`` sweeps all 300 with every
rule (several minutes, run by hand before changing a rule).
"""

from __future__ import annotations

import json
import os
from collections import Counter

import pytest

import deduce
from deduce.engine import apply_step
from deduce.puzzles.nonogram import model
from deduce.puzzles.nonogram.text import parse
from deduce.step import Step
from deduce.testing import check_step, round_steps
from tests.conftest import corpus_file

NONOGRAM = deduce.get_family("nonogram")
LINE_RULES = NONOGRAM.rules[:-1]
PROBING = NONOGRAM.rules[-1]
#: Sweep all 300 tournament puzzles with every rule (NONOGRAM_FULL_SWEEP=1; minutes).
FULL = bool(os.environ.get("NONOGRAM_FULL_SWEEP"))
FILES = ("survey_bw.jsonl", "nonogram_db.jsonl", "tournament_25x25_sample.jsonl")


def records(name: str) -> list[str]:
    path = corpus_file("nonogram", name)
    return [line for line in path.read_text().splitlines() if '"solution"' in line]


def sweep(line: str, fired: Counter, with_probing: bool, every_rule: bool = True) -> None:
    puzzle = parse(line)
    truth = model.goal_values(puzzle)
    state = NONOGRAM.initial_state(puzzle)
    while not NONOGRAM.solved(state):
        for rule in LINE_RULES if every_rule else ():
            for step in rule.find(state):
                check_step(NONOGRAM, state, step, truth, rule.name)
        rules = NONOGRAM.rules if with_probing else LINE_RULES
        found = round_steps(state, rules)
        if found is None:
            cells = [c for c, d in enumerate(state.domains) if d == model.D_OPEN][:3]
            found = (None, [Step("known", "", placements=tuple((c, truth[c]) for c in cells))])
        rule, steps = found
        for step in steps:
            if rule is not None:
                check_step(NONOGRAM, state, step, truth, rule.name)
                fired[rule.name] += 1
            apply_step(NONOGRAM, state, step)
    assert state.assignment() == truth


@pytest.mark.slow
@pytest.mark.parametrize("name", FILES)
def test_every_rule_is_sound_on_the_corpus(name):
    fired: Counter = Counter()
    lines = records(name)
    assert lines
    sample = name.startswith("tournament") and not FULL
    for index, line in enumerate(lines):
        if sample and index % 3:
            continue
        sweep(
            line,
            fired,
            with_probing=not sample or index % 30 == 0,
            every_rule=not sample or index % 15 == 0,
        )
    # Every rule makes steps somewhere in each file (so each is checked against solutions).
    assert set(fired) >= {r.name for r in LINE_RULES}, fired
    if name.startswith("tournament"):
        assert fired["probing"] > 0


@pytest.mark.slow
@pytest.mark.parametrize("name", ["survey_bw.jsonl", "nonogram_db.jsonl"])
def test_stored_solutions_are_found(name):
    for line in records(name):
        result = deduce.solve(line, "nonogram")
        puzzle = result.puzzle.data
        assert result.status == "unique", puzzle.name
        assert result.solution == model.goal_values(puzzle), puzzle.name


@pytest.mark.slow
def test_tournament_sample_agrees_with_the_stored_solutions():
    """The first puzzle of every tournament set (#100, a light one): unique means the
    stored solution; several means two different grids that both satisfy every clue."""
    lines = records("tournament_25x25_sample.jsonl")
    statuses = Counter()
    for line in lines[::10]:
        result = deduce.solve(line, "nonogram")
        puzzle = result.puzzle.data
        statuses[result.status] += 1
        if result.status == "unique":
            assert result.solution == model.goal_values(puzzle), puzzle.name
        else:
            assert result.status == "multiple", puzzle.name
            a, b = result.solutions
            assert a != b
            model.check_solution(puzzle, a)
            model.check_solution(puzzle, b)
    assert statuses["multiple"]  # random tournament images are seldom unique


def test_every_puzzle_of_the_small_files_is_classified():
    """Unique, several or none, and the stored solution when there is one (pynogram's
    examples that take seconds are in the bench instead)."""
    path = corpus_file("nonogram", "pynogram_examples.jsonl")
    for line in path.read_text().splitlines():
        data = json.loads(line)
        if data["name"] in ("pynogram-LalaFrogKK", "pynogram-MLP", "pynogram-frans_faase"):
            continue
        result = deduce.solve(line, "nonogram")
        assert result.status in ("unique", "multiple"), data["name"]
