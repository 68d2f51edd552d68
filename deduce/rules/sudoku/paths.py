"""Nonrepetitive paths whose two ends carry the same digit (the path rule of Eppstein's PADS).

- **Bilocation path**: a chain of links (each a digit's only two places in a unit) that starts
  and ends with links on the same digit ``d``, consecutive links on different digits: if its
  first cell were not ``d`` the chain would put ``d`` in its last cell. So ``d`` is in one of
  the two end cells and leaves every cell that sees both.
- **Bivalue path** (an XY-chain; three cells make an XY-wing): a chain of two-candidate cells
  from a cell holding ``d`` and ``e`` whose first link is on ``e`` and whose last cell's digit
  off its last link is ``d``: if the first cell were not ``d`` it would be ``e``, and every
  next cell would take its other digit, ending with ``d``. Again ``d`` leaves the cells that
  see both ends.

The ends a chain can reach come from Theorem 2 (reachability in ``nr(G)``).
"""

from __future__ import annotations

from collections.abc import Iterator

from deduce.puzzles.sudoku.model import Geometry, cell_name, symbol
from deduce.rules.sudoku.graphs import (
    Analysis,
    bilocation,
    bivalue,
    cells_of,
    chain_links,
    chain_premises,
    chain_text,
    join_elims,
    link_labels,
)
from deduce.state import State
from deduce.step import Step


def _open_with(state: State, digit: int) -> int:
    """The bitmask of open cells that may still hold ``digit``."""
    bit = 1 << digit
    mask = 0
    for cell, d in enumerate(state.domains):
        if d & bit and not state.fixed[cell]:
            mask |= 1 << cell
    return mask


def _path_steps(state: State, an: Analysis, rule: str, starts, explain) -> Iterator[Step]:
    """Steps for every chain from a start ``(cell, digit d, first label)`` to an end cell that
    the chain fixes to ``d``; ``explain(cell_text, digit_text, chain)`` words the supposition."""
    geo: Geometry = state.puzzle.geo
    peers = geo.peer_masks
    holders: dict[int, int] = {}
    for cell, d, first, end_value in starts:
        source = an.nr.exit[(cell, first)]
        if d not in holders:
            holders[d] = _open_with(state, d)
        for end, label, node in an.reached_entries(source):
            if end == cell or end_value(end, label) != d:
                continue
            targets = peers[cell] & peers[end] & holders[d]
            if not targets:
                continue
            walk = an.walk(source, node)
            elims = tuple((c, d) for c in cells_of(targets))
            yield Step(
                rule,
                f"{explain(cell_name(geo, cell), symbol(d), chain_text(geo, walk), cell_name(geo, end))}"
                f", so {symbol(d)} is in {cell_name(geo, cell)} or {cell_name(geo, end)} and "
                f"leaves the cells that see both: {join_elims(geo, elims)}.",
                eliminations=elims,
                premises=chain_premises(walk),
                links=chain_links(walk),
                link_labels=link_labels(walk),
                region=cell_name(geo, cell),
            )


def bilocation_paths(state: State) -> Iterator[Step]:
    """Chains of links starting and ending on digit ``d``: ``d`` leaves cells seeing both ends."""
    an = bilocation(state)
    starts = (
        (cell, d, d, lambda _end, label: label)
        for cell in sorted(an.labels)
        for d in an.labels[cell]
    )
    yield from _path_steps(
        state,
        an,
        "bilocation path",
        starts,
        lambda cell, d, chain, end: (
            f"{chain} is a chain of links (each a digit's only two places in a unit): if {cell} "
            f"were not {d}, it would put {d} in {end}"
        ),
    )


def bivalue_paths(state: State) -> Iterator[Step]:
    """XY-chains: two-candidate cells from ``d|e`` to a cell left with ``d``: ``d`` leaves the
    cells that see both ends."""
    an = bivalue(state)
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
        "bivalue path",
        starts,
        lambda cell, d, chain, end: (
            f"{chain} is a chain of two-candidate cells: if {cell} were not {d}, each next cell "
            f"would take its other digit, leaving {end} = {d}"
        ),
    )
