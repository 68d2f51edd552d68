"""Rules that use the filled cells already known: edge forcing ("glue") and joining and
splitting.

Both start from the same slides as simple boxes (each block between its leftmost and its
rightmost place, known empty cells avoided) and ask which blocks can cover a known filled
cell.

- Edge forcing: the first filled cell of a line that only the first block can reach belongs
  to it, so the first block sticks to it (and the last block to the last such cell); a run of
  filled cells against the edge of the line or an empty cell is the start of its block, so it
  extends away from that wall to the shortest block that could cover it.
- Joining and splitting: two runs that only one block can cover are joined; an open cell
  whose filling would join two runs into a block longer than any block that can reach it is
  empty; a run as long as the longest block that can cover it is complete, so the cells at
  both its ends are empty.
"""

from __future__ import annotations

from collections.abc import Iterator

from deduce.puzzles.nonogram import D_EMPTY
from deduce.rules.nonogram.grid import scan
from deduce.rules.nonogram.lines import LineResult, ranges, runs, settle
from deduce.state import State
from deduce.step import Step


def _covers(
    clue: tuple[int, ...], left: list[int], right: list[int], start: int, end: int
) -> list[int]:
    """The blocks that can cover the run of filled cells ``start``..``end - 1``."""
    return [
        b
        for b, size in enumerate(clue)
        if size >= end - start and left[b] <= start and right[b] + size >= end
    ]


def forcing_line(clue: tuple[int, ...], cells: bytes) -> LineResult:
    """Edge forcing on one line (see the module docstring)."""
    packed = ranges(clue, cells)
    if packed is None:
        return None
    left, right = packed
    found = runs(cells)
    if not clue:
        return None if found else cells
    k = len(clue)
    filled: set[int] = set()
    for start, end in found:
        blocks = _covers(clue, left, right, start, end)
        if not blocks:
            return None
        shortest = min(clue[b] for b in blocks)
        if start == 0 or cells[start - 1] == D_EMPTY:
            filled.update(range(end, start + shortest))
        if end == len(cells) or cells[end] == D_EMPTY:
            filled.update(range(end - shortest, start))
    if found:
        first, last = found[0][0], found[-1][1] - 1
        if k == 1 or first < left[1]:
            left[0] = max(left[0], first - clue[0] + 1)
            right[0] = min(right[0], first)
        if k == 1 or last > right[k - 2] + clue[k - 2] - 1:
            left[k - 1] = max(left[k - 1], last - clue[k - 1] + 1)
            right[k - 1] = min(right[k - 1], last)
        for b in range(1, k):
            left[b] = max(left[b], left[b - 1] + clue[b - 1] + 1)
        for b in range(k - 2, -1, -1):
            right[b] = min(right[b], right[b + 1] - clue[b] - 1)
        if any(a > b for a, b in zip(left, right, strict=True)):
            return None
    reachable = bytearray(len(cells))
    for block, size in enumerate(clue):
        filled.update(range(right[block], left[block] + size))
        reachable[left[block] : right[block] + size] = b"\x01" * (right[block] + size - left[block])
    return settle(cells, filled, [i for i, r in enumerate(reachable) if not r])


def joining_line(clue: tuple[int, ...], cells: bytes) -> LineResult:
    """Joining and splitting on one line (see the module docstring)."""
    packed = ranges(clue, cells)
    if packed is None:
        return None
    left, right = packed
    found = runs(cells)
    if found and not clue:
        return None
    filled: set[int] = set()
    empty: set[int] = set()
    owners = []
    for start, end in found:
        blocks = _covers(clue, left, right, start, end)
        if not blocks:
            return None
        owners.append(blocks)
        if max(clue[b] for b in blocks) == end - start:
            empty.update(i for i in (start - 1, end) if 0 <= i < len(cells))
    for (s1, e1), (s2, e2), o1, o2 in zip(found, found[1:], owners, owners[1:], strict=False):
        gap = cells[e1:s2]
        if D_EMPTY in gap:
            continue
        if len(o1) == 1 and o1 == o2:
            filled.update(range(e1, s2))
        elif s2 - e1 == 1:
            reaching = [b for b, size in enumerate(clue) if left[b] <= e1 < right[b] + size]
            if not reaching or e2 - s1 > max(clue[b] for b in reaching):
                empty.add(e1)
    if filled & empty:
        return None
    return settle(cells, filled, empty)


def edge_forcing(state: State) -> Iterator[Step]:
    """Filled cells near an edge or a wall pull their block along."""
    return scan(
        state,
        "forcing",
        forcing_line,
        "a filled cell only the first or last block can reach, or a run against an edge "
        "or an empty cell, fixes where its block can be",
    )


def joining_and_splitting(state: State) -> Iterator[Step]:
    """Runs that must join, must stay apart, or are complete."""
    return scan(
        state,
        "joining",
        joining_line,
        "its runs of filled cells must join, stay apart or end where the blocks allow",
    )
