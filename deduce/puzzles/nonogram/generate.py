"""New nonograms: random pictures of a chosen size and density, kept when they have exactly
one solution, and, for a level that random pictures rarely reach, pictures changed towards it.

A picture is drawn cell by cell (filled with probability ``density``); its clues are read off
it; the engine solves the clues, counting solutions to two (search bounded per candidate).
Random pictures of middling density are mostly line-solvable; a few need probing, almost none
need more. So for ``needs-probing``, ``deep-probing`` and ``needs-guessing`` the generator
climbs: from a random picture it flips one cell (or moves a filled cell to a neighbour) at a
time and keeps the change when the puzzle is no further from the level asked for (a unique
puzzle before one with several solutions, then the level's rank, then the grade's score inside
the level, which grows with the probes and their depth), until the puzzle has one solution and
that level; after ``CLIMB`` changes without reaching it, it starts again from a new picture.
A try is one random picture: for a climbed level, the picture and the changes tried on it.
The climb judges its pictures without the probes' chains (``quick``: the status and level
are the same, only the chains' length is left out of the score), 40% less processor time a
picture on a needs-guessing climb; the picture it stops at is solved again in full before it
is kept.

Some levels cannot exist at some sizes; those are refused at once (``impossible``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import attrs

from deduce import clock
from deduce.errors import ParseError
from deduce.family import Family
from deduce.puzzles.generating import Wanted, generator, solve, try_random
from deduce.puzzles.nonogram.model import from_picture
from deduce.puzzles.nonogram.text import to_tatham
from deduce.puzzles.reveal import parse_size
from deduce.solving import Result
from deduce.state import State
from deduce.step import Step

#: Search nodes a candidate may take before it is given up (keeps generation brisk).
MAX_NODES = 2000
#: Changes a climb makes before it starts again from a new picture.
CLIMB = 400
#: The levels a climb is needed for, and the density its pictures start from (sparser
#: pictures stall line logic more often).
CLIMBED = {"needs-probing": 0.45, "deep-probing": 0.42, "needs-guessing": 0.40}
#: Sizes (width, height) of at most 16 cells, every picture of which was solved, and the
#: levels none of their puzzles has (bench/nonogram_levels.py --exhaustive
#: finds them again; tests/nonogram/test_generate.py checks the small ones).
MISSING: dict[tuple[int, int], frozenset[str]] = {
    (2, 2): frozenset({"deep-probing", "needs-probing", "needs-guessing", "line-solvable"}),
    (2, 3): frozenset({"deep-probing", "needs-probing", "needs-guessing", "line-solvable"}),
    (2, 4): frozenset({"deep-probing", "needs-guessing", "line-solvable"}),
    (2, 5): frozenset({"deep-probing", "needs-guessing", "line-solvable"}),
    (2, 6): frozenset({"deep-probing", "needs-guessing", "line-solvable"}),
    (2, 7): frozenset({"deep-probing", "needs-guessing"}),
    (2, 8): frozenset({"deep-probing", "needs-guessing"}),
    (3, 2): frozenset({"deep-probing", "needs-probing", "needs-guessing", "line-solvable"}),
    (3, 3): frozenset({"deep-probing", "needs-probing", "needs-guessing", "line-solvable"}),
    (3, 4): frozenset({"deep-probing", "needs-guessing", "line-solvable"}),
    (3, 5): frozenset({"deep-probing", "needs-guessing", "line-solvable"}),
    (4, 2): frozenset({"deep-probing", "needs-guessing", "line-solvable"}),
    (4, 3): frozenset({"deep-probing", "needs-guessing", "line-solvable"}),
    (4, 4): frozenset({"deep-probing", "needs-guessing", "line-solvable"}),
    (5, 2): frozenset({"deep-probing", "needs-guessing", "line-solvable"}),
    (5, 3): frozenset({"deep-probing", "needs-guessing", "line-solvable"}),
    (6, 2): frozenset({"deep-probing", "needs-guessing", "line-solvable"}),
    (7, 2): frozenset({"deep-probing", "needs-guessing"}),
}


def random_picture(width: int, height: int, density: float, rng: random.Random) -> list[str]:
    """Rows of ``0``/``1``, each cell filled with probability ``density``."""
    return [
        "".join("1" if rng.random() < density else "0" for _ in range(width)) for _ in range(height)
    ]


def judge(family: Family[Any], rows: list[str]) -> tuple[str, Result]:
    """A picture's clues as a Pattern game ID, with the engine's solve of them."""
    text = to_tatham(from_picture(rows, "tatham"))
    return text, solve(text, family, max_nodes=MAX_NODES)


def _unexplained(
    find: Callable[[State[Any]], Iterable[Step]],
) -> Callable[[State[Any]], Iterable[Step]]:
    """A rule's ``find`` run as in a search that logs nothing (``State.quiet``):
    probing then leaves its steps' chains out (``deduce.search``)."""

    def find_quietly(state: State[Any]) -> Iterable[Step]:
        state.quiet = True
        return find(state)

    return find_quietly


def quick(family: Family[Any], rows: list[str]) -> tuple[str, Result]:
    """``judge`` without the probes' chains, for the climb: the status and the level are
    those of ``judge`` (the level counts probing steps, not their chains); the score leaves
    out how deep the probes go. Search, given the rule list, propagates with all of it."""
    text = to_tatham(from_picture(rows, "tatham"))
    rules = tuple(
        attrs.evolve(r, find=_unexplained(r.find)) if r.name == "probing" else r
        for r in family.rules
    )
    return text, solve(text, family, max_nodes=MAX_NODES, rules=rules)


