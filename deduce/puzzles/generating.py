"""The loop every generator shares: make candidates until enough of the wanted level are kept.

A family's generator only knows how to make one candidate puzzle from a random source (and to
judge it with the engine). Counting tries, keeping only unique puzzles of the requested level,
and giving up after a bounded number of tries (so a rare level cannot hang a command) are the
same for every family, so they live here once.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Collection, Iterator
from typing import Any

import attrs

from deduce import clock
from deduce.errors import ParseError
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


@attrs.frozen
class Wanted:
    """What a generator is asked for, the options every family's generator takes (said here
    once): ``count`` puzzles, from ``seed`` (a random one when None), of level ``difficulty``
    (any when None), of ``size`` (the family's default when None), giving up after
    ``max_tries`` candidates (never when None)."""

    count: int = 1
    seed: int | None = None
    difficulty: str | None = None
    size: str | None = None
    max_tries: int | None = None


#: A generator on a Wanted: ``make(family, wanted, stats, **own)``, ``own`` its family's
#: own options (a Killer's ``givens``).
Maker = Callable[..., Iterator[str]]


def generator(make: Maker) -> Callable[..., Iterator[str]]:
    """The family's ``generate`` (the keywords ``deduce.generate`` passes, see
    ``deduce.family.Family``) of ``make``: the common ones gathered into one Wanted, the
    family's own passed on by name. Its signature, as ``inspect`` reads it, is ``make``'s, so
    the checks of the own options see their names and types."""

    @functools.wraps(make)
    def generate(
        family: Family[Any],
        count: int = 1,
        seed: int | None = None,
        difficulty: str | None = None,
        size: str | None = None,
        stats: dict[str, Any] | None = None,
        max_tries: int | None = None,
        **own: Any,
    ) -> Iterator[str]:
        return make(family, Wanted(count, seed, difficulty, size, max_tries), stats, **own)

    return generate


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
    wanted: Wanted,
    stats: dict[str, Any] | None = None,
) -> Iterator[str]:
    """Yield up to ``wanted.count`` texts of candidates that have one solution and level
    ``wanted.difficulty``.

    Try ``index`` calls ``make`` with ``try_random(family, seed, index)``, so a seed gives the
    same puzzles every time (a random seed when None). ``stats["tried"]`` counts the
    candidates made so far; after ``max_tries`` tries the loop stops early and sets
    ``stats["exhausted"]``. No try starts once the caller's deadline (``deduce.clock``) has
    passed: TimeUp is raised instead, so a try is counted only when it ran within the limit.
    """
    seed = wanted.seed if wanted.seed is not None else random.SystemRandom().randrange(2**32)
    difficulty, max_tries = wanted.difficulty, wanted.max_tries
    stats = stats if stats is not None else {}
    stats["tried"] = 0
    made = 0
    while made < wanted.count:
        if max_tries is not None and stats["tried"] >= max_tries:
            stats["exhausted"] = True
            return
        clock.check()
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


def square_side(
    size: str | None, default: int, sides: Collection[int], not_square: str, not_made: str
) -> int:
    """The side N of a generator's ``--size`` ``"NxN"`` or ``"N"`` (``default`` when none is
    given); ParseError naming ``size`` and, when it is not square, ``not_square``, when N is
    not one of ``sides``, ``not_made``."""
    if not size:
        return default
    try:
        parts = [int(x) for x in size.lower().split("x")]
    except ValueError:
        raise ParseError(f"bad size {size!r}: expected NxN such as 9x9") from None
    if len(parts) > 2 or parts[0] != parts[-1]:
        raise ParseError(f"bad size {size!r}: {not_square}")
    if parts[0] not in sides:
        raise ParseError(f"bad size {size!r}: {not_made}")
    return parts[0]
