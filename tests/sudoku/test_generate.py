"""The Sudoku generator (Eppstein section 3.6): reproducible from a seed, every puzzle with one
solution, symmetric and minimal up to symmetry, every size, and --difficulty: candidates above
the level dropped, those below worked toward it, levels a size cannot have refused."""

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
from deduce.search import search

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


def test_difficulty_drops_candidates_above_the_level():
    """Seed 2's first candidate is hard: asked for easy, the generator keeps the first easy one."""
    assert deduce.rate(gen.candidate(SUDOKU, 2, 0), "sudoku").level == "hard"
    k = next(k for k in range(1, 50) if deduce.rate(gen.candidate(SUDOKU, 2, k)).level == "easy")
    stats: dict = {}
    made = list(gen.generate(SUDOKU, count=1, seed=2, difficulty="easy", stats=stats))
    assert made == [gen.candidate(SUDOKU, 2, k)] and stats["tried"] == k + 1


def test_the_generator_works_toward_a_level_keeping_the_solution():
    """Seed 1's first candidate is easy; asked for hard, it is changed until it is hard."""
    first = gen.candidate(SUDOKU, 1, 0)
    assert deduce.rate(first, "sudoku").level == "easy"
    stats: dict = {}
    (made,) = gen.generate(SUDOKU, count=1, seed=1, difficulty="hard", stats=stats)
    assert stats["tried"] == 1 and made != first
    result = deduce.solve(made, "sudoku")
    assert result.status == "unique" and result.grade.level == "hard"
    assert result.solution == deduce.solve(first, "sudoku").solution


@pytest.mark.parametrize(
    ("size", "level"), [("4x4", "easy"), ("6x6", "easy"), ("6x6", "medium"), ("6x6", "hard")]
)
def test_every_puzzle_made_for_a_level_has_one_solution_and_that_level(size, level):
    made = list(gen.generate(SUDOKU, count=2, seed=3, difficulty=level, size=size))
    assert len(made) == 2
    for text in made:
        result = deduce.solve(text, "sudoku")
        assert result.status == "unique" and result.grade.level == level
        assert search(SUDOKU, SUDOKU.initial_state(parse(text)), limit=2).solutions == [
            result.solution
        ]


def test_a_level_no_puzzle_of_the_size_has_is_refused_up_front(capsys):
    with pytest.raises(ParseError, match="sudoku 4x4 has no hard puzzles"):
        gen.generate(SUDOKU, count=1, difficulty="hard", size="4x4")
    status = main(["generate", "sudoku", "--size", "4x4", "--difficulty", "expert"])
    _, err = capsys.readouterr()
    assert status == 2 and err.strip() == (
        "deduce: sudoku 4x4 has no expert puzzles: singles solve every 4x4 puzzle "
        "(levels there: easy)"
    )


def test_difficulty_gives_up_after_max_tries():
    stats: dict = {}
    made = list(
        gen.generate(
            SUDOKU, count=1, seed=1, difficulty="extreme", size="6x6", max_tries=1, stats=stats
        )
    )
    assert made == [] and stats["tried"] == 1 and stats["exhausted"]


def test_the_command_writes_one_puzzle_per_line(capsys):
    status = main(["generate", "sudoku", "--count", "3", "--seed", "7", "--size", "4x4"])
    out, err = capsys.readouterr()
    assert status == 0
    assert out.splitlines() == list(gen.generate(SUDOKU, count=3, seed=7, size="4x4"))
    assert "made 3 puzzle(s) from 3 tried" in err


def test_the_command_reports_how_many_were_tried(capsys):
    status = main(["generate", "sudoku", "--count", "1", "--seed", "2", "--difficulty", "hard"])
    out, err = capsys.readouterr()
    assert status == 0 and deduce.rate(out.strip(), "sudoku").level == "hard"
    assert "made 1 puzzle(s) from 1 tried" in err


def test_the_command_names_a_bad_size(capsys):
    status = main(["generate", "sudoku", "--size", "9x6"])
    _, err = capsys.readouterr()
    assert status == 2 and err.strip() == (
        "deduce: bad size '9x6': a Sudoku is square, e.g. 4x4, 6x6, 9x9 or 16x16"
    )
