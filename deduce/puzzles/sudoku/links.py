"""Sudoku as the links players pass around: puzz.link (pzprjs) and SudokuWiki URLs.

- **puzz.link**: ``https://puzz.link/p?sudoku/9/9/BODY`` (any pzprjs host, ``pzv.jp/p.html``
  too). The body is pzprjs's Number16 code, cell by cell in reading order: a clue below 16 is
  one hexadecimal digit, 16 and up ``-`` and two (``-10`` is 16), and ``g``..``z`` stand for
  runs of 1 to 20 blank cells. pzprjs draws the boxes for sides 4, 6 (3 wide, 2 tall), 9, 16
  and 25, the sizes read and written here. A ``.`` (pzprjs's clue of unknown value) is read as
  a blank.
- **SudokuWiki**: ``https://www.sudokuwiki.org/sudoku.htm?bd=STRING`` or the string alone,
  either the 81 digits of the givens (``0`` blank) or the 162-character form of 2023 that
  carries the candidates: per cell two base-32 digits of ``(candidate bits << 1) | clue``,
  digit d being bit d-1 (SudokuWiki's "Sudoku String Definitions"). A solved cell that is not
  a clue is a placed digit (a lone candidate reads so too: the form cannot tell them apart).
  SudokuWiki's "Load position" links carry ``bd=S9B`` and 162 base-36 characters instead,
  two a cell: 1-9 a clue, 10-18 a placed digit plus 9, from 19 the candidate bits plus 18
  (undocumented; worked out from its pages' links, each checked against the same puzzle's
  "From the start" digits: every clue matches and every candidate set fits).
"""

from __future__ import annotations

import re

from deduce.errors import ParseError, WriteError
from deduce.puzzles.pzprjs import encode_number16, first_word
from deduce.puzzles.sudoku.marks import beyond_givens, cell_marks, givens_only
from deduce.puzzles.sudoku.model import Sudoku, box_shape, cell_name, check_givens, geometry

PUZZLINK_SIZES = (4, 6, 9, 16, 25)
PUZZLINK_PREFIX = "https://puzz.link/p?sudoku"
_PUZZLINK = re.compile(
    r"^(?:\S*\?(?:[^/\s]*&)?)?sudoku/(?:([^/\d\s][^/\s]*)/)?(\d+)/(\d+)/?(\S*)$", re.IGNORECASE
)
SUDOKUWIKI_PREFIX = "https://www.sudokuwiki.org/sudoku.htm?bd="
_PACKED = re.compile(r"[0-9a-v]{162}", re.IGNORECASE)


# --- puzz.link ----------------------------------------------------------------------------


def is_puzzlink(text: str) -> bool:
    """Whether ``text`` (its first word) is a pzprjs Sudoku URL (``...?sudoku/9/9/...``)."""
    return bool(_PUZZLINK.match(first_word(text)))


def parse_puzzlink(text: str, check: bool = True) -> Sudoku:
    """Read a puzz.link Sudoku URL (a note may follow it after a space); ``check=False`` lets
    a clue repeat in a unit."""
    m = _PUZZLINK.match(first_word(text))
    if not m:
        raise ParseError("not a puzz.link Sudoku URL (expected ...?sudoku/COLS/ROWS/BODY)")
    cols, rows, body = int(m.group(2)), int(m.group(3)), m.group(4)
    if cols != rows or cols not in PUZZLINK_SIZES:
        raise ParseError(f"a puzz.link Sudoku is 4x4, 6x6, 9x9, 16x16 or 25x25, not {cols}x{rows}")
    n = cols
    givens = _decode_number16(body, n)
    geo = geometry(*box_shape(n))
    if check:
        check_givens(geo, givens)
    return Sudoku(geo, tuple(givens), "puzzlink")


def _decode_number16(body: str, n: int) -> list[int]:
    cells: list[int] = []
    i = 0
    while i < len(body):
        ch = body[i].lower()
        if len(cells) >= n * n:
            raise ParseError(f"the puzz.link body goes on after its {n * n} cells, at {body[i:]!r}")
        if "g" <= ch <= "z":
            cells.extend([0] * (ord(ch) - ord("f")))
            i += 1
            continue
        if ch == ".":
            cells.append(0)  # pzprjs's "?" clue: a blank for a Sudoku
            i += 1
            continue
        width = {"-": 2, "+": 3}.get(ch, 0)
        digits = body[i + 1 : i + 1 + width] if width else ch
        try:
            value = int(digits, 16)
        except ValueError:
            raise ParseError(
                f"bad character {body[i]!r} at position {i + 1} of the puzz.link body"
            ) from None
        if len(digits) != max(width, 1) or not 1 <= value <= n:
            raise ParseError(
                f"bad clue {body[i : i + 1 + width]!r} at {_where(len(cells), n)} of the "
                f"puzz.link body: a {n}x{n} Sudoku takes 1-{n}"
            )
        cells.append(value)
        i += 1 + width
    if len(cells) > n * n:
        raise ParseError(f"the puzz.link body holds {len(cells)} cells, more than {n * n}")
    return cells + [0] * (n * n - len(cells))  # pzprjs leaves the cells after the body blank


def _where(cell: int, n: int) -> str:
    return f"r{cell // n + 1}c{cell % n + 1}"


