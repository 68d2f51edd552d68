"""The conflict test of the forcing chain contradictions: what makes a set of chain ends
impossible (a cell with two digits, a digit twice in a unit, a digit with no place left in a
unit, a cell with no digit left), and in whose words.

``find_conflict`` tests any list of facts. The bilocation rule asks it once per supposition,
and every supposition whose chains start in one strongly connected component reaches the same
chain ends: ``component_test`` works out once per component all that does not depend on the
supposition, and ``find_conflict_from`` finishes the test for one supposition from it, with
the same answer ``find_conflict`` gives.
"""

from __future__ import annotations

from typing import NamedTuple

import attrs

from deduce.memo import per_version, value_places
from deduce.puzzles.sudoku.model import Geometry, cell_name, symbol
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


def conflict_board(state: State) -> _Board:
    """The conflict test's view of the grid, made once per grid for the three rules."""
    return per_version(state, "conflict board", _make_board)


def _make_board(state: State) -> _Board:
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
    board: _Board, facts: list[Fact], excluded: tuple[int, int] | None
) -> Conflict | None:
    """What makes ``facts`` (and ``cell ≠ digit`` for ``excluded``) impossible, or None."""
    geo = board.geo
    peers = geo.peer_masks
    by_cell: dict[int, Fact] = {}
    at_value = [0] * len(board.holders)
    for f in facts:
        cell, value = f[0], f[1]
        seen = by_cell.get(cell)
        if seen is None:
            by_cell[cell] = f
            at_value[value] |= 1 << cell
        elif seen[1] != value:
            return Conflict(
                (seen, f),
                f"{cell_name(geo, cell)} cannot be both {symbol(seen[1])} and {symbol(value)}",
            )
    if excluded is not None:
        f = by_cell.get(excluded[0])
        if f is not None and f[1] == excluded[1]:
            return Conflict((f,), f"{symbol(f[1])} would be back in {cell_name(geo, f[0])}")
    for f in by_cell.values():
        twin = peers[f[0]] & at_value[f[1]]
        if twin:
            other = by_cell[(twin & -twin).bit_length() - 1]
            return Conflict((f, other), f"{symbol(f[1])} twice in {_where(geo, f[0], other[0])}")
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


def _responsible(board, by_cell, at_value, excluded, pairs) -> tuple[Fact, ...]:
    """For each ruled-out ``(cell, digit)``, a fact that rules it out (none for the supposition)."""
    peers = board.geo.peer_masks
    chosen: dict[Fact, None] = {}
    for cell, v in pairs:
        if excluded == (cell, v):
            continue
        here = by_cell.get(cell)
        if here is not None and here.value != v:
            chosen[here] = None
            continue
        seer = peers[cell] & at_value[v]
        chosen[by_cell[next(bits(seer))]] = None
    return tuple(chosen)


def _where(geo: Geometry, a: int, b: int) -> str:
    if geo.row_of(a) == geo.row_of(b):
        return f"row {geo.row_of(a) + 1}"
    if geo.col_of(a) == geo.col_of(b):
        return f"column {geo.col_of(a) + 1}"
    return f"box {geo.box_of(a) + 1}"


@attrs.frozen
class ComponentTest:
    """What the conflict test finds in one component's chain ends alone, before a
    supposition's own exclusion is added (see ``find_conflict``, which does the same steps
    in the same order)."""

    ends: list[tuple[int, int, int]]  # (cell, value, node) of each chain end, in order
    graph: str
    first: dict[int, int]  # cell -> index of its first end
    at_value: list[int]
    clash: tuple[int, int] | None  # a cell given two values: (its first end, the other)
    twin: tuple[int, int] | None  # a value twice in a unit: (the end, the other end)
    fact_cells: int
    excl: list[int]
    emptied: list[tuple[int, int] | None]  # per value: (unit, places) of its first emptied unit
    alive: list[int]  # per value v: the open cells some value other than v keeps alive


def _first_emptied(units: list[tuple[int, int]], gone: int) -> tuple[int, int] | None:
    for index, cells in units:
        if not cells & ~gone:
            return index, cells
    return None


