"""Every step of every log is true when it is read (deduce/testing.py says what that means).

The small fixtures of every family run always; the sweeps over the small corpus files run
when ../shared/corpora is there (slow: each replays and re-asks the engine at every step).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import deduce
from deduce.engine import next_step
from deduce.step import Step
from deduce.testing import problems
from tests.conftest import corpus_file, fixture_file
from tests.corpora import SMALL_FILES, read_puzzles
from tests.puzzles import EASY, HARD

#: (corpus file, TSV column holding the puzzle or None for one puzzle a line, family or None)
#: The small corpus files (the list bench/log_hashes.py reads too), and the people-made ones
#: only this test reads.
CORPORA = [
    *SMALL_FILES,
    ("hidato/janko_hidoku_third.jsonl", None, "hidato"),
    ("sudoku/janko_jigsaw_third.jsonl", None, "jigsaw"),
]


def puzzles(name: str, column: str | None) -> list[tuple[int, str]]:
    return read_puzzles(corpus_file(*name.split("/")), column)


def untrue(text: str, family: str | None = None, max_nodes: int = 200) -> list[str]:
    result = deduce.solve(text, family, max_nodes=max_nodes)
    return problems(result.puzzle.family, result.puzzle.data, result.log)


@pytest.mark.parametrize("text", [EASY, HARD])
def test_sudoku_logs_are_true_when_read(text):
    assert untrue(text) == []


@pytest.mark.parametrize(
    ("name", "family"),
    [
        ("numbrix/corpus_sample.jsonl", None),
        ("path/corpus_sample.jsonl", None),
        ("nonogram/pynogram_small.jsonl", None),
    ],
)
def test_fixture_logs_are_true_when_read(name, family):
    lines = fixture_file(name).read_text(encoding="utf-8").splitlines()
    for line in filter(str.strip, lines):
        try:
            found = untrue(line, family, max_nodes=50)
        except deduce.ParseError:
            continue  # a fixture of bad input
        assert found == [], json.loads(line).get("name")


EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "examples").glob("*.txt"))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_examples_are_true_when_read(path):
    family = "hidato" if path.stem == "hidato" else None
    text = "\n".join(ln for ln in path.read_text().splitlines() if not ln.startswith("#"))
    assert untrue(text, family) == []


def test_a_stale_step_is_caught():
    """The check itself: a step taken from a later grid, or one that repeats what is known,
    is reported."""
    result = deduce.solve(EASY)
    family, puzzle, log = result.puzzle.family, result.puzzle.data, result.log
    steps = list(log.steps)
    swapped = deduce.Log(log.family, log.puzzle, [steps[1], steps[0], *steps[2:]])
    assert any("the engine makes" in p for p in problems(family, puzzle, swapped))
    repeated = deduce.Log(log.family, log.puzzle, [steps[0], steps[0], *steps[1:]])
    assert any("already written in" in p for p in problems(family, puzzle, repeated))
    state = family.initial_state(puzzle)
    _, first = next_step(state, family.rules)
    made_up = Step(first.rule, "A reason that is not the rule's.", placements=first.placements)
    odd = deduce.Log(log.family, log.puzzle, [made_up, *steps[1:]])
    assert any("the log says: A reason" in p for p in problems(family, puzzle, odd))


@pytest.mark.slow
@pytest.mark.parametrize(("name", "column", "family"), CORPORA, ids=[c[0] for c in CORPORA])
def test_corpus_logs_are_true_when_read(name, column, family):
    bad = {}
    for line, text in puzzles(name, column):
        try:
            found = untrue(text, family)
        except deduce.ParseError:
            continue  # the corpora keep a few broken puzzles (their SOURCES.md says which)
        if found:
            bad[line] = found[0]
    assert bad == {}
