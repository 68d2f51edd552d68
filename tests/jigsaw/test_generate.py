"""The Jigsaw generator: region maps of N connected regions of N cells at every side, a random
grid for them, puzzles with one solution at the level asked for, reproducible from the seed,
read back by ``rate``; bad options named; the generated puzzles' steps sound and true."""

from __future__ import annotations

import json
import random

import pytest

import deduce
from deduce.cli import main
from deduce.errors import ParseError
from deduce.puzzles.jigsaw import generate as gen
from deduce.puzzles.jigsaw.layout import border_length, random_map
from deduce.puzzles.sudoku.grids import random_solution
from deduce.puzzles.sudoku.model import check_solution, jigsaw_geometry
from deduce.puzzles.sudoku.regions import check_regions
from deduce.puzzles.sudoku.soften import soften
from deduce.testing import assert_sound, assert_sound_at_stalls, problems

JIGSAW = deduce.get_family("jigsaw")


@pytest.mark.parametrize("n", range(4, 10))
def test_a_random_map_is_n_connected_regions_of_n_cells(n):
    rng = random.Random(n)
    for _ in range(3):
        regions = random_map(n, rng)
        assert check_regions(regions) == n  # raises unless N connected regions of N cells
        for k in range(n):  # no region is a whole row or column
            cells = [c for c in range(n * n) if regions[c] == k]
            assert len({c // n for c in cells}) > 1 and len({c % n for c in cells}) > 1
        firsts = [regions.index(k) for k in range(n)]
        assert firsts == sorted(firsts)  # numbered in reading order


def test_maps_are_compact_not_snakes():
    # a 9x9 map of snakes (long thin regions) has borders of 100 or more; rows have 72
    lengths = [border_length(random_map(9, random.Random(s)), 9) for s in range(5)]
    assert all(45 <= length <= 70 for length in lengths), lengths


def test_a_random_grid_fits_the_regions():
    geo = jigsaw_geometry(random_map(7, random.Random(2)))
    rng = random.Random(3)
    grid = next(g for g in (random_solution(geo, rng) for _ in range(10)) if g is not None)
    check_solution(deduce.get_family("jigsaw").parse(gen.writer(JIGSAW)(geo, {})), grid)
    assert random_solution(geo, random.Random(3), budget=0) is None


def test_the_seed_makes_it_repeatable():
    made = list(gen.generate(JIGSAW, count=3, seed=11, size="6x6"))
    assert made == list(gen.generate(JIGSAW, count=3, seed=11, size="6x6"))
    assert made != list(gen.generate(JIGSAW, count=3, seed=12, size="6x6"))
    assert len(set(made)) == 3


@pytest.mark.parametrize("size", ["4x4", "5x5", "7x7", "9x9"])
def test_every_puzzle_has_one_solution_that_keeps_its_givens(size):
    for line in gen.generate(JIGSAW, count=2, seed=4, size=size):
        record = json.loads(line)
        assert record["size"] == [int(size[0])] * 2
        result = deduce.solve(line, "jigsaw")
        assert result.status == "unique"
        check_solution(result.puzzle.data, result.solution)  # the givens, rows, regions


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "needs-guessing"])
def test_a_level_asked_for_is_the_level_made(level):
    (line,) = gen.generate(JIGSAW, count=1, seed=3, difficulty=level)
    result = deduce.solve(line, "jigsaw")
    assert result.status == "unique" and result.grade.level == level


def test_soften_gives_clues_until_the_level_falls():
    hard = next(
        line
        for line in gen.generate(JIGSAW, count=20, seed=1)
        if deduce.solve(line, "jigsaw").grade.level in ("expert", "extreme", "needs-guessing")
    )
    result = deduce.solve(hard, "jigsaw")
    geo = result.puzzle.data.geo
    softer = soften(JIGSAW, geo, hard, result, "medium", random.Random(1), gen.writer(JIGSAW))
    assert softer is not None
    text, judged = softer
    assert judged.effort.level in ("easy", "medium") and judged.status == "unique"
    before = list(JIGSAW.parse(hard).givens)
    after = list(JIGSAW.parse(text).givens)
    assert all(a == b for a, b in zip(before, after, strict=True) if a)  # clues only added
    assert sum(map(bool, after)) > sum(map(bool, before))


def test_generated_puzzles_read_back_through_rate(capsys, tmp_path):
    status = main(["generate", "jigsaw", "--size", "5x5", "--seed", "3", "--count", "3"])
    out, _ = capsys.readouterr()
    assert status == 0
    made = out.splitlines()
    path = tmp_path / "made.jsonl"
    path.write_text(out, encoding="utf-8")
    assert main(["rate", str(path), "--family", "jigsaw", "--format", "jsonl", "--jobs", "1"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr()[0].splitlines()]
    assert [row["puzzle"] for row in rows] == made
    assert all(row["status"] == "unique" for row in rows)


def test_the_letter_map_form_reads_back(capsys, tmp_path):
    args = ["generate", "jigsaw", "--size", "6x6", "--seed", "5", "--count", "2"]
    assert main([*args, "--output-format", "text"]) == 0
    text = capsys.readouterr()[0]
    assert main(args) == 0
    lines = capsys.readouterr()[0].splitlines()
    path = tmp_path / "made.txt"
    path.write_text(text, encoding="utf-8")
    assert main(["convert", str(path), "--family", "jigsaw", "--to", "json"]) == 0
    assert capsys.readouterr()[0].splitlines() == lines


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--size", "10x10"], "bad size '10x10': a jigsaw's side is 4 to 9"),
        (["--size", "3"], "bad size '3': a jigsaw's side is 4 to 9"),
        (["--size", "9x6"], "bad size '9x6': a jigsaw is square, e.g. 5x5, 7x7 or 9x9"),
        (["--difficulty", "brutal"], "unknown jigsaw level 'brutal' (levels: easy, medium, "
         "hard, expert, extreme, needs-guessing)"),
        (["--givens", "3"], "the jigsaw generator takes no --givens"),
    ],
)  # fmt: skip
def test_bad_options_are_one_line_and_exit_2(capsys, args, message):
    status = main(["generate", "jigsaw", *args])
    _, err = capsys.readouterr()
    assert status == 2 and err.strip() == f"deduce: {message}"


def test_a_bad_size_fails_before_any_work():
    with pytest.raises(ParseError):
        gen.generate(JIGSAW, size="x")


def test_the_logs_of_generated_puzzles_are_true():
    for line in gen.generate(JIGSAW, count=2, seed=8, size="7x7", difficulty="hard"):
        result = deduce.solve(line, "jigsaw")
        assert problems(JIGSAW, result.puzzle.data, result.log) == []


def test_every_rule_is_sound_at_every_state_of_small_generated_puzzles():
    for line in gen.generate(JIGSAW, count=1, seed=9, size="6x6", difficulty="medium"):
        result = deduce.solve(line, "jigsaw")
        assert_sound(JIGSAW, result.puzzle.data, result.solution)


@pytest.mark.slow
def test_every_rule_is_sound_where_the_engine_reaches_it_on_generated_puzzles():
    for level in ("hard", "extreme", "needs-guessing"):
        for line in gen.generate(JIGSAW, count=2, seed=9, difficulty=level):
            result = deduce.solve(line, "jigsaw")
            puzzle, solution = result.puzzle.data, result.solution
            assert_sound_at_stalls(JIGSAW, puzzle, solution, JIGSAW.rules, JIGSAW.rules)
