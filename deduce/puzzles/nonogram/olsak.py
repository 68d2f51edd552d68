"""Nonograms in the ``.g`` format of Petr and Mirek Olšák's griddlers solver ``grid`` (also
read by Jan Wolter's pbnsolve and exported by webpbn.com as "olsak").

Lines before the first line that starts with ``:`` are comments, except that a line starting
``#d`` opens colour declarations (``<inchar>:<outchar> <colour>`` per line; ``1`` is the
blocks' colour, ``0`` the background) and ``#t`` marks a triddler. The first ``:`` line starts
the row clues, one line per row, top to bottom, the block lengths separated by spaces (an
empty line for a row with none); the second ``:`` line starts the column clues, left to right;
a third ``:`` line ends the task (all after it is ignored). Whatever follows a ``:`` on its
line is a comment; deduce writes a puzzle's name as the comment ``# title NAME`` and reads
it back. A block length may carry its colour's character (``3c``): deduce solves
black-and-white puzzles, so a block of any colour but ``1`` is refused, saying so.
"""

from __future__ import annotations

import re

from deduce.errors import ParseError
from deduce.puzzles.nonogram.clues import checked, checked_size
from deduce.puzzles.nonogram.model import Nonogram

_BLOCK = re.compile(r"(\D?)([0-9]{1,6})(\D?)")
_TITLE = re.compile(r"^# title (.+)$")


def is_olsak(text: str) -> bool:
    """Whether ``text`` has the shape of a ``.g`` file: two lines (at least) that start with
    ``:``, with a line of block lengths between the first two."""
    lines = text.strip().lstrip("\ufeff").splitlines()
    marks = [i for i, line in enumerate(lines) if line.startswith(":")]
    if len(marks) < 2:
        return False
    return any(
        line.split() and all(_BLOCK.fullmatch(token) for token in line.replace(",", " ").split())
        for line in lines[marks[0] + 1 : marks[1]]
    )


def parse_olsak(text: str) -> Nonogram:
    """Read a ``.g`` text: its rows, then its columns."""
    lines = text.lstrip("\ufeff").splitlines()
    start = _header(lines)
    sections: list[list[str]] = [[]]
    for line in lines[start + 1 :]:
        if line.startswith(":"):
            if len(sections) == 2:
                break
            sections.append([])
            continue
        sections[-1].append(line)
    else:
        while sections[-1] and not sections[-1][-1].strip():
            sections[-1].pop()  # no closing ':' line: blank lines at the very end are no clue
    if len(sections) < 2:
        raise ParseError("the .g text has row clues but no ':' line starting the columns")
    rows = [_clue(line, f"row {i + 1}") for i, line in enumerate(sections[0])]
    cols = [_clue(line, f"column {i + 1}") for i, line in enumerate(sections[1])]
    width, height = checked_size(len(cols), len(rows))
    titles = [m.group(1).strip() for line in lines[:start] if (m := _TITLE.match(line))]
    return checked(width, height, rows, cols, "olsak", titles[0] if titles else "")


def _header(lines: list[str]) -> int:
    """The index of the first ``:`` line, checking the declarations before it."""
    declaring = False
    for i, line in enumerate(lines):
        if line.startswith(":"):
            return i
        if line[:2].lower() == "#t":
            raise ParseError("a triddler (#t) is no grid nonogram: deduce reads square grids")
        if line[:2].lower() == "#d":
            declaring = True
        elif declaring and line.strip():
            m = re.match(r"\s*(\S):", line)
            if m is None:
                raise ParseError(f"line {i + 1} of the .g text: bad colour declaration {line!r}")
    raise ParseError("the .g text has no ':' line starting the row clues")


def _clue(line: str, where: str) -> list[int]:
    numbers: list[int] = []
    for token in line.replace(",", " ").split():
        m = _BLOCK.fullmatch(token)
        if m is None:
            raise ParseError(f"{where}: cannot read the block {token!r}")
        length, colour = int(m.group(2)), m.group(1) + m.group(3)
        if colour not in ("", "1"):
            raise ParseError(
                f"{where} has a block of colour {colour!r} ({token}): a multicolour puzzle, "
                "and deduce reads black-and-white nonograms"
            )
        numbers.append(length)
    if numbers == [0]:
        return []
    if 0 in numbers:
        raise ParseError(f"{where} has a block of length 0")
    return numbers


def to_olsak(puzzle: Nonogram) -> str:
    """The ``.g`` text: the name as a comment (``# title NAME``, read back), the rows, the
    columns, and a closing ``:`` line (so that an empty last column is not lost)."""
    out = []
    if puzzle.name:
        out.append(f"# title {' '.join(puzzle.name.split())}")
    out.append(": rows")
    out += [" ".join(map(str, clue)) for clue in puzzle.rows]
    out.append(": columns")
    out += [" ".join(map(str, clue)) for clue in puzzle.cols]
    out.append(": end")
    return "\n".join(out)
