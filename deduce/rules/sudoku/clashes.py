"""The conflict test of the forcing chain contradictions: what makes a set of chain ends
impossible (a cell with two digits, a digit twice in a unit, a digit with no place left in a
unit, a cell with no digit left), and in whose words.

``find_conflict`` tests a list of facts, stopping at the first conflict; ``conflict_board``
is what it needs of the grid, made once per grid for the three rules that ask.

Measured and rejected: working out once per strong component what does not depend on the
supposition (the chains from one component reach the same ends). On top95 a component holds
1.4 suppositions on average, and the whole test per component, without the early stops, cost
more than it shared (the bilocation rule took 15% of the time instead of 9%).
"""

from __future__ import annotations

from typing import Any, NamedTuple

import attrs

from deduce.journal import value_places
from deduce.memo import per_version
from deduce.puzzles.sudoku.model import Geometry, cell_name, symbol
from deduce.rules.sudoku.links import common_unit
from deduce.state import State, bits


class Fact(NamedTuple):
    """A conclusion reached under a supposition: ``cell`` holds ``value``.

    ``graph`` says which graph the chain ran in (``bilocation``, ``bivalue``, or ``""`` for
    the supposition itself); ``source`` and ``node`` are where the chain starts and ends in
    that graph's ``nr``. (A named tuple: a supposition reaches dozens of these.)
    """

    cell: int
    value: int
    graph: str = ""
    source: int = -1
    node: int = -1


#: A Fact's fields as a plain tuple: (cell, value, graph, source, node).
FactFields = tuple[int, int, str, int, int]


@attrs.frozen
class Conflict:
    """Why a supposition fails: the facts involved and what they break, in words."""

    facts: tuple[Fact, ...]
    clash: str


@attrs.define
class _Board:
    """What the conflict test needs of a state: per digit the open cells that may hold it,
    and per unit and missing digit the cells where it may go."""

    geo: Geometry
    domains: list[int]
    open_cells: int
    holders: list[int]
    places: list[list[tuple[int, int]]]  # per digit: (unit index, cells mask), by unit


def conflict_board(state: State[Any]) -> _Board:
    """The conflict test's view of the grid, made once per grid for the three rules."""
    return per_version(state, "conflict board", _make_board)


def _make_board(state: State[Any]) -> _Board:
    geo: Geometry = state.puzzle.geo
    domains = state.domains
    holders = list(value_places(state, geo.n + 1))
    open_cells = 0
    for cell, is_fixed in enumerate(state.fixed):
        if not is_fixed:
            open_cells |= 1 << cell
    places: list[list[tuple[int, int]]] = [[] for _ in holders]
    for index, mask in enumerate(geo.unit_masks):
        for v, cells in enumerate(holders):
            if cells & mask:
                places[v].append((index, cells & mask))
    return _Board(geo, domains, open_cells, holders, places)


def find_conflict(
    board: _Board, facts: list[FactFields], excluded: tuple[int, int] | None
) -> Conflict | None:
    """What makes ``facts`` (``Fact``s, or their fields as plain tuples) and ``cell ≠ digit``
    for ``excluded`` impossible, or None. The conflict's facts are ``Fact``s."""
    if not conflict_possible(board, facts, excluded):
        return None
    return _named_conflict(board, facts, excluded)


def conflict_possible(
    board: _Board, facts: list[FactFields], excluded: tuple[int, int] | None
) -> bool:
    """Whether ``find_conflict`` finds a conflict: the same tests on bitmasks, without
    naming what breaks. Nearly every supposition the rules try has none (on top95, 10 in
    3,243), so this is what they pay for: a digit's units are looked at only where a fact
    takes one of its places, and only the three units of each place taken."""
    holders = board.holders
    geo = board.geo
    peers, units_of = geo.peer_masks, geo.cell_unit_masks
    at_value = [0] * len(holders)
    fact_cells = 0
    for f in facts:
        bit = 1 << f[0]
        if fact_cells & bit:
            if not at_value[f[1]] & bit:
                return True  # one cell, two digits
        else:
            fact_cells |= bit
            at_value[f[1]] |= bit
    excluded_value, excluded_bit = -1, 0
    if excluded is not None:
        if at_value[excluded[1]] >> excluded[0] & 1:
            return True  # the excluded digit back in its cell
        excluded_value, excluded_bit = excluded[1], 1 << excluded[0]
    alive = 0
    for v, cells in enumerate(at_value):
        gone = fact_cells & ~cells
        while cells:
            low = cells & -cells
            seen = peers[low.bit_length() - 1]
            if seen & cells:
                return True  # a digit twice in a unit
            gone |= seen
            cells ^= low
        if v == excluded_value:
            gone |= excluded_bit
        held = holders[v]
        taken = gone & held
        if taken:
            kept = held & ~gone
            while taken:  # a unit left no place of v holds one of those taken
                low = taken & -taken
                for unit in units_of[low.bit_length() - 1]:
                    if not unit & kept:
                        return True
                taken ^= low
            alive |= kept
        else:
            alive |= held
    return bool(board.open_cells & ~alive & ~fact_cells)  # a cell left no digit


