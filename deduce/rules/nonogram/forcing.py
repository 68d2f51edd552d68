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
from collections.abc import Callable, Iterator

from deduce.puzzles.nonogram.model import D_EMPTY, Line, Nonogram
from deduce.rules.nonogram.grid import Reason, cell_list, scan
from deduce.rules.nonogram.lines import (
    LineResult,
    Span,
    memo,
    overlaps,
    ranges,
    runs,
    settle,
    settle_spans,
    unreachable,
)
from deduce.state import State
from deduce.step import Step

#: One fact a rule used: (kind, positions involved, a number such as a block length).
Fact = tuple[str, tuple[int, ...], int]
#: A rule on one line: (clue, cells) -> (the line after it, the facts it used).
Parts = Callable[[tuple[int, ...], bytes], tuple[LineResult, list[Fact]]]


def _covers(
    clue: tuple[int, ...], left: list[int], ends: list[int], start: int, end: int
) -> list[int]:
    """The blocks that can cover the run of filled cells ``start``..``end - 1``: long enough,
    starting at or before ``start`` in their leftmost place and ending at or after ``end`` in
    their rightmost place (``ends``). Both packings go up block by block, so those blocks
    are found by bisection."""
    return [
        b
        for b in range(bisect_left(ends, end), bisect_right(left, start))
        if clue[b] >= end - start
    ]


def _rightmost_ends(clue: tuple[int, ...], right: list[int]) -> list[int]:
    """Where each block ends (exclusive) in its rightmost place."""
    return [r + size for r, size in zip(right, clue, strict=True)]


def forcing_parts(clue: tuple[int, ...], cells: bytes) -> tuple[LineResult, list[Fact]]:
    """Edge forcing on one line: the line after it and the facts that settled something."""
    packed = ranges(clue, cells)
    if packed is None:
        return None, []
    left, right = packed
    found = runs(cells)
    if not clue:
        return (None if found else cells), []
    k = len(clue)
    filled: list[Span] = []
    facts: list[Fact] = []
    ends = _rightmost_ends(clue, right)
    for start, end in found:
        blocks = _covers(clue, left, ends, start, end)
        if not blocks:
            return None, []
        shortest = min(clue[b] for b in blocks)
        if (start == 0 or cells[start - 1] == D_EMPTY) and end < start + shortest:
            filled.append((end, start + shortest))
            facts.append(("wall-start", (start, end - 1), shortest))
        if (end == len(cells) or cells[end] == D_EMPTY) and end - shortest < start:
            filled.append((end - shortest, start))
            facts.append(("wall-end", (start, end - 1), shortest))
    old_left, old_right = left[:], right[:]
    if found:
        first, last = found[0][0], found[-1][1] - 1
        if k == 1 or first < left[1]:
            left[0] = max(left[0], first - clue[0] + 1)
            right[0] = min(right[0], first)
            facts.append(("first", (first,), clue[0]))
        if k == 1 or last > right[k - 2] + clue[k - 2] - 1:
            left[k - 1] = max(left[k - 1], last - clue[k - 1] + 1)
            right[k - 1] = min(right[k - 1], last)
            facts.append(("last", (last,), clue[k - 1]))
        # Push the blocks after the first one right and those before the last one left, as
        # far as they must move (the packings were consistent, so stop at the first that
        # need not).
        for b in range(1, k):
            least = left[b - 1] + clue[b - 1] + 1
            if left[b] >= least:
                break
            left[b] = least
        for b in range(k - 2, -1, -1):
            most = right[b + 1] - clue[b] - 1
            if right[b] <= most:
                break
            right[b] = most
    if (left, right) == (old_left, old_right):
        facts = [f for f in facts if f[0].startswith("wall")]
    elif any(a > b for a, b in zip(left, right, strict=True)):
        return None, []
    filled += overlaps(clue, left, right)
    return settle_spans(cells, filled, unreachable(clue, left, right, len(cells))), facts


def forcing_line(clue: tuple[int, ...], cells: bytes) -> LineResult:
    """Edge forcing on one line (see the module docstring)."""
    return _keeping_facts("forcing", forcing_parts, clue, cells)


