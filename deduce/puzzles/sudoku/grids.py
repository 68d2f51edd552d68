"""Random solution grids of any Sudoku shape (boxes or jigsaw regions): a depth-first search
that tries each cell's digits in a random order, cell with fewest candidates first, and
propagates naked and hidden singles after each.

The generators of the variants start from such a grid: a jigsaw's regions can leave no grid
at all, which the search finds out within its node budget, and a random grid is what a
Killer's cages are drawn on.
"""

from __future__ import annotations

import random

from deduce.puzzles.sudoku.model import Geometry
from deduce.state import bits

#: Nodes (digits tried) before one search gives up. The nodes a search needs have a heavy
#: tail (measured, 100 random 9x9 jigsaw maps within 5,000 nodes: median 79, 66 within 300,
#: 79 within 5,000, 21 not found), so a caller does better to start again (or draw another
#: map) than to search on.
NODE_BUDGET = 300


def random_solution(
    geo: Geometry, rng: random.Random, budget: int = NODE_BUDGET
) -> list[int] | None:
    """A random solution grid of ``geo`` (the digit of every cell), or None when none is found
    within ``budget`` nodes (a jigsaw map can have none)."""
    domains = [geo.full] * (geo.n * geo.n)
    nodes = [0]
    return _extend(geo, domains, rng, budget, nodes)


def _extend(
    geo: Geometry, domains: list[int], rng: random.Random, budget: int, nodes: list[int]
) -> list[int] | None:
    open_cells = [c for c, d in enumerate(domains) if d & (d - 1)]
    if not open_cells:
        return [d.bit_length() - 1 for d in domains]
    cell = min(open_cells, key=lambda c: domains[c].bit_count())
    digits = list(bits(domains[cell]))
    rng.shuffle(digits)
    for digit in digits:
        nodes[0] += 1
        if nodes[0] > budget:
            return None
        trial = _placed(geo, domains, cell, digit)
        if trial is not None:
            found = _extend(geo, trial, rng, budget, nodes)
            if found is not None or nodes[0] > budget:
                return found
    return None


def _placed(geo: Geometry, domains: list[int], cell: int, digit: int) -> list[int] | None:
    """The domains with ``digit`` at ``cell``, then naked and hidden singles to a fixpoint;
    None on a cell left with no digit or a unit left without a place for one."""
    out = list(domains)
    out[cell] = 1 << digit
    todo: list[int] | None = [cell]
    while todo:
        if not _eliminated(geo, out, todo):
            return None
        todo = _hidden_singles(geo, out)
    return None if todo is None else out


def _eliminated(geo: Geometry, out: list[int], todo: list[int]) -> bool:
    """Each decided cell of ``todo`` (and each it decides) leaves its peers; False on a
    cell left with no digit."""
    while todo:
        here = todo.pop()
        mask = out[here]
        for peer in geo.peers[here]:
            if out[peer] & mask:
                out[peer] &= ~mask
                if not out[peer]:
                    return False
                if not out[peer] & (out[peer] - 1):
                    todo.append(peer)
    return True


def _hidden_singles(geo: Geometry, out: list[int]) -> list[int] | None:
    """Place every digit with one place left in a unit; the cells placed, or None when a
    unit has no place for a digit."""
    placed = []
    for unit in geo.units:
        once = twice = 0
        for c in unit:
            twice |= once & out[c]
            once |= out[c]
        if once != geo.full:
            return None
        for c in unit:
            single = out[c] & ~twice
            if single and out[c] & (out[c] - 1):
                if single & (single - 1):
                    return None
                out[c] = single
                placed.append(c)
    return placed
