"""Splitting what a user gives into puzzle records: one puzzle, lines, TSV with a header."""

import pytest

from deduce.errors import ParseError
from deduce.inputs import load_record, read_source, split_records
from tests.puzzles import EASY, HARD


def test_one_line_is_one_record():
    assert [r.text for r in split_records(EASY)] == [EASY]


def test_a_grid_is_one_record():
    from deduce.puzzles.sudoku.text import parse, to_grid

    grid = to_grid(parse(EASY))
    records = split_records(grid)
    assert len(records) == 1 and records[0].where == "the input"


def test_lines_keep_their_numbers_and_skip_blanks_and_comments():
    text = f"// my puzzles\n{EASY}\n\n# a comment\n{HARD}\n"
    records = split_records(text)
    assert [(r.text, r.where) for r in records] == [(EASY, "line 2"), (HARD, "line 5")]


def test_tsv_takes_the_first_field_after_a_header():
    text = f"puzzle\tlevel\n{EASY}\teasy\n{HARD}\thard\n"
    loaded = [load_record(r, None)[1] for r in split_records(text)]
    assert [(r.text, r.note, r.where) for r in loaded] == [
        (EASY, "easy", "line 2"),
        (HARD, "hard", "line 3"),
    ]


def test_empty_input_is_an_error():
    with pytest.raises(ParseError, match="empty input"):
        split_records(" \n\n")


def test_read_source_reads_files_and_passes_strings(tmp_path):
    path = tmp_path / "p.txt"
    path.write_text(EASY)
    assert read_source(str(path)) == (EASY, True)
    assert read_source(EASY) == (EASY, False)
    with pytest.raises(ParseError, match="is a folder"):
        read_source(str(tmp_path))
