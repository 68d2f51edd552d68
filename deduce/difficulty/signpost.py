"""The Signpost grade: the hardest step of a solve plus how much finding and proving it takes.

Signpost has no published scale. A step's difficulty is its reason's weight (Tatham's link
test, then where a chain fits, then ranges along the arrows, heavier for each extra round;
``deduce rules signpost`` lists them, from the family's table ``deduce.rules.signpost.TABLE``,
which holds the thresholds too) plus, for a link, one over the number of
links the grid offered then: the only link on the grid takes a look at every cell to find.
A solve scores its hardest step plus ``ln(rounds + 2 * effort)``:

- ``rounds``: the rounds of deduction the log needs. A step's round is one more than the
  latest round among the steps that set what it reads (its premises are variables: a cell's
  number, a cell's link); a step reading only the givens is round 1. A long run of
  deductions each waiting on the one before is what Simon Tatham's solver spends its passes
  on;
- ``effort``: the sum over the steps of their difficulty above 1, so every hard step and
  every link that was hard to find adds to the score, not only the hardest.

The scale orders Tatham's sizes, and within each of his presets follows his own solver's
work (Spearman's rho 0.5 or more in every preset; ``bench/signpost_grade.py``). Levels:

- ``easy``: his smallest grids (4x4): short solves by his link test.
- ``medium``: his 5x5 and 6x6: longer solves by his link test.
- ``hard``: his 7x7 and up: long solves by his link test; or a small grid whose numbers
  must be fitted by ranges.
- ``expert``: ranges along the arrows over many rounds, or many range steps.
- ``needs-guessing``: the rules alone could not finish.
"""

from __future__ import annotations

import math

from deduce.difficulty.scale import Scale, grade_log
from deduce.grade import Grade
from deduce.step import DEDUCTION, Log


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
    """Hardest step plus ``ln(rounds + 2 * effort)`` (see the module)."""
    steps = [s for s in log.steps if s.kind == DEDUCTION and not s.depth]
    if not steps:
        return 0.0
    top = max(s.difficulty for s in steps)
    effort = sum(max(s.difficulty - 1, 0.0) for s in steps)
    return top + math.log(rounds(log) + 2 * effort)


def scale_on(thresholds: tuple[tuple[float, str], ...]) -> Scale:
    """The Signpost scale on ``thresholds`` (the family's table's levels)."""
    return Scale(thresholds=thresholds, score=score)


def grade(log: Log, scale: Scale) -> Grade:
    """Grade a Signpost log on ``scale``."""
    return grade_log(log, scale)
