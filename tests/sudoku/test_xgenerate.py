"""The X families' generators (``deduce generate sudoku-x | jigsaw-x | killer-x``): the plain
generators run on the X grid, so every puzzle is unique as an X puzzle, written with its X
flag, read back as its X family, at the level asked for, reproducible from the seed; bad
options named in one line."""

from __future__ import annotations

import pytest

import deduce
from deduce.cli import main
from deduce.errors import ArgumentError, ParseError
from deduce.puzzles.sudoku import generate as sudoku_gen
from deduce.puzzles.sudoku import xflags
from deduce.puzzles.sudoku.geometry import DIAGONAL_SINGLE
from deduce.testing import problems

X_FAMILIES = ("sudoku-x", "jigsaw-x", "killer-x")
#: A small size of each, to keep the sweeps quick.
SMALL = {"sudoku-x": "6x6", "jigsaw-x": "5x5", "killer-x": "6x6"}


@pytest.mark.parametrize("name", X_FAMILIES)
def test_the_seed_makes_it_repeatable(name):
    made = list(deduce.generate(name, count=2, seed=11, size=SMALL[name]))
    assert made == list(deduce.generate(name, count=2, seed=11, size=SMALL[name]))
    assert made != list(deduce.generate(name, count=2, seed=12, size=SMALL[name]))


@pytest.mark.parametrize(
    ("name", "size"),
    [("sudoku-x", "4x4"), ("sudoku-x", "6x6"), ("sudoku-x", "9x9"), ("jigsaw-x", "5x5"),
     ("jigsaw-x", "7x7"), ("killer-x", "4x4"), ("killer-x", "9x9")],
)  # fmt: skip
def test_every_puzzle_is_flagged_and_unique_as_an_x_puzzle(name, size):
    family = deduce.get_family(name)
    for line in deduce.generate(name, count=2, seed=4, size=size):
        assert xflags.flagged(line)
        puzzle = deduce.load(line)  # no --family: the flag says which
        assert puzzle.family.name == name and puzzle.data.geo.diagonals
        result = deduce.solve(line)
        assert result.status == "unique"
        solution = result.solution
        for diagonal in puzzle.data.geo.units[3 * puzzle.data.n :]:
            assert sorted(solution[c] for c in diagonal) == list(range(1, puzzle.data.n + 1))
        assert problems(family, puzzle.data, result.log) == []


def test_a_plain_reader_refuses_what_the_x_generator_writes():
    (line,) = deduce.generate("sudoku-x", count=1, seed=1, size="4x4")
    with pytest.raises(ParseError, match="read it with --family sudoku-x"):
        deduce.load(line, "sudoku")


@pytest.mark.parametrize("level", ["easy", "hard", "extreme", "needs-guessing"])
def test_a_sudoku_x_level_asked_for_is_the_level_made(level):
    for line in deduce.generate("sudoku-x", count=2, seed=1, difficulty=level):
        result = deduce.solve(line, "sudoku-x")
        assert result.status == "unique" and result.grade.level == level


@pytest.mark.parametrize(
    ("name", "size", "level"),
    [("jigsaw-x", "9x9", "medium"), ("jigsaw-x", "7x7", "expert"),
     ("killer-x", "9x9", "easy"), ("killer-x", "6x6", "medium")],
)  # fmt: skip
def test_a_variant_x_level_asked_for_is_the_level_made(name, size, level):
    (line,) = deduce.generate(name, count=1, seed=2, size=size, difficulty=level)
    result = deduce.solve(line, name)
    assert result.status == "unique" and result.grade.level == level


def test_the_fill_of_an_x_grid_looks_along_its_diagonals():
    names = [r.name for r in sudoku_gen.fill_rules(deduce.get_family("sudoku-x"))]
    assert DIAGONAL_SINGLE in names
    assert DIAGONAL_SINGLE not in [
        r.name for r in sudoku_gen.fill_rules(deduce.get_family("sudoku"))
    ]


def test_the_command_writes_what_rate_reads_back(capsys, tmp_path):
    assert main(["generate", "sudoku-x", "--count", "2", "--seed", "3", "--size", "6x6"]) == 0
    out = capsys.readouterr().out
    path = tmp_path / "x.txt"
    path.write_text(out)
    assert main(["rate", "--family", "sudoku-x", "--format", "csv", str(path)]) == 0
    rows = capsys.readouterr().out.splitlines()[1:]
    assert len(rows) == 2 and all(row.startswith("sudoku-x,") and ",unique," in row for row in rows)


@pytest.mark.parametrize(
    ("argv", "message"),
    [(["sudoku-x", "--size", "25x25"], "a Sudoku-X is made 4x4 to 16x16"),
     (["sudoku-x", "--givens", "3"], "the sudoku-x generator takes no --givens"),
     (["jigsaw-x", "--size", "10x10"], "a jigsaw's side is 4 to 9"),
     (["killer-x", "--size", "8x8"], "the killer generator makes 4x4, 6x6, 9x9"),
     (["killer-x", "--givens", "99"], "givens must be 0 to 81")],
)  # fmt: skip
def test_bad_options_are_one_line_and_exit_2(capsys, argv, message):
    assert main(["generate", *argv, "--seed", "1"]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def test_the_api_names_a_bad_option_before_any_work():
    with pytest.raises((ArgumentError, ParseError), match="16x16"):
        next(deduce.generate("sudoku-x", size="25x25"))
