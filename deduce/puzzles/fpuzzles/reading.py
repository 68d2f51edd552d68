"""An f-puzzles JSON object read as the puzzle it is: a Sudoku, a Jigsaw or a Killer.

The fields read (checked on real f-puzzles and SudokuPad payloads): ``size``; ``grid``, rows
of cells, each with ``value`` and ``given`` (only a given digit is a clue: a ``value``
without ``given`` is a player's entry) and ``region`` (0-based; absent, the cell is in
f-puzzles' default box); ``killercage``, ``[{"cells": ["R1C1", ...], "value": "12"}]``;
``diagonal+`` and ``diagonal-`` (both: an X grid). The kind follows from them: cages make a
Killer, regions that are not boxes a Jigsaw, anything else a Sudoku.

Names, the setter's rules text, the editor's settings, a stored solution, a player's pencil
marks and cell colours say nothing about the answer and are passed over. Every other field
that holds something is a constraint deduce has no rules for, and is refused by name:
ignoring it would give a wrong answer, or "several solutions".
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

import attrs

from deduce.errors import ParseError
from deduce.jsontext import is_digits
from deduce.puzzles.fpuzzles.link import is_link, record
from deduce.puzzles.killer import model as killer
from deduce.puzzles.sudoku.geometry import Geometry, jigsaw_geometry
from deduce.puzzles.sudoku.model import Sudoku, box_shape, check_givens, geometry
from deduce.puzzles.sudoku.regions import check_regions

#: Top-level fields that say nothing about the answer.
ABOUT = frozenset(
    {
        "size",
        "grid",
        "title",
        "author",
        "ruleset",
        "solution",
        "highlightConflicts",
        "disabledlogic",
        "truecandidatesoptions",
        "activeConstraints",
    }
)
#: The constraints deduce reads.
DIAGONALS = ("diagonal+", "diagonal-")
CAGES = "killercage"
#: What a cell may hold beside its digit and region that says nothing about the answer.
CELL_ABOUT = frozenset(
    {"value", "given", "c", "cArray", "highlight", "centerPencilMarks", "cornerPencilMarks"}
)
#: The family of each kind, as a message names it.
KINDS = {"sudoku": "Sudoku", "jigsaw": "Jigsaw", "killer": "Killer"}
_CELL = re.compile(r"[rR]([0-9]{1,3})[cC]([0-9]{1,3})")
#: The largest grid f-puzzles makes (and so the largest read or written).
MAX_SIDE = 16


@attrs.frozen
class Layout:
    """The grid of an f-puzzles object: its side, givens (0 blank) and each cell's region
    (numbered in reading order of their first cells)."""

    n: int
    givens: tuple[int, ...]
    regions: tuple[int, ...]


def kind(text: str) -> str:
    """The family an f-puzzles link or payload reads as: ``sudoku``, ``jigsaw`` or ``killer``
    (``sudoku`` when it cannot be read: Sudoku's reader then says why)."""
    try:
        data = record(text)
        return _kind(data, layout(data))
    except ParseError:
        return "sudoku"


def _kind(data: dict[str, Any], grid: Layout) -> str:
    if _present(data.get(CAGES)):
        return "killer"
    return "sudoku" if boxes(grid) is not None else "jigsaw"


def read(text: str, family: str, check: bool = True) -> Sudoku:
    """The puzzle of the f-puzzles link or payload ``text``, which must be of ``family``
    (ParseError naming the family that reads it otherwise, or the constraint deduce does
    not solve); ``check=False`` lets a given repeat (a player's grid, see Sudoku's parse)."""
    data = record(text)
    refuse_unread(data)
    grid = layout(data)
    found = _kind(data, grid)
    if found != family:
        raise ParseError(f"an f-puzzles {KINDS[found]}: read it with --family {found}")
    crossed = has_diagonals(data)
    if found == "killer":
        return _killer(data, grid, crossed)
    shape = boxes(grid)
    if shape is not None:
        geo = geometry(*shape, diagonals=crossed)
    else:
        _check_jigsaw(grid)
        geo = jigsaw_geometry(grid.regions, crossed)
    if check:
        check_givens(geo, list(grid.givens))
    return Sudoku(geo, grid.givens, "fpuzzles")


def read_killer(text: str) -> killer.Killer:
    """The Killer of the f-puzzles link or payload ``text`` (``read`` for ``killer``)."""
    puzzle = read(text, "killer")
    assert isinstance(puzzle, killer.Killer)
    return puzzle


def detects(text: str, family: str) -> bool:
    """Whether ``text`` is an f-puzzles link or payload that reads as ``family``."""
    return is_link(text) and kind(text) == family


def has_diagonals(data: dict[str, Any]) -> bool:
    """Whether the f-puzzles object ``data`` sets both diagonals (an X grid)."""
    return all(_present(data.get(d)) for d in DIAGONALS)


def _present(value: Any) -> bool:
    return value not in (None, False, "", [], {})


def refuse_unread(data: dict[str, Any]) -> None:
    """ParseError naming the first field of ``data`` that is a constraint deduce does not
    solve (one diagonal alone among them)."""
    for key, value in data.items():
        if key not in ABOUT and key != CAGES and key not in DIAGONALS and _present(value):
            raise ParseError(f"f-puzzles constraint {key!r} is not one deduce solves")
    plus, minus = (_present(data.get(d)) for d in DIAGONALS)
    if plus != minus:
        one = DIAGONALS[0] if plus else DIAGONALS[1]
        raise ParseError(
            f"f-puzzles constraint {one!r} alone is not one deduce solves "
            "(an X grid has both diagonals)"
        )


def layout(data: dict[str, Any]) -> Layout:
    """The side, givens and regions of ``data``'s grid; ParseError naming a bad cell."""
    rows = data.get("grid")
    n = data.get("size", len(rows) if isinstance(rows, list) else 0)
    if not isinstance(n, int) or isinstance(n, bool) or not 4 <= n <= MAX_SIDE:
        raise ParseError(f"f-puzzles size {n!r}: deduce reads sides 4 to {MAX_SIDE}")
    if not (isinstance(rows, list) and len(rows) == n and all(_row(r, n) for r in rows)):
        raise ParseError(f"the f-puzzles 'grid' is not {n} rows of {n} cells")
    default = default_regions(n)
    givens, labels = [], []
    for index, cell in enumerate(c for row in rows for c in row):
        givens.append(_given(cell, n, index))
        labels.append(_region(cell, n, index, default[index]))
    return Layout(n, tuple(givens), canonical(labels))


def _row(row: Any, n: int) -> bool:
    return isinstance(row, list) and len(row) == n and all(isinstance(c, dict) for c in row)


def _where(index: int, n: int) -> str:
    return f"r{index // n + 1}c{index % n + 1}"


def _given(cell: dict[str, Any], n: int, index: int) -> int:
    for key, value in cell.items():
        if key not in CELL_ABOUT and key != "region" and _present(value):
            raise ParseError(
                f"f-puzzles constraint {key!r} (at {_where(index, n)}) is not one deduce solves"
            )
    if cell.get("given") is not True:
        return 0  # blank, or a player's entry
    value = cell.get("value")
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= n:
        raise ParseError(f"f-puzzles cell {_where(index, n)}: given {value!r} is no digit 1-{n}")
    return value


def _region(cell: dict[str, Any], n: int, index: int, default: int) -> int:
    if "region" not in cell:
        return default
    region = cell["region"]
    if region is None:
        raise ParseError(
            f"f-puzzles cell {_where(index, n)} is in no region: deduce reads none such"
        )
    if not isinstance(region, int) or isinstance(region, bool) or not 0 <= region < n:
        raise ParseError(f"f-puzzles cell {_where(index, n)}: region {region!r} is not 0-{n - 1}")
    return region


def default_regions(n: int) -> tuple[int, ...]:
    """f-puzzles' own boxes of an N×N grid: as tall as the largest divisor of N not above its
    square root, N over that wide (the rows, when N is prime)."""
    tall = math.isqrt(n)
    while n % tall:
        tall -= 1
    wide = n // tall
    return tuple((r // tall) * tall + c // wide for r in range(n) for c in range(n))


def canonical(labels: list[int] | tuple[int, ...]) -> tuple[int, ...]:
    """A region map numbered in reading order of each region's first cell (two maps of the
    same regions are then equal)."""
    order: dict[int, int] = {}
    return tuple(order.setdefault(label, len(order)) for label in labels)


def box_map(geo: Geometry) -> tuple[int, ...]:
    """The (canonical) region map of a geometry's boxes."""
    return canonical([geo.box_of(c) for c in range(geo.n * geo.n)])


def boxes(grid: Layout) -> tuple[int, int] | None:
    """The (width, height) of the boxes ``grid``'s regions are, or None when they are none
    (a box is at least two cells each way)."""
    for tall in range(2, grid.n // 2 + 1):
        if grid.n % tall == 0 and box_map(geometry(grid.n // tall, tall)) == grid.regions:
            return grid.n // tall, tall
    return None


def _check_jigsaw(grid: Layout) -> None:
    rows = tuple(c // grid.n for c in range(grid.n * grid.n))
    if grid.regions == rows:
        raise ParseError(
            f"an f-puzzles {grid.n}x{grid.n} grid whose regions are its rows: deduce reads a "
            "Sudoku with boxes or a Jigsaw"
        )
    check_regions(grid.regions)


def _killer(data: dict[str, Any], grid: Layout, crossed: bool) -> killer.Killer:
    n = grid.n
    if box_map(geometry(*box_shape(n))) != grid.regions:
        raise ParseError(
            "an f-puzzles Killer on irregular regions (a jigsaw killer) is not one deduce solves"
        )
    cages = data[CAGES]
    if not isinstance(cages, list):
        raise ParseError("the f-puzzles 'killercage' is not a list of cages")
    line = {
        "size": [n, n],
        "givens": [list(grid.givens[r * n : (r + 1) * n]) for r in range(n)],
        "cages": [_cage(cage, n, number) for number, cage in enumerate(cages, 1)],
    }
    puzzle = killer.parse(json.dumps(line))
    if crossed:
        geo = geometry(puzzle.geo.box_w, puzzle.geo.box_h, True)
        check_givens(geo, list(puzzle.givens))
        puzzle = attrs.evolve(puzzle, geo=geo)
    return puzzle


def _cage(cage: Any, n: int, number: int) -> dict[str, Any]:
    cells = cage.get("cells") if isinstance(cage, dict) else None
    if not isinstance(cells, list) or not cells:
        raise ParseError(f"f-puzzles killer cage {number} has no list of cells")
    places = [_cell(name, n, number) for name in cells]
    total = cage.get("value")
    if isinstance(total, str) and is_digits(total.strip()):
        total = int(total)
    if not _present(total):
        first = f"r{places[0][0] + 1}c{places[0][1] + 1}"
        raise ParseError(
            f"f-puzzles killer cage {number} (at {first}) has no total: a cage without one "
            "is not one deduce solves"
        )
    if not isinstance(total, int) or isinstance(total, bool):
        raise ParseError(f"f-puzzles killer cage {number}: total {total!r} is not a number")
    return {"sum": total, "cells": [list(p) for p in places]}


def _cell(name: Any, n: int, number: int) -> tuple[int, int]:
    found = _CELL.fullmatch(name) if isinstance(name, str) else None
    if found is None or not all(1 <= int(x) <= n for x in found.groups()):
        raise ParseError(f"f-puzzles killer cage {number}: {name!r} is no cell of the grid")
    return int(found.group(1)) - 1, int(found.group(2)) - 1
