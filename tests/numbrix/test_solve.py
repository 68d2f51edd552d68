"""Solving the Numbrix and Hidato corpora, the command line, and the generator."""

from __future__ import annotations

import json

import pytest

import deduce
from deduce.cli import main
from tests.conftest import fixture_file
from tests.numbrix.corpus import FAMILY, records, stored_solution

SAMPLE = [
    json.loads(line)
    for line in fixture_file("numbrix/corpus_sample.jsonl").read_text().splitlines()
]


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.slow
@pytest.mark.parametrize("family", ["numbrix", "hidato"])
def test_the_corpus_is_handled_correctly(family):
    """Unique puzzles solve to their stored solution, the ones with several are reported as
    such (including the three 15x15 boards the corpus left open), the duplicated given is a
    one-line error."""
    for record in records(family):
        if record["n_solutions"] == "0":
            with pytest.raises(deduce.ParseError, match="is given twice"):
                deduce.solve(record["line"], family)
            continue
        result = deduce.solve(record["line"], family)
        if record["n_solutions"] == "1":
            assert result.status == "unique", record["name"]
            assert result.solution_text == stored_solution(record), record["name"]
        else:
            assert result.status == "multiple", record["name"]
            assert len(result.solutions) == 2 and result.solutions[0] != result.solutions[1]
            for solution in result.solutions:
                result.puzzle.family.check_solution(result.puzzle.data, solution)


@pytest.mark.slow
@pytest.mark.corpus
@pytest.mark.parametrize("corpus", ["numbrix", "janko"])
def test_puzzles_people_made_are_solved_without_guessing(corpus):
    """Issue 33: at least 95% of the unique public Numbrix puzzles and of the 170 Janko
    Hidoku are solved by the rules alone, every one correctly, and every log ends with each
    cell written by a step (a given, or a step's placement), none left to the eliminations."""
    unique = [r for r in records(corpus) if r["n_solutions"] == "1"]
    alone = 0
    for record in unique:
        result = deduce.solve(record["line"], FAMILY[corpus])
        assert result.solution_text == stored_solution(record), record["name"]
        alone += result.solved_by_rules
        if result.solved_by_rules:
            data = result.puzzle.data
            written = {c for c in data.geo.cells if data.givens[c]}
            written |= {v for step in result.log.steps for v, _ in step.placements}
            assert written == set(data.geo.cells), record["name"]
    assert alone >= 0.95 * len(unique)


def test_sample_statuses_from_the_command_line(capsys, tmp_path):
    path = tmp_path / "sample.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in SAMPLE))
    status, out, err = run(capsys, "check", str(path))
    assert status == 2
    lines = out.splitlines()
    assert lines[0] == "line 1: unique solution; the rules alone suffice; grade hard"
    assert lines[1].startswith("line 2: several solutions: ")
    assert err == "deduce: line 3: number 48 is given twice (r1c8 and r3c8)\n"
    assert lines[2].startswith("line 4: unique solution")
    assert lines[3].startswith("line 5: several solutions")
    assert lines[4].startswith("line 6: unique solution")


def test_solve_json_has_the_one_line_form(capsys):
    status, out, _ = run(capsys, "solve", "--json", json.dumps(SAMPLE[-1]))
    record = json.loads(out)
    assert status == 0 and record["family"] == "hidato" and record["status"] == "unique"
    assert record["solution"].split("/")[0] == "32 33 35 36 37 # # #"


def test_a_grid_file_is_one_puzzle_and_its_solution_a_grid(capsys, tmp_path):
    path = tmp_path / "p.txt"
    path.write_text(" .  .  .  .\n .  7 16  .\n .  .  9  .\n .  1  .  .\n")
    status, out, _ = run(capsys, "solve", "--family", "numbrix", str(path))
    assert status == 0
    assert out == " 5  6 15 14\n 4  7 16 13\n 3  8  9 12\n 2  1 10 11\n"


