"""Nonograms as puzz.link (pzprjs) URLs: ``https://puzz.link/p?nonogram/COLS/ROWS/BODY``.

pzprjs keeps a nonogram's clues in the cells outside its grid: ``ceil(ROWS / 2)`` cells above
every column and ``ceil(COLS / 2)`` left of every row, as many as a line's clue can have
numbers. The body lists those cells column by column, left to right, and then row by row, top
to bottom; within a line, from the cell next to the grid outwards, so a clue's last block comes
first. pzprjs writes each line's numbers next to the grid ("flushed"), blank cells after them.
The code is pzprjs's Number16: a number below 16 is one hexadecimal digit, 16 to 255 ``-`` and
two, and ``g``..``z`` stand for runs of 1 to 20 blank cells; a body that stops early leaves the
rest blank. A ``.`` is pzprjs's clue of unknown value, which a solver cannot use.
"""

from __future__ import annotations

import re

from deduce.errors import ParseError
from deduce.puzzles.nonogram.clues import checked, checked_size
from deduce.puzzles.nonogram.model import Nonogram
from deduce.puzzles.pzprjs import encode_number16, first_word

PREFIX = "https://puzz.link/p?nonogram"
_URL = re.compile(
    r"^(?:\S*\?(?:[^/\s]*&)?)?nonogram/([0-9]{1,6})/([0-9]{1,6})/?(\S*)$", re.IGNORECASE
)


def is_puzzlink(text: str) -> bool:
    """Whether ``text`` (its first word) is a pzprjs nonogram URL (``...?nonogram/W/H/...``)."""
    return bool(_URL.match(first_word(text)))


def _depths(width: int, height: int) -> tuple[int, int]:
    """How many clue cells pzprjs keeps above each column and left of each row."""
    return (height + 1) // 2, (width + 1) // 2


def parse_puzzlink(text: str) -> Nonogram:
    """Read a puzz.link nonogram URL (a note may follow it after a space)."""
    m = _URL.match(first_word(text))
    if not m:
        raise ParseError("not a puzz.link nonogram URL (expected ...?nonogram/COLS/ROWS/BODY)")
    width, height = checked_size(int(m.group(1)), int(m.group(2)))
    above, left = _depths(width, height)
    cells = _decode(m.group(3), width * above + height * left)
    cols = [_clue(cells, c * above, above, f"column {c + 1}") for c in range(width)]
    start = width * above
    rows = [_clue(cells, start + r * left, left, f"row {r + 1}") for r in range(height)]
    return checked(width, height, rows, cols, "puzzlink")


def _clue(cells: list[int | None], start: int, depth: int, where: str) -> list[int]:
    """The clue of one line from its clue cells (nearest the grid first), in reading order."""
    numbers: list[int] = []
    for value in cells[start : start + depth]:
        if value is None:
            continue
        if value < 0:
            raise ParseError(
                f"{where} has a clue of unknown value ('.'): a solver needs every number"
            )
        numbers.append(value)
    return numbers[::-1]


def _decode(body: str, count: int) -> list[int | None]:
    """The ``count`` clue cells of ``body``: a number, -1 for ``.``, None for a blank."""
    cells: list[int | None] = []
    i = 0
    while i < len(body):
        ch = body[i].lower()
        if len(cells) >= count:
            raise ParseError(
                f"the puzz.link body goes on after its {count} clue cells, at {body[i:]!r}"
            )
        if "g" <= ch <= "z":
            cells.extend([None] * (ord(ch) - ord("f")))
            i += 1
            continue
        if ch == ".":
            cells.append(-1)
            i += 1
            continue
        digits = body[i + 1 : i + 3] if ch == "-" else ch
        if not re.fullmatch(r"[0-9a-f]{2}" if ch == "-" else r"[0-9a-f]", digits.lower()):
            raise ParseError(f"bad character {body[i]!r} at position {i + 1} of the puzz.link body")
        cells.append(int(digits, 16))
        i += 1 + (2 if ch == "-" else 0)
    if len(cells) > count:
        raise ParseError(f"the puzz.link body holds {len(cells)} clue cells, more than {count}")
    return cells + [None] * (count - len(cells))


def to_puzzlink(puzzle: Nonogram) -> str:
    """The puzz.link URL of the clues, written as pzprjs writes it (flushed)."""
    above, left = _depths(puzzle.width, puzzle.height)
    cells: list[int | None] = []
    for clue, depth in [(c, above) for c in puzzle.cols] + [(r, left) for r in puzzle.rows]:
        cells += [*clue[::-1], *[None] * (depth - len(clue))]
    return f"{PREFIX}/{puzzle.width}/{puzzle.height}/{encode_number16(cells)}"
