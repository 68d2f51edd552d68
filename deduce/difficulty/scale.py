"""Scale: a family's named levels, and the grading of a Log on one (from the Log alone)."""

from __future__ import annotations

from collections.abc import Callable

import attrs

from deduce.difficulty.availability import effort, rules_only
from deduce.grade import NEEDS_GUESSING, Grade
from deduce.step import DEDUCTION, GUESS, Log, Step


@attrs.frozen
class Scale:
    """A family's named levels: ``thresholds`` are ``(lowest score, level)``, ascending (a
    family's table, ``deduce.rule.Table``, holds them).

    ``score`` turns a log into a number; the default is the hardest weight used plus a small
    term for how many steps at or near that weight were needed.
    """

    thresholds: tuple[tuple[float, str], ...]
    score: Callable[[Log], float] | None = None
    guess_level: str = NEEDS_GUESSING

    @property
    def levels(self) -> tuple[str, ...]:
        """The level names, easiest first, ending with the guessing level."""
        return (*(name for _, name in self.thresholds), self.guess_level)

    def lowest(self, level: str) -> float:
        """The lowest score of ``level``."""
        return next(lowest for lowest, name in self.thresholds if name == level)

    def level_for(self, score: float) -> str:
        """The named level of a rules-only solve with this score."""
        level = self.thresholds[0][1]
        for lowest, name in self.thresholds:
            if score >= lowest:
                level = name
        return level


def _weights_score(weights: list[float]) -> float:
    """The default score of a log whose rules-only deductions weigh ``weights``: the hardest
    weight, plus under 0.2 for how many steps came close to it (among puzzles with the same
    hardest rule, one that needs it many times ranks a little higher)."""
    if not weights:
        return 0.0
    top = max(weights)
    hard = sum(1 for w in weights if w >= 0.8 * top)
    return top + 0.19 * (1 - 1 / (1 + 0.1 * hard))


def work_score(log: Log, thresholds: tuple[tuple[float, str], ...], half: float = 150.0) -> float:
    """Hardest weight used, plus a share of the room up to the next level that grows with
    the solve's effort (``deduce.difficulty.availability.effort``): every step counts, a hard
    step more than an easy one, and a step taken when few moves were open among many still
    to make more than one among many, so a puzzle needing many hard or hard-to-find steps
    ranks above one needing few.

    The share is ``effort / (effort + half)``, times 0.95 of the gap from the hardest weight
    to the next threshold above it (1.0 above the last), so the hardest rule alone still sets
    the level and the effort orders puzzles within it. ``half`` is about the median effort
    over the Numbrix and Path corpora (168 and 138), so a middling solve sits mid-room.
    """
    steps = rules_only(log)
    if not steps:
        return 0.0
    return room_score(max(s.difficulty for s in steps), effort(steps), thresholds, half)


def room_score(
    top: float, work: float, thresholds: tuple[tuple[float, str], ...], half: float
) -> float:
    """``top`` plus the share ``work / (work + half)`` of 0.95 of the room from ``top`` to the
    next threshold above it (1.0 above the last): the level stays ``top``'s."""
    above = [lowest for lowest, _ in thresholds if lowest > top]
    room = (min(above) - top) if above else 1.0
    return top + 0.95 * room * work / (work + half)


def grade_log(log: Log, scale: Scale) -> Grade:
    """Grade ``log`` on ``scale``; any guess puts it on the scale's guessing level."""
    top: list[Step] = []  # the rules-only deductions
    guessed = False
    guesses = 0
    for s in log.steps:  # one pass: a grade is made for every solve
        kind = s.kind
        if kind == DEDUCTION:
            if not s.depth:
                top.append(s)
        elif kind == GUESS:
            guessed = True
            guesses += s.guess_count
    weights = [s.difficulty for s in top]
    # the rule of the first of the heaviest
    hardest = top[weights.index(max(weights))].rule if top else None
    score = _weights_score(weights) if scale.score is None else scale.score(log)
    if guessed:
        return Grade(scale.guess_level, score + 10 + guesses**0.5, hardest, guesses)
    return Grade(scale.level_for(score), score, hardest, 0)
