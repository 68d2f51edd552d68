"""Sudoku with pencil marks: the sukaku string and the boxed pencil-mark grid.

- **sukaku**: 729 characters, nine per cell in reading order; the k-th character of a cell is
  the digit k when k is still a candidate there, else a blank (``.``, ``0``, ``*`` or ``_``,
  one kind per string), as SukakuExplainer reads and writes it. 9x9 only.
- **pencil-mark grid**: the grid HoDoKu and Sudoku Explainer print, one row per line, each
  cell the run of its candidates (a single digit for a solved cell), boxes between ``|`` and
  border lines such as ``.-----.-----.``, ``:-----+-----:``, ``'-----'-----'`` or
  ``+-----+-----+``. Any size; digits above 9 as ``A``..``P``.

A cell with one candidate that no peer still lists is read as a given (as HoDoKu reads a
pencil-mark grid); the marks of the other cells are kept as written, so the text round-trips.
"""

from __future__ import annotations

import re

from deduce.errors import ParseError, WriteError
from deduce.jsontext import is_digits
from deduce.puzzles.sudoku.model import (
    SYMBOLS,
    Geometry,
    Sudoku,
    box_shape,
    cell_name,
    check_givens,
    geometry,
    symbol,
)

SUKAKU_LENGTH = 729
_SUKAKU = re.compile(r"[1-9.]{729}|[1-90]{729}|[1-9*]{729}|[1-9_]{729}")
_BORDER = re.compile(r"^[\s.:'+*=|-]*(---|===)[\s.:'+*=|-]*$")


def cell_values(puzzle: Sudoku) -> list[int]:
    """The digit of every cell written in (a given or a placed digit), 0 for an open cell."""
    placed = puzzle.placed or (0,) * len(puzzle.givens)
    return [g or p for g, p in zip(puzzle.givens, placed, strict=True)]


def plain_candidates(puzzle: Sudoku) -> tuple[int, ...]:
    """The marks the written digits alone leave: a written cell its digit, an open cell every
    digit no peer holds."""
    geo = puzzle.geo
    values = cell_values(puzzle)
    out = []
    for cell, v in enumerate(values):
        mask = 1 << v if v else geo.full
        if not v:
            for p in geo.peers[cell]:
                mask &= ~(1 << values[p])
        out.append(mask)
    return tuple(out)


def cell_marks(puzzle: Sudoku, values: list[int] | tuple[int, ...] | None = None) -> list[int]:
    """Every cell's marks: a written digit (or a value of ``values``) alone, else the open
    cell's pencil marks, or those the written digits leave when the puzzle has none."""
    if values is not None:
        return [1 << v if v else puzzle.geo.full for v in values]
    marks = list(plain_candidates(puzzle))
    if puzzle.candidates is not None:
        for cell, v in enumerate(cell_values(puzzle)):
            if not v:
                marks[cell] = puzzle.candidates[cell]
    return marks


def progress_tokens(puzzle: Sudoku) -> list[str]:
    """A grid read in any form as a player's tokens (``deduce hint --progress``): ``.`` for a
    cell with nothing written, one symbol for a digit, several for the marks left there."""
    if puzzle.candidates is None and puzzle.placed is None:
        return [symbol(v) if v else "." for v in puzzle.givens]
    n = puzzle.n
    return ["".join(symbol(v) for v in range(1, n + 1) if m >> v & 1) for m in cell_marks(puzzle)]


def beyond_givens(puzzle: Sudoku) -> bool:
    """Whether ``puzzle`` holds more than its givens: placed digits, or pencil marks beyond
    those the givens leave."""
    return any(puzzle.placed or ()) or (
        puzzle.candidates is not None and tuple(cell_marks(puzzle)) != plain_candidates(puzzle)
    )


def givens_only(puzzle: Sudoku, form: str) -> None:
    """WriteError when ``puzzle`` holds more than its givens: ``form`` holds givens only, and
    would lose the rest."""
    if beyond_givens(puzzle):
        raise WriteError(
            f"the {form} form holds only the givens and this is a position with pencil marks "
            "or placed digits (write it as sukaku, pmgrid, hodoku or sudokuwiki)"
        )


def with_marks(geo: Geometry, marks: list[int], form: str, check: bool = True) -> Sudoku:
    """The puzzle of a grid of marks. A cell with one mark that no peer still lists is a given
    (HoDoKu reads a pencil-mark grid so); every other cell keeps its marks, a lone mark too
    (a single a solver has to find). ``check=False`` lets a given repeat (see ``parse``)."""
    for cell, mask in enumerate(marks):
        if not mask:
            raise ParseError(f"{cell_name(geo, cell)} has no candidate left")
    givens = []
    for cell, mask in enumerate(marks):
        lone = mask & (mask - 1) == 0 and not any(marks[p] & mask for p in geo.peers[cell])
        givens.append(mask.bit_length() - 1 if lone else 0)
    if check:
        check_givens(geo, givens)
    return Sudoku(geo, tuple(givens), form, None, tuple(marks))


