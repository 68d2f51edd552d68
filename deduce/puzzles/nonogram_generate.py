"""New nonograms: random pictures of a chosen size and density, kept when they have exactly
one solution (and, with ``difficulty``, when the solve's grade is that level).

A picture is drawn cell by cell (filled with probability ``density``); its clues are read
off it; the engine solves the clues, counting solutions to two. Random pictures of middling
density are often fair on small grids; denser or sparser ones need more tries.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from deduce.api import solve
from deduce.errors import ParseError
from deduce.puzzles.nonogram import from_picture
from deduce.puzzles.nonogram_text import to_tatham

#: Search nodes a candidate may take before it is given up (keeps generation brisk).
MAX_NODES = 2000


def _size(size: str | None) -> tuple[int, int]:
    if not size:
        return 10, 10
    try:
        w, h = (int(x) for x in size.lower().split("x"))
    except ValueError:
        raise ParseError(f"bad size {size!r}: expected WxH, e.g. 10x10") from None
    if not (2 <= w <= 40 and 2 <= h <= 40):
        raise ParseError(f"bad size {size!r}: each side must be 2 to 40")
    return w, h


def random_picture(width: int, height: int, density: float, rng: random.Random) -> list[str]:
    """Rows of ``0``/``1``, each cell filled with probability ``density``."""
    return [
        "".join("1" if rng.random() < density else "0" for _ in range(width)) for _ in range(height)
    ]


def generate(
    count: int = 1,
    seed: int | None = None,
    difficulty: str | None = None,
    size: str | None = None,
    density: float | None = None,
    stats: dict | None = None,
) -> Iterator[str]:
    """Yield ``count`` Pattern game IDs with one solution each (of grade ``difficulty`` when
    given), from random ``size`` pictures (default 10x10) of ``density`` (default 0.55)."""
    width, height = _size(size)
    density = 0.55 if density is None else density
    if not 0.0 < density < 1.0:
        raise ParseError(f"bad density {density}: it must be between 0 and 1")
    rng = random.Random(seed)
    tried = made = 0
    while made < count:
        tried += 1
        if stats is not None:
            stats["tried"] = tried
        puzzle = from_picture(random_picture(width, height, density, rng), "tatham")
        text = to_tatham(puzzle)
        result = solve(text, "nonogram", max_nodes=MAX_NODES)
        if result.status != "unique":
            continue
        if difficulty and result.grade.level != difficulty:
            continue
        made += 1
        yield text
