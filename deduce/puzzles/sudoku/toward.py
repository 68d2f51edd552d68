"""A candidate worked to the level asked for, from either side: given clues until its grade
falls to the level (``soften``), or changed clue by clue until it rises to it (``harden``).

What the generators need whose random minimal candidates fall on both sides of a level: a
jigsaw's and an X grid's (both more often above the level asked for than a plain Sudoku's,
whose generator only hardens).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from deduce.family import Family
from deduce.puzzles.generating import solve
from deduce.puzzles.sudoku.harden import harden
from deduce.puzzles.sudoku.model import Geometry, Sudoku
from deduce.puzzles.sudoku.soften import soften
from deduce.solving import Result


def toward(
    family: Family[Sudoku],
    text: str,
    target: str | None,
    rng: random.Random,
    write: Callable[[Geometry, dict[int, int]], str],
) -> tuple[str, Result | None] | None:
    """The candidate ``text`` (one solution) at level ``target``, with the solve that grades
    it (None for the solve when no level is asked for); None when neither softening nor
    hardening gets it there. ``write`` gives the text of a grid's givens."""
    if not target:
        return text, None
    levels = family.levels
    result = solve(text, family)
    geo = family.parse(text).geo
    if levels.index(result.effort.level) > levels.index(target):
        softer = soften(family, geo, text, result, target, rng, write)
        if softer is None:
            return None
        text, result = softer
    if levels.index(result.effort.level) < levels.index(target):
        return harden(family, geo, text, result, target, rng, write=write)
    return text, result
