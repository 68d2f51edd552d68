"""f-puzzles links read as the puzzle they are (fixtures: tests/fixtures/fpuzzles/README.md):
each family found without ``--family``, the known answers, and every constraint deduce has
no rules for refused in one line naming it, through the API and the command."""

from __future__ import annotations

import contextlib
import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deduce import api
from deduce.errors import ParseError
from deduce.puzzles.fpuzzles.link import PREFIX, payload, record, to_link
from deduce.puzzles.fpuzzles.reading import ABOUT, CELL_ABOUT
from deduce.registry import detect_family, get_family
from tests.cli.running import run
from tests.conftest import fixture_file

ROWS = [
    row.split("\t")
    for row in fixture_file("fpuzzles/solvable.tsv").read_text().splitlines()
    if not row.startswith("#")
]
REFUSED = [
    ln for ln in fixture_file("fpuzzles/refused.txt").read_text().splitlines() if ln[:4] == "http"
]
QUICK = [row for row in ROWS if row[1] != "killer"]
KILLER = next(row for row in ROWS if row[1] == "killer")
#: What deduce reads besides the fields that say nothing about the answer.
READ = {"diagonal+", "diagonal-", "killercage"}


def link_of(data):
    """The f-puzzles link of a JSON object: how these tests make the cases they need."""
    return to_link(data)


def grid(n=9, **cells):
    """An empty N×N f-puzzles grid, with cells (``r1c2={...}``) filled in."""
    rows = [[{} for _ in range(n)] for _ in range(n)]
    for name, cell in cells.items():
        r, c = name[1:].split("c")
        rows[int(r) - 1][int(c) - 1] = cell
    return {"size": n, "grid": rows}


@pytest.mark.parametrize("row", ROWS, ids=[row[0] for row in ROWS])
def test_each_fixture_is_found_to_be_its_family(row):
    assert detect_family(row[3]).name == row[1]


@pytest.mark.parametrize("row", QUICK, ids=[row[0] for row in QUICK])
def test_each_fixture_solves_to_its_known_answer(row):
    result = api.solve(row[3])
    assert result.status == "unique"
    assert result.solution_text.removeprefix("X ") == row[2]


@pytest.mark.slow
def test_a_real_killer_link_solves_and_rates_to_its_answer(capsys):
    status, out, _ = run(capsys, "solve", KILLER[3])
    assert (status, out.strip()) == (0, KILLER[2])
    status, out, _ = run(capsys, "rate", KILLER[3], "--format", "jsonl", "--jobs", "1")
    assert status == 0 and '"status": "unique"' in out and KILLER[2] in out


def test_a_real_jigsaw_link_solves_and_rates_to_its_answer(capsys):
    jigsaw = next(row for row in ROWS if row[1] == "jigsaw")
    status, out, _ = run(capsys, "solve", jigsaw[3])
    assert (status, out.strip()) == (0, jigsaw[2])
    status, out, _ = run(capsys, "rate", jigsaw[3], "--format", "jsonl", "--jobs", "1")
    assert status == 0 and '"family": "jigsaw"' in out and jigsaw[2] in out


def test_the_killer_link_reads_its_cages():
    puzzle = get_family("killer").parse(KILLER[3])
    assert len(puzzle.cages) == 17
    assert (puzzle.cages[0].total, puzzle.cages[0].cells) == (
        18,
        (0, 1, 9, 10),
    )  # R1C1 R1C2 R2C1 R2C2
    assert set(puzzle.givens) == {0}


@pytest.mark.parametrize("link", REFUSED, ids=range(len(REFUSED)))
def test_each_variant_is_refused_in_one_line_naming_what_it_holds(link, capsys):
    data = record(link)
    cell_keys = {k for row in data["grid"] for cell in row for k, v in cell.items() if v}
    unread = (set(data) - ABOUT - READ) | (cell_keys - CELL_ABOUT - {"region"})
    status, out, err = run(capsys, "check", link)
    assert status == 2 and out == "" and err.count("\n") == 1
    named = [key for key in unread if f"'{key}'" in err]
    assert named or "jigsaw killer" in err, err


def test_the_same_payload_reads_from_every_kind_of_link():
    packed = payload(QUICK[0][3])
    links = [
        f"https://www.f-puzzles.com/?load={packed}",
        f"f-puzzles.com/?load={packed}",
        f"https://sudokupad.app/fpuzzles{packed}",
        f"https://beta.sudokupad.app/fpuzzles{packed}?setting-nogrid=1",
        f"https://sudokupad.app/?puzzleid=fpuzzles{packed}",
        f"https://app.crackingthecryptic.com/sudoku/?puzzleid=fpuzzles{packed}",
        f"https://sudokupad.app/fpuz{packed}",
        f"fpuzzles{packed}",
        packed,
        PREFIX + packed.replace("+", "%2B").replace("/", "%2F").replace("=", "%3D"),
    ]
    givens = {get_family("sudoku").parse(link).givens for link in links}
    assert len(givens) == 1
    assert [detect_family(link).name for link in links] == ["sudoku"] * len(links)


def test_only_given_digits_are_clues():
    entered = grid(r1c1={"value": 5, "given": True}, r1c2={"value": 3}, r2c2={"value": 4})
    puzzle = get_family("sudoku").parse(link_of(entered))
    assert puzzle.givens[:3] == (5, 0, 0) and puzzle.givens[10] == 0


