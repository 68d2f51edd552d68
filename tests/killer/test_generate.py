"""The Killer generator: cages that partition the grid (connected, 1 to 5 cells, no digit
twice, totals from the grid), made unique by changes each of which breaks the second solution
found, puzzles at the level asked for, reproducible from the seed, read back by ``rate``; bad
options named; the generated puzzles' steps sound and true."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import deduce
from deduce.cli import main
from deduce.errors import ArgumentError, Contradiction, ParseError
from deduce.puzzles.adjacency import connected
from deduce.puzzles.killer import caging
from deduce.puzzles.killer import generate as gen
from deduce.puzzles.killer.model import check_solution
from deduce.puzzles.sudoku.model import Geometry, box_shape, geometry
from deduce.testing import assert_sound, assert_sound_at_stalls, problems

KILLER = deduce.get_family("killer")


def _grid(n: int) -> Geometry:
    """The N×N Sudoku grid with its usual boxes."""
    return geometry(*box_shape(n))


@pytest.mark.parametrize("n", [4, 6, 9])
def test_random_cages_partition_the_grid_as_a_setter_would(n):
    rng = random.Random(n)
    for _ in range(5):
        grid = gen.random_grid(_grid(n), rng)
        cages = caging.random_cages(grid, n, rng)
        assert sorted(c for cage in cages for c in cage) == list(range(n * n))
        for cage in cages:
            assert 1 <= len(cage) <= caging.MAX_CAGE
            assert connected(cage, n)
            assert len({grid[c] for c in cage}) == len(cage)


def test_cage_sizes_follow_the_corpus():
    sizes: Counter[int] = Counter()
    for seed in range(10):
        rng = random.Random(seed)
        grid = gen.random_grid(_grid(9), rng)
        sizes.update(len(cage) for cage in caging.random_cages(grid, 9, rng))
    total = sum(sizes.values())
    # janko_killer_third.jsonl, 9x9: 69% of cages have 2 cells, 23% 3, 6% 4, 2% 5
    assert 0.5 < sizes[2] / total < 0.8 and 0.15 < sizes[3] / total < 0.35
    assert sizes[1] / total < 0.05 and sizes[5] / total < 0.06


def test_each_repair_breaks_the_second_solution():
    rng = random.Random(0)
    found = 0
    for _ in range(30):
        grid = gen.random_grid(_grid(6), rng)
        cages = caging.random_cages(grid, 6, rng)
        other = gen.second_solution(KILLER, gen.killer(_grid(6), grid, cages, {}), grid)
        if other is None:
            continue
        found += 1
        changed = gen.fixed(grid, other, 6, cages, rng)
        puzzle = gen.killer(_grid(6), grid, changed, {})
        check_solution(puzzle, grid)  # the grid still fits
        with pytest.raises(Contradiction):
            check_solution(puzzle, other)  # the second solution does not
        assert sorted(c for cage in changed for c in cage) == list(range(36))
    assert found  # the sweep met second solutions to repair


def test_the_seed_makes_it_repeatable():
    made = list(gen.generate(KILLER, count=3, seed=11, size="6x6"))
    assert made == list(gen.generate(KILLER, count=3, seed=11, size="6x6"))
    assert made != list(gen.generate(KILLER, count=3, seed=12, size="6x6"))
    assert len(set(made)) == 3


@pytest.mark.parametrize("size", ["4x4", "6x6", "9x9"])
def test_every_puzzle_has_one_solution_and_no_givens(size):
    for line in gen.generate(KILLER, count=2, seed=4, size=size):
        record = json.loads(line)
        assert not any(v for row in record["givens"] for v in row)
        result = deduce.solve(line, "killer")
        assert result.status == "unique"
        check_solution(result.puzzle.data, result.solution)


def test_givens_shows_that_many_digits_of_the_solution():
    (line,) = gen.generate(KILLER, count=1, seed=2, size="6x6", givens=5)
    puzzle = KILLER.parse(line)
    result = deduce.solve(line, "killer")
    assert result.status == "unique"
    shown = [c for c, v in enumerate(puzzle.givens) if v]
    assert len(shown) == 5 and all(puzzle.givens[c] == result.solution[c] for c in shown)


@pytest.mark.parametrize("level", ["easy", "medium", "needs-guessing"])
def test_a_level_asked_for_is_the_level_made(level):
    (line,) = gen.generate(KILLER, count=1, seed=3, difficulty=level)
    result = deduce.solve(line, "killer")
    assert result.status == "unique" and result.grade.level == level


def test_generated_puzzles_read_back_through_rate(capsys, tmp_path):
    args = ["generate", "killer", "--size", "6x6", "--seed", "3", "--count", "3"]
    assert main([*args, "--difficulty", "easy"]) == 0
    out = capsys.readouterr()[0]
    path = tmp_path / "made.jsonl"
    path.write_text(out, encoding="utf-8")
    assert main(["rate", str(path), "--family", "killer", "--format", "jsonl", "--jobs", "1"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr()[0].splitlines()]
    assert [row["puzzle"] for row in rows] == out.splitlines()
    assert all(row["status"] == "unique" and row["grade"]["level"] == "easy" for row in rows)


@pytest.mark.parametrize("form", ["cages", "tatham"])
def test_the_other_forms_read_back(capsys, tmp_path, form):
    args = ["generate", "killer", "--size", "6x6", "--seed", "5", "--count", "2"]
    assert main([*args, "--output-format", form]) == 0
    text = capsys.readouterr()[0]
    assert main(args) == 0
    lines = capsys.readouterr()[0].splitlines()
    path = tmp_path / "made.txt"
    path.write_text(text, encoding="utf-8")
    assert main(["convert", str(path), "--family", "killer", "--to", "json"]) == 0
    back = [_content(line) for line in capsys.readouterr()[0].splitlines()]
    assert back == [_content(line) for line in lines]


def _content(line: str) -> tuple[tuple[int, ...], list[tuple[int, tuple[int, ...]]]]:
    """A Killer's givens and cages (totals and cells), whatever order a form lists them in."""
    puzzle = KILLER.parse(line)
    return puzzle.givens, sorted((cage.total, cage.cells) for cage in puzzle.cages)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--size", "7x7"], "bad size '7x7': the killer generator makes 4x4, 6x6, 9x9"),
        (["--size", "nine"], "bad size 'nine': expected NxN such as 9x9"),
        (["--givens", "82"], "givens must be 0 to 81 for a 9x9 killer, not 82"),
        (["--difficulty", "brutal"], "unknown killer level 'brutal' (levels: easy, medium, "
         "hard, expert, extreme, needs-guessing)"),
        (["--density", "0.5"], "the killer generator takes no --density"),
    ],
)  # fmt: skip
def test_bad_options_are_one_line_and_exit_2(capsys, args, message):
    status = main(["generate", "killer", *args])
    _, err = capsys.readouterr()
    assert status == 2 and err.strip() == f"deduce: {message}"