def to_puzzlink(puzzle: Sudoku, values: list[int] | tuple[int, ...] | None = None) -> str:
    """The puzz.link URL of the givens (or of a filled grid ``values``)."""
    n = puzzle.n
    if n not in PUZZLINK_SIZES:
        raise WriteError(f"puzz.link draws Sudoku boxes for sides 4, 6, 9, 16 and 25, not {n}")
    if values is None:
        givens_only(puzzle, "puzzlink")
    cells = puzzle.givens if values is None else values
    return f"{PUZZLINK_PREFIX}/{n}/{n}/{encode_number16(v or None for v in cells)}"


# --- SudokuWiki ---------------------------------------------------------------------------


def sudokuwiki_string(text: str) -> str | None:
    """The board string of a SudokuWiki URL (``...?bd=...``, ``bd=...``) or of a bare
    162-character string; None when ``text`` is neither."""
    word = first_word(text)
    m = re.search(r"(?:^|[?&])bd=([^&#\s]*)", word)
    if m:
        return m.group(1)
    return word if _PACKED.fullmatch(word) else None


def parse_sudokuwiki(text: str, check: bool = True) -> Sudoku:
    """Read a SudokuWiki board string or URL: 81 digits, or 162 characters with candidates
    (``check=False`` lets a digit repeat in a unit)."""
    board = sudokuwiki_string(text)
    if board is None:
        raise ParseError("not a SudokuWiki board (expected ...sudoku.htm?bd=...)")
    if board[:3].upper() == "S9B":
        return _parse_s9b(board[3:], check)
    geo = geometry(3, 3)
    if len(board) == 81:
        if not re.fullmatch(r"[0-9.]{81}", board):
            bad = next(i for i, ch in enumerate(board) if ch not in "0123456789.")
            raise ParseError(f"bad character {board[bad]!r} at position {bad + 1} of bd=")
        givens = [0 if ch in ".0" else int(ch) for ch in board]
        if check:
            check_givens(geo, givens)
        return Sudoku(geo, tuple(givens), "sudokuwiki")
    if not _PACKED.fullmatch(board):
        raise ParseError(
            f"a SudokuWiki board is 81 digits or 162 base-32 characters, got {len(board)} "
            "characters"
        )
    givens, placed, marks = [], [], []
    for cell in range(81):
        number = int(board[2 * cell : 2 * cell + 2], 32)
        bits, clue = number >> 1, number & 1
        if not 0 < bits < 512:
            raise ParseError(
                f"{cell_name(geo, cell)} of the SudokuWiki board has no candidate "
                f"({board[2 * cell : 2 * cell + 2]!r})"
            )
        mask = bits << 1
        single = mask.bit_length() - 1 if mask & (mask - 1) == 0 else 0
        if clue and not single:
            raise ParseError(f"{cell_name(geo, cell)} is marked a clue but holds several digits")
        givens.append(single if clue else 0)
        placed.append(0 if clue else single)
        marks.append(mask)
    if check:
        check_givens(geo, [g or p for g, p in zip(givens, placed, strict=True)])
    return Sudoku(geo, tuple(givens), "sudokuwiki", tuple(placed), tuple(marks))


def _parse_s9b(board: str, check: bool) -> Sudoku:
    """The ``S9B`` board of SudokuWiki's "Load position" links: per cell two base-36 digits
    of a number: 1-9 a clue, 10-18 a digit placed since (9 more than it), 19 and up the
    candidates (18 more than their bits, digit d being bit d-1)."""
    if not re.fullmatch(r"[0-9a-z]{162}", board, re.IGNORECASE):
        raise ParseError(
            f"a SudokuWiki S9B board is S9B and 162 base-36 characters, got {len(board)} "
            "characters after S9B"
        )
    geo = geometry(3, 3)
    givens, placed, marks = [], [], []
    for cell in range(81):
        pair = board[2 * cell : 2 * cell + 2]
        number = int(pair, 36)
        if not 1 <= number <= 18 + 511:
            raise ParseError(f"{cell_name(geo, cell)} of the S9B board reads {pair!r}: no digit")
        digit = number if number <= 9 else number - 9 if number <= 18 else 0
        givens.append(digit if number <= 9 else 0)
        placed.append(digit if number > 9 else 0)
        marks.append(1 << digit if digit else (number - 18) << 1)
    if check:
        check_givens(geo, [g or p for g, p in zip(givens, placed, strict=True)])
    return Sudoku(geo, tuple(givens), "sudokuwiki", tuple(placed), tuple(marks))


def to_sudokuwiki(puzzle: Sudoku, values: list[int] | tuple[int, ...] | None = None) -> str:
    """The SudokuWiki solver URL: the 81 digits of the givens, or the 162-character form
    when the puzzle has pencil marks or placed digits."""
    if puzzle.n != 9:
        raise WriteError(f"SudokuWiki boards are 9x9; this puzzle is {puzzle.n}x{puzzle.n}")
    if values is not None or not beyond_givens(puzzle):
        cells = puzzle.givens if values is None else values
        return SUDOKUWIKI_PREFIX + "".join(str(v) for v in cells)
    out = []
    for cell, mask in enumerate(cell_marks(puzzle)):
        number = mask | (1 if puzzle.givens[cell] else 0)  # (bits of d-1) << 1 is our mask
        out.append(_base32(number).rjust(2, "0"))
    return SUDOKUWIKI_PREFIX + "".join(out)


def _base32(number: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuv"
    out = ""
    while True:
        number, rest = divmod(number, 32)
        out = digits[rest] + out
        if not number:
            return out