def candidate(
    family: Family[Any], width: int, height: int, density: float, rng: random.Random
) -> tuple[str, Result]:
    """A random picture's clues as a Pattern game ID, with the engine's solve of them."""
    return judge(family, random_picture(width, height, density, rng))


def impossible(width: int, height: int, level: str) -> str | None:
    """Why no ``width`` x ``height`` nonogram has grade ``level``, or None when some may
    (only sizes where every picture was checked are known: ``MISSING``)."""
    missing = MISSING.get((width, height))
    if missing is not None and level in missing:
        return f"nonogram {width}x{height} has no {level} puzzles (every picture of that size was checked)"
    return None


def _closeness(result: Result, levels: tuple[str, ...], target: int) -> tuple[float, ...]:
    """How close a solve is to level ``target`` (bigger is closer): one solution first, then
    the level's rank, then the score inside the level (higher below the target, lower above)."""
    if result.status != "unique":
        return (0.0, 0.0, 0.0)
    rank = levels.index(result.effort.level)
    score = result.effort.score
    return (1.0, -abs(rank - target), score if rank <= target else -score)


def _change(rows: list[str], rng: random.Random) -> list[str]:
    """The picture with one cell flipped, or a filled cell moved to an empty neighbour."""
    grid = [list(row) for row in rows]
    h, w = len(grid), len(grid[0])
    r, c = rng.randrange(h), rng.randrange(w)
    if grid[r][c] == "1" and rng.random() < 0.5:
        dr, dc = rng.choice(((0, 1), (1, 0), (0, -1), (-1, 0)))
        r2, c2 = r + dr, c + dc
        if 0 <= r2 < h and 0 <= c2 < w and grid[r2][c2] == "0":
            grid[r][c], grid[r2][c2] = "0", "1"
            return ["".join(row) for row in grid]
    grid[r][c] = "1" if grid[r][c] == "0" else "0"
    return ["".join(row) for row in grid]


def climb(
    family: Family[Any],
    width: int,
    height: int,
    level: str,
    density: float,
    rng: random.Random,
    tries: list[int],
    max_tries: int | None,
) -> str | None:
    """A puzzle of ``level`` reached by changing a random picture a cell at a time (see the
    module docstring), or None when ``max_tries`` pictures (counted in ``tries[0]``) ran
    out."""
    levels = family.levels
    target = levels.index(level)
    while max_tries is None or tries[0] < max_tries:
        rows = random_picture(width, height, density, rng)
        text, result = quick(family, rows)
        tries[0] += 1
        best = _closeness(result, levels, target)
        for _ in range(CLIMB):
            if _reached(family, rows, result, level):
                return text
            changed = _change(rows, rng)
            new_text, new_result = quick(family, changed)
            near = _closeness(new_result, levels, target)
            if near >= best:
                rows, text, result, best = changed, new_text, new_result, near
        if _reached(family, rows, result, level):
            return text
    return None


def _reached(family: Family[Any], rows: list[str], result: Result, level: str) -> bool:
    """Whether the climb's quick ``result`` for ``rows`` is of ``level`` with one solution,
    and the full solve (``judge``) says so too."""
    if result.status != "unique" or result.effort.level != level:
        return False
    result = judge(family, rows)[1]
    return result.status == "unique" and result.effort.level == level


@generator
def generate(
    family: Family[Any],
    wanted: Wanted,
    stats: dict[str, Any] | None = None,
    density: float | None = None,
) -> Iterator[str]:
    """Yield ``wanted.count`` Pattern game IDs with one solution each (of grade
    ``wanted.difficulty`` when given), from random ``wanted.size`` pictures (default 10x10) of ``density`` (default 0.55, or
    the level's own for a climbed level). Raises ParseError at once for a level the size
    cannot have."""
    difficulty, seed = wanted.difficulty, wanted.seed
    width, height = parse_size(wanted.size, (10, 10), 40)
    if density is not None and not 0.0 < density < 1.0:
        raise ParseError(f"bad density {density}: it must be between 0 and 1")
    if difficulty is not None:
        why = impossible(width, height, difficulty)
        if why is not None:
            raise ParseError(why)
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    stats = stats if stats is not None else {}
    return _made(
        family, wanted.count, seed, difficulty, width, height, density, stats, wanted.max_tries
    )


def _made(
    family: Family[Any],
    count: int,
    seed: int,
    difficulty: str | None,
    width: int,
    height: int,
    density: float | None,
    stats: dict[str, Any],
    max_tries: int | None,
) -> Iterator[str]:
    tries = [0]
    stats["tried"] = 0
    made = 0
    index = 0
    while made < count:
        clock.check()  # no try starts after the caller's deadline (see generating.kept)
        rng = try_random(family.name, seed, index)
        index += 1
        if difficulty in CLIMBED:
            text = climb(
                family,
                width,
                height,
                difficulty,
                density or CLIMBED[difficulty],
                rng,
                tries,
                max_tries,
            )
        else:
            text, result = candidate(family, width, height, density or 0.55, rng)
            tries[0] += 1
            if result.status != "unique" or (difficulty and result.effort.level != difficulty):
                text = None
        stats["tried"] = tries[0]
        if text is not None:
            made += 1
            yield text
        elif max_tries is not None and tries[0] >= max_tries:
            stats["exhausted"] = True
            return
