"""The Sudoku grade: named levels by the hardest rule a solve needs, a score that orders
puzzles inside a level the way people find them, and the minutes a practised player takes.

A solve the rules finish scores the weight of its hardest step (the Sudoku Explainer idea: a
puzzle is as hard as its hardest step; the rule weights follow SE's scale) plus less than 0.2
that grows with the minutes the time model gives it (``deduce.difficulty.sudoku_time``: how
many hidden singles the grid offers as a person placing every single in sight goes through
it, in waves, how hard each step's technique is, how hard the hardest one and how long the
solve is, fitted on people's solving times; see docs/grading.md). The hardest rule
alone sets the level; inside a level, a puzzle people take longer over ranks higher.

A solve that needs guessing scores 10 or more, above every puzzle the rules finish: 10, plus
how much of the grid the rules left open when they got stuck (up to 8, for a grid where they
placed nothing), plus a bounded term for the guesses the search made on its way to the
solution (``min(log2(1 + guesses), 4)``). What the rules managed before getting stuck does not
count: a puzzle that needs guessing is hard however easy its first steps were.

Levels, by the rules they need (the thresholds and weights are in the family's table,
``deduce.rules.sudoku.TABLE``; ``deduce rules sudoku`` lists every rule and weight; each
technique sits where Sudoku Explainer and HoDoKu rank it, see docs/sudoku.md):

- ``easy``: singles only (hidden singles, naked singles): Tatham's trivial and basic.
- ``medium``: locked candidates (pointing, claiming), naked and hidden pairs, X-Wings:
  Tatham's intermediate and advanced.
- ``hard``: triples, quads, swordfish, jellyfish; the wings (XY-, XYZ-, W-Wing), the
  single-digit patterns (Skyscraper, 2-String Kite, Turbot Fish, Empty Rectangle), the
  Unique Rectangles and BUG+1 (HoDoKu's "hard" techniques); the two matching rules.
- ``expert``: chains: X-Cycles and X-Chains, nice loops, XY-Chains, AICs and forcing chain
  contradictions (Eppstein's cycles, paths and conflicting paths), each heavier the longer
  it is.
- ``extreme``: forcing chains mixing every kind of two-candidate link, and cell and region
  forcing chains.
- ``needs-guessing`` (``GUESSING`` and up): the rules alone could not finish.

Calibration (``bench/sudoku_calibration.py``): Spearman rho against Sudoku Explainer ratings
0.984 over the 116 rated puzzles of the reference set and 0.952 among the 58 rated 6 or more;
the median score rises through Tatham's six levels.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from deduce.difficulty.scale import Scale
from deduce.difficulty.sudoku_time import minutes
from deduce.grade import Grade
from deduce.puzzles.sudoku.model import Sudoku
from deduce.puzzles.sudoku.text import parse
from deduce.step import DEDUCTION, GUESS, Log

#: Where the guessing scores start: above every rules-only score.
GUESSING = 10.0
#: The room the minutes have above the hardest weight (below the 0.2 to the next weight up),
#: and the minutes that fill half of it: about the median of the players' times.
MINUTES_ROOM = 0.19
MINUTES_HALF = 6.0


def minutes_score(top: float, minutes: float) -> float:
    """The score of a rules-only solve whose hardest weight is ``top``: that weight plus the
    minutes' share of ``MINUTES_ROOM`` (see the module's docstring)."""
    return top + MINUTES_ROOM * minutes / (minutes + MINUTES_HALF) if top else 0.0


def guessing_score(log: Log, puzzle: Sudoku) -> float:
    """The score of a solve that needed guessing (see the module's docstring)."""
    guesses = log.guess_count()
    first = next(i for i, s in enumerate(log.steps) if s.kind == GUESS)
    cells = len(puzzle.givens)
    placed = sum(1 for g in puzzle.givens if g)
    placed += sum(len(s.placements) for s in log.steps[:first] if s.kind == DEDUCTION)
    open_share = max(cells - placed, 0) / cells
    return GUESSING + 8 * open_share + min(math.log2(1 + guesses), 4)


def scale_on(thresholds: tuple[tuple[float, str], ...]) -> Scale:
    """The Sudoku scale on ``thresholds`` (the family's table's levels)."""
    return Scale(thresholds=thresholds)


def hardest_of(log: Log) -> tuple[float, str | None, int]:
    """The weight and rule of a log's first heaviest deduction outside search, and how many
    guesses it made."""
    top, hardest, guesses = 0.0, None, 0
    for s in log.steps:
        kind = s.kind
        if kind == DEDUCTION:
            if not s.depth and s.difficulty > top:  # the first of the heaviest
                top, hardest = s.difficulty, s.rule
        elif kind == GUESS:
            guesses += s.guess_count
    return top, hardest, guesses


def grade(log: Log, scale: Scale, read: Callable[[str], Sudoku] | None = None) -> Grade:
    """Grade a Sudoku log on ``scale``, with its minutes (one pass for the hardest rule and the
    guesses, one for the minutes: a grade is made for every solve). A rules-only log without
    its puzzle's text (steps graded alone) has no minutes and scores its hardest weight.
    ``read`` reads the log's puzzle text (a variant's own forms; Sudoku's by default)."""
    top, hardest, guesses = hardest_of(log)
    if not guesses and not log.puzzle.strip():  # steps alone (a technique's own level)
        return Grade(scale.level_for(top), top, hardest, 0, None)
    puzzle = parse(log.puzzle, check=False) if read is None else read(log.puzzle)
    spent = minutes(log, puzzle, guesses, hardest=top or None)
    if guesses:
        return Grade(scale.guess_level, guessing_score(log, puzzle), hardest, guesses, spent)
    score = minutes_score(top, spent)
    return Grade(scale.level_for(score), score, hardest, 0, spent)
