"""The Path puzzle grade: levels named by the rules a solve needs.

- easy: cell-by-cell degree rules and full or needy rows/columns (weights up to 2);
- medium: loops must be avoided, including joining the doors too early (2.5-3);
- hard: reachability, band parity, the edge count and the arrangements of one line (3.5-4.4);
- expert: articulation reasoning (pockets, cut cells) and the arrangements of two neighbouring
  lines together (4.5-5);
- needs-guessing: the rules alone get stuck.
"""

from __future__ import annotations

from deduce.difficulty.scale import Scale, grade_log
from deduce.grade import Grade
from deduce.step import Log

SCALE = Scale(thresholds=((0.0, "easy"), (2.5, "medium"), (3.5, "hard"), (4.5, "expert")))


def grade(log: Log) -> Grade:
    """Grade a Path puzzle log on SCALE."""
    return grade_log(log, SCALE)
