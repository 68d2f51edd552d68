"""Range rules: which numbers each chain can hold, once Tatham's link test is stuck.

Every chain of linked cells (a lone cell is a chain of one) holds a run of consecutive
numbers; a chain without a number could start at any number whose run is still free. Its
*range* is the set of numbers it can start at (shown as the numbers its first cell can hold).

- ``where a chain fits`` (round 0): a chain's run must fit among the free numbers (not
  written in anywhere); the hardest test of Tatham's is this for a chain beside a number.
- ``ranges along arrows`` (rounds 1, 2, ...): each round, a chain keeps only the starts at
  which some cell along its last cell's arrow can hold the number after its run, and some
  cell pointing at its first cell can hold the number before; a link stays possible only
  when the two chains' ranges allow consecutive numbers; a free number that only one chain
  can cover must be covered by it. Every round reads the ranges the round before left, so
  a conclusion after r rounds is a chain of r range arguments, and weighs more the more
  rounds it needs. From a written number this counts arrow steps (reachability): the number
  t after it can only be where t arrow steps can reach.

Only what the ranges settle becomes a step: a chain that can start at one number only (its
numbers are written in), or a link that one cell alone can make. The ranges on the way are
the step's reason, not steps of their own: the sentence names the chains and ranges that
settle it.
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs

from deduce.errors import Contradiction
from deduce.puzzles.signpost.board import Board, board
from deduce.puzzles.signpost.model import Signpost
from deduce.rules.signpost.range_steps import conclusions
from deduce.rules.signpost.units import Ranges, Units, units
from deduce.state import State, bits
from deduce.step import Step

#: Rounds of ``ranges along arrows`` tried before giving up (each costs a pass over the grid).
MAX_ROUNDS = 40
#: The difficulty a ``ranges along arrows`` step adds per round after the first.
PER_ROUND = 0.1
#: The most a ``ranges along arrows`` step weighs.
HEAVIEST = 4.5


def _fit(state: State[Signpost], b: Board, us: Units) -> Ranges:
    """Round 0: where each chain's run fits among the free numbers (and its cells' domains)."""
    n = b.n
    free = (((1 << n) - 1) << 1) & ~b.placed
    domains = state.domains
    start = []
    for u, h in enumerate(us.head):
        if b.num[h]:
            start.append(1 << b.num[h])
            continue
        m = free & domains[h]
        cell, t = b.nxt[h], 1
        while 0 <= cell < n and m:
            m &= (free & domains[cell]) >> t
            cell, t = b.nxt[cell], t + 1
        if b.nxt[us.tail[u]] == n:  # linked to the end: it ends at n
            m &= 1 << (n - us.size[u] + 1)
        start.append(m)
    return Ranges(start)


def _round(b: Board, us: Units, r: Ranges) -> Ranges:
    """One round of ranges along the arrows, read from ``r``."""
    n = b.n
    start = r.start
    top = 1 << n
    new = []
    for u, s in enumerate(start):
        if s & (s - 1) == 0:
            new.append(s)
            continue
        size = us.size[u]
        ahead = 0
        for v in us.after[u]:
            if v != -1:
                ahead |= start[v]
        s &= (ahead >> size) | (top >> (size - 1) if -1 in us.after[u] else 0)
        behind = 0b10
        for w in us.before[u]:
            behind |= start[w] << us.size[w]
        new.append(s & behind)
    _cover(b, us, new)
    return Ranges(new)


def _cover(b: Board, us: Units, start: list[int]) -> None:
    """A free number only one chain can cover must be covered by it (in place)."""
    n = b.n
    free = (((1 << n) - 1) << 1) & ~b.placed
    once = twice = 0
    covers = []
    for u, s in enumerate(start):
        c = 0
        for t in range(us.size[u]):
            c |= s << t
        covers.append(c)
        twice |= once & c
        once |= c
    if free & ~once:
        k = next(bits(free & ~once))
        raise Contradiction(f"no chain can hold {k}")
    only = free & once & ~twice
    if not only:
        return
    for u, c in enumerate(covers):
        need = c & only
        for k in bits(need):
            keep = 0
            for t in range(us.size[u]):
                keep |= 1 << k >> t
            start[u] &= keep


def _fitted(state: State[Signpost]) -> tuple[Board, Units, Ranges] | None:
    """The board, the chains and their round-0 ranges (None while a chain is numbered in
    part: numbering along links comes first)."""
    b = board(state)
    if b.loose:
        return None
    us = units(state)
    r = _fit(state, b, us)
    _cover(b, us, r.start)
    return b, us, r


def where_a_chain_fits(state: State[Signpost]) -> Iterator[Step]:
    """Chains settled by where their runs fit among the free numbers."""
    fitted = _fitted(state)
    if fitted is not None:
        b, us, r = fitted
        yield from conclusions(state, b, us, r, "where the free numbers leave room", r)


def ranges_along_arrows(state: State[Signpost], weight: float) -> Iterator[Step]:
    """Chains and links settled by ranges narrowed along the arrows, round after round: a
    step weighs ``weight``, and ``PER_ROUND`` more for each round after the first."""
    fitted = _fitted(state)
    if fitted is None:
        return
    b, us, r = fitted
    prior = r
    for rounds in range(1, MAX_ROUNDS + 1):
        nxt = _round(b, us, r)
        if nxt.start == r.start:
            return
        changed = {u for u, (s0, s1) in enumerate(zip(r.start, nxt.start, strict=True)) if s0 != s1}
        r = nxt
        how = "ranges narrowed along the arrows" + (f", {rounds} rounds" if rounds > 1 else "")
        heavier = round(min(weight + PER_ROUND * (rounds - 1), HEAVIEST), 2)
        for step in conclusions(state, b, us, r, how, prior, changed):
            yield attrs.evolve(step, difficulty=heavier)
        prior = r
