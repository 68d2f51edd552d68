"""The Sudoku grade: levels named by the rules a solve needs (Sudoku Explainer-like scores)."""

from __future__ import annotations

from deduce.difficulty.grade import Grade, Scale, grade_log
from deduce.step import Log

#: Lowest score of each level. easy: singles; medium: intersections and pairs;
#: hard: triples, fish, subsets of any size (the matching rules); expert: chains and cycles.
SCALE = Scale(
    thresholds=((0.0, "easy"), (2.5, "medium"), (3.5, "hard"), (6.0, "expert")),
)


def grade(log: Log) -> Grade:
    """Grade a Sudoku log on SCALE."""
    return grade_log(log, SCALE)
