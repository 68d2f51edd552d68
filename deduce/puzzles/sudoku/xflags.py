"""How a text says its grid is an X grid (both diagonals are units too), in every form of
Sudoku, Killer and Jigsaw, and the same puzzle with or without its diagonals.

- a Solo ID or link: the ``x`` flag (``3x3x:``, ``2x3x:``, ``9jx:``, ``3x3xk:``);
- a JSON line (Killer's, Jigsaw's): the field ``"diagonals": true``;
- an f-puzzles link: both ``diagonal+`` and ``diagonal-`` in its payload;
- any other form (the one-line form, a drawn grid, a jigsaw's grid and letter map, a
  Killer's cage list): the word ``X`` first, alone on the first line before a grid or
  cage list, or before the puzzle on the same line (``X 1.3...``).

The X families (``deduce.families.xsudoku``) read a text with or without its flag (named on
the command line, a family says what the text need not) and write it with its flag; the
plain families refuse a flagged text, naming the X family that reads it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any, Generic, TypeVar

import attrs

from deduce.errors import ParseError
from deduce.puzzles.fpuzzles import crossing, link
from deduce.puzzles.sudoku.model import Sudoku, check_givens, crossed
from deduce.puzzles.sudoku.solo import with_x, without_x, x_family

#: The word that starts the text of an X grid in the forms with no place for a flag.
MARK = "X"
_MARKED = re.compile(r"^X(?:[ \t]+|[ \t]*\r?\n|[ \t]*$)")
_SOLO = re.compile(r"^\d+(?:x\d+)?[a-z]*:")
_FIELD = "diagonals"
_TRUE_FIELD = re.compile(r'"diagonals"\s*:\s*true\b')

S = TypeVar("S", bound=Sudoku)
T = TypeVar("T")


def flagged(text: str) -> bool:
    """Whether ``text`` says it is an X grid (by any of the module's flags)."""
    t = text.lstrip()
    if t.startswith("{"):
        return _TRUE_FIELD.search(t) is not None
    if link.is_link(t):
        return crossing.crossed(t)
    return _MARKED.match(t) is not None or x_family(t) is not None


def unflagged(text: str) -> str:
    """``text`` without its X flag (as it is when it has none): the plain family's text."""
    t = text.strip()
    if t.startswith("{"):
        try:
            record: Any = json.loads(t)
        except json.JSONDecodeError:
            return t  # the plain parser names what is wrong
        if isinstance(record, dict) and _FIELD in record:
            del record[_FIELD]
            return json.dumps(record)
        return t
    if link.is_link(t):
        return crossing.uncrossed(t)
    marked = _MARKED.match(t)
    if marked:
        return t[marked.end() :]
    return without_x(t) if x_family(t) is not None else t


def flag(text: str) -> str:
    """A plain family's ``text`` of a puzzle (or solution) with the X flag its form takes."""
    t = text.rstrip("\n")
    end = text[len(t) :]
    if t.startswith("{"):
        record = json.loads(t)
        record[_FIELD] = True
        return json.dumps(record) + end
    if link.is_link(t):
        return crossing.cross(t) + end
    if _SOLO.match(t) and "\n" not in t:
        return with_x(t) + end
    sep = "\n" if "\n" in t else " "  # alone on its line before a grid, else before the line
    return f"{MARK}{sep}{t}{end}"


def refuse(text: str, family: str) -> None:
    """ParseError when ``text`` is flagged as an X grid: the plain family's reader says which
    family reads it (a Solo ID's own, else ``family``, the X family of the same kind)."""
    if flagged(text):
        family = x_family(text) or family
        raise ParseError(f"an X puzzle (both diagonals are units): read it with --family {family}")


@attrs.frozen
class Refusing(Generic[T]):
    """A plain family's reader: ``read``, a flagged X text refused (``refuse``, naming
    ``family``). A value, not a closure, so the family still pickles."""

    read: Callable[[str], T]
    family: str

    def __call__(self, text: str) -> T:
        refuse(text, self.family)
        return self.read(text)


@attrs.frozen
class Unflagged:
    """A plain family's detection: ``detect``, never true of a flagged X text (its X
    family's)."""

    detect: Callable[[str], bool]

    def __call__(self, text: str) -> bool:
        return not flagged(text) and self.detect(text)


def with_diagonals(puzzle: S) -> S:
    """The same puzzle on an X grid; ParseError when a given repeats on a diagonal."""
    geo = crossed(puzzle.geo)
    check_givens(geo, list(puzzle.givens))
    return attrs.evolve(puzzle, geo=geo)
