"""Path model: both text forms round-trip, the corpus solutions verify, bad input is named."""

import json
import re

import pytest

from deduce.errors import Contradiction, ParseError
from deduce.puzzles.path import model, text
from tests.conftest import corpus_file


def _corpus():
    with corpus_file("path", "path_puzzles.jsonl").open() as f:
        return [json.loads(line) for line in f]


def test_forms_round_trip_and_solutions_verify():
    for record in _corpus():
        line = json.dumps(record)
        p = text.parse(line)
        assert text.parse(text.to_json(p)) == p
        q = text.parse(text.to_grid(p))
        assert (q.doors, q.row_counts, q.col_counts) == (p.doors, p.row_counts, p.col_counts)
        assert text.format_puzzle(q) == text.to_grid(p)
        assert text.detect(line) and text.detect(text.to_grid(p))
        if record["solution"]:
            values = model.values_from_cells(p, [tuple(c) for c in record["solution"]])
            model.check_solution(p, values)
            assert model.values_from_array(p, model.solution_text(p, values)) == values


GRID = """
     3 3 4 4 4 2
  +-------------+
2 | . . . . . . |
4 | . . . . . . |
2 | . . . . . . |
5 | . . . . . . |
5 | . . . . . . |
2 | A . . . . B |
  +-------------+
"""


def test_grid_form_reads_without_frame_and_with_missing_counts():
    bare = "- 3 4 4 4 2\n2 . . . . . .\n4 . . . . . .\n2 . . . . . .\n5 . . . . . .\n5 . . . . . .\n- A . . . . B"
    p = text.parse(bare)
    assert p.col_counts[0] == -1 and p.row_counts[5] == -1
    assert p.doors == ((5, 0), (5, 5))
    assert text.parse(text.to_grid(p)) == p
    assert text.parse(GRID).row_counts == (2, 4, 2, 5, 5, 2)


@pytest.mark.parametrize(
    ("bad", "words"),
    [
        (GRID.replace("A", "."), "no door A"),
        (GRID.replace("2 | A", "2 | X"), "bad cell 'X' at line 9"),
        (GRID.replace("5 | . . . . . . |\n2", "5 | . . . . . |\n2"), "line 8 has 6 items"),
        (GRID.replace("3 3 4", "3 z 4"), "bad count 'z' at line 2 item 2"),
        (GRID.replace("4 | . . .", "4 | . B ."), "second door B"),
        (
            '{"rows": 3, "cols": 3, "doors": [[1, 1], [2, 2]], "row_counts": [1,1,1], "col_counts": [1,1,1]}',
            "not on the border",
        ),
        (
            '{"rows": 3, "cols": 3, "doors": [[0, 0], [0, 0]], "row_counts": [1,1,1], "col_counts": [1,1,1]}',
            "both doors",
        ),
        (
            '{"rows": 3, "cols": 3, "doors": [[0, 0], [2, 2]], "row_counts": [1,1], "col_counts": [1,1,1]}',
            "2 row counts for 3 rows",
        ),
        (
            '{"rows": 3, "cols": 3, "doors": [[0, 0], [2, 2]], "row_counts": [1,1,4], "col_counts": [1,1,1]}',
            "row 3 count 4 is out of range",
        ),
        (
            '{"rows": 3, "cols": 3, "doors": [[0, 0], [2, 2]], "row_counts": [1,1,1]}',
            "lacks the field(s) col_counts",
        ),
        ('{"rows": 3, "cols": 3,', "bad JSON"),
    ],
)
def test_bad_input_names_the_problem(bad, words):
    with pytest.raises(ParseError, match=re.escape(words)) as info:
        text.parse(bad)
    assert "\n" not in str(info.value)


def test_detect_is_strict():
    assert text.detect(GRID)
    assert not text.detect(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    )
    assert not text.detect('{"rows": 3, "cols": 3, "clues": []}')
    assert not text.detect("1 2\n3 . .")
    assert not text.detect(GRID.replace("B", "."))


def test_broken_solutions_are_named():
    p = text.parse(GRID)
    with pytest.raises(Contradiction, match="row 1 has 0 used cells, not 2"):
        model.check_solution(p, model.values_from_cells(p, [(5, c) for c in range(6)]))
    values = model.values_from_cells(p, [(5, c) for c in range(6)])
    values[0] = model.USED
    with pytest.raises(Contradiction, match="used cell r1c1 has 0 path edges"):
        model.check_solution(p, values)
    with pytest.raises(Contradiction):
        model.values_from_array(p, "rrrrrr/000000/000000/000000/000000/rrrrru")
