"""The Numbrix/Hidato grade: named levels by the rules a solve needs, ordered within a level by
how much work the solve takes.

Puzzle setters (Parade's Numbrix) label puzzles easy to expert without saying how; ours are
named by the rules a solve needs:

- ``easy``: the seed's placement patterns among the written numbers suffice: straight edge,
  single option, L-shape, neighbour leftover.
- ``medium``: candidates must be counted: reachability (counting steps, and the chessboard
  colour for Numbrix), then the singles it leaves.
- ``hard``: dead ends, two ways out, bottlenecks, isolated regions and pigeonhole: cells and
  walled-off regions the count cannot pass through or must, and numbers crowded into as
  many cells.
- ``expert``: the runs of missing numbers must be laid out path by path (BFS placement,
  competing runs), or a supposition refuted by a chain of easy steps (forcing chain).
- ``needs-guessing``: the rules alone could not finish.

The thresholds and the weights are in the family's table (``deduce.rules.numbrix.TABLE``;
``deduce rules numbrix`` lists them).

The score is the hardest weight plus a share of the room up to the next level that grows with
the solve's effort (``deduce.difficulty.scale.work_score``: each deduction's weight, times
more when few moves were open): Parade keeps its 9x9 levels apart by the number of givens,
so the more there is to deduce, the harder each step and the scarcer the moves, the higher a
puzzle ranks within its level (``bench/grade_order.py``, docs/grading.md).
"""

from __future__ import annotations

from functools import partial

from deduce.difficulty.scale import Scale, grade_log, work_score
from deduce.grade import Grade
from deduce.step import Log


def scale_on(thresholds: tuple[tuple[float, str], ...]) -> Scale:
    """The Numbrix/Hidato scale on ``thresholds`` (the family's table's levels): the hardest
    weight plus the work share (``work_score``) up to the next threshold."""
    return Scale(thresholds=thresholds, score=partial(work_score, thresholds=thresholds))


def grade(log: Log, scale: Scale) -> Grade:
    """Grade a Numbrix or Hidato log on ``scale``."""
    return grade_log(log, scale)
