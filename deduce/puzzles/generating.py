"""The loop every generator shares: make candidates until enough of the wanted level are kept.

A family's generator only knows how to make one candidate puzzle from a random source (and to
judge it with the engine). Counting tries, keeping only unique puzzles of the requested level,
and giving up after a bounded number of tries (so a rare level cannot hang a command) are the
same for every family, so they live here once.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from deduce.family import Family
from deduce.solving import Puzzle, Result
from deduce.solving import solve as solve_puzzle

#: A generator gives up after this many candidates per puzzle asked for (the command's and the
#: API's default), so that a level rare at the chosen size ends with a message instead of
#: running on.
TRIES_PER_PUZZLE = 200

#: One try: a candidate's text and the engine's verdict on it (None when the candidate has one
#: solution by construction, so only its grade is still to be found), or None when the try
#: failed.
Candidate = Callable[[random.Random], "tuple[str, Result | None] | None"]


def solve(text: str, family: Family[Any], **options: Any) -> Result:
    """The engine's solve of puzzle ``text`` of ``family`` (options as ``deduce.solving.solve``)."""
    return solve_puzzle(Puzzle.read(family, text), **options)


def judge(family: Family[Any], text: str, target: str) -> Result | None:
    """The solve of a changed candidate when it has one solution and a level no harder than
    ``target``; None otherwise. The rules alone are run first: a puzzle they cannot finish
    needs guessing, the last level, and only then is it worth the search that grades it."""
    levels = family.levels
    want = levels.index(target)
    judged = solve(text, family, guess=False)
    if not judged.solved_by_rules:
        if want < len(levels) - 1:
            return None
        judged = solve(text, family)
    if levels.index(judged.effort.level) > want or judged.status != "unique":
        return None
    return judged


def try_random(family: str, seed: int, index: int) -> random.Random:
    """The random source of try ``index`` of ``seed``: its own stream, so candidate ``index``
    depends on nothing else and tries can be shared among processes."""
    return random.Random(f"{family}:{seed}:{index}")


def kept(
    make: Candidate,
    family: Family[Any],
    count: int = 1,
    seed: int | None = None,
    difficulty: str | None = None,
    max_tries: int | None = None,
    stats: dict[str, int] | None = None,
) -> Iterator[str]:
    """Yield up to ``count`` texts of candidates that have one solution and level ``difficulty``.

    Try ``index`` calls ``make`` with ``try_random(family, seed, index)``, so a seed gives the
    same puzzles every time (a random seed when None). ``stats["tried"]`` counts the
    candidates made so far; after ``max_tries`` tries the loop stops early and sets
    ``stats["exhausted"]``.
    """
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    stats = stats if stats is not None else {}
    stats["tried"] = 0
    made = 0
    while made < count:
        if max_tries is not None and stats["tried"] >= max_tries:
            stats["exhausted"] = True
            return
        candidate = make(try_random(family.name, seed, stats["tried"]))
        stats["tried"] += 1
        if candidate is None:
            continue
        text, result = candidate
        if result is not None and result.status != "unique":
            continue
        if difficulty:
            result = result or solve(text, family)
            if result.effort.level != difficulty:
                continue
        made += 1
        yield text
