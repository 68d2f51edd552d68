"""Killer Sudoku: a Sudoku grid (standard boxes, givens optional) with cages.

A cage is a group of cells with a total: its digits add up to the total and do not repeat.
The puzzle is a Sudoku with cages (``Killer`` extends ``Sudoku``), so every Sudoku rule reads
it as it is; the cage rules (``deduce.rules.killer``) read the cages.

Text form: the JSON line of the corpus ``janko_killer_third.jsonl`` (``size`` [rows, cols],
``givens`` rows of numbers with 0 for empty, ``cages`` a list of ``{"sum", "cells"}`` with
0-based ``[row, col]`` cells), other keys (``name``, ``solution``) kept out of the puzzle.
"""

from __future__ import annotations

import json
from typing import Any

import attrs

from deduce.errors import Contradiction, ParseError
from deduce.puzzles.sudoku import model as sudoku
from deduce.puzzles.sudoku.model import Sudoku
from deduce.state import State


@attrs.frozen
class Cage:
    """A cage: its total and its cells (row-major indices, in reading order)."""

    total: int
    cells: tuple[int, ...]


@attrs.frozen(cache_hash=True)
class Killer(Sudoku):
    """A Killer Sudoku: the grid and givens of a Sudoku, and its cages."""

    cages: tuple[Cage, ...] = ()
    #: For every cell, the index of its cage (-1 for a cell in no cage).
    cage_of: tuple[int, ...] = ()


def detect(text: str) -> bool:
    """Whether ``text`` is a JSON object with cages."""
    stripped = text.strip()
    return stripped.startswith("{") and '"cages"' in stripped


def parse(text: str) -> Killer:
    """The corpus JSON line (see the module's docstring); ParseError names what is wrong."""
    try:
        record = json.loads(text)
    except ValueError as exc:
        raise ParseError(f"not a Killer JSON line: {exc}") from None
    if not isinstance(record, dict) or not isinstance(record.get("cages"), list):
        raise ParseError("a Killer JSON line needs a 'cages' list")
    n = _size(record)
    geo = sudoku.geometry(*sudoku.box_shape(n))
    givens = _givens(record.get("givens"), n)
    cages = tuple(_cage(item, index, n) for index, item in enumerate(record["cages"], 1))
    cage_of = [-1] * (n * n)
    for index, cage in enumerate(cages):
        for cell in cage.cells:
            if cage_of[cell] >= 0:
                where = sudoku.cell_name(geo, cell)
                raise ParseError(f"cages {cage_of[cell] + 1} and {index + 1} both hold {where}")
            cage_of[cell] = index
    return Killer(geo, givens, "killer", cages=cages, cage_of=tuple(cage_of))


def _size(record: dict[str, Any]) -> int:
    size = record.get("size", [9, 9])
    if not (isinstance(size, list) and len(size) == 2 and size[0] == size[1]):
        raise ParseError(f"bad size {size!r}: a Killer Sudoku is square, e.g. [9, 9]")
    if size[0] not in (4, 6, 8, 9):
        raise ParseError(f"bad size {size!r}: Killer sides are 4, 6, 8 or 9")
    return int(size[0])


def _givens(rows: Any, n: int) -> tuple[int, ...]:
    if rows is None:
        return (0,) * (n * n)
    ok = isinstance(rows, list) and len(rows) == n and all(isinstance(r, list) for r in rows)
    if not ok or any(len(r) != n for r in rows):
        raise ParseError(f"'givens' must be {n} rows of {n} numbers")
    flat = [v for r in rows for v in r]
    if any(not isinstance(v, int) or not 0 <= v <= n for v in flat):
        raise ParseError(f"'givens' holds a value outside 0..{n}")
    return tuple(flat)


def _cage(item: Any, index: int, n: int) -> Cage:
    if not isinstance(item, dict) or "sum" not in item or "cells" not in item:
        raise ParseError(f"cage {index}: expected {{'sum': total, 'cells': [[row, col], ...]}}")
    total, cells = item["sum"], item["cells"]
    places = []
    for cell in cells if isinstance(cells, list) else [None]:
        if not (isinstance(cell, list) and len(cell) == 2 and all(0 <= x < n for x in cell)):
            raise ParseError(f"cage {index}: bad cell {cell!r} (0-based [row, col] below {n})")
        places.append(cell[0] * n + cell[1])
    if len(set(places)) != len(places) or not places:
        raise ParseError(f"cage {index}: its cells must be distinct and at least one")
    if not isinstance(total, int) or not _reachable(total, len(places), n):
        raise ParseError(f"cage {index}: {total!r} is no sum of {len(places)} distinct digits")
    return Cage(total, tuple(sorted(places)))


def _reachable(total: int, size: int, n: int) -> bool:
    least, most = size * (size + 1) // 2, size * (2 * n - size + 1) // 2
    return size <= n and least <= total <= most


def format_puzzle(puzzle: Killer) -> str:
    """The JSON line ``parse`` reads."""
    n = puzzle.n
    rows = [list(puzzle.givens[r * n : (r + 1) * n]) for r in range(n)]
    cages = [{"sum": c.total, "cells": [list(divmod(x, n)) for x in c.cells]} for c in puzzle.cages]
    return json.dumps({"size": [n, n], "givens": rows, "cages": cages})


def initial_state(puzzle: Killer) -> State[Sudoku]:
    """Sudoku's starting state, each given also gone from its cage mates; a cage that repeats
    a given is a contradiction."""
    state = sudoku.initial_state(puzzle)
    for index, cage in enumerate(puzzle.cages):
        seen = [puzzle.givens[c] for c in cage.cells if puzzle.givens[c]]
        if len(seen) != len(set(seen)):
            raise Contradiction(f"{cage_name(puzzle, index)} repeats a given digit")
        for cell in cage.cells:
            for digit in seen:
                if not state.fixed[cell]:
                    name = sudoku.cell_name(puzzle.geo, cell)
                    state.remove(cell, 1 << digit, f"{name} has no candidate left")
    return state


def on_place(state: State[Sudoku], cell: int, value: int) -> None:
    """A placed digit leaves its Sudoku peers and the other cells of its cage."""
    sudoku.on_place(state, cell, value)
    puzzle = state.puzzle
    assert isinstance(puzzle, Killer)
    index = puzzle.cage_of[cell]
    if index >= 0:
        for other in puzzle.cages[index].cells:
            if other != cell:
                name = sudoku.cell_name(puzzle.geo, other)
                state.remove(other, 1 << value, f"{name} has no candidate left")


def check_solution(puzzle: Killer, values: list[int]) -> None:
    """Raise Contradiction naming the first unit, given or cage ``values`` breaks."""
    sudoku.check_solution(puzzle, values)
    for index, cage in enumerate(puzzle.cages):
        digits = [values[c] for c in cage.cells]
        if len(set(digits)) != len(digits) or sum(digits) != cage.total:
            raise Contradiction(f"cage {index + 1} (total {cage.total}) is broken")


def cage_name(puzzle: Killer, index: int) -> str:
    """``the 15-cage at r1c1`` (its total and its first cell): how a player points at it."""
    cage = puzzle.cages[index]
    return f"the {cage.total}-cage at {sudoku.cell_name(puzzle.geo, cage.cells[0])}"
