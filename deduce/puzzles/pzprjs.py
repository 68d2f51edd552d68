"""pzprjs's Number16 code, the body of a puzz.link URL for the genres whose clues are numbers in
cells (Sudoku's givens, a nonogram's clues outside its grid).

Cell by cell: a number below 16 is one hexadecimal digit, 16 to 255 ``-`` and two, 256 to
4095 ``+`` and three; ``g``..``z`` stand for runs of 1 to 20 empty cells.
"""

from __future__ import annotations

from collections.abc import Iterable

#: The longest run of empty cells one letter stands for (``z``).
LONGEST_RUN = 20


def first_word(text: str) -> str:
    """The first whitespace-separated word of ``text`` (a URL, before any note after it); ""
    for a text of several lines, which is no link but a collection or a grid."""
    words = text.split()
    return words[0] if words and "\n" not in text.strip() else ""


def encode_number16(cells: Iterable[int | None]) -> str:
    """The Number16 code of ``cells`` (None for an empty cell), as pzprjs writes it: a run of
    empty cells is written when a number follows it, when it reaches 20, and at the end."""
    out: list[str] = []
    run = 0
    for value in cells:
        if value is None:
            run += 1
            if run == LONGEST_RUN:
                out.append("z")
                run = 0
            continue
        if run:
            out.append(chr(ord("f") + run))
            run = 0
        if value < 16:
            out.append(format(value, "x"))
        elif value < 256:
            out.append("-" + format(value, "02x"))
        else:
            out.append("+" + format(value, "03x"))
    if run:
        out.append(chr(ord("f") + run))
    return "".join(out)
