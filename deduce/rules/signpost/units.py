"""Chains as units of the range rules: each chain's possible links, and its range.

A chain's *range* is the set of numbers it can start at (``Ranges.start``, a bitmask per
chain); the units say which chains may follow which by Tatham's test.
"""

from __future__ import annotations

import attrs

from deduce.memo import last
from deduce.puzzles.signpost.board import board
from deduce.puzzles.signpost.model import Signpost
from deduce.rules.signpost.settled import OPEN, why_not
from deduce.state import State, bits


@attrs.frozen
class Units:
    """The chains of a grid and how they may link: ``head[u]``, ``tail[u]``, ``size[u]`` of
    chain ``u``; ``unit[c]`` the chain of cell ``c``; ``after[u]`` the chains its tail may lead
    to by Tatham's test (``-1``: it may be last), ``before[u]`` the chains whose tail may
    lead to its head."""

    head: list[int]
    tail: list[int]
    size: list[int]
    unit: dict[int, int]
    after: list[list[int]]
    before: list[list[int]]


def units(state: State[Signpost]) -> Units:
    """The chains of ``state`` and their possible links (kept per grid)."""
    return last(state, "signpost.units", _units)


def _units(state: State[Signpost]) -> Units:
    puzzle: Signpost = state.puzzle
    n = puzzle.n
    b = board(state)
    domains = state.domains
    head: list[int] = []
    tail: list[int] = []
    size: list[int] = []
    unit: dict[int, int] = {}
    for c in range(n):
        if b.prv[c] == -1:
            unit[c] = len(head)
            head.append(c)
            tail.append(b.end[c])
            size.append(b.size[c])
    for u, t in enumerate(tail):
        unit[t] = u
    after: list[list[int]] = [[] for _ in head]
    before: list[list[int]] = [[] for _ in head]
    for u, a in enumerate(tail):
        if b.nxt[a] != -1:
            continue  # linked to the end already
        for x in bits(domains[n + a]):
            if why_not(b, a, x) == OPEN:
                v = -1 if x == n else unit[x]
                after[u].append(v)
                if v >= 0:
                    before[v].append(u)
    return Units(head, tail, size, unit, after, before)


@attrs.define
class Ranges:
    """The ranges after some rounds: ``start[u]`` the numbers chain ``u`` can start at."""

    start: list[int]