def test_bad_arguments_fail_before_any_work():
    with pytest.raises(ParseError):
        gen.generate(KILLER, size="8x8")
    with pytest.raises(ArgumentError):
        gen.generate(KILLER, size="4x4", givens=-1)


def test_the_logs_of_generated_puzzles_are_true():
    for line in gen.generate(KILLER, count=2, seed=8, difficulty="medium"):
        result = deduce.solve(line, "killer")
        assert problems(KILLER, result.puzzle.data, result.log) == []


def test_the_cheap_rules_are_sound_at_every_state_of_generated_puzzles():
    cheap = [r for r in KILLER.rules if r.weight < 3.0]  # the cage rules among them
    for line in gen.generate(KILLER, count=3, seed=6, size="6x6"):
        result = deduce.solve(line, "killer")
        assert_sound(KILLER, result.puzzle.data, result.solution, rules=cheap)


@pytest.mark.slow
def test_every_rule_is_sound_where_the_engine_reaches_it_on_generated_puzzles():
    for level in ("medium", "needs-guessing"):
        for line in gen.generate(KILLER, count=2, seed=3, difficulty=level):
            result = deduce.solve(line, "killer")
            puzzle, solution = result.puzzle.data, result.solution
            assert_sound_at_stalls(KILLER, puzzle, solution, KILLER.rules, KILLER.rules)
