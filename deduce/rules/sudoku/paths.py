"""Nonrepetitive paths whose two ends carry the same digit (the path rule of Eppstein's PADS).

- **AIC** (Eppstein's bilocation path): a chain of links (each a digit's only two places in a unit) that starts
  and ends with links on the same digit ``d``, consecutive links on different digits: if its
  first cell were not ``d`` the chain would put ``d`` in its last cell. So ``d`` is in one of
  the two end cells and leaves every cell that sees both.
- **XY-Chain** (Eppstein's bivalue path; three cells make an XY-Wing, its own rule): a chain of two-candidate cells
  from a cell holding ``d`` and ``e`` whose first link is on ``e`` and whose last cell's digit
  off its last link is ``d``: if the first cell were not ``d`` it would be ``e``, and every
  next cell would take its other digit, ending with ``d``. Again ``d`` leaves the cells that
  see both ends.

The ends a chain can reach come from Theorem 2 (reachability in ``nr(G)``); the walks to
them from one breadth-first search per start, and the shortest chain is yielded first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from deduce.puzzles.sudoku.model import Geometry, Sudoku, cell_name, symbol
from deduce.rules.sudoku.graphs import (
    Analysis,
    V,
    Walk,
    bilocation,
    bivalue,
    cells_of,
    chain_cells,
    chain_links,
    chain_premises,
    join_elims,
    link_labels,
)
from deduce.rules.sudoku.lengths import weighed
from deduce.rules.sudoku.links import STRONG, WEAK
from deduce.rules.sudoku.notation import bilocation_chain, bivalue_chain, eureka
from deduce.state import State
from deduce.step import Step


def _open_with(state: State[Sudoku], digit: int) -> int:
    """The bitmask of open cells that may still hold ``digit``."""
    bit = 1 << digit
    mask = 0
    for cell, d in enumerate(state.domains):
        if d & bit and not state.fixed[cell]:
            mask |= 1 << cell
    return mask


def _path_steps(
    state: State[Sudoku],
    an: Analysis[V],
    rule: str,
    starts: Iterable[tuple[int, int, int, Callable[[int, int], int]]],
    written: Callable[[Walk[V], int], str],
    base: float,
    extra: int,
    kind: str,
) -> Iterator[Step]:
    """Steps for every chain from a start ``(cell, digit d, first label, end value)`` to an end
    cell that the chain fixes to ``d``, the shortest chain first; ``written(walk, d)`` is the
    chain in Eureka notation (``notation``). Written out, a chain through ``k``
    cells runs through ``2 k + extra`` candidates, the eliminated one twice included: an
    XY-Chain both digits of every cell (``extra`` 2), an AIC one digit of each end cell (0).

    Which chains there are follows from the graph alone, and what they eliminate only
    narrows as the state's candidates do: on the very graph it last found nothing on (the
    analysis is kept while the edges stay the same, ``graphs.bilocation``), the rule finds
    nothing again and does not look."""
    nothing = f"nothing: {rule}"
    if state.memo.get(nothing) is an:
        return
    geo: Geometry = state.puzzle.geo
    peers = geo.peer_masks
    holders: dict[int, int] = {}
    found = []
    for cell, d, first, end_value in starts:
        source = an.nr.exit[(cell, first)]
        if d not in holders:
            holders[d] = _open_with(state, d)
        walk_to = None
        for end, label, node in an.reached_entries(source):
            if end == cell or end_value(end, label) != d:
                continue
            targets = peers[cell] & peers[end] & holders[d]
            if not targets:
                continue
            walk_to = walk_to or an.walks_from(source)
            found.append((walk_to(node), cell, d, end, targets))
    if not found:
        state.memo[nothing] = an
    found.sort(key=lambda f: len(f[0]))
    for walk, cell, d, end, targets in found:
        elims = tuple((c, d) for c in cells_of(targets))
        start, digit, stop = cell_name(geo, cell), symbol(d), cell_name(geo, end)
        step = Step(
            rule,
            f"{written(walk, d)}: if {start} is not {digit}, {stop} is, so {digit} is in one of "
            f"them and leaves the cells that see both: {join_elims(geo, elims)}.",
            eliminations=elims,
            premises=chain_premises(walk),
            links=chain_links(walk),
            link_labels=link_labels(walk),
            link_kinds=(kind,) * len(chain_links(walk)),
            region=cell_name(geo, cell),
        )
        yield weighed(step, base, 2 * len(chain_cells(walk)) + extra)


def bilocation_paths(state: State[Sudoku], base: float = 0.0) -> Iterator[Step]:
    """AICs: chains of links starting and ending on digit ``d``: ``d`` leaves cells seeing both
    ends."""
    an = bilocation(state)
    geo: Geometry = state.puzzle.geo
    starts = (
        (cell, d, d, lambda _end, label: label)
        for cell in sorted(an.labels)
        for d in an.labels[cell]
    )
    yield from _path_steps(
        state,
        an,
        "AIC",
        starts,
        lambda walk, _d: eureka(geo, *bilocation_chain(chain_cells(walk))),
        base,
        0,
        STRONG,
    )


def bivalue_paths(state: State[Sudoku], base: float = 0.0) -> Iterator[Step]:
    """XY-Chains: two-candidate cells from ``d|e`` to a cell left with ``d``: ``d`` leaves the
    cells that see both ends."""
    an = bivalue(state)
    geo: Geometry = state.puzzle.geo
    domains = state.domains

    def other(cell: int, label: int) -> int:
        return (domains[cell] & ~(1 << label)).bit_length() - 1

    starts = (
        (cell, other(cell, e), e, other)
        for cell in sorted(v for v in an.labels if not isinstance(v, tuple))
        for e in an.labels[cell]
    )
    yield from _path_steps(
        state,
        an,
        "XY-Chain",
        starts,
        lambda walk, d: eureka(geo, *bivalue_chain(chain_cells(walk), d, d)),
        base,
        2,
        WEAK,
    )
