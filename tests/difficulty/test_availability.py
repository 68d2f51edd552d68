"""The moves open at each step, read off a Log alone (``deduce.difficulty.availability``),
and the score built on them keeping every level where the hardest rule puts it."""

from __future__ import annotations

import deduce
from deduce.difficulty.availability import effort, open_moves
from deduce.difficulty.scale import work_score
from deduce.families.numbrix import SCALE
from deduce.rules.numbrix import TABLE
from deduce.step import DEDUCTION, Log, Step

THRESHOLDS = TABLE.levels


def step(placed: int, reads: tuple[int, ...] = (), weight: float = 1.0) -> Step:
    """A deduction that reads ``reads`` and sets variable ``placed``."""
    return Step("r", "", placements=((placed, 1),), premises=reads, difficulty=weight)


def test_a_step_is_open_from_when_the_last_thing_it_reads_was_set():
    # 0 and 1 read only the start; 2 reads 0 (ready after step 0); 3 reads 2 (after step 2)
    steps = [step(0), step(1), step(2, (0,)), step(3, (2, 1))]
    assert open_moves(steps) == [2, 2, 1, 1]


def test_a_chain_of_steps_each_waiting_on_the_last_has_one_move_open_at_a_time():
    chain = [step(0)] + [step(i, (i - 1,)) for i in range(1, 6)]
    assert open_moves(chain) == [1] * 6
    independent = [step(i) for i in range(6)]
    assert open_moves(independent) == [6, 5, 4, 3, 2, 1]
    assert effort(chain) > effort(independent)


def test_a_harder_step_costs_more():
    assert effort([step(0, weight=3.0)]) > effort([step(0, weight=1.0)])


def test_the_work_share_stays_inside_the_hardest_rule_s_level():
    log = deduce.solve(
        "7 0 13 0 65 0 81 0 75/0 9 0 15 0 67 0 77 0/5 0 0 0 0 0 0 0 73/0 3 0 0 0 0 0 71 0/"
        "23 0 0 0 0 0 0 0 55/0 21 0 0 0 0 0 53 0/25 0 0 0 0 0 0 0 45/0 29 0 35 0 49 0 47 0/"
        "27 0 33 0 39 0 41 0 43",
        "numbrix",
    ).log
    top = max(s.difficulty for s in log.steps if s.kind == DEDUCTION and not s.depth)
    score = work_score(log, THRESHOLDS)
    assert top < score and SCALE.level_for(score) == SCALE.level_for(top)
    assert work_score(Log("numbrix", "", []), THRESHOLDS) == 0.0
