"""Where each block of a line can be when blocks only avoid the known empty cells: the
leftmost and rightmost packings that simple boxes, simple spaces, edge forcing and joining
start from, remembered by the clue and the empty cells.

A line is two ints, ``filled`` and ``empty`` (``deduce.rules.nonogram.lines``); a packing
skips a known empty cell in one shift, and a line that gained empty cells since the clue's
last packing keeps each side none of whose blocks covers one of them.
"""

from __future__ import annotations

from typing import Any

from deduce.memo import Bounded

#: Packings kept per clue before its table starts again.
_MEMO_LIMIT = 200_000
_MISSING = object()


def clear_packings() -> None:
    """Forget every remembered packing (``lines.clear_memos``)."""
    _packings.clear()


class Packing:
    """Where each block of a clue can be when blocks only avoid the known empty cells (known
    filled cells ignored): its leftmost and rightmost starts, where it ends in its rightmost
    place (``ends``), the cells every block covers in both places (``overlap``), the cells
    no block reaches (``unreachable``), and the cells the blocks cover in their leftmost and
    in their rightmost places (``covers``)."""

    __slots__ = ("covers", "ends", "left", "overlap", "right", "unreachable")

    def __init__(
        self,
        left: list[int],
        right: list[int],
        ends: list[int],
        overlap: int,
        unreachable: int,
        covers: tuple[int, int] = (0, 0),
    ) -> None:
        self.left = left
        self.right = right
        self.ends = ends
        self.overlap = overlap
        self.unreachable = unreachable
        self.covers = covers


def packing(clue: tuple[int, ...], n: int, empty: int) -> Packing | None:
    """The blocks' places between their leftmost and rightmost packings, which avoid the
    empty cells (``empty``); None when the blocks do not fit. Several rules ask this of the
    same line, and a line that only gained filled cells has the same answer, so it is
    remembered by the clue, the length and the empty cells. The lists are shared: read
    them, do not change them.

    A line that gained empty cells since the clue's last packing of that length starts from
    it: a packing none of whose blocks covers a new empty cell is still the leftmost (or
    rightmost) one, since more empty cells only push blocks further in.
    """
    table = _packings.get(clue)
    if table is None:
        table = _packings[clue] = {}
    key = empty << 8 | n  # lines are at most 200 cells long
    found = table.get(key, _MISSING)
    if found is not _MISSING:
        return found  # type: ignore[no-any-return]
    if len(table) > _MEMO_LIMIT:
        table.clear()
    last = table.get(-n)  # (empty cells, packing) of the last packing made for n cells
    if last is not None and not last[0] & ~empty:
        hit = _repacking(clue, n, empty, empty & ~last[0], last[1])
    else:
        hit = _packing(clue, n, empty)
    table[key] = hit
    if hit is not None:
        table[-n] = (empty, hit)
    return hit


#: The packings of every clue met lately, by (empty cells, length); under the key ``-n``,
#: the last one made for lines of ``n`` cells with its empty cells.
_packings: Bounded[tuple[int, ...], dict[int, Any]] = Bounded(8192)


def _packing(clue: tuple[int, ...], n: int, empty: int) -> Packing | None:
    left = pack_left(clue, n, empty)
    if left is None:
        return None
    right = pack_right(clue, n, empty)
    if right is None:
        return None
    return _between(clue, n, left, right)


def _repacking(
    clue: tuple[int, ...], n: int, empty: int, new: int, last: Packing
) -> Packing | None:
    """``_packing`` for ``empty``, from ``last``, the packing of a subset of those empty
    cells (``new``: the ones it lacks): a side none of whose blocks covers a new empty cell
    is kept."""
    cover_left, cover_right = last.covers
    if not new & cover_left:
        if not new & cover_right:
            return last
        left = last.left
    else:
        left_moved = pack_left(clue, n, empty)
        if left_moved is None:
            return None
        left = left_moved
    if not new & cover_right:
        return _between(clue, n, left, last.right)
    right = pack_right(clue, n, empty)
    if right is None:
        return None
    return _between(clue, n, left, right)


def _between(clue: tuple[int, ...], n: int, left: list[int], right: list[int]) -> Packing | None:
    """The Packing of the leftmost starts ``left`` and the rightmost ``right``; None when
    some block's leftmost place is right of its rightmost."""
    ends = []
    overlap = unreached = pos = cover_left = cover_right = 0
    for b, size in enumerate(clue):
        first, last = left[b], right[b]
        if first > last:
            return None
        end = last + size
        ends.append(end)
        full = (1 << size) - 1
        cover_left |= full << first
        cover_right |= full << last
        if last < first + size:
            overlap |= (1 << (first + size)) - (1 << last)
        if first > pos:
            unreached |= (1 << first) - (1 << pos)
        pos = end  # the rightmost places go up block by block
    if pos < n:
        unreached |= (1 << n) - (1 << pos)
    return Packing(left, right, ends, overlap, unreached, (cover_left, cover_right))


def pack_left(clue: tuple[int, ...], n: int, empty: int) -> list[int] | None:
    """The leftmost start of every block when blocks may not cover a known empty cell (known
    filled cells are ignored); None when the blocks do not fit."""
    starts = []
    pos = 0
    for size in clue:
        full = (1 << size) - 1
        while True:
            if pos + size > n:
                return None
            window = empty >> pos & full
            if not window:
                break
            pos += window.bit_length()  # just past the last empty cell in the way
        starts.append(pos)
        pos += size + 1
    return starts


def pack_right(clue: tuple[int, ...], n: int, empty: int) -> list[int] | None:
    """The rightmost start of every block, as ``pack_left`` from the other end."""
    starts = []
    end = n
    for size in reversed(clue):
        full = (1 << size) - 1
        while True:
            if end < size:
                return None
            window = empty >> (end - size) & full
            if not window:
                break
            end -= size - (window & -window).bit_length() + 1  # to the first empty in the way
        starts.append(end - size)
        end -= size + 1
    starts.reverse()
    return starts
