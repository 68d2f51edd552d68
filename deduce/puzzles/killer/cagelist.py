"""The Killer form a person can type: an optional grid of givens, then one cage a line.

    # a comment
    ..3......            (optional: N rows of N symbols, . or 0 for a blank)
    12 = r1c1 r1c2 r2c1
    7 = r1c3 r1c4

A cage line is its total, ``=`` (or ``:``), then its cells as ``rXcY`` (commas or spaces
between them). Without a grid, the side is the smallest Killer side (4, 6, 8 or 9) holding
every cell named. ``parse`` builds the same puzzle the JSON form does.
"""

from __future__ import annotations

import json
import re

from deduce.errors import ParseError
from deduce.puzzles.killer.model import Killer
from deduce.puzzles.killer.model import parse as parse_json
from deduce.puzzles.sudoku.model import SYMBOLS, cell_name

_CAGE = re.compile(r"^\s*(\d+)\s*[=:]\s*((?:r\d+c\d+[\s,]*)+)$", re.IGNORECASE)
_CELL = re.compile(r"r(\d+)c(\d+)", re.IGNORECASE)
SIDES = (4, 6, 8, 9)


def detect(text: str) -> bool:
    """Whether ``text`` holds a cage line (``12 = r1c1 r1c2``)."""
    return any(_CAGE.match(line) for line in text.splitlines())


def parse(text: str) -> Killer:
    """Read the cage list (see the module's docstring); ParseError names the line at fault."""
    rows: list[list[int]] = []
    cages: list[dict[str, object]] = []
    named: list[int] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        found = _CAGE.match(line)
        if found:
            cells = [(int(r) - 1, int(c) - 1) for r, c in _CELL.findall(found.group(2))]
            named.extend(x for cell in cells for x in cell)
            cages.append({"sum": int(found.group(1)), "cells": [list(x) for x in cells]})
        elif cages:
            raise ParseError(f"line {number}: expected a cage such as '12 = r1c1 r1c2'")
        else:
            rows.append(_row(line, number))
    if not cages:
        raise ParseError("no cage line such as '12 = r1c1 r1c2'")
    n = len(rows) or _side(max(named) + 1)
    if rows and any(len(r) != n for r in rows):
        raise ParseError(f"the grid of givens must be {n} rows of {n} symbols")
    givens = rows or [[0] * n for _ in range(n)]
    return parse_json(json.dumps({"size": [n, n], "givens": givens, "cages": cages}))


def _row(line: str, number: int) -> list[int]:
    symbols = line.replace(" ", "")
    values = []
    for ch in symbols:
        if ch in ".0":
            values.append(0)
        elif ch.upper() in SYMBOLS:
            values.append(SYMBOLS.index(ch.upper()) + 1)
        else:
            raise ParseError(f"line {number}: {ch!r} is neither a digit nor '.' in the grid")
    return values


def _side(largest: int) -> int:
    for side in SIDES:
        if largest <= side:
            return side
    raise ParseError(f"a cell in row or column {largest} is beyond a 9x9 Killer")


def to_cage_list(puzzle: Killer) -> str:
    """The puzzle in this form: the grid of givens when it has any, then its cages."""
    n = puzzle.n
    lines = []
    if any(puzzle.givens):
        for r in range(n):
            lines.append(
                "".join(SYMBOLS[v - 1] if v else "." for v in puzzle.givens[r * n : r * n + n])
            )
    for cage in puzzle.cages:
        lines.append(f"{cage.total} = {' '.join(cell_name(puzzle, c) for c in cage.cells)}")
    return "\n".join(lines)
