"""Solo killer IDs (``3x3k:...``): read, written, detected, solved (fixtures made by Tatham's
Solo, see tests/fixtures/killer/README.md)."""

from __future__ import annotations

import json

import pytest

import deduce
from deduce.cli import main
from deduce.errors import ParseError
from deduce.registry import detect_family, get_family
from deduce.testing import problems
from tests.conftest import fixture_file

KILLER = get_family("killer")
IDS = fixture_file("killer/solo_killer.txt").read_text().split()
FOUR = "2x2k:p,_a___a_ab__a_aaa,6_3a7a8_4d7_5c"


def test_a_4x4_id_reads_its_cages_and_totals():
    puzzle = KILLER.parse(FOUR)
    # worked by hand from Solo's edge order: cages as cell groups, each total in its first cell
    assert [(c.total, c.cells) for c in puzzle.cages] == [
        (6, (0, 4)),
        (3, (1, 2)),
        (7, (3, 7)),
        (8, (5, 8, 9)),
        (4, (6, 10)),
        (7, (11, 14, 15)),
        (5, (12, 13)),
    ]
    assert set(puzzle.givens) == {0}


@pytest.mark.parametrize("text", IDS, ids=lambda text: text.split(":")[0])
def test_solo_ids_are_detected_round_trip_and_are_solved_without_guessing(text):
    assert detect_family(text).name == "killer"
    puzzle = KILLER.parse(text)
    assert KILLER.form("tatham").write(puzzle) == text
    result = deduce.solve(text, KILLER)
    assert result.status == "unique" and result.solved_by_rules
    assert problems(KILLER, puzzle, result.log) == []


def test_convert_writes_the_json_line_as_a_solo_id(capsys, tmp_path):
    json_line = KILLER.format(KILLER.parse(IDS[2]))
    path = tmp_path / "k.jsonl"
    path.write_text(json_line + "\n")
    assert main(["convert", "--to", "tatham", str(path)]) == 0
    assert capsys.readouterr().out.strip() == IDS[2]


@pytest.mark.parametrize(
    "text, message",
    [
        ("2x2k:p,_a___a_ab__a_aaa,6_3a7a8_4d7", "too short: 12 cells, expected 16"),
        ("2x2k:p,_a___a_ab__a_aa,6_3a7a8_4d7_5c", "block map covers 22 inner edges, expected 24"),
        ("2x2k:p,_a___a_ab__a_aaa,6_3a7a8_4d7_5_1b", "2 totals"),
        ("3x2k:p,_a___a_ab__a_aaa,6_3a7a8_4d7_5c", "Solo size 3x2k"),
    ],
)
def test_a_broken_solo_id_is_named(text, message):
    with pytest.raises(ParseError, match=message):
        KILLER.parse(text)


def test_rate_reads_a_file_of_solo_ids_one_puzzle_a_line(capsys):
    assert main(["rate", "--format", "jsonl", str(fixture_file("killer/solo_killer.txt"))]) == 0
    records = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [(r["family"], r["status"]) for r in records] == [("killer", "unique")] * len(IDS)


@pytest.mark.parametrize(
    "text",
    [IDS[0], FOUR, f"https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/solo.html#{FOUR}"],
)
def test_a_killer_id_read_as_a_sudoku_points_to_the_killer_family(text, capsys):
    prefix = text.split("#")[-1].split(":")[0]
    with pytest.raises(
        ParseError, match=f"a Solo killer ID \\({prefix}:\\): read it with --family killer"
    ):
        get_family("sudoku").parse(text)
    assert main(["solve", "--family", "sudoku", text]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--family killer" in err and "Traceback" not in err
