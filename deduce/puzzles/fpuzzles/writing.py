"""A Sudoku, Jigsaw or Killer (or its X kind) written as an f-puzzles link, which
``deduce.puzzles.fpuzzles.reading`` reads back as the same puzzle."""

from __future__ import annotations

from typing import Any

from deduce.errors import WriteError
from deduce.puzzles.fpuzzles.link import to_link
from deduce.puzzles.fpuzzles.reading import (
    CAGES,
    DIAGONALS,
    MAX_SIDE,
    box_map,
    canonical,
    default_regions,
)
from deduce.puzzles.killer.model import Killer
from deduce.puzzles.sudoku.marks import givens_only
from deduce.puzzles.sudoku.model import Sudoku


def to_fpuzzles(puzzle: Sudoku, values: list[int] | None = None) -> str:
    """The f-puzzles link of ``puzzle`` (with ``values``, a solution, as its givens): each
    cell's region written when the regions are not f-puzzles' default boxes."""
    givens_only(puzzle, "fpuzzles")
    n, geo = puzzle.n, puzzle.geo
    if n > MAX_SIDE:
        raise WriteError(f"an f-puzzles grid is at most {MAX_SIDE}x{MAX_SIDE}, this is {n}x{n}")
    digits = list(puzzle.givens) if values is None else values
    regions = box_map(geo)  # numbered in reading order, so a link reads back to the same text
    own = regions != canonical(default_regions(n))
    cells = [_cell(digits[c], regions[c] if own else None) for c in range(n * n)]
    data: dict[str, Any] = {"size": n, "grid": [cells[r * n : (r + 1) * n] for r in range(n)]}
    if geo.diagonals:
        data.update(dict.fromkeys(DIAGONALS, True))
    if isinstance(puzzle, Killer) and puzzle.cages:
        data[CAGES] = [
            {"cells": [f"R{c // n + 1}C{c % n + 1}" for c in cage.cells], "value": str(cage.total)}
            for cage in puzzle.cages
        ]
    return to_link(data)


def _cell(digit: int, region: int | None) -> dict[str, Any]:
    cell: dict[str, Any] = {"value": digit, "given": True} if digit else {}
    if region is not None:
        cell["region"] = region
    return cell
