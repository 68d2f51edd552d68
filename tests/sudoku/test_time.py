"""The Sudoku time model: the waves of hidden singles found on the bitboard agree with waves
made cell by cell on the engine's own states, and the grade's minutes and score behave as the
docs say (docs/grading.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

import deduce
from deduce.difficulty.scale import Scale
from deduce.difficulty.sudoku import MINUTES_ROOM
from deduce.difficulty.sudoku_singles import Wave, waves
from deduce.difficulty.sudoku_time import MODEL, effort, minutes
from deduce.engine import apply_step
from deduce.families.sudoku import SCALE
from deduce.puzzles.sudoku.model import initial_state
from deduce.puzzles.sudoku.text import parse
from deduce.step import DEDUCTION, GUESS, Log, Step
from tests.conftest import corpus_file

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


def waves_cell_by_cell(log: Log) -> list[Wave]:
    """The waves of ``log`` (see ``deduce.difficulty.sudoku_singles``) made on the domains of
    the engine's own states: every hidden single (digit and unit) placed at once while there
    is one, else the log's next rules-only step that still does something."""
    family = deduce.get_family("sudoku")
    puzzle = parse(log.puzzle)
    state = initial_state(puzzle)
    steps = [s for s in log.steps if s.kind == DEDUCTION and not s.depth]
    if any(s.kind == GUESS for s in log.steps):
        first = next(i for i, s in enumerate(log.steps) if s.kind == GUESS)
        steps = [s for s in log.steps[:first] if s.kind == DEDUCTION and not s.depth]
    found = []
    while not all(state.fixed):
        left = sum(1 for f in state.fixed if not f)
        singles = {}
        count = 0
        for unit in puzzle.geo.units:
            for v in range(1, puzzle.n + 1):
                places = [c for c in unit if state.domains[c] >> v & 1]
                if len(places) == 1 and not state.fixed[places[0]]:
                    singles[places[0]] = v
                    count += 1
        if singles:
            placements = tuple(singles.items())
            apply_step(family, state, Step("wave", "", placements=placements))
            found.append(Wave(left, count, len(placements), None))
            continue
        while steps and not (steps[0].eliminations or any(not state.fixed[c] for c, _ in
                                                          steps[0].placements)):  # fmt: skip
            steps.pop(0)
        if not steps:
            break
        step = steps.pop(0)
        placed = sum(1 for c, _ in step.placements if not state.fixed[c])
        apply_step(family, state, step)
        found.append(Wave(left, 0, placed, step))
    return found


@pytest.mark.parametrize(
    "text",
    [EASY, MEDIUM, SIX, sixteen(), (FORMS / "pm_hodoku_lc101.txt").read_text()],
    ids=["easy", "medium", "6x6", "16x16", "pencil-marks"],
)
def test_the_bitboard_finds_the_waves_a_cell_by_cell_count_finds(text):
    log = deduce.solve(text, "sudoku").log
    found = list(waves(log, parse(log.puzzle)))
    assert found == waves_cell_by_cell(log)
    assert max(w.singles for w in found) > 1


def test_a_solve_that_needs_more_than_singles_takes_the_log_s_steps_where_none_is_open():
    log = deduce.solve(MEDIUM, "sudoku").log
    found = list(waves(log, parse(log.puzzle)))
    taken = [w.step for w in found if w.step is not None]
    assert taken and all(w.singles == 0 for w in found if w.step is not None)
    hardest = max((s for s in log.steps if s.kind == DEDUCTION), key=lambda s: s.difficulty)
    assert hardest.rule in {s.rule for s in taken}
    assert not any(s.rule.startswith("hidden single") for s in taken)
    assert sum(w.placed for w in found) == parse(log.puzzle).givens.count(0)


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
    assert MODEL.hardness(2.6) > MODEL.hardness(1.5) > MODEL.hardness(1.2) == 1.0


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


@pytest.mark.slow
@pytest.mark.corpus
def test_the_waves_agree_cell_by_cell_on_puzzles_people_solved_and_on_hard_ones():
    human = corpus_file("sudoku", "cloud_sudoku_human_344.csv").read_text().splitlines()[1::12]
    hard = corpus_file("sudoku", "top95.txt").read_text().split()[:12]
    for text in [line.split(",")[1] for line in human] + hard:
        log = deduce.solve(text, "sudoku").log
        assert list(waves(log, parse(log.puzzle))) == waves_cell_by_cell(log), text