def _named_conflict(
    board: _Board, facts: list[FactFields], excluded: tuple[int, int] | None
) -> Conflict | None:
    """``find_conflict``'s answer, worked out in full: the first conflict, in words."""
    geo = board.geo
    peers = geo.peer_masks
    by_cell: dict[int, FactFields] = {}
    at_value = [0] * len(board.holders)
    for f in facts:
        cell, value = f[0], f[1]
        seen = by_cell.get(cell)
        if seen is None:
            by_cell[cell] = f
            at_value[value] |= 1 << cell
        elif seen[1] != value:
            return Conflict(
                _facts(seen, f),
                f"{cell_name(geo, cell)} cannot be both {symbol(seen[1])} and {symbol(value)}",
            )
    if excluded is not None:
        back = by_cell.get(excluded[0])
        if back is not None and back[1] == excluded[1]:
            return Conflict(
                _facts(back), f"{symbol(back[1])} would be back in {cell_name(geo, back[0])}"
            )
    for f in by_cell.values():
        twin = peers[f[0]] & at_value[f[1]]
        if twin:
            other = by_cell[(twin & -twin).bit_length() - 1]
            return Conflict(
                _facts(f, other), f"{symbol(f[1])} twice in {common_unit(geo, f[0], other[0])}"
            )
    fact_cells = 0
    for cell in by_cell:
        fact_cells |= 1 << cell
    excl = []
    for cells in at_value:
        mask = fact_cells & ~cells
        while cells:
            low = cells & -cells
            mask |= peers[low.bit_length() - 1]
            cells ^= low
        excl.append(mask)
    if excluded is not None:
        excl[excluded[1]] |= 1 << excluded[0]
    emptied: tuple[int, int, int] | None = None  # the first (unit, digit) left no place
    for v, units in enumerate(board.places):
        gone = excl[v]
        if not gone & board.holders[v]:
            continue  # the facts take no place of v: every unit keeps its places
        for index, cells in units:
            if not cells & ~gone:
                if emptied is None or (index, v) < emptied[:2]:
                    emptied = (index, v, cells)
                break
    if emptied is not None:
        index, v, cells = emptied
        involved = _responsible(board, by_cell, at_value, excluded, [(c, v) for c in bits(cells)])
        return Conflict(
            involved, f"{symbol(v)} would have no place left in {geo.unit_names[index]}"
        )
    alive = 0
    for v, cells in enumerate(board.holders):
        alive |= cells & ~excl[v]
    dead = board.open_cells & ~alive & ~fact_cells
    if dead:
        cell = next(bits(dead))
        pairs = [(cell, v) for v in bits(board.domains[cell])]
        involved = _responsible(board, by_cell, at_value, excluded, pairs)
        return Conflict(involved, f"{cell_name(geo, cell)} would have no digit left")
    return None


def _responsible(
    board: _Board,
    by_cell: dict[int, FactFields],
    at_value: list[int],
    excluded: tuple[int, int] | None,
    pairs: list[tuple[int, int]],
) -> tuple[Fact, ...]:
    """For each ruled-out ``(cell, digit)``, a fact that rules it out (none for the supposition)."""
    peers = board.geo.peer_masks
    chosen: dict[FactFields, None] = {}
    for cell, v in pairs:
        if excluded == (cell, v):
            continue
        here = by_cell.get(cell)
        if here is not None and here[1] != v:
            chosen[here] = None
            continue
        seer = peers[cell] & at_value[v]
        chosen[by_cell[next(bits(seer))]] = None
    return _facts(*chosen)


def _facts(*found: FactFields) -> tuple[Fact, ...]:
    """``found`` as Facts (the conflict test reads plain tuples)."""
    return tuple(Fact._make(f) for f in found)
