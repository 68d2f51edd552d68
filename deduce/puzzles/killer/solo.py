"""Simon Tatham's Solo killer IDs (``3x3k:...``), read and written.

Solo's description of a killer has three comma-separated parts after the ``CxR[k]:`` size
(boxes C tall and R wide): the givens as a run-length grid (``a``..``z`` for 1 to 26 empty
cells, numbers for givens, ``_`` between two numbers), the cages' walls, and a grid of the
same run-length kind holding each cage's total in one of its cells (the first, when Solo or
deduce writes it). The walls list, for the internal vertical edges in reading order and then
the internal horizontal edges column by column, the runs of open edges between walls: ``_``
for none, ``a``..``y`` for 1 to 25, and ``z`` for 25 with no wall after them.
"""

from __future__ import annotations

import json
import re

from deduce.errors import ParseError
from deduce.puzzles.killer.model import Killer
from deduce.puzzles.killer.model import parse as parse_json
from deduce.puzzles.sudoku.model import box_shape

_PREFIX = re.compile(r"^\d+x\d+k:")
_ID = re.compile(r"^(\d+)x(\d+)k:([a-z0-9_]*),([a-z_]*),([a-z0-9_]*)$")


def detect(text: str) -> bool:
    """Whether ``text`` starts as a Solo killer ID (``parse`` names what is wrong in it)."""
    return _PREFIX.match(text.strip()) is not None


def parse(text: str) -> Killer:
    """The Killer a Solo killer ID describes; ParseError names what is wrong."""
    found = _ID.match(text.strip())
    if not found:
        raise ParseError("not a Solo killer ID such as 3x3k:<givens>,<walls>,<totals>")
    c, r = int(found.group(1)), int(found.group(2))
    n = c * r
    if n not in (4, 6, 8, 9) or (r, c) != box_shape(n):
        raise ParseError(f"Solo size {c}x{r}k: deduce reads killers of 2x2, 2x3, 2x4 and 3x3")
    givens = _grid(found.group(3), n * n, "givens")
    totals = _grid(found.group(5), n * n, "totals")
    cages = _cages(_walls(found.group(4), n), n)
    record = {
        "size": [n, n],
        "givens": [givens[i * n : (i + 1) * n] for i in range(n)],
        "cages": [
            {"sum": _total(cage, totals, n), "cells": [divmod(x, n) for x in cage]}
            for cage in cages
        ],
    }
    return parse_json(json.dumps(record))


def _grid(spec: str, area: int, part: str) -> list[int]:
    values: list[int] = []
    for token in re.findall(r"[a-z]|_|\d+", spec):
        if token.isdigit():
            values.append(int(token))
        elif token != "_":
            values.extend([0] * (ord(token) - ord("a") + 1))
    if len(values) != area:
        raise ParseError(f"Solo killer ID: the {part} cover {len(values)} cells, not {area}")
    return values


def _edges(n: int) -> list[tuple[int, int]]:
    """Solo's internal edges in its order: vertical ones in reading order, then the
    horizontal ones column by column."""
    vertical = [(y * n + x, y * n + x + 1) for y in range(n) for x in range(n - 1)]
    horizontal = [(y * n + x, (y + 1) * n + x) for x in range(n) for y in range(n - 1)]
    return vertical + horizontal


def _walls(spec: str, n: int) -> list[bool]:
    walls: list[bool] = []
    for ch in spec:
        run = 0 if ch == "_" else ord(ch) - ord("a") + 1
        walls.extend([False] * run)
        if ch != "z":
            walls.append(True)
    count = 2 * n * (n - 1)
    if len(walls) != count + 1 or not walls[-1]:
        raise ParseError(
            f"Solo killer ID: the cage walls cover {len(walls) - 1} edges, not {count}"
        )
    return walls[:-1]


def _cages(walls: list[bool], n: int) -> list[list[int]]:
    """The cells joined by open edges, each group in reading order, groups by first cell."""
    root = list(range(n * n))

    def find(x: int) -> int:
        while root[x] != x:
            root[x] = root[root[x]]
            x = root[x]
        return x

    for (a, b), wall in zip(_edges(n), walls, strict=True):
        if not wall:
            root[find(a)] = find(b)
    groups: dict[int, list[int]] = {}
    for cell in range(n * n):
        groups.setdefault(find(cell), []).append(cell)
    return sorted(groups.values())


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
    walls = [puzzle.cage_of[a] != puzzle.cage_of[b] for a, b in _edges(n)]
    geo = puzzle.geo
    return f"{geo.box_h}x{geo.box_w}k:{_encode_grid(puzzle.givens)},{_encode_walls(walls)},{_encode_grid(totals)}"


def _encode_grid(values: tuple[int, ...] | list[int]) -> str:
    out: list[str] = []
    run = 0
    for value in [*values, -1]:
        if not value:
            run += 1
            continue
        if run:
            while run > 0:
                step = min(run, 26)
                out.append(chr(ord("a") + step - 1))
                run -= step
        elif out and value > 0:
            out.append("_")
        if value > 0:
            out.append(str(value))
    return "".join(out)


def _encode_walls(walls: list[bool]) -> str:
    out: list[str] = []
    run = 0
    for wall in [*walls, True]:
        if not wall:
            run += 1
            continue
        while run > 25:
            out.append("z")
            run -= 25
        out.append(chr(ord("a") + run - 1) if run else "_")
        run = 0
    return "".join(out)
