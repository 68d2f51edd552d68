"""Line logic shared by the nonogram rules: one line's clue and known cells in, the cells that
follow out.

A line's cells travel as ``bytes`` of domain masks (1 empty, 2 filled, 3 open), which is
exactly ``bytes(state.domains)`` sliced along the line: a row is ``grid[r*w:(r+1)*w]``, a
column ``grid[c::w]``. Every line function is a pure function of (clue, cells), so its
answers are remembered per clue (``memo``); a solve asks the same line the same question
many times (after every step, inside every probe and every search node), and only the first
asking costs anything.

The complete line solver runs the clue as a small automaton over the cells with its set of
states as one int (bit-parallel), forwards and then backwards: a cell can be filled (empty)
when some placement of the blocks that agrees with every known cell makes it so. That is
linear in the line length, and exact.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

from deduce.memo import Bounded, bounded
from deduce.puzzles.nonogram.model import D_EMPTY, D_FILLED, D_OPEN

#: What a line function returns: the line after the deduction (``bytes``), or None when no
#: placement of the blocks agrees with the known cells (a contradiction).
LineResult = bytes | None
LineFunction = Callable[[tuple[int, ...], bytes], LineResult]

_MEMO_LIMIT = 200_000
#: The tables of ``memo`` for every (line function, clue) met lately; bounded, so a run over
#: many puzzles keeps the tables of the last few thousand clues only.
_memos: Bounded[tuple[str, tuple[int, ...]], dict[bytes, Any]] = Bounded(8192)


#: The answers kept in all the tables together: small puzzles share a few hundred clues, and
#: each clue's table can grow with every grid met (3^10 ways for a 10-cell line), so the
#: tables are also bounded together (about 100 MB at most) and start again when past it.
_TOTAL_LIMIT = 400_000
_asked = [0]


def memo(kind: str, clue: tuple[int, ...]) -> dict[bytes, Any]:
    """The remembered answers of line function ``kind`` for ``clue``, by cells: for a line
    function, (result, positions the result settles), as ``answer`` keeps them."""
    _asked[0] += 1
    if _asked[0] % 512 == 0 and sum(map(len, _memos.values())) > _TOTAL_LIMIT:
        for table in _memos.values():  # in place: solves under way hold these tables
            table.clear()
    key = (kind, clue)
    table = _memos.get(key)
    if table is None:
        table = _memos[key] = {}
    elif len(table) > _MEMO_LIMIT:
        table.clear()
    return table


def changed(before: bytes, after: bytes) -> tuple[int, ...]:
    """The positions where ``after`` differs from ``before`` (two lines, or two grids, of the
    same length)."""
    if before == after:
        return ()
    # The xor of the two as numbers, written back as bytes, is nonzero where they differ.
    diff = int.from_bytes(before, "little") ^ int.from_bytes(after, "little")
    marks = diff.to_bytes(len(before), "little").translate(_NONZERO)
    found = []
    i = marks.find(1)
    while i >= 0:
        found.append(i)
        i = marks.find(1, i + 1)
    return tuple(found)


_NONZERO = bytes([0] + [1] * 255)


def answer(
    kind: str, func: LineFunction, clue: tuple[int, ...], cells: bytes
) -> tuple[LineResult, tuple[int, ...]]:
    """``func(clue, cells)`` remembered: the result and the positions it settles."""
    table = memo(kind, clue)
    return table.get(cells) or remember(table, func, clue, cells)


def remember(
    table: dict[bytes, Any], func: LineFunction, clue: tuple[int, ...], cells: bytes
) -> tuple[LineResult, tuple[int, ...]]:
    """Work out ``func(clue, cells)`` and keep it in ``table`` (``memo(kind, clue)``, when the
    caller has it at hand): the result and the positions it settles."""
    result = func(clue, cells)
    hit = table[cells] = (result, changed(cells, result) if result is not None else ())
    return hit


def solver_answer(
    clue: tuple[int, ...], cells: bytes, earlier: bytes | None = None
) -> tuple[LineResult, tuple[int, ...]]:
    """``answer("solver", solve_line, clue, cells)``, read off the remembered answer for
    ``earlier`` (what the line was before) when that answer still holds.

    It does when ``cells`` lies between ``earlier`` and the line solver's answer for it
    (it only settles cells that answer settles, the same way): then the same placements fit
    both, so they agree on the same cells. That is the usual case for a line a rule just
    worked on, and it saves solving the line again.
    """
    table = memo("solver", clue)
    hit = table.get(cells)
    if hit is None and earlier is not None:
        then = table.get(earlier)
        if then is not None and then[0] is not None and _between(then[0], cells, earlier):
            hit = table[cells] = (then[0], changed(cells, then[0]))
    return hit or remember(table, solve_line, clue, cells)


def _between(inner: bytes, middle: bytes, outer: bytes) -> bool:
    """Whether every cell of ``middle`` allows what ``inner`` allows and only what ``outer``
    allows (domain masks: and-ing the lines as numbers ands every cell)."""
    a, b, c = (int.from_bytes(x, "little") for x in (inner, middle, outer))
    return a & b == a and b & c == b


# --- the complete line solver -------------------------------------------------------------


@bounded(4096)
def automaton(clue: tuple[int, ...]) -> tuple[int, int, int, int]:
    """The clue as an automaton over the minimal word ``1^a 0 1^b 0 ... 1^z``.

    State j means j letters of that word are matched. Returns (ONE: states that read a 1
    and move on, ZERO: states that read their separating 0 and move on, STAY: states that may
    read extra 0s and stay, the accepting state).
    """
    word = "0".join("1" * b for b in clue)
    last = len(word)
    one = zero = 0
    stay = 1 | 1 << last
    for j, ch in enumerate(word):
        if ch == "1":
            one |= 1 << j
        else:
            zero |= 1 << j
            stay |= 1 << (j + 1)
    return one, zero, stay, last


def solve_line(clue: tuple[int, ...], cells: bytes) -> LineResult:
    """Every cell that is the same in all placements of the blocks that agree with ``cells``
    is settled; None when there is no such placement.

    Known cells at either end, up to the last empty cell before the first open one (and from
    the first empty cell after the last open one), are already decided: they must show the
    first (last) blocks of the clue as they are, so they are checked and only the cells
    between them are solved.
    """
    first = cells.find(D_OPEN)
    if first < 0:
        return cells if blocks_of(cells) == list(clue) else None
    lo = cells.rfind(D_EMPTY, 0, first) + 1
    hi = cells.find(D_EMPTY, cells.rfind(D_OPEN) + 1)
    if hi < 0:
        hi = len(cells)
    head, tail = blocks_of(cells[:lo]), blocks_of(cells[hi:])
    a, b = len(head), len(clue) - len(tail)
    if a > b or list(clue[:a]) != head or list(clue[b:]) != tail:
        return None
    middle = _solve_middle(clue[a:b], cells[lo:hi])
    if middle is None:
        return None
    return cells[:lo] + middle + cells[hi:]


def blocks_of(known: bytes) -> list[int]:
    """The lengths of the runs of filled cells in ``known`` (cells known filled or empty)."""
    return [len(run) for run in known.split(_EMPTY) if run]


def _solve_middle(clue: tuple[int, ...], cells: bytes) -> LineResult:
    """``solve_line`` without the shortcut at the ends: the automaton forwards (remembering
    the states before every open cell), then backwards."""
    one, zero, stay, last = automaton(clue)
    moves = one | zero
    before_open = []
    remember_states = before_open.append
    s = 1
    for v in cells:
        if v == D_OPEN:  # every state reads a 1 or a 0 (or stays), so s stays nonzero
            remember_states(s)
            s = (s & moves) << 1 | s & stay
        else:
            s = (s & one) << 1 if v == D_FILLED else (s & zero) << 1 | s & stay
            if not s:
                return None
    if not s >> last & 1:
        return None
    # Backwards, b is the set of states from which the rest of the line can be read to the
    # end; an open cell can be filled (empty) when a state before it reads a 1 (a 0) into b.
    b = 1 << last
    out = None
    states_before = before_open.pop
    i = len(cells)
    for v in reversed(cells):
        i -= 1
        if v == D_OPEN:
            f = states_before()
            b1 = f & one & b >> 1
            b0 = f & (zero & b >> 1 | stay & b)
            if not b1 or not b0:
                if out is None:
                    out = bytearray(cells)
                out[i] = D_EMPTY if not b1 else D_FILLED
            b = b1 | b0
        elif v == D_FILLED:
            b = one & b >> 1
        else:
            b = zero & b >> 1 | stay & b
    return cells if out is None else bytes(out)


# --- packing: where each block can be, for the simpler rules --------------------------------


def pack_left(clue: tuple[int, ...], cells: bytes) -> list[int] | None:
    """The leftmost start of every block when blocks may not cover a known empty cell (known
    filled cells are ignored); None when the blocks do not fit."""
    starts = []
    pos = 0
    n = len(cells)
    for block in clue:
        while True:
            if pos + block > n:
                return None
            k = cells.rfind(D_EMPTY, pos, pos + block)
            if k < 0:
                break
            pos = k + 1
        starts.append(pos)
        pos += block + 1
    return starts


def pack_right(clue: tuple[int, ...], cells: bytes) -> list[int] | None:
    """The rightmost start of every block, as ``pack_left`` from the other end."""
    n = len(cells)
    rev = pack_left(clue[::-1], cells[::-1])
    if rev is None:
        return None
    return [n - s - b for s, b in zip(rev[::-1], clue, strict=True)]


def ranges(clue: tuple[int, ...], cells: bytes) -> tuple[list[int], list[int]] | None:
    """(leftmost starts, rightmost starts) of the blocks, ignoring known filled cells.

    Several rules ask this of the same line, so the answer is remembered, by the line's empty
    cells alone (the packings ignore the filled ones, so a line that only gained filled cells
    has the same answer); the lists returned are fresh copies the caller may change.
    """
    table = _ranges.get(clue)
    if table is None:
        table = _ranges[clue] = {}
    elif len(table) > _MEMO_LIMIT:
        table.clear()
    empties = cells.translate(_FILLED_AS_OPEN)
    hit = table.get(empties, 0)
    if hit == 0:
        hit = table[empties] = _ranges_of(clue, empties)
    return None if hit is None else (list(hit[0]), list(hit[1]))


_ranges: dict[tuple[int, ...], dict] = {}
_FILLED_AS_OPEN = bytes(D_OPEN if v == D_FILLED else v for v in range(256))


def _ranges_of(clue: tuple[int, ...], cells: bytes) -> tuple[list[int], list[int]] | None:
    left = pack_left(clue, cells)
    right = pack_right(clue, cells) if left is not None else None
    if left is None or right is None or any(a > b for a, b in zip(left, right, strict=True)):
        return None
    return left, right


#: A span of a line's cells: (start, end) with ``end`` exclusive.
Span = tuple[int, int]


def overlaps(clue: tuple[int, ...], left: list[int], right: list[int]) -> list[Span]:
    """The cells each block covers both in its leftmost and in its rightmost place."""
    return [(right[b], left[b] + size) for b, size in enumerate(clue) if right[b] < left[b] + size]


def unreachable(clue: tuple[int, ...], left: list[int], right: list[int], n: int) -> list[Span]:
    """The cells of a line of ``n`` that no block reaches between its leftmost and its
    rightmost place."""
    spans = []
    pos = 0
    for b, size in enumerate(clue):
        if left[b] > pos:
            spans.append((pos, left[b]))
        pos = max(pos, right[b] + size)
    if pos < n:
        spans.append((pos, n))
    return spans


def settle_spans(cells: bytes, filled: Iterable[Span], empty: Iterable[Span]) -> LineResult:
    """``cells`` with the given spans settled; None when one contradicts a known cell."""
    out = bytearray(cells)
    for start, end in filled:
        if D_EMPTY in out[start:end]:
            return None
        out[start:end] = _FILLED * (end - start)
    for start, end in empty:
        if D_FILLED in out[start:end]:
            return None
        out[start:end] = _EMPTY * (end - start)
    return bytes(out)


_FILLED, _EMPTY = bytes([D_FILLED]), bytes([D_EMPTY])


def settle(cells: bytes, filled: set[int] | range, empty: set[int] | range) -> LineResult:
    """``cells`` with the given positions settled; None when one contradicts a known cell."""
    out = bytearray(cells)
    for i in filled:
        if not out[i] & D_FILLED:
            return None
        out[i] = D_FILLED
    for i in empty:
        if not out[i] & D_EMPTY:
            return None
        out[i] = D_EMPTY
    return bytes(out)


def runs(cells: bytes) -> list[Span]:
    """The maximal runs of known filled cells."""
    return [m.span() for m in _FILLED_RUN.finditer(cells)]


_FILLED_RUN = re.compile(re.escape(bytes([D_FILLED])) + b"+")


def reach(clue: tuple[int, ...], left: list[int], right: list[int], pos: int) -> list[int]:
    """The blocks whose range (from the packings) covers position ``pos``."""
    return [b for b, size in enumerate(clue) if left[b] <= pos <= right[b] + size - 1]


def clear_memos() -> None:
    """Forget every remembered line answer (for benchmarks that time cold solves)."""
    for table in _memos.values():
        table.clear()
    for table in _ranges.values():
        table.clear()
