"""Jigsaw Sudoku's text forms, read and written.

- ``json``: one JSON object as the corpus lines are, ``size`` ``[N, N]``, ``givens`` N rows of
  N numbers (0 blank) and ``regions`` N rows of N region numbers (any N distinct numbers);
  other fields (a name, a solution, an origin) are ignored.
- ``text``: the grid as N lines of N symbols (``.`` or ``0`` blank), then (a blank line between
  them allowed) the
  region map as N lines of N letters, one letter a region.
- ``tatham``: Simon Tatham's Solo jigsaw ID, ``9j:`` then the grid, a comma and the block map
  (``deduce.puzzles.sudoku.solo``); regions numbered in reading order of their first cells.
- ``fpuzzles``: an f-puzzles link whose regions are not boxes (``deduce.puzzles.fpuzzles``).
"""

from __future__ import annotations

import json
from typing import Any

from deduce.errors import ParseError
from deduce.jsontext import is_digits
from deduce.puzzles.fpuzzles import link, reading
from deduce.puzzles.sudoku.model import Sudoku, check_givens, symbol
from deduce.puzzles.sudoku.regions import checked_geometry
from deduce.puzzles.sudoku.solo import (
    JIGSAW_ID,
    solo_block_map,
    solo_givens,
    solo_grid,
    solo_regions,
)

LETTERS = "ABCDEFGHI"


def detect(text: str) -> bool:
    """Whether ``text`` is a Jigsaw: a JSON object with ``givens`` and ``regions`` (and no
    ``cages``), or a grid followed by a region map of letters."""
    t = text.strip()
    if JIGSAW_ID.match(t):
        return True
    if link.is_link(t):
        return reading.detects(t, "jigsaw")
    if t.startswith("{"):
        return '"regions"' in t and '"givens"' in t and '"cages"' not in t
    parts = _parts(t)
    return parts is not None and all(ch.isalpha() for ln in parts[1] for ch in ln)


def parse(text: str) -> Sudoku:
    """Read a Jigsaw in any of its forms; ParseError names what is wrong and where."""
    t = text.strip()
    if link.is_link(t):
        return reading.read(t, "jigsaw")
    if t.startswith("{"):
        return _parse_json(t)
    solo = JIGSAW_ID.match(t)
    if solo:
        n = int(solo.group(1))
        if not 4 <= n <= 9:
            raise ParseError(f"a Solo jigsaw of side {n}: sides 4 to 9 are read")
        labels = list(solo_regions(solo.group(3), n))
        return _puzzle(n, solo_givens(solo.group(2), n), labels, "tatham")
    parts = _parts(t)
    if parts is None:
        raise ParseError(
            "a jigsaw is a JSON line, a Solo ID, or a grid followed by a region map of letters"
        )
    grid, regions = parts
    n = len(grid)
    if len(regions) != n or any(len(ln) != n for ln in (*grid, *regions)):
        raise ParseError(f"a {n}-line jigsaw needs {n} lines of {n} symbols in grid and map")
    givens = [_digit(ch, n, f"row {r + 1}") for r, ln in enumerate(grid) for ch in ln]
    return _puzzle(n, givens, [ch for ln in regions for ch in ln], "text")


def _parts(t: str) -> tuple[list[str], list[str]] | None:
    """The grid's lines and the region map's: two blocks, or one block whose lines of
    letters (the map) follow its lines of digits and blanks (the grid)."""
    blocks = [b for b in t.replace("\r", "").split("\n\n") if b.strip()]
    rows = [[ln.replace(" ", "") for ln in b.splitlines() if ln.strip()] for b in blocks]
    if len(rows) == 2:
        return rows[0], rows[1]
    if len(rows) != 1:
        return None
    first_map = next((i for i, ln in enumerate(rows[0]) if ln.isalpha()), len(rows[0]))
    if not 0 < first_map < len(rows[0]):
        return None
    return rows[0][:first_map], rows[0][first_map:]


