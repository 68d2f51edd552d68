"""Line logic shared by the nonogram rules, on bit masks: one line's clue and known cells in,
the cells that follow out.

A line of ``n`` cells is two ints, ``filled`` and ``empty``: bit ``i`` of each says whether
cell ``i`` is known filled (empty); a cell in neither is open. Every rule reads and writes a
line that way, so its work is a few operations on whole lines rather than a loop over cells.
At the boundary with code that holds a grid as ``bytes`` of domain masks (1 empty, 2 filled,
3 open: ``bytes(state.domains)`` sliced along the line; probing's scratch grids), ``masks_of``
and ``cells_of`` convert, and ``solve_line`` is the line solver on such ``bytes``.

The complete line solver (``solve``) is bit-parallel over the cells: for each block in turn
it finds every place the block can start so that the blocks before it fit the cells before
(forwards), and so that the blocks after it fit the cells after (backwards); a cell is
filled in no placement, or empty in none, exactly when it is settled. O(number of blocks)
operations on ints of ``n`` bits, and exact (checked against brute force by Hypothesis).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from deduce.memo import Bounded, bounded
from deduce.rules.nonogram.packing import clear_packings

#: What a line function returns on bytes: the line after the deduction, or None when no
#: placement of the blocks agrees with the known cells (a contradiction).
LineResult = bytes | None
LineFunction = Callable[[tuple[int, ...], bytes], LineResult]
#: A line as masks after a deduction: (filled, empty); None for a contradiction.
Masks = tuple[int, int]

_MEMO_LIMIT = 200_000
#: The tables of ``memo`` for every (kind of answer, clue) met lately; bounded, so a run over
#: many puzzles keeps the tables of the last few thousand clues only.
_memos: Bounded[tuple[str, tuple[int, ...]], dict[Any, Any]] = Bounded(8192)

#: The answers kept in all the tables together: small puzzles share a few hundred clues, and
#: each clue's table can grow with every grid met (3^10 ways for a 10-cell line), so the
#: tables are also bounded together (about 100 MB at most) and start again when past it.
_TOTAL_LIMIT = 400_000
_asked = [0]


def memo(kind: str, clue: tuple[int, ...]) -> dict[Any, Any]:
    """The remembered answers of kind ``kind`` for ``clue``, by the line's cells: for
    ``"solver"``, by ``bytes``, (result, positions the result settles), as ``remember``
    keeps them. A caller that asks often keeps the table it gets (``grid.line_tables``)."""
    _asked[0] += 1
    if _asked[0] % 512 == 0 and sum(map(len, _memos.values())) > _TOTAL_LIMIT:
        for table in _memos.values():  # in place: solves under way hold these tables
            table.clear()
    key = (kind, clue)
    found = _memos.get(key)
    if found is None:
        found = _memos[key] = {}
    elif len(found) > _MEMO_LIMIT:
        found.clear()
    return found


def clear_memos() -> None:
    """Forget every remembered line answer (for benchmarks that time cold solves)."""
    for table in _memos.values():
        table.clear()
    clear_packings()


# --- the boundary with grids held as bytes ------------------------------------------------

_AS_FILLED = bytes.maketrans(bytes([1, 2, 3]), b"010")
_AS_EMPTY = bytes.maketrans(bytes([1, 2, 3]), b"100")


def masks_of(cells: bytes) -> Masks:
    """(filled, empty) of a line given as domain masks (bit ``i`` for ``cells[i]``)."""
    return int(cells.translate(_AS_FILLED)[::-1], 2), int(cells.translate(_AS_EMPTY)[::-1], 2)


def cells_of(n: int, filled: int, empty: int) -> bytes:
    """The line of ``n`` cells as domain masks (the inverse of ``masks_of``)."""
    # Each mask written as n ASCII digits, read as a number of n bytes (48 or 49 each, cell
    # i in byte i): 147 - f - 2e is then the domain mask of every cell at once (no borrows).
    f = int.from_bytes(format(filled, f"0{n}b").encode(), "big")
    e = int.from_bytes(format(empty, f"0{n}b").encode(), "big")
    return (int.from_bytes(b"\x93" * n, "little") - f - 2 * e).to_bytes(n, "little")


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


def solve_line(clue: tuple[int, ...], cells: bytes) -> LineResult:
    """The complete line solver (``solve``) on a line given as domain masks."""
    filled, empty = masks_of(cells)
    found = solve(clue, len(cells), filled, empty)
    if found is None:
        return None
    if found == (filled, empty):
        return cells
    return cells_of(len(cells), *found)


def answer(
    kind: str, func: LineFunction, clue: tuple[int, ...], cells: bytes
) -> tuple[LineResult, tuple[int, ...]]:
    """``func(clue, cells)`` remembered: the result and the positions it settles."""
    table = memo(kind, clue)
    return table.get(cells) or remember(table, func, clue, cells)


def remember(
    table: dict[Any, Any], func: LineFunction, clue: tuple[int, ...], cells: bytes
) -> tuple[LineResult, tuple[int, ...]]:
    """Work out ``func(clue, cells)`` and keep it in ``table`` (``memo(kind, clue)``, when the
    caller has it at hand): the result and the positions it settles."""
    result = func(clue, cells)
    hit = table[cells] = (result, changed(cells, result) if result is not None else ())
    return hit


# --- the complete line solver -------------------------------------------------------------


def solve(clue: tuple[int, ...], n: int, filled: int, empty: int) -> Masks | None:
    """Every cell that is the same in all placements of the blocks that agree with the known
    cells is settled: the line's (filled, empty) after that; None when no placement fits.

    Positions between cells are boundaries 0..n (boundary ``e`` before cell ``e``).
    Forwards, ``ready[j]`` holds the boundaries where the first ``j`` blocks can have been
    placed, with any number of empty cells after the last of them, and ``starts[j]`` where
    block ``j`` can start with the blocks before it placed. Backwards, ``after`` holds the
    boundaries from which blocks ``j``.. can still be placed, and ``begins`` where block
    ``j`` can start with them placed after it. A cell can be filled when some block can
    start within its reach both ways (``starts[j] & begins``); it can be empty when, on its
    two sides, some ``ready[j]`` meets an ``after`` of the same ``j``.
    """
    every = (1 << n) - 1
    may_empty = every ^ filled
    k = len(clue)
    if not k:
        return None if filled else (0, every)
    may_fill = every ^ empty
    # Block 0 may start at any boundary up to the first filled cell.
    can_start = ((filled & -filled) << 1) - 1 if filled else (2 << n) - 1
    ready = [can_start]
    starts = []
    fits: dict[int, int] = {}  # by block length: the cells where such a block can start
    for size in clue:
        fit = fits.get(size)
        if fit is None:
            fit = may_fill
            done = 1
            while done < size:
                step = done if done <= size - done else size - done
                fit &= fit >> step
                done += step
            fits[size] = fit
        start = can_start & fit
        starts.append(start)
        end = start << size
        # The empty cells that can follow the block: within each run of cells that may be
        # empty, those at or above an end. What no end reaches is the run's stretch below
        # its lowest end; adding the run's first cell to that stretch carries through it.
        rest = may_empty & ~end
        low = may_empty & ~(may_empty << 1) & rest
        can_start = (may_empty & ~(((rest + low) ^ rest) & rest)) << 1
        ready.append(end | can_start)
    if not ready[k] >> n & 1:
        return None
    # Backwards, from the boundaries after the last filled cell (only empty cells follow).
    after = ((2 << n) - 1) ^ ((1 << filled.bit_length()) - 1)
    can_empty = ready[k] & (after >> 1)
    can_fill = 0
    tail = after
    j = k
    while j:
        j -= 1
        size = clue[j]
        begins = fits[size] & (tail >> size)
        cover = starts[j] & begins
        done = 1
        while done < size:  # every cell of the block at each of those starts
            step = done if done <= size - done else size - done
            cover |= cover << step
            done += step
        can_fill |= cover
        # The boundaries from which only empty cells lead to a start: a fill downwards,
        # doubling its reach each round (carries only go up).
        reach = (begins >> 1) & may_empty
        if reach:
            run = may_empty
            step = 1
            while step < n:
                reach |= run & (reach >> step)
                run &= run >> step
                if not run:
                    break
                step <<= 1
        after = begins | reach
        can_empty |= ready[j] & (after >> 1)
        tail = may_empty & (after >> 1)  # block j - 1 needs an empty cell after it
    return every & ~(can_empty & may_empty), every & ~can_fill


@bounded(4096)
def automaton(clue: tuple[int, ...]) -> tuple[int, int, int, int]:
    """The clue as an automaton over the minimal word ``1^a 0 1^b 0 ... 1^z`` (what search
    that learns encodes a line with, ``deduce.puzzles.nonogram.search``).

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
