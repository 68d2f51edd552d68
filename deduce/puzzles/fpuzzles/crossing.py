"""The X flag of an f-puzzles link: both ``diagonal+`` and ``diagonal-`` set
(``deduce.puzzles.sudoku.xflags`` asks here for the links it is given)."""

from __future__ import annotations

from deduce.errors import ParseError
from deduce.puzzles.fpuzzles.link import is_link, record, to_link
from deduce.puzzles.fpuzzles.reading import DIAGONALS, has_diagonals


def crossed(text: str) -> bool:
    """Whether ``text`` is an f-puzzles link of an X grid (both diagonals set)."""
    if not is_link(text):
        return False
    try:
        data = record(text)
    except ParseError:
        return False
    return has_diagonals(data)


def uncrossed(text: str) -> str:
    """The link ``text`` without its diagonals (``text`` itself when it has none or cannot be
    read: the plain reader then says why)."""
    if not crossed(text):
        return text
    data = record(text)
    for d in DIAGONALS:
        del data[d]
    return to_link(data)


def cross(text: str) -> str:
    """The link ``text`` with both diagonals set."""
    data = record(text)
    data.update(dict.fromkeys(DIAGONALS, True))
    return to_link(data)
