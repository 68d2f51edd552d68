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
from tests.test_engine import EASY, HARD

#: (corpus file, TSV column holding the puzzle or None for one puzzle a line, family or None)
CORPORA = [
    ("sudoku/easy50.txt", None, None),
    ("sudoku/top95.txt", None, None),
    ("sudoku/norvig_hardest.txt", None, None),
    ("sudoku/tatham_solo_9x9.tsv", "game_id", None),
    ("sudoku/tatham_solo_other_sizes.tsv", "game_id", None),
    ("sudoku/reference_ratings_calibration.tsv", "puzzle", None),
    ("sudoku/sudoku_exchange_diabolical_sample40.tsv", "puzzle", None),
    ("sudoku/sudokuwiki_technique_examples.tsv", "puzzle", None),
    ("signpost/tatham_signpost.tsv", "game_id", None),
    ("path/path_puzzles.jsonl", None, None),
    ("numbrix/numbrix_public.jsonl", None, "numbrix"),
    ("hidato/hidato_public.jsonl", None, "hidato"),
    ("hidato/janko_hidoku_third.jsonl", None, "hidato"),
    ("sudoku/janko_jigsaw_third.jsonl", None, "jigsaw"),
    ("nonogram/nonogram_db.jsonl", None, None),
    ("nonogram/pynogram_examples.jsonl", None, None),
    ("nonogram/survey_bw.jsonl", None, None),
]


def puzzles(name: str, column: str | None) -> list[tuple[int, str]]:
    lines = corpus_file(*name.split("/")).read_text(encoding="utf-8").splitlines()
    if column is None:
        return [(i, line) for i, line in enumerate(lines, start=1) if line.strip()]
    index = lines[0].split("\t").index(column)
    return [(i, line.split("\t")[index]) for i, line in enumerate(lines[1:], start=2) if line]


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


EXAMPLES = sorted((Path(__file__).resolve().parent.parent / "examples").glob("*.txt"))


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
