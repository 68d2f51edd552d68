"""What one clued line of a Path puzzle allows: the ways to place its used cells.

A row with count k picks k used cells; a used cell takes two path edges (a door one), some
along the row (to a used neighbour in the row), the rest across it (up or down, where an
edge may still be on); an unused cell takes none. An *arrangement* of the row is a choice
of its used cells and of the edges along it that gives every used cell a number of edges
along the row it can make up to its need with the edges across it still possible.

The arrangements are walked like a Nonogram line: left to right, keeping for each "the edge
to the next cell is on / off" the counts of used cells reachable so far (one int as a bit
set), then right to left keeping what can still finish with exactly k. A choice on both
walks is part of some arrangement; a value of a cell or an edge in no arrangement is
impossible (``settle``). The same walk with a polynomial packed into an int instead of a
bit set counts the arrangements (``count``), which tells search how tight a line is.

Both answers depend only on the domains of the line's cells and of the edges touching them
(``Layout.depends``; an undecided edge counts as possible whatever the cell across it, which
is weaker only where easier rules have not yet turned an unused cell's edges off), so they
are remembered per line: a solve asks the same line the same question many times.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from functools import cache
from typing import Literal, overload

import attrs

from deduce.puzzles.path.model import BOTH, OFF, ON, UNUSED, USED, PathPuzzle, geometry
from deduce.state import State

ON_BIT = 1 << ON
OFF_BIT = 1 << OFF
USED_BIT = 1 << USED
UNUSED_BIT = 1 << UNUSED

#: What ``settle`` answers: the (variable, value) pairs every arrangement agrees on, or None.
Settled = tuple[tuple[int, int], ...] | None


@attrs.frozen
class Layout:
    """One line: its cells in order, the edges along it (``along[i]`` joins cells i and
    i+1), each cell's edges across the line, and every variable whose domain the line's
    arrangements depend on."""

    cells: tuple[int, ...]
    along: tuple[int, ...]
    across: tuple[tuple[int, ...], ...]
    depends: tuple[int, ...]


@cache
def layouts(rows: int, cols: int) -> tuple[Layout, ...]:
    """Every line of a rows × cols grid: the rows first, then the columns."""
    geo = geometry(rows, cols)
    found = []
    for cells in (*geo.row_cells, *geo.col_cells):
        inside = set(cells)
        along = tuple(geo.edge_between(a, b) for a, b in itertools.pairwise(cells))
        across = tuple(tuple(e for e, o in geo.cell_edges[c] if o not in inside) for c in cells)
        depends = (*cells, *along, *(e for edges in across for e in edges))
        found.append(Layout(cells, along, across, depends))
    return tuple(found)


def line_counts(puzzle: PathPuzzle) -> tuple[int, ...]:
    """The count of every line in the order of ``layouts`` (-1: no clue)."""
    return (*puzzle.row_counts, *puzzle.col_counts)


def line_name(puzzle: PathPuzzle, k: int) -> str:
    """``row 3`` or ``column 2`` for line ``k`` of ``layouts``."""
    return f"row {k + 1}" if k < puzzle.rows else f"column {k - puzzle.rows + 1}"


_MEMO_LIMIT = 100_000


@overload
def clued_lines(
    kind: Literal["settle"], puzzle: PathPuzzle
) -> list[tuple[int, Layout, int, dict[bytes, Settled]]]: ...
@overload
def clued_lines(
    kind: Literal["count"], puzzle: PathPuzzle
) -> list[tuple[int, Layout, int, dict[bytes, int]]]: ...
def clued_lines(
    kind: str, puzzle: PathPuzzle
) -> (
    list[tuple[int, Layout, int, dict[bytes, Settled]]]
    | list[tuple[int, Layout, int, dict[bytes, int]]]
):
    """The clued lines of ``puzzle`` as (index, layout, count, memo): ``memo`` maps the
    domains a line depends on (``bytes``) to what ``kind`` (a name for one line function)
    answered for them, so each question is worked out once."""
    lines = puzzle.memo.get(("lines", kind))
    if lines is None:
        lines = puzzle.memo[("lines", kind)] = [
            (k, line, want, {})
            for k, (line, want) in enumerate(
                zip(layouts(puzzle.rows, puzzle.cols), line_counts(puzzle), strict=True)
            )
            if want >= 0
        ]
    for *_, memo in lines:
        if len(memo) > _MEMO_LIMIT:
            memo.clear()
    return lines


def cell_moves(
    doms: list[int], line: Layout, doors: tuple[int, int]
) -> list[tuple[tuple[tuple[int, int, int], ...], int, int, list[int]]]:
    """For each cell: its possible (edge before on?, used?, edge after on?) choices, its
    need, and its edges across the line that are on and still undecided."""
    cells, along, across = line.cells, line.along, line.across
    last = len(cells) - 1
    found = []
    for i, x in enumerate(cells):
        values = list(map(doms.__getitem__, across[i]))
        on = values.count(ON_BIT)
        open_edges = [e for e in across[i] if doms[e] == BOTH] if BOTH in values else []
        need = 1 if x in doors else 2
        after = doms[along[i]] if i < last else OFF_BIT
        found.append((_choices(doms[x], need, on, len(open_edges), after), need, on, open_edges))
    return found


@cache
def _choices(
    cell: int, need: int, on: int, n_open: int, after: int
) -> tuple[tuple[int, int, int], ...]:
    """A cell's possible (edge before on?, used?, edge after on?) given its domain, its need,
    its edges across the line (on, undecided) and the domain of the edge after it."""
    found: list[tuple[int, int, int]] = []
    for before in (0, 1):
        for right in (0, 1):
            if not after >> right & 1:
                continue
            if cell & UNUSED_BIT and not before and not right and not on:
                found.append((before, 0, right))
            if cell & USED_BIT and on <= need - before - right <= on + n_open:
                found.append((before, 1, right))
    return tuple(found)


def settle(doms: list[int], line: Layout, doors: tuple[int, int], want: int) -> Settled:
    """The values every arrangement of the line agrees on, as (variable, value) pairs for
    its undecided cells, the edges along it and the edges across it; None when the line has
    no arrangement."""
    moves = cell_moves(doms, line, doors)
    n = len(moves)
    full = (1 << (want + 1)) - 1
    forward = []
    f0, f1 = 1, 0
    for choices, *_ in moves:
        forward.append((f0, f1))
        g0 = g1 = 0
        for before, used, after in choices:
            reach = ((f1 if before else f0) << used) & full
            if after:
                g1 |= reach
            else:
                g0 |= reach
        f0, f1 = g0, g1
        if not f0 | f1:
            return None
    if not f0 >> want & 1:
        return None
    b0, b1 = 1 << want, 0
    cell_ok = [0] * n
    edge_ok = [0] * n
    across_ok: dict[int, int] = {}
    for i in range(n - 1, -1, -1):
        choices, need, on, open_edges = moves[i]
        here = forward[i]
        c0 = c1 = 0
        for before, used, after in choices:
            back = (b1 if after else b0) >> used
            if not here[before] & back:
                continue
            if before:
                c1 |= back
            else:
                c0 |= back
            cell_ok[i] |= 1 << used
            edge_ok[i] |= 1 << after
            if open_edges:
                if not used:
                    ok = OFF_BIT
                else:
                    more = need - before - after - on
                    ok = (OFF_BIT if more < len(open_edges) else 0) | (ON_BIT if more else 0)
                for e in open_edges:
                    across_ok[e] = across_ok.get(e, 0) | ok
        b0, b1 = c0, c1
    found = []
    for i, x in enumerate(line.cells):
        if doms[x] == BOTH and cell_ok[i] != BOTH:
            found.append((x, cell_ok[i].bit_length() - 1))
    for i, e in enumerate(line.along):
        if doms[e] == BOTH and edge_ok[i] != BOTH:
            found.append((e, edge_ok[i].bit_length() - 1))
    for e, ok in across_ok.items():
        if ok != BOTH:
            found.append((e, ok.bit_length() - 1))
    return tuple(sorted(found))


def count(doms: list[int], line: Layout, doors: tuple[int, int], want: int) -> int:
    """How many arrangements the line has (used cells and edges along it)."""
    # One coefficient per count of used cells, packed into an int: a line of n cells has
    # fewer than 4^n arrangements (a cell is unused, or used with the next edge on or off).
    slot = 2 * len(line.cells) + 1
    full = (1 << (slot * (want + 1))) - 1
    f0, f1 = 1, 0
    for choices, *_ in cell_moves(doms, line, doors):
        g0 = g1 = 0
        for before, used, after in choices:
            reach = f1 if before else f0
            if used:
                reach = (reach << slot) & full
            if after:
                g1 += reach
            else:
                g0 += reach
        f0, f1 = g0, g1
    return f0 >> (slot * want)


def open_line_ways(state: State[PathPuzzle]) -> Iterator[tuple[int, Layout, int, int]]:
    """(index, layout, count, ways) for each clued line with an undecided cell: ``ways`` is
    how many arrangements it has left (``count``, worked out once per line state)."""
    p: PathPuzzle = state.puzzle
    doms = state.domains
    known = doms.__getitem__
    for k, line, want, memo in clued_lines("count", p):
        if BOTH not in map(known, line.cells):
            continue
        key = bytes(map(known, line.depends))
        ways = memo.get(key)
        if ways is None:
            ways = memo[key] = count(doms, line, p.door_cells, want)
        yield k, line, want, ways
