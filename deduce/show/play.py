"""What the step page's play mode needs to check a player's grid and hint from it.

Play works on the picture's cells, the grid a player sees. A cell's *value* is what a player
writes there: a digit or number as drawn, ``#`` for a filled or used cell, ``x`` for one
crossed out, ``""`` while it is open (a hole has none). From the log the page gets, per step,
what the step changed on that grid (``changes``: the cells it settles and the candidates it
and the bookkeeping after it remove), so the script can rebuild the grid before every step and
find the easiest step whose grid the player's grid is at least as far along as. The answers
travel as salted SHA-256 hashes per cell: the play code can check an entry without the
solution being readable in the page's source.
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Any

from deduce.errors import Contradiction
from deduce.family import Family
from deduce.puzzles.picture import Cell, Picture
from deduce.state import P, State

#: How many hex digits of a hash the page keeps (48 bits: no two values of a cell collide).
DIGITS = 12
#: What the page's text forms write for a cell known filled (or used) and one known empty.
FILLED, EMPTY = "#", "x"


def cell_value(cell: Cell) -> str | None:
    """What a player writes in ``cell``: its value, ``""`` while open, None for a hole."""
    if cell.fill == "hole":
        return None
    if cell.fill in ("filled", "used"):
        return FILLED
    if cell.text in ("·", "×"):
        return EMPTY
    return cell.text


def marks_of(cell: Cell) -> list[str]:
    """The pencil marks a cell shows (blank slots left out)."""
    return [s for s, _ in cell.marks if s.strip()]


def grid_of(pic: Picture, candidates: bool) -> list[list[Any]]:
    """Every cell of ``pic`` as ``[value, marks]`` (marks only when they are candidates)."""
    return [
        [cell_value(c), marks_of(c) if candidates and not cell_value(c) else None]
        for c in pic.cells
    ]


def changes(before: list[list[Any]], after: list[list[Any]]) -> list[list[Any]]:
    """``[cell, value, marks]`` for every cell that differs between two grids (``grid_of``)."""
    return [[i, *b] for i, (a, b) in enumerate(zip(before, after, strict=True)) if a != b]


def symbols(final: Picture) -> list[str]:
    """The values a player may enter: those of the solved grid, in order (numbers by size)."""
    found = {v for v in map(cell_value, final.cells) if v}
    return sorted(found, key=lambda s: (len(s), s))


def marks_are_candidates(start: Picture, values: list[str]) -> bool:
    """Whether the pictures' pencil marks are candidate values (a Sudoku's, not a Signpost's
    arrows), so a player's own marks mean something."""
    shown = {s for c in start.cells for s in marks_of(c)}
    return bool(shown) and shown <= set(values)


def salted(salt: str, cell: int, value: str) -> str:
    """The hash the page compares an entry with: SHA-256 of ``salt:cell:value``, shortened."""
    return hashlib.sha256(f"{salt}:{cell}:{value}".encode()).hexdigest()[:DIGITS]


def answer_hashes(final: Picture, salt: str) -> list[str]:
    """The salted hash of every cell's value in the solved grid (``""`` for a hole)."""
    return [salted(salt, i, v) if v else "" for i, v in enumerate(map(cell_value, final.cells))]


def new_salt() -> str:
    """A fresh salt for one page."""
    return secrets.token_hex(8)


def peers(family: Family[P], puzzle: P, state: State[P]) -> list[list[int]] | None:
    """For every variable, the others a value placed there leaves (Sudoku's peers), found by
    placing a value on a grid where every variable allows every value; None when the family
    has no such bookkeeping."""
    if family.on_place is None:
        return None
    full = 0
    for d in state.domains:
        full |= d
    if not full:
        return None
    value = (full & -full).bit_length() - 1
    out: list[list[int]] = []
    for var in range(len(state.domains)):
        probe = State(puzzle, [full] * len(state.domains))
        probe.domains[var] = 1 << value
        try:
            family.on_place(probe, var, value)
        except Contradiction:
            return None
        out.append([u for u, d in enumerate(probe.domains) if u != var and not d >> value & 1])
    return out


def export_form(values: list[str], candidates: bool) -> str:
    """How the page writes a player's grid as text: ``tokens`` (a Sudoku's: one token a cell,
    ``.`` open, a digit, or the pencil marks), ``rows`` (``#``, ``x`` and ``.`` a cell, ``/``
    between rows: a nonogram's) or ``numbers`` (a number, ``.`` open or ``#`` a hole a cell,
    ``/`` between rows: a Numbrix's or Hidato's); each is what ``hint --progress`` reads for
    those families."""
    if candidates:
        return "tokens"
    if set(values) <= {FILLED, EMPTY}:
        return "rows"
    return "numbers"
