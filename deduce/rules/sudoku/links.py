"""What the pattern rules (wings, single-digit patterns, uniqueness) read off a state: where
each digit may still go, and its strong links.

A **strong link** on digit ``d`` is a unit where ``d`` has exactly two open places: one of
the two cells holds ``d``. The same two cells may be linked by a line and by their box; such
a pair is one link that knows both units.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

import attrs

from deduce.journal import value_places, value_versions
from deduce.puzzles.sudoku.model import Geometry, Sudoku, cell_name, symbol
from deduce.state import State, bits

ROW, COLUMN, BOX, DIAGONAL = "row", "column", "box", "diagonal"

#: Link kinds of a step's picture: one of the two ends holds the digit / not both hold it.
STRONG, WEAK = "strong", "weak"


@attrs.frozen
class StrongLink:
    """Digit ``digit`` has only the places ``a`` and ``b`` (``a < b``) in ``units`` (indices
    into ``Geometry.units``, lines first)."""

    digit: int
    a: int
    b: int
    units: tuple[int, ...]

    def other(self, cell: int) -> int:
        """The end of the link that is not ``cell``."""
        return self.b if cell == self.a else self.a


def unit_kind(geo: Geometry, index: int) -> str:
    """``row``, ``column``, ``box`` or (an X grid's) ``diagonal``: the kind of unit ``index``
    of ``geo.units``."""
    return (ROW, COLUMN, BOX, DIAGONAL)[min(index // geo.n, 3)]


def holders(state: State[Sudoku]) -> list[int]:
    """For every digit (index 1..N), the bitmask of open cells that may still hold it (a fresh
    list, from the places kept up to date on the state: ``deduce.journal.value_places``)."""
    geo: Geometry = state.puzzle.geo
    return list(value_places(state, geo.n + 1))


def strong_links(geo: Geometry, places: int, digit: int) -> list[StrongLink]:
    """The strong links of ``digit`` whose open places are the bitmask ``places``, in order of
    their first unit (rows, then columns, then boxes)."""
    found: dict[tuple[int, int], list[int]] = {}
    for index, mask in enumerate(geo.unit_masks):
        here = places & mask
        if here.bit_count() == 2:
            a = (here & -here).bit_length() - 1
            found.setdefault((a, here.bit_length() - 1), []).append(index)
    return [StrongLink(digit, a, b, tuple(units)) for (a, b), units in found.items()]


def grid_links(state: State[Sudoku]) -> tuple[list[int], list[list[StrongLink]]]:
    """``(holders(state), strong links of each digit)`` of the grid, for the single-digit
    rules that ask in turn: kept on the State[Sudoku], a digit's links found again only once one of
    its places is gone (``deduce.journal.value_versions``)."""
    geo: Geometry = state.puzzle.geo
    size = geo.n + 1
    versions = value_versions(state, size)
    now = len(state.changes)
    kept = state.memo.get("strong links")
    if kept is not None and kept[0] == now:
        return kept[1], kept[2]
    where = list(value_places(state, size))
    where[0] = 0
    if kept is None:
        links = [strong_links(geo, where[d], d) if d else [] for d in range(size)]
    else:
        seen, _, links = kept
        links = [
            strong_links(geo, where[d], d) if d and versions[d] > seen else found
            for d, found in enumerate(links)
        ]
    state.memo["strong links"] = (now, where, links)
    return where, links


def open_bivalue(state: State[Sudoku]) -> list[int]:
    """The open cells with exactly two candidates, in order."""
    domains, fixed = state.domains, state.fixed
    return [c for c, d in enumerate(domains) if not fixed[c] and d.bit_count() == 2]


def seen_by_all(geo: Geometry, cells: Collection[int]) -> int:
    """The bitmask of cells (none of ``cells``) that share a unit with every one of ``cells``."""
    peers = geo.peer_masks
    mask = -1
    for c in cells:
        mask &= peers[c] & ~(1 << c)
    for c in cells:
        mask &= ~(1 << c)
    return mask


def common_unit(geo: Geometry, a: int, b: int) -> str:
    """The name of a unit holding both ``a`` and ``b`` (a line before a box)."""
    if geo.row_of(a) == geo.row_of(b):
        return f"row {geo.row_of(a) + 1}"
    if geo.col_of(a) == geo.col_of(b):
        return f"column {geo.col_of(a) + 1}"
    return f"box {geo.box_of(a) + 1}"


def names(geo: Geometry, cells: Iterable[int]) -> str:
    """``r1c2, r3c4``."""
    return ", ".join(cell_name(geo, c) for c in cells)


def either(values: Iterable[int]) -> str:
    """``3 or 7`` / ``1, 3 or 9``: the digits a cell may hold."""
    texts = [symbol(v) for v in values]
    return texts[0] if len(texts) == 1 else ", ".join(texts[:-1]) + " or " + texts[-1]


def eliminations(mask: int, digit: int) -> tuple[tuple[int, int], ...]:
    """``(cell, digit)`` for every cell of the bitmask ``mask``."""
    return tuple((c, digit) for c in bits(mask))


def _weak(geo: Geometry, one: tuple[int, int], other: tuple[int, int]) -> bool:
    """Whether two candidates cannot both hold: one cell, or one digit in cells that see
    each other."""
    (a, x), (b, y) = one, other
    return x != y if a == b else x == y and bool(geo.peer_masks[a] >> b & 1)


def both_ends(
    state: State[Sudoku], first: tuple[int, int], last: tuple[int, int]
) -> list[tuple[int, int]]:
    """The candidates that cannot hold with ``first`` nor with ``last``, the two ends of a
    chain one of which holds: everything the chain rules out, in order."""
    geo: Geometry = state.puzzle.geo
    peers, domains, fixed = geo.peer_masks, state.domains, state.fixed
    near = (peers[first[0]] | 1 << first[0]) & (peers[last[0]] | 1 << last[0])
    return [
        (cell, v)
        for cell in bits(near)
        if not fixed[cell]
        for v in bits(domains[cell])
        if (cell, v) not in (first, last)
        and _weak(geo, (cell, v), first)
        and _weak(geo, (cell, v), last)
    ]
