"""The Sudoku grade: named levels by the hardest rule a solve needs, Sudoku Explainer-like scores.

The score is the weight of the hardest rule used (the Sudoku Explainer idea: a puzzle is as
hard as its hardest step) plus less than 0.2 for how many steps needed a rule at least 80% as
hard, so that among puzzles with the same hardest rule, one that needs it often ranks higher.

Levels, by the rules they need:

- ``easy``: singles only (hidden singles, naked singles): Tatham's trivial and basic.
- ``medium``: locked candidates (pointing, claiming), naked and hidden pairs, X-wings.
- ``hard``: triples, quads, swordfish, jellyfish, and the general matching rules.
- ``expert``: the nonlocal rules (chains and cycles in the bilocation and bivalue graphs).
- ``needs-guessing``: the rules alone could not finish; the score adds the number of guesses.
"""

from __future__ import annotations

from deduce.difficulty.grade import Grade, Scale, grade_log
from deduce.step import Log

SCALE = Scale(
    thresholds=((0.0, "easy"), (2.6, "medium"), (3.6, "hard"), (6.0, "expert")),
)


def grade(log: Log) -> Grade:
    """Grade a Sudoku log on SCALE."""
    return grade_log(log, SCALE)
