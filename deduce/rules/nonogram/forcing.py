"""Rules that use the filled cells already known: edge forcing ("glue") and joining and
splitting.

Both start from the same slides as simple boxes (each block between its leftmost and its
rightmost place, known empty cells avoided) and ask which blocks can cover a known filled
cell.

- Edge forcing: a run of filled cells against the edge of the line or an empty cell is the
  start (end) of its block, so it extends away from that wall to the shortest block that could
  cover it; the first filled cell of a line that only the first block can reach belongs to it,
  so the first block sticks to it (and the last block to the last such cell), and what it
  can no longer reach is empty.
- Joining and splitting: two runs that only one block can cover are joined; an open cell
  whose filling would join two runs into a block longer than any block that can reach it is
  empty; a run as long as the longest block that can cover it is complete, so the cells at
  both its ends are empty.

Each part also says in words what it used (``facts``), for the step's sentence.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterator
from typing import Any

from deduce.puzzles.nonogram.model import Line, Nonogram
from deduce.rules.nonogram.packing import packing
from deduce.rules.nonogram.scans import scan
from deduce.state import State
from deduce.step import Step

#: One fact a rule used: (kind, positions involved, a number such as a block length).
Fact = tuple[str, tuple[int, ...], int]
#: What a rule here says about a line: (filled, empty, the facts it used) after it, or None
#: when the line cannot show its clue.
Found = tuple[int, int, list[Fact]] | None


def edge_forcing_line(clue: tuple[int, ...], n: int, filled: int, empty: int) -> Found:
    """Edge forcing on one line (see the module docstring): the line after it and the facts
    that settled something."""
    packed = packing(clue, n, empty)
    if packed is None:
        return None
    if not filled:  # nothing to force: what the packings alone settle
        return packed.overlap, empty | packed.unreachable, []
    if not clue:
        return None
    left, right, ends = packed.left, packed.right, packed.ends
    fill = 0
    facts: list[Fact] = []
    rest = filled
    while rest:  # every run of filled cells, found by the carry that clears it
        low = rest & -rest
        carried = rest + low
        top = carried & -carried
        rest = carried ^ top
        start, end = low.bit_length() - 1, top.bit_length() - 1
        # The blocks that can cover the run: long enough, starting at or before it in their
        # leftmost place and ending at or after it in their rightmost place (both packings
        # go up block by block, so they are found by bisection); the shortest of them.
        length = end - start
        lo, hi = bisect_left(ends, end), bisect_right(left, start)
        if hi - lo == 1:  # the usual case: one block can reach the run
            shortest = clue[lo] if clue[lo] >= length else 0
        else:
            shortest = 0
            for b in range(lo, hi):
                size = clue[b]
                if size >= length and (not shortest or size < shortest):
                    shortest = size
        if not shortest:
            return None
        if end < start + shortest and (start == 0 or empty >> (start - 1) & 1):
            fill |= (1 << (start + shortest)) - (1 << end)
            facts.append(("wall-start", (start, end - 1), shortest))
        if end - shortest < start and (end == n or empty >> end & 1):
            fill |= (1 << start) - (1 << (end - shortest))
            facts.append(("wall-end", (start, end - 1), shortest))
    k = len(clue)
    first, last = (filled & -filled).bit_length() - 1, filled.bit_length() - 1
    # The first (last) block anchored by the first (last) filled cell when only it can
    # reach that cell: its new places, then the blocks after (before) it pushed as far as
    # they must move (the packings were consistent, so stop at the first that need not).
    a0, z0 = left[0], right[0]
    anchor_first = k == 1 or first < left[1]
    if anchor_first:
        least = first - clue[0] + 1
        if a0 < least:
            a0 = least
        if z0 > first:
            z0 = first
    a1, z1 = left[k - 1], right[k - 1]
    if k == 1:
        anchor_last = True
        a1, z1 = a0, z0
    else:  # with two blocks, the first one's rightmost place is already anchored
        anchor_last = last > (z0 if k == 2 else right[k - 2]) + clue[k - 2] - 1
    if anchor_last:
        least = last - clue[k - 1] + 1
        if a1 < least:
            a1 = least
        if z1 > last:
            z1 = last
    if a0 == left[0] and z0 == right[0] and a1 == left[k - 1] and z1 == right[k - 1]:
        overlap, unreached = packed.overlap, packed.unreachable
    else:
        if anchor_first:
            facts.append(("first", (first,), clue[0]))
        if anchor_last:
            facts.append(("last", (last,), clue[k - 1]))
        c0, c1 = clue[0], clue[k - 1]
        if k >= 3 and a0 + c0 < left[1] and z1 - clue[k - 2] > right[k - 2]:
            # No block is pushed: only the first and the last block's places narrow. What
            # they must cover grows; what leaves their reach and no other block's (beyond
            # the first filled cell, no other block reaches left of block 1's leftmost
            # start; left of the last filled cell, block k - 2 covers up to its end) is
            # unreachable.
            if a0 > z0 or a1 > z1:
                return None
            ends = packed.ends
            overlap = packed.overlap
            if z0 < a0 + c0:
                overlap |= (1 << (a0 + c0)) - (1 << z0)
            if z1 < a1 + c1:
                overlap |= (1 << (a1 + c1)) - (1 << z1)
            unreached = packed.unreachable
            if a0 > left[0]:
                unreached |= (1 << a0) - (1 << left[0])
            top = ends[0] if ends[0] < left[1] else left[1]
            if z0 + c0 < top:
                unreached |= (1 << top) - (1 << (z0 + c0))
            if z1 + c1 < ends[k - 1]:
                unreached |= (1 << ends[k - 1]) - (1 << (z1 + c1))
            bottom = left[k - 1] if left[k - 1] > ends[k - 2] else ends[k - 2]
            if bottom < a1:
                unreached |= (1 << a1) - (1 << bottom)
            fill |= overlap
            if fill & empty or unreached & (filled | fill):
                return None
            return filled | fill, empty | unreached, facts
        starts, lasts = left[:], right[:]
        starts[0], lasts[0] = a0, z0
        starts[k - 1], lasts[k - 1] = a1, z1
        for b in range(1, k):
            least = starts[b - 1] + clue[b - 1] + 1
            if starts[b] >= least:
                break
            starts[b] = least
        for b in range(k - 2, -1, -1):
            most = lasts[b + 1] - clue[b] - 1
            if lasts[b] <= most:
                break
            lasts[b] = most
        overlap = unreached = pos = 0
        for b, size in enumerate(clue):
            a, z = starts[b], lasts[b]
            if a > z:
                return None
            if z < a + size:
                overlap |= (1 << (a + size)) - (1 << z)
            if a > pos:
                unreached |= (1 << a) - (1 << pos)
            if z + size > pos:
                pos = z + size
        if pos < n:
            unreached |= (1 << n) - (1 << pos)
    fill |= overlap
    if fill & empty or unreached & (filled | fill):
        return None
    return filled | fill, empty | unreached, facts


def joining_line(clue: tuple[int, ...], n: int, filled: int, empty: int) -> Found:
    """Joining and splitting on one line (see the module docstring): the line after it and
    the facts it used (the complete runs first, then the joins and splits, in order)."""
    packed = packing(clue, n, empty)
    if packed is None:
        return None
    if not filled:
        return filled, empty, []
    if not clue:
        return None
    left, ends = packed.left, packed.ends
    fill = clear = 0
    facts: list[Fact] = []
    pairs: list[Fact] = []
    s1 = e1 = owner1 = -1  # the run before this one: its start, end and sole owner
    rest = filled
    while rest:  # every run of filled cells, found by the carry that clears it
        low = rest & -rest
        carried = rest + low
        top = carried & -carried
        rest = carried ^ top
        start, end = low.bit_length() - 1, top.bit_length() - 1
        # The blocks that can cover the run are among lo..hi - 1 (both packings go up block
        # by block), those at least as long as the run; the longest of them, the one owner.
        length = end - start
        lo, hi = bisect_left(ends, end), bisect_right(left, start)
        if hi - lo == 1:
            longest = clue[lo]
            if longest < length:
                return None
            owner = lo
        else:
            longest = max(clue[lo:hi], default=0)
            if longest < length:
                return None
            owner = _sole_owner(clue, lo, hi, length)
        if longest == length:  # complete: its open ends are empty
            walls = 0
            if start > 0 and not empty >> (start - 1) & 1:
                walls |= 1 << (start - 1)
            if end < n and not empty >> end & 1:
                walls |= 1 << end
            if walls:
                clear |= walls
                facts.append(("complete", (start, end - 1), length))
        if e1 >= 0 and not empty & ((1 << start) - (1 << e1)):  # no empty cell between
            if owner1 >= 0 and owner1 == owner:
                fill |= (1 << start) - (1 << e1)
                pairs.append(("join", (s1, end - 1), clue[owner]))
            elif start - e1 == 1:
                # the blocks that can reach the gap: leftmost start at or before it,
                # rightmost end after it
                reach = clue[bisect_right(ends, e1) : bisect_right(left, e1)]
                most = max(reach, default=0)
                if end - s1 > most:
                    clear |= 1 << e1
                    pairs.append(("split", (s1, e1, end - 1), most))
        s1, e1, owner1 = start, end, owner
    if fill & clear or fill & empty or clear & (filled | fill):
        return None
    if pairs:
        facts += pairs
    return filled | fill, empty | clear, facts


def _sole_owner(clue: tuple[int, ...], lo: int, hi: int, length: int) -> int:
    """The one block of ``lo`` .. ``hi - 1`` long enough to cover a run of ``length``
    cells, or -1 when there are none or several."""
    owner = -1
    for b in range(lo, hi):
        if clue[b] >= length:
            if owner >= 0:
                return -1
            owner = b
    return owner


def _run(names: tuple[str, ...], a: int, b: int) -> str:
    if a == b:
        return f"the filled {names[a]}"
    return f"the run {names[a]} to {names[b]}"


def _say(names: tuple[str, ...], n: int, fact: Fact) -> str:
    """One fact in words; ``names`` are the line's cell names by position."""
    kind, where, size = fact
    if kind == "wall-start":
        a, b = where
        wall = "the edge" if a == 0 else f"the empty {names[a - 1]}"
        return f"{_run(names, a, b)} starts at {wall}, and every block that can cover it is at least {size} long"
    if kind == "wall-end":
        a, b = where
        wall = "the edge" if b == n - 1 else f"the empty {names[b + 1]}"
        return f"{_run(names, a, b)} ends at {wall}, and every block that can cover it is at least {size} long"
    if kind in ("first", "last"):
        return (
            f"the {kind} filled cell {names[where[0]]} can only belong to the {kind} block ({size})"
        )
    if kind == "complete":
        a, b = where
        return f"{_run(names, a, b)} is already as long as the longest block that can cover it ({size})"
    if kind == "join":
        a, b = where
        return (
            f"the runs between {names[a]} and {names[b]} can only belong to the same block ({size})"
        )
    a, gap, b = where
    return (
        f"filling {names[gap]} would make a run of {b - a + 1}, "
        f"longer than any block that can reach it"
    )


def _reason(names: tuple[str, ...], line: Line, filled: int, empty: int, after: Any) -> str:
    """What the facts of the rule's answer (``after[2]``) say, the first three of them."""
    facts = after[2]
    if not facts:
        return "its blocks are pinned"
    n = len(names)
    return "; ".join([_say(names, n, f) for f in facts[:3]])


def edge_forcing(state: State[Nonogram], name: str, weight: float) -> Iterator[Step]:
    """Filled cells near an edge or a wall pull their block along; steps carry the rule's
    ``name`` and ``weight`` (the family's table's) from the start."""
    named = (name, weight)
    return scan(state, "forcing", edge_forcing_line, _reason, costly=True, named=named)


def joining_and_splitting(state: State[Nonogram], name: str, weight: float) -> Iterator[Step]:
    """Runs that must join, must stay apart, or are complete (steps named and weighed as
    ``edge_forcing``'s)."""
    named = (name, weight)
    return scan(state, "joining", joining_line, _reason, costly=True, named=named)
