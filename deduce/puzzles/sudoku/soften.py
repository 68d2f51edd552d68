"""Generating toward a level from above: give clues until a puzzle's grade falls to the target.

Harden works a puzzle up to a level; a generator whose random candidates are mostly harder
than the level asked for (a 9x9 jigsaw's: of 20 minimal ones made with seed 1, 11 need
guessing and none is easy) needs the other direction too. A clue never adds a solution, so
the puzzle stays unique; the clue given is the solution's digit of a cell the hardest step
of the solve concluded about (the step that set the grade, or the first guess), so that the
step is no longer needed, or of a random empty cell when that step named none.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from deduce.family import Family
from deduce.puzzles.generating import solve
from deduce.puzzles.sudoku.model import Geometry, Sudoku
from deduce.solving import Result
from deduce.step import DEDUCTION

#: Clues one puzzle may get before the generator starts over from a new one (measured: 9x9
#: jigsaws that need guessing reach easy within about 15).
CLUES = 40


def hardest_cells(result: Result) -> list[int]:
    """The cells the step that set the grade concluded about: the first step of the
    hardest rule outside search, or the first step of search when it guessed."""
    steps = [s for s in result.log.steps if not s.depth]
    hardest = result.effort.hardest_rule
    if result.effort.guesses:
        step = next((s for s in steps if s.kind != DEDUCTION), None)
    else:
        step = next((s for s in steps if s.rule == hardest), None)
    if step is None:
        return []
    return sorted({c for c, _ in step.placements} | {c for c, _ in step.eliminations})


def soften(
    family: Family[Sudoku],
    geo: Geometry,
    text: str,
    result: Result,
    target: str,
    rng: random.Random,
    write: Callable[[Geometry, dict[int, int]], str],
    clues: int = CLUES,
) -> tuple[str, Result] | None:
    """The puzzle ``text`` (one solution, graded above ``target`` by ``result``) given clues
    until its level is ``target`` or below, with the solve that grades it; None when
    ``clues`` clues do not get it there."""
    levels = family.levels
    want = levels.index(target)
    solution = result.solution
    assert solution is not None
    givens = {c: v for c, v in enumerate(family.parse(text).givens) if v}
    for _ in range(clues):
        if levels.index(result.effort.level) <= want:
            return text, result
        empty = [c for c in range(geo.n * geo.n) if c not in givens]
        aimed = [c for c in hardest_cells(result) if c not in givens]
        cell = rng.choice(aimed or empty)
        givens[cell] = solution[cell]
        text = write(geo, givens)
        result = solve(text, family)
    return (text, result) if levels.index(result.effort.level) <= want else None
