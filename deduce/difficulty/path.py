"""The Path puzzle grade: levels named by the rules a solve needs, ordered within a level by
how much work the solve takes.

- easy: cell-by-cell degree rules and full or needy rows/columns (weights up to 2);
- medium: loops must be avoided, including joining the doors too early (2.5-3);
- hard: reachability, band parity, the edge count and the arrangements of one line (3.5-4.4);
- expert: pockets (behind a cell or a piece of path), cut cells, the arrangements of a line
  less those closing a loop and of two neighbouring lines together, and forcing chains
  (4.5 and up);
- needs-guessing: the rules alone get stuck.

The score is the hardest weight plus a share of the room up to the next level that grows with
the solve's effort (``deduce.difficulty.scale.work_score``: each deduction's weight, times
more when few moves were open; docs/grading.md), so the hardest rule alone sets the level (a solve whose hardest step is a line arrangement is hard,
however many it takes) and bigger solves rank higher within it (``bench/grade_order.py``).
"""

from __future__ import annotations

from deduce.difficulty.scale import Scale, grade_log, work_score
from deduce.grade import Grade
from deduce.step import Log

THRESHOLDS = ((0.0, "easy"), (2.5, "medium"), (3.5, "hard"), (4.5, "expert"))


def score(log: Log) -> float:
    """The hardest weight plus the work share (``work_score``) on the Path thresholds."""
    return work_score(log, THRESHOLDS)


SCALE = Scale(thresholds=THRESHOLDS, score=score)


def grade(log: Log) -> Grade:
    """Grade a Path puzzle log on SCALE."""
    return grade_log(log, SCALE)
