"""Sudoku's text forms: which one a text is in (``parse``, ``detect``), and the one-line form,
the drawn grid and Simon Tatham's Solo game ID, read and written (``to_line``, ``to_grid``,
``to_tatham``), puzzles and solutions alike. The forms players exchange with pencil marks and
links live beside this module (``marks``, ``hodoku``, ``links``); ``forms`` names them all."""

from __future__ import annotations

import math
import re

from deduce.errors import ParseError
from deduce.jsontext import is_digits
from deduce.puzzles.fpuzzles import link, reading
from deduce.puzzles.sudoku.hodoku import is_library_line, parse_library_line
from deduce.puzzles.sudoku.links import (
    is_puzzlink,
    parse_puzzlink,
    parse_sudokuwiki,
    sudokuwiki_string,
)
from deduce.puzzles.sudoku.marks import SUKAKU_LENGTH, mark_rows, parse_mark_grid, parse_sukaku
from deduce.puzzles.sudoku.model import (
    BLANKS,
    SYMBOLS,
    Sudoku,
    box_shape,
    check_givens,
    geometry,
    symbol,
)
from deduce.puzzles.sudoku.solo import read_by, solo_givens, solo_grid, solo_id


def _value_of(ch: str, n: int, where: str) -> int:
    if ch in BLANKS:
        return 0
    index = SYMBOLS.find(ch.upper())
    if index < 0 or index >= n:
        top = SYMBOLS[n - 1]
        raise ParseError(f"bad character {ch!r} at {where}: expected 1-{top} or . for a blank")
    return index + 1


#: Per side, what each character of the one-line form stands for (``_value_of``'s answers).
_VALUES = {
    n: {
        **dict.fromkeys(BLANKS, 0),
        **{ch: i + 1 for i, ch in enumerate(SYMBOLS[:n])},
        **{ch.lower(): i + 1 for i, ch in enumerate(SYMBOLS[:n])},
    }
    for n in range(1, len(SYMBOLS) + 1)
}

_TATHAM = re.compile(r"^(\d+)x(\d+):(.*)$", re.S)


def parse(text: str, check: bool = True) -> Sudoku:
    """Read a Sudoku in any of the supported text forms; ParseError names what is wrong.

    A one-line form may be followed by a note after a space (a rating such as
    ``ED=7.1/1.2/1.2``, a ``# comment``): the note is not part of the puzzle.
    ``check=False`` lets a digit repeat in a unit (a player's grid, where a repeat is a
    mistake to name, not bad input)."""
    text = text.strip()
    if not text:
        raise ParseError("empty input: no puzzle given")
    cells = _CELLS_OF_LENGTH.get(len(text))
    if cells is not None and cells.issuperset(text):  # no other form is all cells
        return _parse_line(text, check)
    if _link(text):
        if is_library_line(text):
            return parse_library_line(text, check)
        if is_puzzlink(text):
            return parse_puzzlink(text, check)
        if sudokuwiki_string(text) is not None:
            return parse_sudokuwiki(text, check)
        if link.is_link(text):
            return reading.read(text, "sudoku", check)
    text = solo_id(text)
    m = _TATHAM.match(text)
    if m:
        return _parse_tatham(int(m.group(1)), int(m.group(2)), m.group(3).strip(), check)
    lines = [ln for ln in text.splitlines() if ln.strip()]
    if len(lines) == 1:
        if len(lines[0].split()[0]) == SUKAKU_LENGTH:
            return parse_sukaku(lines[0], check)
        return _parse_line(lines[0].strip(), check)
    rows = mark_rows(lines)
    if rows is not None:
        return parse_mark_grid(rows, check)
    return _parse_grid(lines, check)


def _link(text: str) -> bool:
    """Whether ``text`` is one line, as a link or a library line is: a text of several lines
    is a grid, or a collection of one-line puzzles, never the first line's link."""
    return "\n" not in text.strip()


