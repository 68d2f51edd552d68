"""Locked candidates: where a box meets a line (a row, a column, or an X grid's diagonal).

Pointing: inside a box, a digit confined to one row (or column, or diagonal) leaves the rest
of that line. Claiming: inside a line, a digit confined to one box leaves the rest of that box.
A diagonal meets a row or column in one cell, where a digit confined is a hidden single.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from deduce.journal import look, value_places
from deduce.puzzles.sudoku.model import Geometry, cell_name, symbol
from deduce.state import State
from deduce.step import Step


def _cells(mask: int) -> list[int]:
    """The cells of a bitmask, in increasing order (a unit's own order)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _named(geo: Geometry, cells: list[int]) -> str:
    return ", ".join(cell_name(geo, c) for c in cells)


def _locked(
    geo: Geometry,
    rule: str,
    where: str,
    target: str,
    digit: int,
    inside: int,
    elims: int,
    weight: float,
) -> Step:
    """The step of a digit locked in ``where`` to the cells ``inside`` (a bitmask), all in
    ``target``, which it leaves elsewhere (``elims``)."""
    cells, gone = _cells(inside), _cells(elims)
    return Step(
        rule,
        f"In {where}, {symbol(digit)} can only go in {target} ({_named(geo, cells)}), so it "
        f"leaves the rest of {target}: {_named(geo, gone)}.",
        eliminations=tuple((c, digit) for c in gone),
        premises=tuple(cells),
        region=where,
        difficulty=weight,
    )


def pointing(state: State[Any], weight: float = 0.0) -> Iterator[Step]:
    """A digit confined to one line (row, column, diagonal) inside a box leaves the rest of
    that line.

    Read from each digit's places (``deduce.journal.value_places``) as bitmasks; a box found with
    nothing is looked at again only once a cell of a line crossing it changes
    (``deduce.journal.look``). Steps carry ``weight`` as their difficulty."""
    geo: Geometry = state.puzzle.geo
    n = geo.n
    seen = look(state, "quiet: pointing", geo.box_reach)
    places = value_places(state, n + 1)
    masks, lines = geo.unit_masks, geo.cell_lines
    first = 2 * n
    for b in range(n):
        bit_index = 1 << (first + b)
        if seen.clean & bit_index:
            continue
        found = False
        box_mask = masks[first + b]
        for digit in range(1, n + 1):
            inside = places[digit] & box_mask
            if not inside & (inside - 1):
                continue  # no place or one: nothing to point with
            lowest = (inside & -inside).bit_length() - 1
            for line in lines[lowest]:  # the row, the column, then any diagonal
                line_mask = masks[line]
                if inside & ~line_mask:
                    continue
                elims = places[digit] & line_mask & ~box_mask
                if elims:
                    found = True
                    where, target = geo.unit_names[first + b], geo.unit_names[line]
                    yield _locked(geo, "pointing", where, target, digit, inside, elims, weight)
        if not found:
            seen.clean |= bit_index


def claiming(state: State[Any], weight: float = 0.0) -> Iterator[Step]:
    """A digit confined to one box inside a line (row, column, diagonal) leaves the rest of
    that box.

    Read from each digit's places as bitmasks; a line found with nothing is looked at again
    only once a cell of it, or of a box it crosses, changes (``deduce.journal.look``). Steps
    carry ``weight`` as their difficulty."""
    geo: Geometry = state.puzzle.geo
    n = geo.n
    seen = look(state, "quiet: claiming", geo.line_reach)
    places = value_places(state, n + 1)
    masks, rcb = geo.unit_masks, geo.cell_rcb
    for line in (*range(2 * n), *range(3 * n, len(masks))):  # rows, columns, diagonals
        bit_index = 1 << line
        if seen.clean & bit_index:
            continue
        found = False
        line_mask = masks[line]
        for digit in range(1, n + 1):
            inside = places[digit] & line_mask
            if not inside & (inside - 1):
                continue
            box = rcb[(inside & -inside).bit_length() - 1][2]
            box_mask = masks[box]
            if inside & ~box_mask:
                continue
            elims = places[digit] & box_mask & ~line_mask
            if elims:
                found = True
                where, target = geo.unit_names[line], geo.unit_names[box]
                yield _locked(geo, "claiming", where, target, digit, inside, elims, weight)
        if not found:
            seen.clean |= bit_index
