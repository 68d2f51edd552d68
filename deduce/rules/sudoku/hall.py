"""The cheap test before the matching: can a unit (or a digit's rows and columns) have a Hall
set that eliminates something, or none at all?

The matching rules (``matching.py``) find every candidate no perfect matching uses with a
matching and strongly connected components, and most units and digits, most of the time, have
none. For a bipartite graph of ``m`` left and ``m`` right vertices, every such candidate comes
from a Hall set of at most ``ceil(m / 2)`` vertices on one side or the other (a larger naked
set's complement is a smaller hidden set eliminating the same candidates, and a larger Hall
violation's complement holds a smaller one), so a search over small sets of bitmasks that
finds none proves the matching would find nothing: no Hall set eliminates, and a perfect
matching exists. Only when this test finds something does the general machinery run, and it
alone says what (so the steps and their sentences are those it always gave).
"""

from __future__ import annotations


def _small_set(items: list[int], most: int) -> bool:
    """Whether some ``k <= most`` of ``items`` (bitmasks of the other side) cover fewer than
    ``k`` bits, or exactly ``k`` bits that an item left out shares (a Hall set that
    eliminates something)."""
    small = [x for x in items if x.bit_count() <= most]
    stack = [(0, 0, 0)]  # (next index, union so far, items taken)
    while stack:
        start, union, taken = stack.pop()
        for i in range(start, len(small)):
            joined = union | small[i]
            size = joined.bit_count()
            if size > most:
                continue
            count = taken + 1
            if size < count:
                return True
            if size == count and sum(1 for x in items if x & joined) > count:
                return True
            if count < most:
                stack.append((i + 1, joined, count))
    return False


def hall_sets_possible(left: list[int], right: list[int]) -> bool:
    """Whether the bipartite graph whose left vertices see the right ones in the bitmasks
    ``left`` (and the right ones the left in ``right``, the same edges read the other way) may
    lack a perfect matching or have an edge no perfect matching uses. False proves it has a
    perfect matching and every edge lies on one.

    >>> hall_sets_possible([0b011, 0b011, 0b111], [0b111, 0b111, 0b100])  # a naked pair
    True
    >>> hall_sets_possible([0b011, 0b110, 0b101], [0b101, 0b011, 0b110])  # a 3-cycle
    False
    """
    if len(left) != len(right):
        return True
    most = (len(left) + 1) // 2
    return _small_set(left, most) or _small_set(right, most)
