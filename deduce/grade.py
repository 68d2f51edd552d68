"""Grade: how hard a solve was, as its Log shows it (a value; ``deduce.difficulty`` computes it)."""

from __future__ import annotations

from typing import Any

import attrs

#: The level every family uses when the rules alone could not finish.
NEEDS_GUESSING = "needs-guessing"


@attrs.frozen
class Grade:
    """A puzzle's difficulty as its log shows it.

    ``hardest_rule`` is the heaviest rule the rules-only part of the solve needed; ``score`` a
    number that orders puzzles by difficulty for a person; ``guesses`` how many search moves
    were made (0 when the rules alone finished); ``minutes`` the time a practised player is
    expected to take, for a family with a time model fitted on people (Sudoku; None for the
    others).
    """

    level: str
    score: float
    hardest_rule: str | None
    guesses: int
    minutes: float | None = None

    def to_dict(self) -> dict[str, Any]:
        """The JSON form used by ``solve --json`` and ``rate``."""
        return {
            "level": self.level,
            "score": round(self.score, 3),
            "hardest_rule": self.hardest_rule,
            "guesses": self.guesses,
            "minutes": None if self.minutes is None else round(self.minutes, 1),
        }


def minutes_text(grade: Grade, sep: str = ", ") -> str:
    """``", about 6 minutes for a practised player"`` for a grade with minutes, else ``""``:
    how the page and ``deduce explain`` print them."""
    if grade.minutes is None:
        return ""
    shown = f"{grade.minutes:.0f}" if grade.minutes >= 1.5 else f"{grade.minutes:.1f}"
    return f"{sep}about {shown} minutes for a practised player"
