"""The Signpost grade. Signpost has no published scale; ours is named by the rules a solve needs.

- ``easy``: links and numbers follow from Tatham's two rules, numbering along links and
  single numbers (weights up to 1.8).
- ``medium``: numbers and arrows must be made to agree (next number, no loops; up to 2.2).
- ``hard``: chains must be fitted between placed numbers, or numbers located by counting arrow
  steps from a placed number (chain fit, reachability).
- ``needs-guessing``: the rules alone could not finish.
"""

from __future__ import annotations

from deduce.difficulty.scale import Scale, grade_log
from deduce.grade import Grade

SCALE = Scale(thresholds=((0.0, "easy"), (1.95, "medium"), (2.4, "hard")))


def grade(log) -> Grade:
    """Grade a Signpost log on SCALE."""
    return grade_log(log, SCALE)