def test_bad_input_is_one_line_and_exit_2(capsys):
    status, out, err = run(capsys, "solve", "--family", "numbrix", "1 0/0 9")
    assert (
        status == 2
        and out == ""
        and err == "deduce: the input: bad number 9 at r2c2: expected 1-4\n"
    )
    status, out, _ = run(capsys, "check", "--family", "numbrix", "1 0 0/0 0 0/0 0 2")
    assert status == 2
    assert out == "no solution: 1 at r1c1 and 2 at r3c3 are consecutive but not neighbours\n"


def test_explain_draws_the_grid_and_names_the_rules(capsys):
    status, out, _ = run(capsys, "explain", "--family", "numbrix", "7 0 9/0 0 0/1 0 3")
    assert status == 0
    assert "1. straight edge: r1c2 is the only cell next to both 7 at r1c1 and 9 at r1c3" in out
    assert "Grade: easy" in out


def test_rules_lists_the_weights(capsys):
    status, out, _ = run(capsys, "rules", "numbrix")
    assert status == 0 and " 1.00  straight edge" in out and " 3.50  BFS placement" in out
    assert "levels: easy, medium, hard, expert, needs-guessing" in out


def test_generate_makes_unique_puzzles_repeatably(capsys):
    status, out, err = run(
        capsys, "generate", "numbrix", "--size", "5x5", "--count", "2", "--seed", "3"
    )
    assert status == 0 and "made 2 puzzle(s)" in err
    lines = out.splitlines()
    assert len(lines) == 2
    for line in lines:
        result = deduce.solve(line)
        assert result.puzzle.family.name == "numbrix"
        assert result.status == "unique" and result.solved_by_rules
    assert (
        run(capsys, "generate", "numbrix", "--size", "5x5", "--count", "2", "--seed", "3")[1] == out
    )


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "expert", "needs-guessing"])
def test_generate_aims_at_a_level(level):
    (text,) = deduce.generate("numbrix", size="5x5", count=1, seed=2, difficulty=level)
    assert deduce.solve(text).grade.level == level


def test_generate_hidato_with_holes():
    (text,) = deduce.generate("hidato", size="5x4", count=1, seed=1, holes=3)
    result = deduce.solve(text)
    assert result.puzzle.family.name == "hidato" and result.status == "unique"
    assert sum(row.count(-1) for row in json.loads(text)["grid"]) == 3


def test_generate_rejects_bad_options(capsys):
    status, _, err = run(capsys, "generate", "numbrix", "--size", "20x20")
    assert status == 2 and "each side must be 2 to 15" in err
    with pytest.raises(deduce.ParseError, match="holes are for Hidato boards only"):
        next(deduce.generate("numbrix", holes=2))


def test_hint_checks_the_players_grid(capsys):
    puzzle = "0 0 0 0/0 7 16 0/0 0 9 0/0 1 0 0"  # Jsterman/numbrix9 simple_4x4 (MIT)
    status, out, _ = run(
        capsys,
        "hint",
        "--family",
        "numbrix",
        puzzle,
        "--progress",
        "0 0 0 0/0 7 16 0/0 0 9 0/3 1 0 0",
    )
    assert status == 0 and out == "Your 3 at r4c1 is wrong: fix it first.\n"
    status, out, _ = run(
        capsys,
        "hint",
        "--family",
        "numbrix",
        puzzle,
        "--progress",
        "0 0 0 0/0 7 16 0/0 0 9 0/2 1 0 0",
        "--level",
        "2",
    )
    assert status == 0 and out == "Look at r4c1: single option (filled cell).\nIt is about 3.\n"
    status, _, err = run(
        capsys,
        "hint",
        "--family",
        "numbrix",
        puzzle,
        "--progress",
        "0 0 0 0/0 7 16 0/0 0 9 0/2 3 0 0",
    )
    assert status == 2 and err == "deduce: r4c2 is a given 1, not 3\n"