def _digit(ch: str, n: int, where: str) -> int:
    if ch in ".0":
        return 0
    if is_digits(ch) and 1 <= int(ch) <= n:
        return int(ch)
    raise ParseError(f"{ch!r} in {where} is not a digit 1..{n} or a blank")


def _parse_json(t: str) -> Sudoku:
    try:
        data: Any = json.loads(t)
    except json.JSONDecodeError as err:
        raise ParseError(f"jigsaw JSON: {err.msg} at character {err.pos + 1}") from None
    if not isinstance(data, dict) or "givens" not in data or "regions" not in data:
        raise ParseError("jigsaw JSON needs the fields 'givens' and 'regions'")
    givens, regions = data["givens"], data["regions"]
    n = len(givens) if isinstance(givens, list) else 0
    size = data.get("size", [n, n])
    for name, rows in (("givens", givens), ("regions", regions)):
        if (
            not isinstance(rows, list)
            or len(rows) != n
            or any(not isinstance(r, list) or len(r) != n for r in rows)
        ):
            raise ParseError(f"jigsaw JSON: '{name}' is not {n} rows of {n} numbers")
    if size != [n, n]:
        raise ParseError(f"jigsaw JSON: 'size' {size} does not match the {n}x{n} givens")
    flat = [v for row in givens for v in row]
    for i, v in enumerate(flat):
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= n:
            raise ParseError(f"jigsaw JSON: given {v!r} at r{i // n + 1}c{i % n + 1} is no digit")
    labels = [v for row in regions for v in row]
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in labels):
        raise ParseError("jigsaw JSON: 'regions' holds something that is not a region number")
    return _puzzle(n, flat, labels, "json")


def _puzzle(n: int, givens: list[int], labels: list[Any], form: str) -> Sudoku:
    names = sorted(set(labels))  # region k is the k-th number (or letter) of the map
    if len(names) != n:
        raise ParseError(f"a {n}x{n} jigsaw needs {n} regions, the map has {len(names)}")
    index = {name: i for i, name in enumerate(names)}
    geo = checked_geometry(tuple(index[label] for label in labels))
    check_givens(geo, givens)
    return Sudoku(geo, tuple(givens), form)


def write_solution(puzzle: Sudoku, values: list[int]) -> str:
    """A solution in the form the puzzle was read in (the digits in a line, for a link)."""
    writers = {"json": to_json, "text": to_text, "tatham": to_tatham}
    if puzzle.form not in writers:
        return "".join(symbol(v) for v in values)
    return writers[puzzle.form](puzzle, values)


def to_json(puzzle: Sudoku, values: list[int] | None = None) -> str:
    """The corpus JSON line (``values``, a solution, written as the givens when given)."""
    n, geo = puzzle.n, puzzle.geo
    cells = values if values is not None else list(puzzle.givens)
    rows = [cells[r * n : (r + 1) * n] for r in range(n)]
    regions = [[geo.box_of(r * n + c) + 1 for c in range(n)] for r in range(n)]
    return json.dumps({"size": [n, n], "givens": rows, "regions": regions})


def to_text(puzzle: Sudoku, values: list[int] | None = None) -> str:
    """The grid, then the region map of letters (no blank line between them, so a file of
    several jigsaws, a blank line between two, reads back as they were)."""
    n, geo = puzzle.n, puzzle.geo
    cells = values if values is not None else list(puzzle.givens)
    grid = ["".join(symbol(v) if v else "." for v in cells[r * n : (r + 1) * n]) for r in range(n)]
    letters = ["".join(LETTERS[geo.box_of(r * n + c)] for c in range(n)) for r in range(n)]
    return "\n".join([*grid, *letters]) + "\n"


def to_tatham(puzzle: Sudoku, values: list[int] | None = None) -> str:
    """Simon Tatham's Solo jigsaw ID (``values``, a solution, written as the givens)."""
    n, geo = puzzle.n, puzzle.geo
    cells = values if values is not None else list(puzzle.givens)
    regions = [geo.box_of(c) for c in range(n * n)]
    return f"{n}j:{solo_grid(cells)},{solo_block_map(regions, n)}"
