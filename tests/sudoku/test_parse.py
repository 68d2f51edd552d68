"""Sudoku text forms: one-line, grid and Solo game IDs, round trips and clean errors."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deduce.errors import ParseError
from deduce.puzzles.sudoku import model
from deduce.puzzles.sudoku import text as forms
from deduce.puzzles.sudoku.forms import format_puzzle
from tests.conftest import corpus_file
from tests.sudoku.grids import sudoku_grids

TOP95_1 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SOLVED = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"


shapes = st.sampled_from([(2, 2), (3, 2), (3, 3), (4, 4), (5, 5)])


@settings(max_examples=60, deadline=None)
@given(shapes.flatmap(lambda s: sudoku_grids(*s)))
def test_every_form_round_trips(puzzle):
    for write in (forms.to_line, forms.to_grid, forms.to_tatham):
        again = forms.parse(write(puzzle))
        assert again.givens == puzzle.givens
        assert again.geo == puzzle.geo
        assert format_puzzle(again) == write(puzzle)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=120))
def test_garbage_gives_a_clean_parse_error(text):
    try:
        puzzle = forms.parse(text)
    except ParseError as exc:
        message = str(exc)
        assert message and "\n" not in message
        return
    # Anything that parses is a valid puzzle: no clue repeats in a unit.
    geo = puzzle.geo
    for unit in geo.units:
        given = [puzzle.givens[c] for c in unit if puzzle.givens[c]]
        assert len(given) == len(set(given))


def test_one_line_forms():
    p = forms.parse(TOP95_1)
    assert p.n == 9 and p.givens[0] == 4 and p.givens[1] == 0
    assert forms.parse(TOP95_1.replace(".", "0")).givens == p.givens
    assert forms.to_line(p) == TOP95_1


def test_letters_above_nine_in_16x16():
    line = "A" + "." * 255
    p = forms.parse(line)
    assert p.n == 16 and p.givens[0] == 10
    assert forms.to_line(p) == line


def test_grid_form_with_box_drawing():
    p = forms.parse(forms.to_grid(forms.parse(TOP95_1)))
    assert p.givens == forms.parse(TOP95_1).givens and p.form == "grid"


def test_six_by_six_has_boxes_three_wide_two_tall():
    p = forms.parse("1" + "." * 35)
    assert (p.geo.box_w, p.geo.box_h) == (3, 2)


def test_tatham_game_id_from_the_grammar():
    # From SOURCES-tatham.md: 2x2:3_1l2_1 is a 4x4 with 3 1 . . / ... / . . 2 1
    p = forms.parse("2x2:3_1l2_1")
    assert forms.to_line(p) == "31............21"
    assert forms.to_tatham(p) == "2x2:3_1l2_1"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("123", "wrong length: 3 characters"),
        ("4" * 81, "clue 4 at r1c2 repeats in row 1 (also at r1c1)"),
        ("x" + "." * 80, "bad character 'x' at position 1"),
        ("3x3:a1_2", "Solo description too short: 3 cells, expected 81"),
        ("3x3:" + "z" * 4, "Solo description too long"),
        ("3x3:a!", "bad character '!' at character 2 of the Solo description"),
        ("", "empty input"),
    ],
)
def test_bad_input_names_the_problem(text, message):
    with pytest.raises(ParseError, match=message.replace("(", r"\(").replace(")", r"\)")):
        forms.parse(text)


def test_tatham_corpus_ids_parse_to_their_puzzle81():
    import csv

    path = corpus_file("sudoku", "tatham_solo_9x9.tsv")
    with open(path) as handle:
        for row in csv.DictReader(handle, delimiter="\t"):
            p = forms.parse(row["game_id"])
            assert forms.to_line(p) == row["puzzle81"]
            assert forms.to_tatham(p) == row["game_id"]
            solution = [int(ch) for ch in row["solution81"]]
            model.check_solution(p, solution)


def test_tatham_other_sizes_parse():
    import csv

    path = corpus_file("sudoku", "tatham_solo_other_sizes.tsv")
    with open(path) as handle:
        for row in csv.DictReader(handle, delimiter="\t"):
            p = forms.parse(row["game_id"])
            assert forms.to_line(p) == row["puzzle"]
            assert forms.parse(row["puzzle"]).geo == p.geo


def test_check_solution_names_the_broken_unit():
    from deduce.errors import Contradiction

    p = forms.parse(TOP95_1)
    with pytest.raises(Contradiction):
        model.check_solution(p, [int(c) for c in SOLVED])


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="1234....", min_size=16, max_size=16))
def test_a_4x4_that_parses_repeats_no_clue_in_a_unit(text):
    try:
        puzzle = forms.parse(text)
    except ParseError as exc:
        assert "repeats" in str(exc)
        return
    for unit in puzzle.geo.units:
        given = [puzzle.givens[c] for c in unit if puzzle.givens[c]]
        assert len(given) == len(set(given))


@settings(max_examples=200, deadline=None)
@given(side=st.sampled_from([4, 6, 9, 16, 25]), data=st.data(), check=st.booleans())
def test_a_line_of_cells_reads_as_it_would_through_every_form(side, data, check):
    """``parse`` reads a line made only of cells first (``_CELLS_OF_LENGTH``); the answer,
    or the error, is the one the forms tried in order give (also for lines with a character
    no cell is, which the shortcut leaves alone)."""
    cells = sorted(forms._CELLS_OF_LENGTH[side * side])
    others = [":", "/", "=", "#", "?", "x", " "] if data.draw(st.booleans()) else []
    alphabet = st.sampled_from(cells + others)
    line = "".join(data.draw(st.lists(alphabet, min_size=side * side, max_size=side * side)))

    def read(text: str) -> tuple[str, object]:
        try:
            return "read", forms.parse(text, check)
        except ParseError as e:
            return "error", str(e)

    first = read(line)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(forms, "_CELLS_OF_LENGTH", {})
        assert read(line) == first
