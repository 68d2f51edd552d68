"""How nonogram search guesses: the share of a line's placements that fill each cell, the
cell its row and column lean to most, and the portfolio of the two ways of guessing."""

from __future__ import annotations

import importlib
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import deduce
from deduce.engine import propagate
from deduce.puzzles.nonogram.model import (
    D_EMPTY,
    D_FILLED,
    D_OPEN,
    EMPTY,
    FILLED,
    clues_of,
    from_picture,
)
from deduce.puzzles.nonogram.text import format_puzzle
from deduce.rules.nonogram.guess import (
    fill_shares,
    likeliest_guess,
    telling_empty_guess,
    telling_guess,
)
from tests.nonogram.positions import placements_of, state_of

# The package exports the rule function ``probing``, which hides its module of the same name.
probing_module = importlib.import_module("deduce.rules.nonogram.probing")
NONOGRAM = deduce.get_family("nonogram")
OPEN = bytes([D_OPEN])


def test_fill_shares_of_open_lines():
    assert fill_shares((1,), OPEN * 3) == pytest.approx((1 / 3, 1 / 3, 1 / 3))
    assert fill_shares((2,), OPEN * 3) == pytest.approx((0.5, 1.0, 0.5))
    assert fill_shares((1, 1), OPEN * 4) == pytest.approx((2 / 3, 1 / 3, 1 / 3, 2 / 3))
    assert fill_shares((), OPEN * 2) == (0.0, 0.0)


def test_fill_shares_of_a_line_that_cannot_be_completed_are_even():
    assert fill_shares((2,), bytes([D_OPEN, D_EMPTY, D_OPEN])) == (0.5, 0.5, 0.5)


@settings(max_examples=300, deadline=None)
@given(
    truth=st.text("01", min_size=1, max_size=9),
    mask=st.lists(st.sampled_from([0, 0, 1]), min_size=9, max_size=9),
)
def test_fill_shares_count_every_placement(truth, mask):
    """Against brute force: the share of the fitting placements that fill each cell."""
    clue = clues_of(truth)
    cells = bytes(
        (D_FILLED if b == "1" else D_EMPTY) if mask[i] else D_OPEN for i, b in enumerate(truth)
    )
    words = placements_of(clue, cells)
    expected = [sum(w[i] == "1" for w in words) / len(words) for i in range(len(cells))]
    assert fill_shares(clue, cells) == pytest.approx(expected)


# Six by six, stuck for line logic and probing. Row 2 (clue 1) has three open cells and column 2
# (clue 1 1, its second block at the bottom) three places for its first block: each puts r2c2
# filled in one placement of three, and no open cell leans further either way.
PICTURE = ["...#..", ".#....", "..####", "#..##.", "..##.#", "##...#"]
STUCK = ["...#..", "??...?", ".?###?", "??.##.", "..##.#", "##...#"]


def test_likeliest_guess_is_the_cell_its_lines_lean_to_most():
    state = state_of(PICTURE, STUCK)
    assert not propagate(NONOGRAM, state, None, NONOGRAM.rules)
    assert likeliest_guess(state) == (7, EMPTY)


def test_telling_guess_takes_the_cell_probing_found_most_telling():
    state = state_of(PICTURE, STUCK)
    propagate(NONOGRAM, state, None, NONOGRAM.rules)
    grid, _ = state.probe_best  # the cell is found when search first asks for it
    assert grid == bytes(state.domains)
    guessed, value = telling_guess(state)
    assert state.probe_best == (grid, guessed)
    assert state.domains[guessed] == D_OPEN
    assert value in (EMPTY, FILLED)
    state.probe_best = None
    assert telling_guess(state) == likeliest_guess(state)


def test_a_puzzle_with_several_solutions_is_reported_so():
    # Two blocks of one in each of two rows and columns: the two diagonals.
    result = deduce.solve("#.\n.#")
    assert result.status == "multiple"
    assert {NONOGRAM.solution_text(result.puzzle.data, s) for s in result.solutions} == {
        "#./.#",
        ".#/#.",
    }


def _random_picture(seed: int, size: int = 15) -> str:
    """A random picture's clues (half the cells filled): it has many solutions, so search
    goes several nodes deep."""
    rng = random.Random(seed)
    rows = ["".join("1" if rng.random() < 0.5 else "0" for _ in range(size)) for _ in range(size)]
    return format_puzzle(from_picture(rows))


def test_carried_probe_outcomes_spare_probes_and_change_nothing(monkeypatch):
    """A probe whose lines have not changed since it last ran is not run again; the solve is
    the same step for step."""
    text = _random_picture(1)
    calls = []
    real_probe = probing_module.probe

    def counted(*args, **kwargs):
        calls.append(args[2:4])
        return real_probe(*args, **kwargs)

    monkeypatch.setattr(probing_module, "probe", counted)
    carried = deduce.solve(text)
    with_carry = len(calls)
    calls.clear()
    monkeypatch.setattr(probing_module, "outcomes", lambda state, grid: {})
    fresh = deduce.solve(text)
    assert carried.status == fresh.status == "multiple"
    assert carried.solutions == fresh.solutions
    assert carried.log.to_json() == fresh.log.to_json()
    assert carried.effort.guesses >= 2 and carried.grade is None
    assert with_carry < len(calls)


def test_telling_empty_guess_takes_the_telling_cell_empty_first():
    state = state_of(PICTURE, STUCK)
    propagate(NONOGRAM, state, None, NONOGRAM.rules)
    guessed = telling_empty_guess(state)
    _, cell = state.probe_best
    assert guessed == (cell, EMPTY)
    state.probe_best = None
    assert telling_empty_guess(state) == (6, EMPTY)  # r2c1, the first open cell
