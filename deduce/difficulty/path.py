"""The Path puzzle grade: levels named by the rules a solve needs, ordered within a level by
how much work the solve takes.

- easy: cell-by-cell degree rules and full or needy rows/columns;
- medium: loops must be avoided, including joining the doors too early;
- hard: reachability, band parity, the edge count and the arrangements of one line;
- expert: pockets (behind a cell or a piece of path), cut cells, the arrangements of a line
  less those closing a loop and of two neighbouring lines together, and forcing chains;
- needs-guessing: the rules alone get stuck.

The thresholds and the weights are in the family's table (``deduce.rules.path.TABLE``;
``deduce rules path`` lists them).

The score is the hardest weight plus a share of the room up to the next level that grows with
the solve's effort (``deduce.difficulty.scale.work_score``: each deduction's weight, times
more when few moves were open; docs/grading.md), so the hardest rule alone sets the level (a solve whose hardest step is a line arrangement is hard,
however many it takes) and bigger solves rank higher within it (``bench/grade_order.py``).
"""

from __future__ import annotations

from functools import partial

from deduce.difficulty.scale import Scale, grade_log, work_score
from deduce.grade import Grade
from deduce.step import Log


def scale_on(thresholds: tuple[tuple[float, str], ...]) -> Scale:
    """The Path scale on ``thresholds`` (the family's table's levels): the hardest weight
    plus the work share (``work_score``) up to the next threshold."""
    return Scale(thresholds=thresholds, score=partial(work_score, thresholds=thresholds))


def grade(log: Log, scale: Scale) -> Grade:
    """Grade a Path puzzle log on ``scale``."""
    return grade_log(log, scale)
