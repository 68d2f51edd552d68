"""Solving Path puzzles through the engine: stored solutions are found, several solutions
are reported as such, the seed's Figure 1 comes out in its array form."""

import json

import pytest

from deduce import api
from deduce.puzzles.path import model
from tests.conftest import corpus_file, fixture_file


def _lines(path):
    with path.open() as f:
        return [json.loads(line) for line in f if line.strip()]


def _check(record):
    result = api.solve(json.dumps(record), "path")
    n = record["n_solutions"]
    if n == "1":
        assert result.status == api.UNIQUE, record["name"]
        truth = model.values_from_cells(result.puzzle.data, [tuple(c) for c in record["solution"]])
        assert result.solution == truth, record["name"]
    elif n.startswith("unknown"):
        # Uniqueness unknown to the corpus: whatever the engine reports must be checked.
        assert result.status in (api.UNIQUE, api.MULTIPLE), record["name"]
        for values in result.solutions:
            model.check_solution(result.puzzle.data, values)
        if result.status == api.MULTIPLE:
            assert result.solutions[0] != result.solutions[1]
    else:
        assert result.status == api.MULTIPLE, record["name"]
    return result


def test_sample_solves_as_stored():
    for record in _lines(fixture_file("path/corpus_sample.jsonl")):
        _check(record)


def test_seed_figure_1_in_array_form():
    data = json.loads(fixture_file("path/seed_figure1.json").read_text())
    result = api.solve(json.dumps(data), "path")
    assert result.status == api.UNIQUE
    assert result.solution_text == data["array"]
    assert result.to_dict()["solution"] == data["array"]


def test_letters_solve_to_their_stored_solutions():
    letters = [r for r in _lines(corpus_file("path", "path_puzzles.jsonl")) if len(r["name"]) == 1]
    assert len(letters) == 26
    for record in letters:
        _check(record)


@pytest.mark.slow
def test_whole_corpus():
    for record in _lines(corpus_file("path", "path_puzzles.jsonl")):
        _check(record)


def test_hamiltonian_cases_have_several_solutions():
    record = _lines(fixture_file("path/corpus_sample.jsonl"))[-1]
    assert record["name"].startswith("sat-10x10")
    result = _check(record)
    assert result.status == api.MULTIPLE


def test_no_solution_is_reported():
    # Theorem 1: the counts add up to 7 and 6.
    bad = '{"rows": 3, "cols": 3, "doors": [[0, 0], [2, 2]], "row_counts": [3, 1, 3], "col_counts": [2, 2, 2]}'
    result = api.solve(bad, "path")
    assert result.status == api.NONE
    assert "Theorem 1" in result.reason


def test_rules_alone_and_grade():
    record = next(r for r in _lines(fixture_file("path/corpus_sample.jsonl")) if r["name"] == "L")
    result = api.solve(json.dumps(record), "path")
    assert result.solved_by_rules and result.grade.guesses == 0
    assert result.grade.level in ("easy", "medium", "hard", "expert")