def joining_parts(clue: tuple[int, ...], cells: bytes) -> tuple[LineResult, list[Fact]]:
    """Joining and splitting on one line: the line after it and the facts it used."""
    packed = ranges(clue, cells)
    if packed is None:
        return None, []
    left, right = packed
    found = runs(cells)
    if found and not clue:
        return None, []
    filled: set[int] = set()
    empty: set[int] = set()
    facts: list[Fact] = []
    owners = []
    rightmost = _rightmost_ends(clue, right)
    for start, end in found:
        blocks = _covers(clue, left, rightmost, start, end)
        if not blocks:
            return None, []
        owners.append(blocks)
        longest = max(clue[b] for b in blocks)
        ends = [i for i in (start - 1, end) if 0 <= i < len(cells) and cells[i] != D_EMPTY]
        if longest == end - start and ends:
            empty.update(ends)
            facts.append(("complete", (start, end - 1), longest))
    for (s1, e1), (s2, e2), o1, o2 in zip(found, found[1:], owners, owners[1:], strict=False):
        if D_EMPTY in cells[e1:s2]:
            continue
        if len(o1) == 1 and o1 == o2:
            filled.update(range(e1, s2))
            facts.append(("join", (s1, e2 - 1), clue[o1[0]]))
        elif s2 - e1 == 1:
            reaching = [b for b, size in enumerate(clue) if left[b] <= e1 < right[b] + size]
            longest = max((clue[b] for b in reaching), default=0)
            if e2 - s1 > longest:
                empty.add(e1)
                facts.append(("split", (s1, e1, e2 - 1), longest))
    if filled & empty:
        return None, []
    return settle(cells, filled, empty), facts


def joining_line(clue: tuple[int, ...], cells: bytes) -> LineResult:
    """Joining and splitting on one line (see the module docstring)."""
    return _keeping_facts("joining", joining_parts, clue, cells)


def _keeping_facts(kind: str, parts: Parts, clue: tuple[int, ...], cells: bytes) -> LineResult:
    """The line after ``parts``; the facts it used are remembered for the step's sentence."""
    result, facts = parts(clue, cells)
    if facts:
        memo(f"{kind} facts", clue)[cells] = facts
    return result


def _run(puzzle: Nonogram, line: Line, a: int, b: int) -> str:
    if a == b:
        return f"the filled {cell_list(puzzle, [line.cells[a]])}"
    first, last = cell_list(puzzle, [line.cells[a]]), cell_list(puzzle, [line.cells[b]])
    return f"the run {first} to {last}"


def _say(puzzle: Nonogram, line: Line, cells: bytes, fact: Fact) -> str:
    kind, where, size = fact
    if kind == "wall-start":
        a, b = where
        wall = "the edge" if a == 0 else f"the empty {cell_list(puzzle, [line.cells[a - 1]])}"
        return f"{_run(puzzle, line, a, b)} starts at {wall}, and every block that can cover it is at least {size} long"
    if kind == "wall-end":
        a, b = where
        wall = (
            "the edge"
            if b == len(cells) - 1
            else f"the empty {cell_list(puzzle, [line.cells[b + 1]])}"
        )
        return f"{_run(puzzle, line, a, b)} ends at {wall}, and every block that can cover it is at least {size} long"
    if kind in ("first", "last"):
        cell = cell_list(puzzle, [line.cells[where[0]]])
        return f"the {kind} filled cell {cell} can only belong to the {kind} block ({size})"
    if kind == "complete":
        a, b = where
        return f"{_run(puzzle, line, a, b)} is already as long as the longest block that can cover it ({size})"
    if kind == "join":
        a, b = where
        return f"the runs between {cell_list(puzzle, [line.cells[a]])} and {cell_list(puzzle, [line.cells[b]])} can only belong to the same block ({size})"
    a, gap, b = where
    return (
        f"filling {cell_list(puzzle, [line.cells[gap]])} would make a run of {b - a + 1}, "
        f"longer than any block that can reach it"
    )


def _facts_reason(kind: str, parts: Parts) -> Reason:
    def reason(puzzle: Nonogram, line: Line, before: bytes, after: bytes) -> str:
        facts = memo(f"{kind} facts", line.clue).get(before)
        if facts is None:  # forgotten since (the memo has a size limit)
            facts = parts(line.clue, before)[1]
        return (
            "; ".join(_say(puzzle, line, before, f) for f in facts[:3]) or "its blocks are pinned"
        )

    return reason


def edge_forcing(state: State) -> Iterator[Step]:
    """Filled cells near an edge or a wall pull their block along."""
    return scan(state, "forcing", forcing_line, _facts_reason("forcing", forcing_parts))


def joining_and_splitting(state: State) -> Iterator[Step]:
    """Runs that must join, must stay apart, or are complete."""
    return scan(state, "joining", joining_line, _facts_reason("joining", joining_parts))
