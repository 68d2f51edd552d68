"""Jigsaw Sudoku's shape: an N×N grid whose third unit kind is any partition of the cells
into N regions of N cells each (in place of rectangular boxes).

The Geometry is the one of ``deduce.puzzles.sudoku.model`` with ``boxes`` holding the regions
(so every Sudoku rule reads them as it reads boxes) and ``regions`` naming each cell's.
"""

from __future__ import annotations

import math
from functools import cache

from deduce.errors import ParseError
from deduce.puzzles.sudoku.model import Geometry


def check_regions(regions: tuple[int, ...]) -> int:
    """The side N of a region map (0-based region per cell, row-major); ParseError naming
    the problem when it is not N regions of N connected cells."""
    n = math.isqrt(len(regions))
    if n * n != len(regions) or not 4 <= n <= 9:
        raise ParseError(f"a jigsaw region map has {len(regions)} cells, not N×N for N 4..9")
    for k in range(n):
        cells = [c for c, r in enumerate(regions) if r == k]
        if len(cells) != n:
            raise ParseError(f"jigsaw region {k + 1} has {len(cells)} cells, not {n}")
        if not _connected(n, set(cells)):
            raise ParseError(f"jigsaw region {k + 1} is not one connected piece")
    return n


def _connected(n: int, cells: set[int]) -> bool:
    start = min(cells)
    seen, todo = {start}, [start]
    while todo:
        r, c = divmod(todo.pop(), n)
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            nb = rr * n + cc
            if 0 <= rr < n and 0 <= cc < n and nb in cells and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    return seen == cells


@cache
def jigsaw_geometry(regions: tuple[int, ...]) -> Geometry:
    """The (cached) geometry of the grid whose cell ``c`` lies in region ``regions[c]``
    (0-based, each region N connected cells; ParseError otherwise)."""
    n = check_regions(regions)
    rows = tuple(tuple(r * n + c for c in range(n)) for r in range(n))
    cols = tuple(tuple(r * n + c for r in range(n)) for c in range(n))
    boxes = tuple(tuple(c for c in range(n * n) if regions[c] == k) for k in range(n))
    names = (
        *(f"row {i + 1}" for i in range(n)),
        *(f"column {i + 1}" for i in range(n)),
        *(f"region {i + 1}" for i in range(n)),
    )
    peers = tuple(
        tuple(sorted((set(rows[c // n]) | set(cols[c % n]) | set(boxes[regions[c]])) - {c}))
        for c in range(n * n)
    )
    full = ((1 << n) - 1) << 1
    units = (*rows, *cols, *boxes)
    return Geometry(n, 1, n, rows, cols, boxes, units, names, peers, full, regions=regions)
