"""The Numbrix/Hidato grade: named levels by the rules a solve needs.

Puzzle setters (Parade's Numbrix) label puzzles easy to expert without saying how; ours are
named by the rules a solve needs, the score being the hardest rule's weight plus under 0.2
for how often rules near it were needed (``deduce.difficulty.scale.default_score``):

- ``easy``: the seed's placement patterns among the written numbers suffice: straight edge,
  single option, L-shape, neighbour leftover (weights up to 1.7).
- ``medium``: candidates must be counted: reachability (counting steps, and the chessboard
  colour for Numbrix), then the singles it leaves (up to 2.5).
- ``hard``: dead ends and isolated regions: cells and walled-off regions the count cannot
  pass through (2.8, 3.2).
- ``expert``: the runs of missing numbers must be laid out path by path (BFS placement, 3.5).
- ``needs-guessing``: the rules alone could not finish.
"""

from __future__ import annotations

from deduce.difficulty.scale import Scale, grade_log
from deduce.grade import Grade
from deduce.step import Log

SCALE = Scale(thresholds=((0.0, "easy"), (1.95, "medium"), (2.75, "hard"), (3.45, "expert")))


def grade(log: Log) -> Grade:
    """Grade a Numbrix or Hidato log on SCALE."""
    return grade_log(log, SCALE)
