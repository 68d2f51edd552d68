"""The Sudoku variants' grade (Killer, Jigsaw): Sudoku's level and score from the hardest
rule and the guesses, with no minutes.

The time model (``deduce.difficulty.sudoku_time``) was fitted on players of plain Sudoku;
no player of a variant is in its data (a Killer's arithmetic, a jigsaw's irregular regions),
so a variant's grade says no minutes rather than extrapolate them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from deduce.difficulty.scale import Scale
from deduce.difficulty.sudoku import guessing_score, hardest_of
from deduce.grade import Grade
from deduce.step import Log


def grade(log: Log, scale: Scale, parse: Callable[[str], Any]) -> Grade:
    """Grade a variant's log on ``scale`` (``parse`` reads its puzzle when it guessed)."""
    top, hardest, guesses = hardest_of(log)
    if guesses:
        score = guessing_score(log, parse(log.puzzle))
        return Grade(scale.guess_level, score, hardest, guesses, None)
    return Grade(scale.level_for(top), top, hardest, 0, None)
