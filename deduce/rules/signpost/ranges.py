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
from deduce.memo import last
from deduce.puzzles.signpost.board import Board, board
from deduce.puzzles.signpost.model import Signpost, cell_name, predecessors
from deduce.rules.signpost.chains import chain_text, number_from, numbers_text
from deduce.rules.signpost.links import link_numbers
from deduce.rules.signpost.settled import OPEN, why_not
from deduce.state import State, bits
from deduce.step import Step

#: Rounds of ``ranges along arrows`` tried before giving up (each costs a pass over the grid).
MAX_ROUNDS = 40
#: The difficulty a ``ranges along arrows`` step adds per round after the first.
PER_ROUND = 0.1
#: The most a ``ranges along arrows`` step weighs.
HEAVIEST = 4.5


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


def units(state: State) -> Units:
    """The chains of ``state`` and their possible links (kept per grid)."""
    return last(state, "signpost.units", _units)


def _units(state: State) -> Units:
    puzzle: Signpost = state.puzzle
    n = puzzle.n
    b = board(state)
    domains = state.domains
    head, tail, size, unit = [], [], [], {}
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


def _spans(mask: int) -> str:
    """3-7, 12, 20-21: the numbers of a mask as runs."""
    out, run = [], []
    for k in bits(mask):
        if run and k != run[-1] + 1:
            out.append(run)
            run = []
        run.append(k)
    if run:
        out.append(run)
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in out)


@attrs.define
class Ranges:
    """The ranges after some rounds: ``start[u]`` the numbers chain ``u`` can start at."""

    start: list[int]


def _fit(state: State, b: Board, us: Units) -> Ranges:
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


def _what(puzzle: Signpost, b: Board, us: Units, u: int) -> str:
    h = us.head[u]
    if us.size[u] == 1:
        return cell_name(puzzle, h)
    return f"the chain {chain_text(puzzle, b.chain(h), 4)} ({us.size[u]} cells)"


def _holds(puzzle: Signpost, cell: int, mask: int) -> str:
    """``r1c1 holds 7`` or ``r1c1 can only hold 3-5, 9``."""
    name = cell_name(puzzle, cell)
    if mask & (mask - 1) == 0:
        return f"{name} holds {mask.bit_length() - 1}"
    return f"{name} can only hold {_spans(mask)}"


def _ends(us: Units, r: Ranges, u: int) -> int:
    return r.start[u] << (us.size[u] - 1)


def _compatible(n: int, us: Units, r: Ranges, u: int, v: int) -> bool:
    """Whether chain ``v`` (``-1``: the end) can follow chain ``u`` under ranges ``r``."""
    if v == -1:
        return bool(_ends(us, r, u) >> n & 1)
    return bool((r.start[u] << us.size[u]) & r.start[v])


def _conclusions(
    state: State, b: Board, us: Units, r: Ranges, how: str, prior: Ranges
) -> Iterator[Step]:
    """The steps ranges ``r`` settle: chains with one start, then links one cell alone can
    make (``how`` names the argument, ``prior`` the ranges it started from)."""
    puzzle: Signpost = state.puzzle
    n = puzzle.n
    rule = "where a chain fits" if prior is r else "ranges along arrows"
    for u, s in enumerate(r.start):
        if not s:
            raise Contradiction(f"{_what(puzzle, b, us, u)} fits nowhere among the free numbers")
        h = us.head[u]
        if b.num[h] or s & (s - 1):
            continue
        k = s.bit_length() - 1
        placed = number_from(puzzle, b, b.chain(h), k)
        why = _start_reason(puzzle, b, us, r, prior, u, how)
        text = (
            f"{_what(puzzle, b, us, u)} can only start at {k}{why}, so "
            f"{numbers_text(puzzle, placed)}."
            if us.size[u] > 1
            else f"{cell_name(puzzle, h)} is {k}: no other number is left for it{why}."
        )
        yield Step(
            rule,
            text,
            placements=tuple(placed),
            premises=_premises(n, b, us, [u, *us.before[u], *us.after[u]]),
            region=cell_name(puzzle, h),
        )
    for u, a in enumerate(us.tail):
        options = us.after[u]
        fits = [v for v in options if _compatible(n, us, r, u, v)]
        if len(options) > 1 and len(fits) == 1:
            yield _link(state, b, us, r, rule, how, u, fits[0], options, "on")
    for v, x in enumerate(us.head):
        options = us.before[v]
        if r.start[v] & 0b10 or len(options) < 2:
            continue
        fits = [u for u in options if _compatible(n, us, r, u, v)]
        if len(fits) == 1:
            yield _link(state, b, us, r, rule, how, fits[0], v, options, "in")
    if b.where[n] == -1 and n not in b.nxt:
        options = [u for u in range(len(us.head)) if -1 in us.after[u]]
        fits = [u for u in options if _compatible(n, us, r, u, -1)]
        if len(options) > 1 and len(fits) == 1:
            yield _link(state, b, us, r, rule, how, fits[0], -1, options, "last")


