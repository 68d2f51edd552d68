"""The nonogram model: the four text forms, round trips, errors, detection, verification."""

from __future__ import annotations

import json
import re

import pytest

import deduce
from deduce.errors import Contradiction, ParseError
from deduce.puzzles.nonogram import model, text
from tests.conftest import fixture_file

NONOGRAM = deduce.get_family("nonogram")
DANCER = fixture_file("nonogram/survey_small.jsonl").read_text().splitlines()[0]
DANCER_SOLUTION = ".##../.##.#/..#.#/.###./#.#../#.#../..##./.#.#./.#.##/##..."
# The same puzzle as a Pattern game ID (columns first) and as a .non text.
DANCER_ID = "5x10:2.1/2.1.3/7/1.3/2.1/2/2.1/1.1/3/1.1/1.1/2/1.1/1.2/2"
DANCER_NON = """title "Dancer"
width 5
height 10

rows
2
2,1
1,1
3
1,1
1,1
2
1,1
1,2
2

columns
2,1
2,1,3
7
1,3
2,1
"""


def test_the_four_forms_read_the_same_puzzle():
    a = text.parse(DANCER)
    b = text.parse(DANCER_ID)
    c = text.parse(DANCER_NON)
    d = text.parse(DANCER_SOLUTION.replace("/", "\n"))
    assert a == b == c == d
    assert (a.width, a.height, a.rows[1], a.cols[1]) == (5, 10, (2, 1), (2, 1, 3))
    assert a.name == "webpbn-00001 Dancer" and c.name == "Dancer"


@pytest.mark.parametrize("source", [DANCER, DANCER_ID, DANCER_NON, "#.\n.#\n##"])
def test_round_trip_in_the_form_given(source):
    puzzle = text.parse(source)
    again = text.format_puzzle(puzzle)
    assert text.parse(again) == puzzle
    assert text.parse(again).form == puzzle.form


def test_json_keeps_the_stored_solution():
    puzzle = text.parse(DANCER)
    assert json.loads(text.format_puzzle(puzzle))["solution"] == json.loads(DANCER)["solution"]
    assert model.solution_text(puzzle, model.goal_values(puzzle)) == DANCER_SOLUTION


def test_detect():
    for source in (DANCER, DANCER_ID, DANCER_NON, "#.#\n.#."):
        assert text.detect(source)
        assert deduce.load(source).family.name == "nonogram"
    for other in ("5x5:1cceefcfggeeccghcac3e12hch10ah25a", "{}", "hello", "#.#"):
        assert not text.detect(other)


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ("3x2:1/1/1/1", "the game ID has 4 clues, expected 5"),
        ("2x2:1/1/x/1", "bad clue 'x' for row 1"),
        ("2x2:3/1/1/1", "the clue 3 of column 1 does not fit in 2 cells"),
        ("2x2:1/1/2/1", "the row clues fill 3 cells but the column clues 2"),
        ('{"width": 2, "height": 2, "rows": [[1]], "cols": [[1], [1]]}', "1 row clues given"),
        ('{"width": 2, "rows": [[1]], "cols": [[1]]}', "lacks height"),
        ('{"width": 2, "height": 1, "rows": [[1, "a"]], "cols": [[1], []]}', "row 1 must be"),
        ("#.\n###", "picture line 2 has 3 cells, expected 2"),
        ("width 2\nrows\n1\n1\ncolumns\n1\n1", "needs a 'height N' line"),
        ('{"width": 1, "height": 1, "rows": [[1]], "cols": [[1]], "solution": ["0"]}', "stored"),
    ],
)
def test_parse_errors_name_the_problem(source, message):
    with pytest.raises(ParseError, match=message.replace("(", r"\(")):
        text.parse(source)


def test_check_solution_names_the_broken_line():
    puzzle = text.parse(DANCER)
    values = model.goal_values(puzzle)
    model.check_solution(puzzle, values)
    values[0] = 1 - values[0]
    with pytest.raises(Contradiction, match="row 1 shows 3 but its clue is 2"):
        model.check_solution(puzzle, values)


def test_solution_forms():
    result = deduce.solve(DANCER)
    assert result.status == "unique"
    assert result.solution_text == DANCER_SOLUTION
    assert NONOGRAM.solution_grid(result.puzzle.data, result.solution).splitlines()[0] == ".##.."
    assert result.to_dict()["solution"] == DANCER_SOLUTION


def test_a_clue_too_long_for_its_line_has_no_solution():
    puzzle = model.Nonogram(3, 1, ((1, 1, 1),), ((1,), (1,), (1,)))
    with pytest.raises(Contradiction, match="row 1 is 3 cells long, too short"):
        model.initial_state(puzzle)


def _knotty() -> tuple[str, list[list[int]]]:
    """Knotty's JSON line and the two grids in ``knotty_two_solutions.txt``."""
    content = fixture_file("nonogram/knotty_two_solutions.txt").read_text().strip()
    line, *grids = content.split("\n\n")
    return line, [
        [model.FILLED if ch == "#" else model.EMPTY for ch in grid.replace("\n", "")]
        for grid in grids
    ]


def test_knotty_has_several_solutions():
    """Knotty, as the corpus has it, is not unique: two different grids show its clues."""
    line, (first, second) = _knotty()
    puzzle = text.parse(line)
    model.check_solution(puzzle, first)
    model.check_solution(puzzle, second)
    assert sum(a != b for a, b in zip(first, second, strict=True)) == 14


def test_a_time_limit_stops_the_search_on_knotty():
    """Knotty needs seconds of search (learning, docs/search.md): bounded below that, the
    solve says it is undecided."""
    line, _ = _knotty()
    result = deduce.solve(line, "nonogram", max_seconds=0.5)
    assert result.status == "unknown"
    # Where the limit falls (in the rules or in the search) and the seconds it reports depend
    # on the machine's load; the sentence does not.
    assert re.match(r"undecided: the time limit \(0.5 s\) ran out after [\d.]+ s, ", result.reason)


EDGE = next(
    line
    for line in fixture_file("nonogram/survey_small.jsonl").read_text().splitlines()
    if "Edge" in line
)

EDGE_PROGRESS = "...#xxxxxx/.###....../" + "/".join(["." * 10] * 9)


def test_a_players_grid_marks_filled_crossed_and_open_cells():
    from deduce.puzzles.nonogram.view import parse_progress

    puzzle = text.parse(EDGE)
    state = parse_progress(puzzle, EDGE_PROGRESS)
    assert state.domains[:10] == [model.D_OPEN] * 3 + [model.D_FILLED] + [model.D_EMPTY] * 6
    assert state.extra["entered"] == frozenset({3, *range(4, 10), 11, 12, 13})
    with pytest.raises(ParseError, match="the grid has 2 rows but the puzzle has 11"):
        parse_progress(puzzle, "#/#")
    with pytest.raises(ParseError, match=r"row 2, column 3 of the grid: 'q' is not a mark"):
        parse_progress(puzzle, EDGE_PROGRESS.replace(".###", ".#q#"))


def test_hint_reads_a_players_nonogram(capsys):
    from deduce.cli import main

    assert main(["hint", EDGE, "--level", "4", "--progress", EDGE_PROGRESS]) == 0
    out = capsys.readouterr().out
    assert "Row 1 (1): its one filled cell is found, so r1c1 to r1c3 are empty." in out
    wrong = EDGE_PROGRESS.replace("...#", "#..#", 1)
    assert main(["hint", EDGE, "--progress", wrong]) == 0
    assert capsys.readouterr().out.startswith("Your filled mark at r1c1 is wrong: fix it first.")