# --- sukaku -----------------------------------------------------------------------------


def parse_sukaku(line: str, check: bool = True) -> Sudoku:
    """Read a sukaku string (the first word of ``line``; a rating note may follow)."""
    text = line.split()[0] if line.split() else ""
    if len(text) != SUKAKU_LENGTH:
        raise ParseError(f"a sukaku has {SUKAKU_LENGTH} characters, got {len(text)}")
    if not _SUKAKU.fullmatch(text):
        bad = next((i for i, ch in enumerate(text) if ch not in "123456789.0*_"), None)
        if bad is not None:
            raise ParseError(f"bad character {text[bad]!r} at position {bad + 1} of the sukaku")
        raise ParseError("a sukaku marks a ruled-out candidate with one kind of blank (. 0 * _)")
    marks = []
    for cell in range(81):
        mask = 0
        for ch in text[cell * 9 : cell * 9 + 9]:
            if "1" <= ch <= "9":
                mask |= 1 << int(ch)  # SukakuExplainer takes a digit wherever it stands
        marks.append(mask)
    return with_marks(geometry(3, 3), marks, "sukaku", check)


def to_sukaku(puzzle: Sudoku, values: list[int] | tuple[int, ...] | None = None) -> str:
    """The 729-character sukaku of the puzzle's marks (or of a filled grid ``values``)."""
    if puzzle.n != 9:
        raise WriteError(f"a sukaku is a 9x9 form; this puzzle is {puzzle.n}x{puzzle.n}")
    return "".join(
        "".join(str(k) if mask >> k & 1 else "." for k in range(1, 10))
        for mask in cell_marks(puzzle, values)
    )


# --- the pencil-mark grid ---------------------------------------------------------------


def mark_rows(lines: list[str]) -> list[list[str]] | None:
    """The cell tokens of a pencil-mark grid, row by row, or None when ``lines`` is not one
    (border lines dropped; at least one cell holds several candidates; N rows of N cells)."""
    rows = []
    for line in lines:
        if _BORDER.match(line):
            continue
        rows.append(line.replace("|", " ").split())
    n = len(rows)
    if n < 4 or any(len(row) != n for row in rows):
        return None
    tokens = [t for row in rows for t in row]
    if not any(len(t) > 1 for t in tokens):
        return None
    if n > 9 and all(t in ".0" or (is_digits(t) and int(t) <= n) for t in tokens):
        return None  # a big grid of numbers (10 and up written as numbers), not marks
    return rows


def parse_mark_grid(rows: list[list[str]], check: bool = True) -> Sudoku:
    """Read a pencil-mark grid from its cell tokens (see ``mark_rows``)."""
    n = len(rows)
    w, h = box_shape(n)
    geo = geometry(w, h)
    marks = []
    for r, row in enumerate(rows):
        for c, token in enumerate(row):
            where = f"r{r + 1}c{c + 1}"
            mask = 0
            for ch in token.upper():
                index = SYMBOLS.find(ch)
                if ch in ".0":
                    index = -2  # an empty cell: every digit still open
                elif index < 0 or index >= n:
                    raise ParseError(
                        f"bad candidate {ch!r} at {where}: expected 1-{SYMBOLS[n - 1]}"
                    )
                mask = geo.full if index == -2 else mask | 1 << (index + 1)
            marks.append(mask)
    return with_marks(geo, marks, "pmgrid", check)


def to_mark_grid(puzzle: Sudoku, values: list[int] | tuple[int, ...] | None = None) -> str:
    """The boxed pencil-mark grid, laid out as HoDoKu prints it (each column as wide as its
    widest cell plus two, border lines ``.---.``, ``:---+``, ``'---'``)."""
    geo = puzzle.geo
    n = geo.n
    cells = [
        "".join(symbol(v) for v in range(1, n + 1) if m >> v & 1)
        for m in cell_marks(puzzle, values)
    ]
    widths = [max(len(cells[r * n + c]) for r in range(n)) + 2 for c in range(n)]
    bands = [range(b, b + geo.box_w) for b in range(0, n, geo.box_w)]

    def border(left: str, middle: str) -> str:
        return left + middle.join("-" * sum(widths[c] for c in band) for band in bands) + left

    lines = [border(".", ".")]
    for r in range(n):
        if r and r % geo.box_h == 0:
            lines.append(border(":", "+"))
        parts = [
            ("| " if c % geo.box_w == 0 else " ") + cells[r * n + c].ljust(widths[c] - 1)
            for c in range(n)
        ]
        lines.append("".join(parts) + "|")
    lines.append(border("'", "'"))
    return "\n".join(lines)
