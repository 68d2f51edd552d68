"""Generating toward a level: change the clues of a puzzle until its grade reaches the target.

Random minimal puzzles are mostly easy (of 60 made with seed 1: 46 easy, one extreme, none
needing guessing), so sampling alone rarely meets the harder levels. As Simon Tatham's
generators do, the generator then works toward the level it was asked for. Starting from a
puzzle below the target, it makes small changes that keep the solution: empty one clue, and
while the clues then allow a second solution, give the solution's digit of a cell where the
two solutions differ (a search finds them). A change is kept when the puzzle has exactly one
solution (proved by that search), its level does not pass the target and its grade score does
not drop; the generator stops when the grade is the target. Every change is judged by the
engine itself, so the puzzle that comes out re-rates to the level asked for. (The changes
are made cell by cell: a puzzle worked on may lose the half-turn symmetry of its clues.)
"""

from __future__ import annotations

import random
from collections.abc import Callable

from deduce.errors import Contradiction
from deduce.family import Family
from deduce.puzzles.generating import judge
from deduce.puzzles.sudoku.model import Geometry, Sudoku, initial_state
from deduce.puzzles.sudoku.text import to_line
from deduce.search import search
from deduce.solving import Result

#: How many changes one puzzle gets to reach its target before the generator starts over
#: from a new one (measured with seed 1: three needs-guessing 9x9 puzzles in 52 s with 150,
#: 148 s with 60; the easier levels are mostly reached within 20 changes).
MOVES = 150

#: Search nodes allowed to find a second solution (or prove there is none) after a change.
NODE_BUDGET = 5_000

#: How many clues one change may add to restore a single solution.
REPAIRS = 10


def _text(geo: Geometry, givens: dict[int, int]) -> str:
    return to_line(Sudoku(geo, tuple(givens.get(c, 0) for c in range(geo.n * geo.n))))


def _solutions(
    family: Family[Sudoku], geo: Geometry, givens: dict[int, int]
) -> list[list[int]] | None:
    """Up to two solutions of the givens (None when the search budget runs out first)."""
    try:
        state = initial_state(Sudoku(geo, tuple(givens.get(c, 0) for c in range(geo.n * geo.n))))
    except Contradiction:
        return []
    found = search(family, state, None, limit=2, max_nodes=NODE_BUDGET)
    return found.solutions if found.complete or len(found.solutions) > 1 else None


def changed(
    family: Family[Sudoku],
    geo: Geometry,
    givens: dict[int, int],
    solution: list[int],
    rng: random.Random,
) -> dict[int, int] | None:
    """The givens with one random clue emptied and, while that leaves a second solution, the
    digit of ``solution`` given at a random cell where the two differ; None when no single
    solution is restored."""
    out = dict(givens)
    del out[rng.choice(sorted(out))]
    for _ in range(REPAIRS):
        found = _solutions(family, geo, out)
        if found is None:
            return None
        if len(found) == 1:
            return out
        first, second = found[0], found[1]
        differ = [c for c, (a, b) in enumerate(zip(first, second, strict=True)) if a != b]
        cell = rng.choice(differ)
        out[cell] = solution[cell]
    return None


def harden(
    family: Family[Sudoku],
    geo: Geometry,
    text: str,
    result: Result,
    target: str,
    rng: random.Random,
    moves: int = MOVES,
    write: Callable[[Geometry, dict[int, int]], str] | None = None,
) -> tuple[str, Result] | None:
    """The puzzle ``text`` (one solution, graded by ``result``) changed until its level is
    ``target``, with the solve that grades it; None when ``moves`` changes do not get there.
    ``write`` gives the text of a grid's givens (default: Sudoku's one-line form)."""
    write = write or _text
    levels = family.levels
    want = levels.index(target)
    solution = result.solution
    assert solution is not None
    givens = {c: v for c, v in enumerate(family.parse(text).givens) if v}
    for _ in range(moves):
        if levels.index(result.effort.level) == want:
            return text, result
        trial = changed(family, geo, givens, solution, rng)
        if trial is None or trial == givens:
            continue
        trial_text = write(geo, trial)
        judged = judge(family, trial_text, target)
        if judged is not None and judged.effort.score >= result.effort.score:
            givens, text, result = trial, trial_text, judged
    return (text, result) if levels.index(result.effort.level) == want else None