def _parse_line(line: str, check: bool = True) -> Sudoku:
    line = line.split()[0] if line.split() else line
    size = len(line)
    n = math.isqrt(size)
    near = round(math.sqrt(size))
    if n * n != size and near >= 4 and abs(size - near * near) <= near:
        raise ParseError(
            f"looks like a {near}x{near} Sudoku but has {size} cells ({near * near} needed)"
        )
    if n * n != size or n < 4:
        raise ParseError(
            f"wrong length: {size} characters, expected a square number such as 81 for 9x9 "
            f"(16, 36, 81, 256, 625)"
        )
    _check_side(n)
    w, h = box_shape(n)
    geo = geometry(w, h)
    table = _VALUES[n]
    try:
        givens = [table[ch] for ch in line]
    except KeyError:  # a character that is no digit of this size: named by the slow path
        givens = [_value_of(ch, n, f"position {i + 1}") for i, ch in enumerate(line)]
    if check:
        check_givens(geo, givens)
    return Sudoku(geo, tuple(givens), "line")


#: The largest side read (the README's limit: 4x4 to 25x25; symbols run out at 25).
MAX_SIDE = 25
#: The characters of a one-line grid by its length: a line of a square length made of them
#: alone is in the one-line form (every other form needs a character no cell is, or another
#: length), so ``parse`` reads it first (every solve and every grade reads one).
_CELLS_OF_LENGTH = {n * n: frozenset(_VALUES[n]) for n in range(4, MAX_SIDE + 1)}


def _check_side(n: int) -> None:
    if n > MAX_SIDE:
        raise ParseError(
            f"a {n}x{n} Sudoku is too large: deduce reads 4x4 to {MAX_SIDE}x{MAX_SIDE}"
        )


def _parse_grid(lines: list[str], check: bool = True) -> Sudoku:
    if len(lines) > 2 * MAX_SIDE + 2:  # rows, separator lines, a border: no more
        raise ParseError(
            f"{len(lines)} lines is no Sudoku grid: deduce reads 4x4 to {MAX_SIDE}x{MAX_SIDE}"
        )
    rows: list[list[str]] = []
    for line in lines:
        cleaned = re.sub(r"[|+]", " ", line)
        if not re.search(r"[^\s\-=_]", cleaned):
            continue  # a separator line
        tokens = cleaned.split()
        if any(len(t) > 1 and is_digits(t) for t in tokens):
            rows.append(tokens)
        else:
            rows.append([ch for ch in cleaned if not ch.isspace()])
    n = len(rows)
    if not rows:
        raise ParseError(
            f"a grid of {len(lines)} line(s) of rulings only (-, +, |, =): no row of cells"
        )
    _check_side(n)
    for r, row in enumerate(rows):
        if len(row) != n:
            raise ParseError(f"row {r + 1} has {len(row)} cells, expected {n}")
    w, h = box_shape(n)
    geo = geometry(w, h)
    givens: list[int] = []
    for r, row in enumerate(rows):
        for c, tok in enumerate(row):
            where = f"r{r + 1}c{c + 1}"
            if is_digits(tok) and len(tok) > 1:
                v = int(tok)
                if not 0 <= v <= n:
                    raise ParseError(f"bad number {tok} at {where}: expected 0-{n}")
                givens.append(v)
            else:
                givens.append(_value_of(tok, n, where))
    if check:
        check_givens(geo, givens)
    return Sudoku(geo, tuple(givens), "grid")


def _parse_tatham(c: int, r: int, desc: str, check: bool = True) -> Sudoku:
    if c < 1 or r < 1 or c * r < 2 or c * r > 25:
        raise ParseError(f"bad Solo size {c}x{r}: the side c*r must be 2 to 25")
    n = c * r
    geo = geometry(r, c)  # boxes r wide and c tall
    givens = solo_givens(desc, n)
    if check:
        check_givens(geo, givens)
    return Sudoku(geo, tuple(givens), "tatham")