def component_test(board: _Board, ends: list[tuple[int, int, int]], graph: str) -> ComponentTest:
    """The supposition-free part of the conflict test for the chain ends ``ends``."""
    peers = board.geo.peer_masks
    first: dict[int, int] = {}
    at_value = [0] * len(board.holders)
    clash = None
    for i, (cell, value, _) in enumerate(ends):
        seen = first.get(cell)
        if seen is None:
            first[cell] = i
            at_value[value] |= 1 << cell
        elif ends[seen][1] != value and clash is None:
            clash = (seen, i)
    twin = None
    for i in first.values():
        cell, value = ends[i][0], ends[i][1]
        found = peers[cell] & at_value[value]
        if found:
            twin = (i, first[(found & -found).bit_length() - 1])
            break
    fact_cells = 0
    for cell in first:
        fact_cells |= 1 << cell
    excl = []
    for cells in at_value:
        mask = fact_cells & ~cells
        while cells:
            low = cells & -cells
            mask |= peers[low.bit_length() - 1]
            cells ^= low
        excl.append(mask)
    emptied = [
        _first_emptied(units, excl[v]) if excl[v] & board.holders[v] else None
        for v, units in enumerate(board.places)
    ]
    kept = [cells & ~excl[v] for v, cells in enumerate(board.holders)]
    alive = []
    for v in range(len(kept)):
        others = 0
        for w, cells in enumerate(kept):
            if w != v:
                others |= cells
        alive.append(others)
    return ComponentTest(
        ends, graph, first, at_value, clash, twin, fact_cells, excl, emptied, alive
    )


def find_conflict_from(
    board: _Board, test: ComponentTest, source: int, excluded: tuple[int, int]
) -> Conflict | None:
    """``find_conflict(board, facts, excluded)`` for the facts of the chains from node
    ``source`` (``test``'s ends, each a Fact from ``source``), finished from ``test``."""
    geo = board.geo
    ends = test.ends

    def fact(i: int) -> Fact:
        cell, value, node = ends[i]
        return Fact(cell, value, test.graph, source, node)

    if test.clash is not None:
        a, b = fact(test.clash[0]), fact(test.clash[1])
        return Conflict(
            (a, b), f"{cell_name(geo, a[0])} cannot be both {symbol(a[1])} and {symbol(b[1])}"
        )
    cell_x, x = excluded
    here = test.first.get(cell_x)
    if here is not None and ends[here][1] == x:
        f = fact(here)
        return Conflict((f,), f"{symbol(f[1])} would be back in {cell_name(geo, f[0])}")
    if test.twin is not None:
        f, other = fact(test.twin[0]), fact(test.twin[1])
        return Conflict((f, other), f"{symbol(f[1])} twice in {_where(geo, f[0], other[0])}")
    gone_x = test.excl[x] | 1 << cell_x
    emptied: tuple[int, int, int] | None = None
    for v, found in enumerate(test.emptied):
        if v == x:
            found = _first_emptied(board.places[x], gone_x) if gone_x & board.holders[x] else None
        if found is not None and (emptied is None or (found[0], v) < emptied[:2]):
            emptied = (found[0], v, found[1])
    by_cell = None
    if emptied is not None:
        index, v, cells = emptied
        by_cell = {cell: fact(i) for cell, i in test.first.items()}
        involved = _responsible(
            board, by_cell, test.at_value, excluded, [(c, v) for c in bits(cells)]
        )
        return Conflict(
            involved, f"{symbol(v)} would have no place left in {geo.unit_names[index]}"
        )
    alive = test.alive[x] | board.holders[x] & ~gone_x
    dead = board.open_cells & ~alive & ~test.fact_cells
    if dead:
        cell = next(bits(dead))
        by_cell = {c: fact(i) for c, i in test.first.items()}
        pairs = [(cell, v) for v in bits(board.domains[cell])]
        involved = _responsible(board, by_cell, test.at_value, excluded, pairs)
        return Conflict(involved, f"{cell_name(geo, cell)} would have no digit left")
    return None
