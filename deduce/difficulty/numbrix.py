"""The Numbrix/Hidato grade: named levels by the rules a solve needs, ordered within a level by
how much work the solve takes.

Puzzle setters (Parade's Numbrix) label puzzles easy to expert without saying how; ours are
named by the rules a solve needs:

- ``easy``: the seed's placement patterns among the written numbers suffice: straight edge,
  single option, L-shape, neighbour leftover (weights up to 1.7).
- ``medium``: candidates must be counted: reachability (counting steps, and the chessboard
  colour for Numbrix), then the singles it leaves (up to 2.5).
- ``hard``: dead ends, two ways out, bottlenecks, isolated regions and pigeonhole: cells and
  walled-off regions the count cannot pass through or must, and numbers crowded into as
  many cells (2.8-3.3).
- ``expert``: the runs of missing numbers must be laid out path by path (BFS placement 3.5,
  competing runs 3.6), or a supposition refuted by a chain of easy steps (forcing chain,
  4.0 and up).
- ``needs-guessing``: the rules alone could not finish.

The score is the hardest weight plus a share of the room up to the next level that grows with
the solve's effort (``deduce.difficulty.scale.work_score``: each deduction's weight, times
more when few moves were open): Parade keeps its 9x9 levels apart by the number of givens,
so the more there is to deduce, the harder each step and the scarcer the moves, the higher a
puzzle ranks within its level (``bench/grade_order.py``, docs/grading.md).
"""

from __future__ import annotations

from deduce.difficulty.scale import Scale, grade_log, work_score
from deduce.grade import Grade
from deduce.step import Log

THRESHOLDS = ((0.0, "easy"), (1.95, "medium"), (2.75, "hard"), (3.45, "expert"))


def score(log: Log) -> float:
    """The hardest weight plus the work share (``work_score``) on the Numbrix thresholds."""
    return work_score(log, THRESHOLDS)


SCALE = Scale(thresholds=THRESHOLDS, score=score)


def grade(log: Log) -> Grade:
    """Grade a Numbrix or Hidato log on SCALE."""
    return grade_log(log, SCALE)