def _premises(n: int, b: Board, us: Units, which: list[int]) -> tuple[int, ...]:
    """The numbers and links of the chains ``which`` (``-1`` skipped): what a range reads."""
    out: set[int] = set()
    for u in which:
        if u < 0:
            continue
        chain = b.chain(us.head[u])
        out.update(chain)
        out.add(n + chain[-1])
    return tuple(sorted(out))


def _start_reason(
    puzzle: Signpost, b: Board, us: Units, r: Ranges, prior: Ranges, u: int, how: str
) -> str:
    n = puzzle.n
    if prior is r:
        return f" ({how})"
    parts = []
    before = [w for w in us.before[u]]
    after = [v for v in us.after[u]]
    if before:
        ends = 0
        for w in before:
            ends |= _ends(us, r, w)
        parts.append(f"the cells that can lead to it end chains at {_spans(ends)}")
    if after:
        starts = 0
        for v in after:
            starts |= (1 << n) if v == -1 else r.start[v]
        tail = cell_name(puzzle, us.tail[u])
        parts.append(f"the cells along the arrow of {tail} start chains at {_spans(starts)}")
    return f" ({how}: {'; '.join(parts)})" if parts else f" ({how})"


def _link(
    state: State,
    b: Board,
    us: Units,
    r: Ranges,
    rule: str,
    how: str,
    u: int,
    v: int,
    options: list[int],
    form: str,
) -> Step:
    """The step that links chain ``u``'s tail to chain ``v``'s head (``v == -1``: to the end)."""
    puzzle: Signpost = state.puzzle
    n = puzzle.n
    a = us.tail[u]
    x = n if v == -1 else us.head[v]
    an = cell_name(puzzle, a)
    if form == "on":
        others = [w for w in options if w != v]
        listed = "; ".join(
            _holds(puzzle, us.head[w], r.start[w]) if w != -1 else f"being last needs {n}"
            for w in others
        )
        text = (
            f"{an} → {cell_name(puzzle, x)}: {_holds(puzzle, a, _ends(us, r, u))} ({how}), and "
            f"only {cell_name(puzzle, x)} along its arrow can hold the number after ({listed})"
        )
        elims = tuple((n + a, n if w == -1 else us.head[w]) for w in others)
    else:
        others = [w for w in options if w != u]
        listed = "; ".join(_holds(puzzle, us.tail[w], _ends(us, r, w)) for w in others)
        text = (
            f"{an} → {cell_name(puzzle, x)}: {_holds(puzzle, x, r.start[v])} ({how}), and of "
            f"the cells pointing at it only {an} can hold the number before ({listed})"
            if x < n
            else f"{an} is the last cell: only it can hold {n} ({how}; {listed})"
        )
        elims = tuple((n + us.tail[w], x) for w in others)
    numbers = link_numbers(puzzle, b, a, x)
    if numbers:
        text += f", so {numbers_text(puzzle, numbers)}"
    return Step(
        rule,
        text + ".",
        placements=((n + a, x), *numbers),
        eliminations=elims,
        premises=_premises(n, b, us, [u, v, *options]),
        links=((a, x),) if x < n else (),
        region=an,
    )


def where_a_chain_fits(state: State) -> Iterator[Step]:
    """Chains settled by where their runs fit among the free numbers."""
    b = board(state)
    if b.loose:
        return  # a chain numbered in part: numbering along links comes first
    us = units(state)
    r = _fit(state, b, us)
    _cover(b, us, r.start)
    yield from _conclusions(state, b, us, r, "where the free numbers leave room", r)


def ranges_along_arrows(state: State) -> Iterator[Step]:
    """Chains and links settled by ranges narrowed along the arrows, round after round."""
    b = board(state)
    if b.loose:
        return  # a chain numbered in part: numbering along links comes first
    us = units(state)
    r = _fit(state, b, us)
    _cover(b, us, r.start)
    prior = r
    for rounds in range(1, MAX_ROUNDS + 1):
        nxt = _round(b, us, r)
        if nxt.start == r.start:
            return
        r = nxt
        how = "ranges narrowed along the arrows" + (f", {rounds} rounds" if rounds > 1 else "")
        weight = round(min(3.3 + PER_ROUND * (rounds - 1), HEAVIEST), 2)
        for step in _conclusions(state, b, us, r, how, prior):
            yield attrs.evolve(step, difficulty=weight)
        prior = r
