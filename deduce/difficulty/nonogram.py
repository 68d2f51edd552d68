"""The nonogram grade: the standard classification (line-solvable, needs probing, needs
search), refined by which line rules and how many probes a solve needs.

- ``line-simple``: line-solvable with the simple rules alone: simple boxes and spaces, the
  completed line, edge forcing, joining and splitting (weights up to 1.6).
- ``line-solvable``: line-solvable, but some line needs the complete line solver (2.5).
- ``needs-probing``: line logic stalls; fewer than 10 probing steps finish it (4.0).
- ``deep-probing``: 10 or more probing steps.
- ``needs-guessing``: even probing stalls; search (guessing) finishes it ("needs search").
"""

from __future__ import annotations

from deduce.difficulty.scale import Scale, default_score, grade_log
from deduce.grade import Grade
from deduce.step import DEDUCTION, Log

PROBING = 4.0


def score(log: Log) -> float:
    """The default score below probing; with probing, 4 plus under 1 for how many probes."""
    probes = sum(
        1 for s in log.steps if s.kind == DEDUCTION and s.depth == 0 and s.difficulty >= PROBING
    )
    if not probes:
        return default_score(log)
    return PROBING + 1 - 1 / (1 + probes / 10)


SCALE = Scale(
    thresholds=(
        (0.0, "line-simple"),
        (2.0, "line-solvable"),
        (PROBING, "needs-probing"),
        (PROBING + 0.5, "deep-probing"),
    ),
    score=score,
)


def grade(log: Log) -> Grade:
    """Grade a nonogram log on SCALE."""
    return grade_log(log, SCALE)
