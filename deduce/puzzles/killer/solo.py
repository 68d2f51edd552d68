"""Simon Tatham's Solo killer IDs (``3x3k:...``), read and written.

Solo's description of a killer has three comma-separated parts after the ``CxRk:`` size
(boxes C tall and R wide): the givens as Solo's run-length grid, the cages as a block map
(the walls between cells, as a jigsaw's regions are written), and a grid of the same
run-length kind holding each cage's total in one of its cells (the first, when Solo or deduce
writes it). The codecs are Sudoku's (``deduce.puzzles.sudoku.solo``).
"""

from __future__ import annotations

import json
import re

from deduce.errors import ParseError
from deduce.puzzles.killer.model import Killer
from deduce.puzzles.killer.model import parse as parse_json
from deduce.puzzles.sudoku.model import box_shape
from deduce.puzzles.sudoku.solo import (
    KILLER_PREFIX,
    solo_block_map,
    solo_givens,
    solo_grid,
    solo_regions,
)

_ID = re.compile(r"^(\d+)x(\d+)k:([^,\s]*),([^,\s]*),([^,\s]*)$")


def detect(text: str) -> bool:
    """Whether ``text`` is one line that starts as a Solo killer ID (``parse`` names what is
    wrong in it); a file of several such lines is several puzzles."""
    stripped = text.strip()
    return "\n" not in stripped and KILLER_PREFIX.match(stripped) is not None


def parse(text: str) -> Killer:
    """The Killer a Solo killer ID describes; ParseError names what is wrong."""
    found = _ID.match(text.strip())
    if not found:
        raise ParseError("not a Solo killer ID such as 3x3k:<givens>,<walls>,<totals>")
    c, r = int(found.group(1)), int(found.group(2))
    n = c * r
    if n not in (4, 6, 8, 9) or (r, c) != box_shape(n):
        raise ParseError(f"Solo size {c}x{r}k: deduce reads killers of 2x2, 2x3, 2x4 and 3x3")
    givens = solo_givens(found.group(3), n)
    totals = solo_givens(found.group(5), n, largest=n * (n + 1) // 2)
    cages = _cages(solo_regions(found.group(4), n))
    record = {
        "size": [n, n],
        "givens": [givens[i * n : (i + 1) * n] for i in range(n)],
        "cages": [
            {"sum": _total(cage, totals, n), "cells": [divmod(x, n) for x in cage]}
            for cage in cages
        ],
    }
    return parse_json(json.dumps(record))


def _cages(regions: tuple[int, ...]) -> list[list[int]]:
    """The cells of each region, in reading order, regions by their first cell."""
    cages: list[list[int]] = [[] for _ in range(max(regions) + 1)]
    for cell, region in enumerate(regions):
        cages[region].append(cell)
    return cages


def _total(cage: list[int], totals: list[int], n: int) -> int:
    found = [totals[x] for x in cage if totals[x]]
    if len(found) != 1:
        row, col = divmod(cage[0], n)
        raise ParseError(
            f"Solo killer ID: the cage at r{row + 1}c{col + 1} has {len(found)} totals, not 1"
        )
    return found[0]


def to_solo(puzzle: Killer) -> str:
    """The Solo killer ID of ``puzzle`` (each total in its cage's first cell)."""
    n = puzzle.n
    if any(x < 0 for x in puzzle.cage_of):
        raise ParseError("a Solo killer ID needs every cell in a cage")
    totals = [0] * (n * n)
    for cage in puzzle.cages:
        totals[min(cage.cells)] = cage.total
    walls = solo_block_map(puzzle.cage_of, n)
    geo = puzzle.geo
    return f"{geo.box_h}x{geo.box_w}k:{solo_grid(puzzle.givens)},{walls},{solo_grid(totals)}"