def to_line(puzzle: Sudoku, values: list[int] | tuple[int, ...] | None = None) -> str:
    """The one-line form (``.`` for blanks) of the givens, or of ``values``."""
    vals = puzzle.givens if values is None else values
    return "".join(symbol(v) if v else "." for v in vals)


def to_grid(puzzle: Sudoku, values: list[int] | tuple[int, ...] | None = None) -> str:
    """A multi-line grid with box separators."""
    geo = puzzle.geo
    vals = puzzle.givens if values is None else values
    n = geo.n
    lines = []
    sep = "+".join("-" * (2 * geo.box_w + 1) for _ in range(n // geo.box_w))
    for r in range(n):
        if r and r % geo.box_h == 0:
            lines.append(sep)
        parts = []
        for bc in range(0, n, geo.box_w):
            cells = [vals[r * n + bc + c] for c in range(geo.box_w)]
            parts.append(" " + " ".join(symbol(v) if v else "." for v in cells) + " ")
        lines.append("|".join(parts).rstrip())
    return "\n".join(lines)


def to_tatham(puzzle: Sudoku, values: list[int] | tuple[int, ...] | None = None) -> str:
    """Simon Tatham's Solo game ID."""
    geo = puzzle.geo
    vals = puzzle.givens if values is None else values
    return f"{geo.box_h}x{geo.box_w}:" + solo_grid(vals)


def detect(text: str) -> bool:
    """Whether ``text`` is a Sudoku: one line of N² symbols, a sukaku, a HoDoKu library line,
    a puzz.link, SudokuWiki or f-puzzles link, a Solo game ID or a grid (a note may follow a
    one-line form).

    A ``WxH:`` game ID counts only when it reads as a whole Solo description (other Tatham
    games, such as Signpost, share the prefix).
    """
    t = text.strip()
    if _link(t) and (is_library_line(t) or is_puzzlink(t) or sudokuwiki_string(t) is not None):
        return True
    if link.is_link(t):
        return reading.detects(t, "sudoku")
    try:
        t = solo_id(t)
    except ParseError:
        # another variant's ID, on one line: parse names the variant (several lines are
        # several IDs, each read on its own)
        return "\n" not in t and not read_by(t)
    lines = [ln for ln in t.splitlines() if ln.strip()]
    if _TATHAM.match(t) or len(lines) > 1:
        try:
            parse(t)
        except ParseError:
            return False
        return True
    s = lines[0].split()[0] if lines else ""
    if len(s) == SUKAKU_LENGTH:
        return bool(re.fullmatch(r"[0-9.*_]+", s))
    n = math.isqrt(len(s))
    return n * n == len(s) and n >= 4 and bool(re.fullmatch(r"[0-9.A-Pa-p]+", s))


def solution_text(puzzle: Sudoku, values: list[int]) -> str:
    """The one-line form of a solution."""
    return to_line(puzzle, values)


def solution_grid(puzzle: Sudoku, values: list[int]) -> str:
    """A solution drawn as a grid."""
    return to_grid(puzzle, values)


def resembles(text: str) -> float:
    """How much ``text`` looks like a Sudoku (for ranking parse errors): one token of digits,
    letters and dots near a square length, a Solo game ID, or a small grid of them."""
    t = text.strip().lstrip("\ufeff")
    if _TATHAM.match(t):
        return 0.6 if re.fullmatch(r"\d+x\d+:[a-z0-9_]*", t) else 0.3
    lines = [ln for ln in t.splitlines() if ln.strip()]
    if len(lines) == 1:
        token = lines[0].split()[0] if lines[0].split() else ""
        n = round(math.sqrt(len(token)))
        near = n >= 4 and abs(len(token) - n * n) <= max(2, n)
        dotted = (re.fullmatch(r"[0-9.A-Za-z]+", token) and "." in token) or is_digits(token)
        return 0.9 if near and dotted else 0.4 if dotted else 0.0
    if 4 <= len(lines) <= 40 and all(re.fullmatch(r"[\s0-9.A-Za-z|+\-]+", ln) for ln in lines):
        return 0.5
    return 0.0
