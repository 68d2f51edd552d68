"""New nonograms: random pictures of a chosen size and density, kept when they have exactly
one solution (and, with ``difficulty``, when the solve's grade is that level).

A picture is drawn cell by cell (filled with probability ``density``); its clues are read
off it; the engine solves the clues, counting solutions to two. Random pictures of middling
density are often fair on small grids; denser or sparser ones need more tries.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator

from deduce.errors import ParseError
from deduce.family import Family
from deduce.puzzles.generating import kept, solve
from deduce.puzzles.nonogram.model import from_picture
from deduce.puzzles.nonogram.text import to_tatham
from deduce.puzzles.reveal import parse_size
from deduce.solving import Result

#: Search nodes a candidate may take before it is given up (keeps generation brisk).
MAX_NODES = 2000


def random_picture(width: int, height: int, density: float, rng: random.Random) -> list[str]:
    """Rows of ``0``/``1``, each cell filled with probability ``density``."""
    return [
        "".join("1" if rng.random() < density else "0" for _ in range(width)) for _ in range(height)
    ]


def candidate(
    family: Family, width: int, height: int, density: float, rng: random.Random
) -> tuple[str, Result]:
    """A random picture's clues as a Pattern game ID, with the engine's solve of them."""
    text = to_tatham(from_picture(random_picture(width, height, density, rng), "tatham"))
    return text, solve(text, family, max_nodes=MAX_NODES)


def generate(
    family: Family,
    count: int = 1,
    seed: int | None = None,
    difficulty: str | None = None,
    size: str | None = None,
    density: float | None = None,
    stats: dict | None = None,
    max_tries: int | None = None,
) -> Iterator[str]:
    """Yield ``count`` Pattern game IDs with one solution each (of grade ``difficulty`` when
    given), from random ``size`` pictures (default 10x10) of ``density`` (default 0.55)."""
    width, height = parse_size(size, (10, 10), 40)
    density = 0.55 if density is None else density
    if not 0.0 < density < 1.0:
        raise ParseError(f"bad density {density}: it must be between 0 and 1")
    make = functools.partial(candidate, family, width, height, density)
    return kept(make, family, count, seed, difficulty, max_tries, stats)