def test_colours_and_a_players_marks_are_passed_over():
    marked = grid(r1c1={"c": "#FFA0A0", "centerPencilMarks": [1, 2], "cornerPencilMarks": [3]})
    marked["title"], marked["ruleset"] = "A title", "Normal sudoku rules apply."
    assert set(get_family("sudoku").parse(link_of(marked)).givens) == {0}


@pytest.mark.parametrize(
    ("data", "family", "message"),
    [
        ({**grid(), "diagonal+": True}, "sudoku", "'diagonal\\+' alone is not one"),
        ({**grid(), "diagonal-": True}, "sudoku", "'diagonal-' alone is not one"),
        ({**grid(), "thermometer": [{"lines": [["R1C1", "R1C2"]]}]}, "sudoku", "'thermometer'"),
        ({**grid(), "antiknight": True}, "sudoku", "'antiknight'"),
        ({**grid(), "negative": ["ratio"]}, "sudoku", "'negative'"),
        (grid(r2c3={"givenPencilMarks": [1, 2]}), "sudoku", "'givenPencilMarks' \\(at r2c3\\)"),
        (grid(r1c1={"region": None}), "sudoku", "r1c1 is in no region"),
        (grid(r1c1={"value": 10, "given": True}), "sudoku", "r1c1: given 10 is no digit 1-9"),
        ({**grid(), "killercage": [{"cells": ["R1C1", "R1C2"]}]}, "killer", "has no total"),
        (
            {**grid(), "killercage": [{"cells": ["R1C1", "R10C2"], "value": "3"}]},
            "killer",
            "'R10C2'",
        ),
        ({**grid(), "killercage": [{"cells": ["R1C1"], "value": "12"}]}, "killer", "no sum of 1"),
        (grid(7), "jigsaw", "7x7 grid whose regions are its rows"),
        ({"size": 9, "grid": [[{}] * 9] * 8}, "sudoku", "is not 9 rows of 9 cells"),
        ({"size": 30, "grid": []}, "sudoku", "size 30"),
    ],
)
def test_bad_or_unsolvable_objects_are_one_line_errors(data, family, message, capsys):
    link = link_of(data)
    assert detect_family(link).name == family
    with pytest.raises(ParseError, match=message):
        get_family(family).parse(link)
    status, out, err = run(capsys, "check", link)
    assert status == 2 and out == "" and err.count("\n") == 1


def test_a_jigsaw_killer_is_refused_as_solo_refuses_one():
    shifted = grid(r1c1={"region": 1}, r1c4={"region": 0})
    shifted["killercage"] = [{"cells": ["R1C1", "R1C2"], "value": "3"}]
    with pytest.raises(ParseError, match="a jigsaw killer"):
        get_family("killer").parse(link_of(shifted))


@pytest.mark.parametrize(
    "text",
    [
        "https://www.f-puzzles.com/?load=N4Ig!!",
        "https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA",
        "N4IgHiBcDMC+Q===",  # {"x":3}, from mlisudoku's tests: no grid
        PREFIX + "N4Ig" + "A" * 40,
    ],
)
def test_a_broken_link_is_one_line_naming_the_problem(text, capsys):
    status, out, err = run(capsys, "solve", text)
    assert status == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.parametrize(
    ("row", "named", "other"),
    [
        (KILLER, "sudoku", "killer"),
        (QUICK[0], "killer", "sudoku"),
        (next(row for row in ROWS if row[1] == "jigsaw"), "sudoku", "jigsaw"),
    ],
)
def test_naming_the_wrong_family_says_which_to_name(row, named, other):
    with pytest.raises(ParseError, match=f"read it with --family {other}"):
        get_family(named).parse(row[3])


def test_an_x_link_named_as_plain_says_to_name_the_x_family():
    x_link = next(row for row in ROWS if row[1] == "sudoku-x")[3]
    with pytest.raises(ParseError, match="--family sudoku-x"):
        get_family("sudoku").parse(x_link)


def test_families_and_puzzles_read_from_links_pickle():
    for row in ROWS[-4:]:
        family = detect_family(row[3])
        puzzle = api.load(row[3])
        assert pickle.loads(pickle.dumps(family)) == family
        assert pickle.loads(pickle.dumps(puzzle)).data == puzzle.data
        assert pickle.loads(pickle.dumps(family.detect))(row[3])


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 20) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner),
    max_leaves=6,
)
CELL = st.dictionaries(st.sampled_from(["value", "given", "region", "c", "parity"]), JSON)
CAGE = st.fixed_dictionaries(
    {"cells": st.lists(st.sampled_from(["R1C1", "R1C2", "R2C1", "r9c9", "R0C1", 7]))},
    optional={"value": JSON},
)


@given(
    st.sampled_from([4, 6, 9, 0, True, "9"]),
    st.lists(st.lists(CELL, min_size=1, max_size=9), max_size=9),
    st.dictionaries(
        st.sampled_from(["diagonal+", "diagonal-", "title", "killercage", "negative"]),
        JSON | st.lists(CAGE, max_size=3),
    ),
)
@settings(max_examples=150, deadline=None)
def test_any_f_puzzles_object_reads_or_is_a_parse_error(size, rows, fields):
    """Whatever the JSON inside a link holds, each family reads it or says why in a line."""
    link = link_of({"size": size, "grid": rows, **fields})
    for name in ("sudoku", "jigsaw", "killer", "sudoku-x", "jigsaw-x", "killer-x"):
        try:
            get_family(name).parse(link)
        except ParseError as exc:
            assert "\n" not in str(exc)
    with contextlib.suppress(ParseError):
        detect_family(link)
