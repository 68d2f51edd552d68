"""New Signpost puzzles: a random path through every cell, arrows pointing along it.

The path is a random Hamiltonian path whose steps go in one of the eight arrow directions
(any distance), found by depth-first search with Warnsdorff's rule (fewest onward moves
first). Givens start with 1 and the last number; more are added, each where the rules are
still unsure, until the rules alone finish the puzzle (or, for ``needs-guessing``, until it
has one solution); then every given the rules can do without is taken away again.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Callable, Iterator
from typing import Any

from deduce.errors import ParseError
from deduce.family import Family
from deduce.grade import NEEDS_GUESSING
from deduce.puzzles.generating import Wanted, generator, kept, solve
from deduce.puzzles.reveal import parse_size, reveal_and_prune
from deduce.puzzles.signpost.model import STEPS, Signpost, format_puzzle
from deduce.solving import Result


def _moves(width: int, height: int, cell: int) -> list[tuple[int, int]]:
    """(target, arrow) for every cell reachable along an arrow from ``cell``."""
    r, c = divmod(cell, width)
    out = []
    for arrow, (dc, dr) in enumerate(STEPS):
        rr, cc = r + dr, c + dc
        while 0 <= rr < height and 0 <= cc < width:
            out.append((rr * width + cc, arrow))
            rr, cc = rr + dr, cc + dc
    return out


def random_path(
    width: int, height: int, rng: random.Random, budget: int = 20000
) -> list[int] | None:
    """A random path through every cell, each step along one of the eight directions."""
    n = width * height
    moves = [_moves(width, height, c) for c in range(n)]
    start = rng.randrange(n)
    path = [start]
    used = [False] * n
    used[start] = True
    options = [_order(moves[start], used, moves, rng)]
    steps = 0
    while path:
        steps += 1
        if steps > budget:
            return None
        if len(path) == n:
            return path
        if not options[-1]:
            used[path.pop()] = False
            options.pop()
            continue
        nxt = options[-1].pop()
        used[nxt] = True
        path.append(nxt)
        options.append(_order(moves[nxt], used, moves, rng))
    return None


def _order(
    candidates: list[tuple[int, int]],
    used: list[bool],
    moves: list[list[tuple[int, int]]],
    rng: random.Random,
) -> list[int]:
    free = [t for t, _ in candidates if not used[t]]
    rng.shuffle(free)
    free.sort(
        key=lambda t: -sum(1 for u, _ in moves[t] if not used[u])
    )  # fewest onward last = tried first
    return free


def _arrows(width: int, height: int, path: list[int], rng: random.Random) -> tuple[int, ...]:
    arrows = [0] * (width * height)
    for a, b in itertools.pairwise(path):
        arrows[a] = next(arrow for t, arrow in _moves(width, height, a) if t == b)
    arrows[path[-1]] = rng.randrange(8)
    return tuple(arrows)


def _puzzle(width: int, height: int, arrows: tuple[int, ...], givens: dict[int, int]) -> Signpost:
    return Signpost(width, height, arrows, tuple(givens.get(c, 0) for c in range(width * height)))


def candidate(
    family: Family[Signpost], width: int, height: int, difficulty: str | None, rng: random.Random
) -> tuple[str, Result] | None:
    """One Signpost game ID on a random path, with its solve (None when no path was found)."""
    path = random_path(width, height, rng)
    if path is None:
        return None
    n = width * height
    number = {cell: k + 1 for k, cell in enumerate(path)}
    arrows = _arrows(width, height, path, rng)
    guessing = difficulty == NEEDS_GUESSING
    top = family.levels.index(difficulty) if difficulty and not guessing else len(family.levels)

    def keep(r: Result) -> bool:
        return r.solved_by_rules and family.levels.index(r.effort.level) <= top

    def text_of(clues: dict[int, int]) -> str:
        return format_puzzle(_puzzle(width, height, arrows, clues))

    # toward the level: givens until the rules finish at that level or below, then every
    # given taken away that leaves them finishing at that level or below
    givens = reveal_and_prune(
        text_of, family, number, rng, givens={path[0]: 1, path[-1]: n},
        fixed=(path[0], path[-1]), enough=keep, keep=keep,
    )  # fmt: skip
    if guessing:
        givens = _past_the_rules(family, text_of, givens, (path[0], path[-1]), rng)
    text = text_of(givens)
    result = solve(text, family)
    if difficulty and not guessing and keep(result) and top - 1 == _rank(family, result):
        givens, result = _climb(family, text_of, givens, number, (path[0], path[-1]), keep, rng)
        text = text_of(givens)
    return text, result


#: How many given moves ``_climb`` tries before it gives up on a candidate.
MOVES = 30


def _rank(family: Family[Signpost], result: Result) -> int:
    return family.levels.index(result.effort.level)


def _climb(
    family: Family[Signpost],
    text_of: Callable[[dict[int, int]], str],
    givens: dict[int, int],
    number: dict[int, int],
    fixed: tuple[int, ...],
    keep: Callable[[Result], bool],
    rng: random.Random,
) -> tuple[dict[int, int], Result]:
    """A puzzle one level below the one asked for (and no given can go without leaving it):
    move one given to another cell at a time, keeping a move when the rules still finish at
    the level or below and the score rises, until the level is reached or ``MOVES`` moves
    were tried."""
    best = solve(text_of(givens), family)
    below = _rank(family, best)
    for _ in range(MOVES):
        gone = rng.choice([c for c in givens if c not in fixed] or [None])
        hidden = [c for c in number if c not in givens]
        if gone is None or not hidden:
            break
        came = rng.choice(hidden)
        trial = {c: k for c, k in givens.items() if c != gone}
        trial[came] = number[came]
        result = solve(text_of(trial), family)
        if keep(result) and result.effort.score > best.effort.score:
            givens, best = trial, result
            if _rank(family, best) > below:
                break
    return givens, best


def _past_the_rules(
    family: Family[Signpost],
    text_of: Callable[[dict[int, int]], str],
    givens: dict[int, int],
    fixed: tuple[int, ...],
    rng: random.Random,
) -> dict[int, int]:
    """From a puzzle the rules finish (and no given can leave without them failing), the
    first given whose removal leaves one solution that the rules alone cannot reach: that
    is a puzzle one step past the rules (``givens`` unchanged when there is none)."""
    cells = [c for c in givens if c not in fixed]
    rng.shuffle(cells)
    for cell in cells:
        trial = {c: k for c, k in givens.items() if c != cell}
        result = solve(text_of(trial), family, max_nodes=20000)
        if result.status == "unique" and not result.solved_by_rules:
            return trial
    return givens


@generator
def generate(
    family: Family[Signpost], wanted: Wanted, stats: dict[str, Any] | None = None
) -> Iterator[str]:
    """Yield ``wanted.count`` Signpost game IDs (of level ``wanted.difficulty`` when given).
    Raises ParseError for a bad size, or a level no puzzle of the size has (``REACHABLE``)."""
    difficulty = wanted.difficulty
    width, height = parse_size(wanted.size, (5, 5), 12)
    if difficulty:
        refuse_impossible(width, height, difficulty)
    make = functools.partial(candidate, family, width, height, difficulty)
    return kept(make, family, wanted, stats)


#: The levels the puzzles of a small size have, with how many puzzles were graded: every
#: puzzle of the size with 1 and n given (as every puzzle made here has) and one solution,
#: up to the grid's symmetries (``python bench/signpost_small_levels.py``).
REACHABLE = {
    frozenset({(2, 2)}): (("easy",), 12),
    frozenset({(2, 3), (3, 2)}): (("easy",), 1344),
    frozenset({(3, 3)}): (("easy", "medium"), 733516),
}


def refuse_impossible(width: int, height: int, level: str) -> None:
    """ParseError when no puzzle of ``width`` x ``height`` has grade ``level``."""
    for sizes, (levels, count) in REACHABLE.items():
        if (width, height) in sizes and level not in levels:
            n = width * height
            raise ParseError(
                f"signpost {width}x{height} has no {level} puzzles: all {count:,} puzzles of "
                f"that size with 1 and {n} given and one solution are {' or '.join(levels)}"
            )
