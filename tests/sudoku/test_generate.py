"""The Sudoku generator (Eppstein section 3.6): reproducible from a seed, every puzzle with one
solution, symmetric and minimal up to symmetry, every size, and the --difficulty filter."""

from __future__ import annotations

import random

import pytest

import deduce
from deduce.cli import main
from deduce.engine import propagate
from deduce.errors import ParseError
from deduce.puzzles.sudoku import generate as gen
from deduce.puzzles.sudoku.model import Sudoku, initial_state
from deduce.puzzles.sudoku.text import parse

SUDOKU = deduce.get_family("sudoku")


def _givens(text: str) -> dict[int, int]:
    return {cell: v for cell, v in enumerate(parse(text).givens) if v}


def test_the_seed_makes_it_repeatable():
    made = list(gen.generate(SUDOKU, count=3, seed=11))
    assert made == list(gen.generate(SUDOKU, count=3, seed=11))
    assert made != list(gen.generate(SUDOKU, count=3, seed=12))
    assert len(set(made)) == 3


def test_candidate_k_depends_only_on_the_seed_and_k():
    made = list(gen.generate(SUDOKU, count=3, seed=5, size="6x6"))
    assert made == [gen.candidate(SUDOKU, 5, k, "6x6") for k in range(3)]


def test_every_puzzle_is_unique_and_symmetric():
    for text in gen.generate(SUDOKU, count=4, seed=2):
        result = deduce.solve(text, "sudoku")
        assert result.status == "unique"
        SUDOKU.check_solution(result.puzzle.data, result.solution)  # agrees with the givens
        givens = _givens(text)
        assert {80 - cell for cell in givens} == set(givens)


def test_every_given_pair_is_needed():
    (text,) = gen.generate(SUDOKU, count=1, seed=3)
    givens = _givens(text)
    geo = parse(text).geo
    for cell in givens:
        trial = {c: v for c, v in givens.items() if c not in (cell, 80 - cell)}
        assert not gen.has_one_solution(SUDOKU, geo, trial), f"r{cell // 9 + 1}c{cell % 9 + 1}"


def test_the_fill_is_solved_by_the_simplest_rules_alone():
    geo = gen.parse_size("9x9")
    pairs = gen.fill(SUDOKU, geo, random.Random(1), gen.fill_rules(SUDOKU))
    givens = {cell: digit for pair in pairs for cell, digit in pair}
    for pair in pairs:
        assert len(pair) == 2 or pair[0][0] == 40
        assert len(pair) == 1 or pair[0][0] + pair[1][0] == 80
    state = initial_state(Sudoku(geo, tuple(givens.get(c, 0) for c in range(81))))
    assert propagate(SUDOKU, state, None, gen.fill_rules(SUDOKU))


def test_fill_rules_are_local_rules_easiest_first():
    rules = gen.fill_rules(SUDOKU)
    assert [r.name for r in rules] == list(gen.FILL_RULE_NAMES)
    assert [r.weight for r in rules] == sorted(r.weight for r in rules)


@pytest.mark.parametrize("size", ["4x4", "6x6", "8x8", "9x9", "12x12"])
def test_sizes(size):
    n = int(size.split("x")[0])
    (text,) = gen.generate(SUDOKU, count=1, seed=1, size=size)
    assert len(text) == n * n
    result = deduce.solve(text, "sudoku")
    assert result.status == "unique" and result.puzzle.data.n == n


def test_size_forms_and_bad_sizes():
    assert gen.parse_size(None).n == 9
    assert gen.parse_size("16").n == 16
    assert (gen.parse_size("6x6").box_w, gen.parse_size("6x6").box_h) == (3, 2)
    for bad, message in (
        ("9x6", "square"),
        ("big", "NxN"),
        ("3x3", "4 to 25"),
        ("7x7", "no box shape"),
    ):
        with pytest.raises(ParseError, match=message):
            gen.parse_size(bad)


def _first_of_another_level(seed: int) -> tuple[str, int]:
    """A level the first candidate of ``seed`` is not, and the index of its first candidate."""
    first = deduce.rate(gen.candidate(SUDOKU, seed, 0), "sudoku").level
    target = "medium" if first == "easy" else "easy"
    k = 1
    while deduce.rate(gen.candidate(SUDOKU, seed, k), "sudoku").level != target:
        k += 1
    return target, k


def test_difficulty_keeps_only_that_level():
    target, k = _first_of_another_level(1)
    stats: dict = {}
    made = list(gen.generate(SUDOKU, count=1, seed=1, difficulty=target, stats=stats))
    assert made == [gen.candidate(SUDOKU, 1, k)] and stats["tried"] == k + 1
    assert deduce.rate(made[0], "sudoku").level == target


def test_difficulty_gives_up_after_max_tries():
    # The first candidates of seed 1 are solved by the local rules; more rules cannot change that.
    stats: dict = {}
    made = list(
        gen.generate(SUDOKU, count=1, seed=1, difficulty="needs-guessing", max_tries=3, stats=stats)
    )
    assert made == [] and stats["tried"] == 3


def test_the_command_writes_one_puzzle_per_line(capsys):
    status = main(["generate", "sudoku", "--count", "3", "--seed", "7", "--size", "4x4"])
    out, err = capsys.readouterr()
    assert status == 0
    assert out.splitlines() == list(gen.generate(SUDOKU, count=3, seed=7, size="4x4"))
    assert "made 3 puzzle(s) from 3 tried" in err


def test_the_command_reports_how_many_were_tried(capsys):
    target, k = _first_of_another_level(2)
    status = main(["generate", "sudoku", "--count", "1", "--seed", "2", "--difficulty", target])
    out, err = capsys.readouterr()
    assert status == 0 and deduce.rate(out.strip(), "sudoku").level == target
    assert f"made 1 puzzle(s) from {k + 1} tried" in err


def test_the_command_names_a_bad_size(capsys):
    status = main(["generate", "sudoku", "--size", "9x6"])
    _, err = capsys.readouterr()
    assert status == 2 and err.strip() == (
        "deduce: bad size '9x6': a Sudoku is square, e.g. 4x4, 6x6, 9x9 or 16x16"
    )
