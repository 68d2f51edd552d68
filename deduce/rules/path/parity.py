"""Band parity: the path crosses into a band of whole rows (or columns) and out again, so it
crosses the band's border an even number of times, unless exactly one door is inside.

A band that must be visited (it holds a used cell or a positive count) while both doors are
outside is crossed at least twice; likewise the outside when both doors are inside. When the
undecided border edges are just enough for that, they are all on; when one undecided edge is
left, the parity settles it.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import NamedTuple

from deduce.errors import Contradiction
from deduce.memo import last
from deduce.puzzles.path.model import BOTH, ON, USED, PathPuzzle, edge_name
from deduce.state import State
from deduce.step import Step

ON_BIT = 1 << ON
USED_BIT = 1 << USED
WORDS = {0: "no door", 1: "one door", 2: "both doors"}


def _band_name(kind: str, a: int, b: int) -> str:
    return f"{kind} {a + 1}" if a == b else f"{kind}s {a + 1}-{b + 1}"


@cache
def slices(rows: int, cols: int) -> dict[str, tuple[slice, ...]]:
    """The variables of each row and column, of the edges along each, and of the edges
    across each border between neighbouring rows and columns, as slices of the domains
    (cells row-major, then horizontal edges row-major, then vertical edges row-major)."""
    n = rows * cols
    horizontal, vertical = n, n + rows * (cols - 1)
    end = vertical + (rows - 1) * cols
    return {
        "row cells": tuple(slice(r * cols, (r + 1) * cols) for r in range(rows)),
        "column cells": tuple(slice(c, n, cols) for c in range(cols)),
        "row along": tuple(
            slice(horizontal + r * (cols - 1), horizontal + (r + 1) * (cols - 1))
            for r in range(rows)
        ),
        "column along": tuple(slice(vertical + c, end, cols) for c in range(cols)),
        "row borders": tuple(
            slice(vertical + r * cols, vertical + (r + 1) * cols) for r in range(rows - 1)
        ),
        "column borders": tuple(slice(horizontal + c, vertical, cols - 1) for c in range(cols - 1)),
    }


class Borders(NamedTuple):
    """The borders between neighbouring rows (or columns): ``visited[k]`` how many of the
    first k lines must be visited (a positive count or a used cell), and for the border
    below each line k its edges, how many are on and how many undecided."""

    visited: list[int]
    edges: tuple[tuple[int, ...], ...]
    on: list[int]
    n_open: list[int]


def borders(state: State[PathPuzzle], kind: str) -> Borders:
    """The row (``kind`` "row") or column borders of ``state``, remembered per state."""
    if kind == "row":
        return last(state, "row borders", _row_borders)
    return last(state, "column borders", _column_borders)


def _row_borders(state: State[PathPuzzle]) -> Borders:
    p: PathPuzzle = state.puzzle
    return _borders(state.domains, p, "row", p.geo.down_edges, p.row_counts)


def _column_borders(state: State[PathPuzzle]) -> Borders:
    p: PathPuzzle = state.puzzle
    return _borders(state.domains, p, "column", p.geo.right_edges, p.col_counts)


def _borders(
    doms: list[int],
    p: PathPuzzle,
    kind: str,
    edges: tuple[tuple[int, ...], ...],
    counts: tuple[int, ...],
) -> Borders:
    parts = slices(p.rows, p.cols)
    visited = [0]
    for k, cells in enumerate(parts[f"{kind} cells"]):
        needed = counts[k] > 0 or USED_BIT in doms[cells]
        visited.append(visited[-1] + needed)
    on = []
    n_open = []
    for border in parts[f"{kind} borders"]:
        values = doms[border]
        on.append(values.count(ON_BIT))
        n_open.append(values.count(BOTH))
    return Borders(visited, edges, on, n_open)


def undecided(doms: list[int], edges: tuple[int, ...]) -> list[int]:
    """The undecided ones of ``edges``."""
    return [e for e in edges if doms[e] == BOTH]


def _bands(
    state: State[PathPuzzle],
    kind: str,
    door_lines: tuple[int, int],
) -> Iterator[Step]:
    p: PathPuzzle = state.puzzle
    geo = p.geo
    doms = state.domains
    seen, cut_edges, cut_on, cut_open_n = borders(state, kind)
    m = len(seen) - 1
    # A band settles something only when each of its borders has at most one undecided edge
    # or at most two possible crossings (see below): skip the others at once.
    small = [n <= 1 or on + n <= 2 for on, n in zip(cut_on, cut_open_n, strict=True)]
    small.append(True)
    for a in range(m):
        if a and not small[a - 1]:
            continue
        for b in range(a, m):
            if (a == 0 and b == m - 1) or not small[b]:
                continue
            if a == 0:
                on, n_open = cut_on[b], cut_open_n[b]
            elif b == m - 1:
                on, n_open = cut_on[a - 1], cut_open_n[a - 1]
            else:
                on = cut_on[a - 1] + cut_on[b]
                n_open = cut_open_n[a - 1] + cut_open_n[b]
            doors = (a <= door_lines[0] <= b) + (a <= door_lines[1] <= b)
            odd = doors % 2
            if odd:
                least = 1
            else:
                inside = seen[b + 1] > seen[a]
                outside = seen[a] > 0 or seen[m] > seen[b + 1]
                least = 2 if inside and outside else 0
            total = on + n_open
            if n_open and total != least and n_open != 1:
                continue
            cuts = [k for k in (a - 1, b) if 0 <= k < m - 1]
            open_edges = [e for k in cuts for e in undecided(doms, cut_edges[k])]
            name = _band_name(kind, a, b)
            if total < least:
                raise Contradiction(
                    f"the path must cross the border of {name} at least {least} times but "
                    f"only {total} edges cross it"
                )
            if not open_edges:
                if on % 2 != odd:
                    raise Contradiction(
                        f"{name} {'holds' if doors != 1 else 'hold'} {WORDS[doors]} but the "
                        f"path crosses its border {on} times"
                    )
                continue
            why = (
                f"{name.capitalize()} {'holds' if a == b else 'hold'} {WORDS[doors]}, so the "
                f"path crosses {'its' if a == b else 'their'} border an "
                f"{'odd' if odd else 'even'} number of times"
            )
            crossings = [e for k in cuts for e in cut_edges[k]]
            if total == least:
                names = ", ".join(edge_name(geo, e) for e in open_edges)
                need_why = (
                    "at least once"
                    if odd
                    else "at least twice (in and out again, since "
                    + ("it has to be visited" if doors == 0 else "the rest has to be visited")
                    + ")"
                )
                yield Step(
                    "band parity",
                    f"{why}, {need_why}; only {total} border edges can be on, so {names} "
                    f"{'is' if len(open_edges) == 1 else 'are'} on.",
                    placements=tuple((e, ON) for e in open_edges),
                    premises=tuple(crossings),
                    region=name,
                )
            elif len(open_edges) == 1:
                value = (odd - on) % 2
                if on + value < least:
                    raise Contradiction(f"{name} cannot be crossed the right number of times")
                e = open_edges[0]
                yield Step(
                    "band parity",
                    f"{why}; {on} border edge{'s are' if on != 1 else ' is'} on and only "
                    f"{edge_name(geo, e)} is undecided, so it is {'on' if value else 'off'}.",
                    placements=((e, value),),
                    premises=tuple(crossings),
                    region=name,
                )


def band_parity(state: State[PathPuzzle]) -> Iterator[Step]:
    """Crossings of the border of every band of consecutive rows, then of columns."""
    p: PathPuzzle = state.puzzle
    (ra, ca), (rb, cb) = p.doors
    yield from _bands(state, "row", (ra, rb))
    yield from _bands(state, "column", (ca, cb))
