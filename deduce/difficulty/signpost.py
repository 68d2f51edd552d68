"""The Signpost grade: the hardest reason a solve needs, plus how much reasoning it takes.

Signpost has no published scale. A solve scores the weight of its hardest step (Tatham's
link test 1.0 to 1.7, ranges 2.0, ranges along the arrows 2.3 and up, heavier the more rounds
they need; ``deduce rules signpost`` lists them) plus its *work*: ``WORK * ln(rounds + hard)``
where

- ``rounds`` counts the rounds of deduction the log needs: a step's round is one more than
  the latest round among the steps that set what it reads (its premises are variables: a
  cell's number, a cell's link); a step that reads only the givens is round 1. A long
  sequence of deductions each waiting on the one before is slow to find for a player, and it
  is what Simon Tatham's solver spends its time on (it makes every link it can in a pass and
  then passes again);
- ``hard`` counts the steps that needed ranges, each as much as its rounds of ranges (its
  weight above 2 times ten): a solve needing many range arguments is harder than one needing
  one.

Levels (``bench/signpost_grade.py`` shows how Tatham's presets fall):

- ``easy``: his smallest grids: short solves by his link test.
- ``medium``: longer solves by his link test (his 6x6 and 7x7 presets).
- ``hard``: long solves by his link test (8x8 and up), or a small grid that needs ranges.
- ``expert``: ranges along the arrows over many rounds or many times.
- ``needs-guessing``: the rules alone could not finish.
"""

from __future__ import annotations

import math

from deduce.difficulty.scale import Scale, grade_log
from deduce.grade import Grade
from deduce.step import DEDUCTION, Log

#: How much the work of a solve adds to its hardest weight, per unit of log.
WORK = 0.5


def rounds(log: Log) -> int:
    """The rounds of deduction of the rules-only part of ``log`` (see the module)."""
    when: dict[int, int] = {}
    most = 0
    for step in log.steps:
        if step.kind != DEDUCTION or step.depth:
            continue
        r = 1 + max((when.get(v, 0) for v in step.premises), default=0)
        for var, _ in step.placements:
            when[var] = r
        for var, _ in step.eliminations:
            when[var] = r
        most = max(most, r)
    return most


def score(log: Log) -> float:
    """Hardest weight plus work (see the module)."""
    steps = [s for s in log.steps if s.kind == DEDUCTION and not s.depth]
    if not steps:
        return 0.0
    top = max(s.difficulty for s in steps)
    hard = sum(1 + 10 * (s.difficulty - 2) for s in steps if s.difficulty >= 2)
    return top + WORK * math.log(rounds(log) + hard)


SCALE = Scale(
    thresholds=((0.0, "easy"), (2.6, "medium"), (3.2, "hard"), (4.0, "expert")), score=score
)


def grade(log: Log) -> Grade:
    """Grade a Signpost log on SCALE."""
    return grade_log(log, SCALE)
