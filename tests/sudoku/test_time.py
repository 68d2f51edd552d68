"""The Sudoku time model: the hidden singles counted on the bitboard agree with a count made
cell by cell on the engine's own states, and the grade's minutes and score behave as the
docs say (docs/grading.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

import deduce
from deduce.difficulty.scale import Scale
from deduce.difficulty.sudoku import MINUTES_ROOM
from deduce.difficulty.sudoku_singles import hidden_singles
from deduce.difficulty.sudoku_time import MODEL, effort, minutes
from deduce.engine import apply_step
from deduce.families.sudoku import SCALE
from deduce.puzzles.sudoku.model import initial_state
from deduce.puzzles.sudoku.text import parse
from deduce.step import DEDUCTION, GUESS, Log, Step

FORMS = Path(__file__).resolve().parent.parent / "fixtures" / "sudoku" / "forms"
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
MEDIUM = "..82....6....8....51.......7.2.659..1...........37.5.1..5....926......1.2....73.8"
SIX = "..3...6.5...5...3..1...5...2.1...6.."


def sixteen() -> str:
    """A 16x16 puzzle singles solve: a patterned solution with 60 cells left open."""
    n, b = 16, 4
    grid = [(b * (r % b) + r // b + c) % n + 1 for r in range(n) for c in range(n)]
    symbols = "123456789ABCDEFG"
    return "".join("." if (7 * i) % 17 < 4 else symbols[v - 1] for i, v in enumerate(grid))


def counted_cell_by_cell(log: Log) -> list[int]:
    """The hidden singles (digit and unit) before each rules-only step, counted on the
    domains of the engine's own states as the log's steps are applied."""
    family = deduce.get_family("sudoku")
    puzzle = parse(log.puzzle)
    state = initial_state(puzzle)
    counts = []
    for step in log.steps:
        if step.kind == GUESS:
            break
        if step.kind != DEDUCTION or step.depth:
            continue
        found = 0
        for unit in puzzle.geo.units:
            for v in range(1, puzzle.n + 1):
                places = [c for c in unit if state.domains[c] >> v & 1]
                if len(places) == 1 and not state.fixed[places[0]]:
                    found += 1
        counts.append(found)
        apply_step(family, state, step)
    return counts


@pytest.mark.parametrize(
    "text",
    [EASY, MEDIUM, SIX, sixteen(), (FORMS / "pm_hodoku_lc101.txt").read_text()],
    ids=["easy", "medium", "6x6", "16x16", "pencil-marks"],
)
def test_the_bitboard_counts_the_hidden_singles_a_cell_by_cell_count_finds(text):
    log = deduce.solve(text, "sudoku").log
    counts = [n for _, n in hidden_singles(log, parse(log.puzzle))]
    assert counts == counted_cell_by_cell(log)
    assert len(counts) == sum(1 for s in log.steps if s.kind == DEDUCTION and not s.depth)
    assert max(counts) > 1


def test_every_sudoku_grade_has_minutes_and_the_other_families_none():
    grade = deduce.solve(EASY, "sudoku").grade
    assert grade.minutes is not None and 1 < grade.minutes < 30
    assert grade.to_dict()["minutes"] == round(grade.minutes, 1)
    numbrix = deduce.solve("1 0 3/0 0 0/0 0 9", "numbrix").grade
    assert numbrix.minutes is None and numbrix.to_dict()["minutes"] is None


def test_the_minutes_are_the_effort_at_the_model_s_pace():
    log = deduce.solve(MEDIUM, "sudoku").log
    puzzle = parse(log.puzzle)
    assert minutes(log, puzzle) == pytest.approx(effort(log, puzzle) * MODEL.seconds_per_unit / 60)


def test_a_step_with_fewer_singles_open_or_a_harder_rule_costs_more():
    assert MODEL.step_cost(1.2, 40, 2) > MODEL.step_cost(1.2, 40, 20)
    assert MODEL.step_cost(2.6, 40, 0) > MODEL.step_cost(1.2, 40, 0)
    assert MODEL.step_cost(1.2, 40, 0) == MODEL.step_cost(1.2, 40, 1)


def test_a_longer_solve_of_the_same_kind_takes_longer():
    fewer_givens = deduce.solve(EASY, "sudoku").grade
    solution = deduce.solve(EASY, "sudoku").solution_text
    assert solution is not None
    more_givens = "".join(s if e != "." or i % 3 else "." for i, (e, s) in
                          enumerate(zip(EASY, solution, strict=True)))  # fmt: skip
    assert deduce.solve(more_givens, "sudoku").grade.minutes < fewer_givens.minutes


@pytest.mark.parametrize("text", [EASY, MEDIUM, SIX])
def test_the_score_keeps_the_hardest_rule_s_level(text):
    log = deduce.solve(text, "sudoku").log
    grade = deduce.get_family("sudoku").grade(log)
    top = max(s.difficulty for s in log.steps if s.kind == DEDUCTION and not s.depth)
    assert top < grade.score < top + MINUTES_ROOM
    assert grade.level == Scale.level_for(SCALE, top)


def test_steps_graded_without_their_puzzle_get_the_hardest_rule_s_level_and_no_minutes():
    alone = Log("sudoku", "", [Step("pointing", "", difficulty=2.6)])
    grade = deduce.get_family("sudoku").grade(alone)
    assert (grade.level, grade.score, grade.minutes) == ("medium", 2.6, None)
