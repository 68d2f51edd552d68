"""Numbrix/Hidato model: the text forms, round trips, detection, errors, verification."""

from __future__ import annotations

import json

import pytest

import deduce
from deduce.errors import Contradiction, ParseError
from deduce.puzzles.numbrix import model
from deduce.puzzles.numbrix import text as forms
from tests.conftest import fixture_file

SAMPLE = {
    json.loads(line)["name"]: line.strip()
    for line in fixture_file("numbrix/corpus_sample.jsonl").read_text().splitlines()
}
GRID = """\
 .  .  .  .
 .  7 16  .
 .  .  9  .
 .  1  .  ."""  # Jsterman/numbrix9 puzzles/simple_4x4.csv (MIT)


def test_the_three_forms_round_trip():
    for text in (GRID, "1 0 0 4/0 0 0 0/0 0 11 0/16 0 0 0", SAMPLE["kobs-6"]):
        puzzle = forms.parse(text)
        assert forms.parse(forms.format_puzzle(puzzle)) == puzzle
    hidato = forms.parse_hidato(SAMPLE["rosetta-hidato-1"])
    assert forms.parse_hidato(forms.format_puzzle(hidato)) == hidato
    assert forms.format_puzzle(forms.parse(GRID)) == GRID
    assert forms.format_puzzle(forms.parse("1 . 3/0 0 0")) == "1 0 3/0 0 0"


def test_holes_and_sizes():
    puzzle = forms.parse_hidato(SAMPLE["rosetta-hidato-1"])
    assert (puzzle.rows, puzzle.cols, puzzle.n) == (8, 8, 40)
    assert puzzle.king and sum(puzzle.geo.is_hole) == 24
    # a hole written -2 (as one source does) is a hole too
    assert forms.parse_hidato(SAMPLE["angusfung-hidato-hid1"]).n == 8
    assert forms.parse_hidato("1 # 3/# 2 #").geo.neighbours[4] == (0, 2)


def test_neighbourhoods():
    numbrix, hidato = (
        forms.parse_numbrix("0 0 0/0 0 0/0 0 0"),
        forms.parse_hidato("0 0 0/0 0 0/0 0 0"),
    )
    assert numbrix.geo.neighbours[4] == (1, 3, 5, 7)
    assert hidato.geo.neighbours[4] == (0, 1, 2, 3, 5, 6, 7, 8)
    assert numbrix.geo.distance(0, 8) == 4 and hidato.geo.distance(0, 8) == 2


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1 2 3/4 5", "row 2 has 2 cells, expected 3"),
        ("1 x/0 0", r"bad token 'x' at r1c2: expected a number, 0 or \. for a blank, # for a hole"),
        ("1 0/0 9", "bad number 9 at r2c2: expected 1-4"),
        ("1 0/1 0", r"number 1 is given twice \(r1c1 and r2c1\)"),
        ('{"grid": [[1, 0], [0, "a"]]}', "bad value 'a' at r2c2"),
        ('{"size": [3, 2], "grid": [[1, 0], [0, 0]]}', r'the "size" field \[3, 2\] does not match'),
        ('{"grid": 1', "bad JSON at character"),
        ('{"rows": 2}', 'expected a "grid" field'),
        ("# #/# #", "every cell is a hole"),
    ],
)
def test_bad_text_names_the_problem(text, message):
    with pytest.raises(ParseError, match=message):
        forms.parse(text)


def test_the_duplicated_given_of_the_corpus_is_a_one_line_error():
    with pytest.raises(ParseError, match=r"^number 48 is given twice \(r1c8 and r3c8\)$"):
        forms.parse_numbrix(SAMPLE["stoddard-PuzzleA"])


def test_a_json_line_that_says_hidato_is_not_read_as_numbrix():
    with pytest.raises(ParseError, match="this is a Hidato puzzle"):
        forms.parse_numbrix(SAMPLE["rosetta-hidato-1"])


def test_detection():
    assert deduce.load(SAMPLE["kobs-6"]).family.name == "numbrix"
    assert deduce.load(SAMPLE["rosetta-hidato-1"]).family.name == "hidato"
    assert deduce.load("1 0 0/# 0 0").family.name == "hidato"  # holes: Hidato
    corpus_line = json.dumps({"name": "angusfung-hidato-c0", "grid": [[1, 0, 0], [0, 0, 6]]})
    assert deduce.load(corpus_line).family.name == "hidato"  # the corpus names it
    assert deduce.load("7 0 0/0 0 0/0 0 1").family.name == "numbrix"
    assert deduce.load("5x5:1cceefcfggeeccghcac3e12hch10ah25a").family.name == "signpost"
    assert deduce.load("2x2:3_1l2_1").family.name == "sudoku"


def test_initial_state_rejects_consecutive_givens_apart():
    with pytest.raises(Contradiction, match="1 at r1c1 and 2 at r2c2 are consecutive but not"):
        model.initial_state(forms.parse_numbrix("1 0/0 2"))
    model.initial_state(forms.parse_hidato("1 0/0 2"))  # diagonal steps are fine in Hidato


def test_solution_forms_and_verification():
    puzzle = forms.parse_hidato("1 # 3/# 2 #")
    values = [1, 0, 3, 0, 2, 0]
    model.check_solution(puzzle, values)
    assert forms.solution_text(puzzle, values) == "1 # 3/# 2 #"
    assert forms.solution_grid(puzzle, values) == "1 # 3\n# 2 #"
    with pytest.raises(Contradiction, match="2 at r2c1 and 3 at r1c3 are not neighbours"):
        model.check_solution(forms.parse_numbrix("1 0 3/0 0 0"), [1, 6, 3, 2, 5, 4])
    with pytest.raises(Contradiction, match="r1c1 must be the given 1"):
        model.check_solution(forms.parse_numbrix("1 0/0 0"), [2, 1, 3, 4])


def test_solve_prints_the_form_it_was_given():
    grid = deduce.solve(GRID, "numbrix")
    assert grid.status == "unique"
    assert grid.solution_text == "5 6 15 14/4 7 16 13/3 8 9 12/2 1 10 11"
    assert grid.puzzle.family.format_solution(grid.puzzle.data, grid.solution) == (
        " 5  6 15 14\n 4  7 16 13\n 3  8  9 12\n 2  1 10 11"
    )
    record = deduce.solve(SAMPLE["rosetta-hidato-1"]).to_dict()
    assert record["solution"].startswith("32 33 35 36 37 # # #/31 34 24 22 38 # # #")
