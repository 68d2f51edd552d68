"""Jigsaw Sudoku's shape: an N×N grid whose third unit kind is any partition of the cells
into N regions of N cells each (in place of rectangular boxes).

The Geometry is the one of ``deduce.puzzles.sudoku.model`` with ``boxes`` holding the regions
(so every Sudoku rule reads them as it reads boxes) and ``regions`` naming each cell's.
"""

from __future__ import annotations

import math

from deduce.errors import ParseError
from deduce.puzzles.adjacency import connected
from deduce.puzzles.sudoku.model import Geometry, jigsaw_geometry


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
        if not connected(cells, n):
            raise ParseError(f"jigsaw region {k + 1} is not one connected piece")
    return n


def checked_geometry(regions: tuple[int, ...]) -> Geometry:
    """The geometry of the grid whose cell ``c`` lies in region ``regions[c]`` (0-based);
    ParseError when the map is not N regions of N connected cells."""
    check_regions(regions)
    return jigsaw_geometry(regions)
