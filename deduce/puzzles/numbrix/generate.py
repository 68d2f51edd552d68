"""New Numbrix and Hidato puzzles: a random path through every cell, then its clues.

The path is a random Hamiltonian path of the grid's graph (rook steps for Numbrix, king
steps for Hidato), drawn by "backbite" moves (Mansfield's Markov chain) from a serpentine
path: each move joins an end of the path to one of its other neighbours and reverses the
piece between, so any Hamiltonian path can be reached. A Hidato board may lose cells at the
ends of its path, which become holes. Clues are then revealed at random until the rules
alone solve the puzzle (no harder than the level asked for), and every clue they can do
without is taken away again (``deduce.puzzles.reveal``). For ``needs-guessing`` clues are
revealed until search's rules alone solve it, then every clue whose removal leaves the
solution unique (search's rules and search counting to two) is taken away, and the puzzle
is kept when all the rules then cannot finish it.
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Iterator
from typing import Any

from deduce.errors import ParseError
from deduce.family import Family
from deduce.puzzles.generating import Wanted, generator, kept, solve
from deduce.puzzles.numbrix.model import HOLE, geometry
from deduce.puzzles.reveal import parse_size, reveal_and_prune
from deduce.solving import Result

#: Backbite moves per cell: enough to forget the serpentine start.
MOVES_PER_CELL = 40
#: The levels every puzzle of the smallest boards (no holes) falls on, by (Hidato?, shorter
#: side, longer side): ``bench/small_levels.py`` grades every clue set of every path of them.
#: A level missing here is refused up front; Numbrix 2x5 and 3x4, Hidato 3x3 reach every
#: level (larger boards too, as far as the generator shows).
REACHABLE = {
    (False, 2, 2): ("easy",),
    (False, 2, 3): ("easy", "medium", "hard"),
    (False, 2, 4): ("easy", "medium", "hard"),
    (False, 3, 3): ("easy", "medium", "hard"),
    (True, 2, 2): ("easy",),
    (True, 2, 3): ("easy", "medium", "hard"),
    (True, 2, 4): ("easy", "medium", "hard", "expert"),
}
#: Search nodes a pruning solve may use to show a clue can go (past it, the clue stays).
MAX_NODES = 2000


def random_path(width: int, height: int, king: bool, rng: random.Random) -> list[int]:
    """A random path through every cell of a ``width`` x ``height`` grid."""
    geo = geometry(height, width, king, (False,) * (width * height))
    path = [
        r * width + (c if r % 2 == 0 else width - 1 - c)
        for r in range(height)
        for c in range(width)
    ]
    n = len(path)
    index = {cell: i for i, cell in enumerate(path)}
    for _ in range(MOVES_PER_CELL * n if n > 2 else 0):
        if rng.random() < 0.5:  # bite with the first end: p[i-1] ... p[0] p[i] ... p[-1]
            options = [c for c in geo.neighbours[path[0]] if index[c] > 1]
            if not options:
                continue
            i = index[rng.choice(options)]
            path[:i] = path[i - 1 :: -1]
            changed = range(i)
        else:  # with the last end: p[0] ... p[i] p[-1] ... p[i+1]
            options = [c for c in geo.neighbours[path[-1]] if index[c] < n - 2]
            if not options:
                continue
            i = index[rng.choice(options)]
            path[i + 1 :] = path[:i:-1]
            changed = range(i + 1, n)
        for j in changed:
            index[path[j]] = j
    return path


def _text(width: int, height: int, king: bool, holes: set[int], clues: dict[int, int]) -> str:
    grid = [
        [HOLE if r * width + c in holes else clues.get(r * width + c, 0) for c in range(width)]
        for r in range(height)
    ]
    return json.dumps(
        {"family": "hidato" if king else "numbrix", "size": [height, width], "grid": grid}
    )


def _no_harder(result: Result, levels: tuple[str, ...], level: str | None) -> bool:
    if not result.solved_by_rules:
        return False
    return level is None or levels.index(result.effort.level) <= levels.index(level)


def candidate(
    family: Family[Any],
    width: int,
    height: int,
    king: bool,
    holes: int,
    difficulty: str | None,
    rng: random.Random,
) -> tuple[str, Result]:
    """One puzzle on a random path, clues chosen for ``difficulty``, with its solve."""
    guessing = difficulty == "needs-guessing"
    path = random_path(width, height, king, rng)
    cut = rng.randint(0, holes)
    hole_cells = set(path[:cut]) | set(path[len(path) - (holes - cut) :])
    path = path[cut : len(path) - (holes - cut)]
    number = {cell: k + 1 for k, cell in enumerate(path)}
    givens = reveal_and_prune(
        lambda clues: _text(width, height, king, hole_cells, clues),
        family,
        number,
        rng,
        givens={},
        enough=lambda r: _no_harder(r, family.levels, None if guessing else difficulty),
        keep=(lambda r: r.status == "unique")
        if guessing
        else lambda r: _no_harder(r, family.levels, difficulty),
        prune_guess=guessing,
        rules=family.search_rules if guessing else None,
        max_nodes=MAX_NODES,
    )
    text = _text(width, height, king, hole_cells, givens)
    return text, solve(text, family)


@generator
def generate(
    family: Family[Any],
    wanted: Wanted,
    stats: dict[str, Any] | None = None,
    king: bool = False,
    holes: int = 0,
) -> Iterator[str]:
    """Yield ``wanted.count`` puzzles as JSON lines (of level ``wanted.difficulty`` when given).

    ``king`` makes Hidato puzzles; ``holes`` cells (Hidato only) are cut from the ends of
    the path and left out of the board.
    """
    difficulty = wanted.difficulty
    width, height = parse_size(wanted.size, (9, 9) if not king else (7, 7), 15)
    if holes and not king:
        raise ParseError("holes are for Hidato boards only")
    if not 0 <= holes <= width * height - 2:
        raise ParseError(f"bad number of holes {holes}: expected 0 to {width * height - 2}")
    if difficulty is not None and difficulty not in family.levels:
        raise ParseError(f"unknown level {difficulty!r} (levels: {', '.join(family.levels)})")
    if difficulty is not None and not holes:
        refuse_impossible(king, width, height, difficulty)
    make = functools.partial(candidate, family, width, height, king, holes, difficulty)
    return kept(make, family, wanted, stats)


def refuse_impossible(king: bool, width: int, height: int, level: str) -> None:
    """ParseError when no puzzle of a ``width`` x ``height`` board without holes has grade
    ``level`` (``REACHABLE``)."""
    reachable = REACHABLE.get((king, min(width, height), max(width, height)))
    if reachable is not None and level not in reachable:
        game = "hidato" if king else "numbrix"
        raise ParseError(
            f"{game} {width}x{height} has no {level} puzzles: every puzzle of that size is "
            f"{_either(reachable)} (bench/small_levels.py grades them all)"
        )


def generate_hidato(family: Family[Any], **options: Any) -> Iterator[str]:
    """Hidato puzzles (``generate`` with king steps)."""
    return generate(family, king=True, **options)


def _either(levels: tuple[str, ...]) -> str:
    """``easy, medium or hard``."""
    return " or ".join([", ".join(levels[:-1]), levels[-1]] if len(levels) > 1 else levels)
