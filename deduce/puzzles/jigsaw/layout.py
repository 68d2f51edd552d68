"""Random jigsaw region maps: N regions of N connected cells covering an N×N grid, shaped the
way setters draw them (compact pieces with a few bumps, not snakes or straight bars).

A map is drawn by a random walk over maps: start from a valid one (the rows), and again and
again move one cell from a region to a neighbouring region and one cell back, keeping both
connected. A move is taken when it does not lengthen the borders between regions, and with
probability ``exp(-longer / TEMPERATURE)`` when it does (Metropolis): the borders' total
length is what makes a piece compact, and the temperature what keeps it irregular. A map
with a region that is a whole row or column (a unit twice over) is drawn again.
"""

from __future__ import annotations

import math
import random

from deduce.puzzles.adjacency import connected, neighbours

#: How much longer the borders may get in one move, as the e-folding of its chance. Chosen so
#: that maps have about the border length of the corpus's (``bench/variant_generate.py``
#: prints both; 9x9: 57 in 20 maps, the corpus's 45 average 57): colder gives rounder
#: pieces, hotter ragged ones.
TEMPERATURE = 1.5

#: Moves tried per cell of the grid: enough that no trace of the rows is left (measured, 30
#: 9x9 maps: mean border length 59 after 10 moves a cell, 57 after 20, 56 after 60 and 120).
MOVES_PER_CELL = 60

Map = tuple[int, ...]


def random_map(n: int, rng: random.Random) -> Map:
    """A random region map of an N×N grid (region per cell, row-major, 0-based), drawn with
    ``rng``: N connected regions of N cells, none a whole row or column."""
    while True:
        regions = [c // n for c in range(n * n)]
        for _ in range(MOVES_PER_CELL * n * n):
            _move(regions, n, rng)
        if not _has_line(regions, n):
            return tuple(_numbered(regions))


def border_length(regions: Map | list[int], n: int) -> int:
    """How many pairs of side-by-side cells lie in different regions."""
    return sum(regions[c] != regions[c + 1] for c in range(n * n) if c % n < n - 1) + sum(
        regions[c] != regions[c + n] for c in range(n * n - n)
    )


def _foreign(regions: list[int], cell: int, n: int) -> int:
    """How many of ``cell``'s neighbours lie in another region than its own."""
    return sum(regions[x] != regions[cell] for x in neighbours(cell, n))


def _move(regions: list[int], n: int, rng: random.Random) -> None:
    """One proposed exchange: a border cell of region a joins its neighbour b, and a cell of
    b that then touches a goes to a; undone unless both stay connected and the border
    length passes the Metropolis test."""
    cell = rng.randrange(n * n)
    a = regions[cell]
    others = sorted({regions[x] for x in neighbours(cell, n)} - {a})
    if not others:
        return
    b = rng.choice(others)
    before = _foreign(regions, cell, n)
    regions[cell] = b
    back = [x for x in range(n * n) if regions[x] == b and x != cell and _touches(regions, x, a, n)]
    if not back:
        regions[cell] = a
        return
    other = rng.choice(back)
    before += _foreign(regions, other, n)
    regions[other] = a
    longer = _foreign(regions, cell, n) + _foreign(regions, other, n) - before
    kept = longer <= 0 or rng.random() < math.exp(-longer / TEMPERATURE)
    if not (kept and _connected(regions, a, n) and _connected(regions, b, n)):
        regions[cell], regions[other] = a, b


def _touches(regions: list[int], cell: int, region: int, n: int) -> bool:
    return any(regions[x] == region for x in neighbours(cell, n))


def _connected(regions: list[int], region: int, n: int) -> bool:
    return connected([c for c in range(n * n) if regions[c] == region], n)


def _has_line(regions: list[int], n: int) -> bool:
    """Whether some region is a whole row or a whole column."""
    rows = any(len({regions[r * n + c] for c in range(n)}) == 1 for r in range(n))
    return rows or any(len({regions[r * n + c] for r in range(n)}) == 1 for c in range(n))


def _numbered(regions: list[int]) -> list[int]:
    """The regions renumbered in reading order of their first cells."""
    order: dict[int, int] = {}
    for region in regions:
        order.setdefault(region, len(order))
    return [order[region] for region in regions]
