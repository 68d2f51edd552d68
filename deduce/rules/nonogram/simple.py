"""The first rules a player learns: simple boxes, simple spaces and the completed line.

Simple boxes and simple spaces slide the blocks of a line as far left and as far right as
they go without covering a cell known to be empty (known filled cells are not used: that is
what edge forcing adds). A cell a block covers in both its leftmost and its rightmost place is
filled; a cell no block can reach is empty. The completed line only counts.

Each works on a line as masks (``lines``): (clue, length, filled, empty) in, the line's
(filled, empty) after it out, or None when the line cannot show its clue.
"""

from __future__ import annotations

from collections.abc import Iterator

from deduce.puzzles.nonogram.model import Line, Nonogram
from deduce.rules.nonogram.lines import Masks
from deduce.rules.nonogram.packing import packing
from deduce.rules.nonogram.scans import scan
from deduce.state import State
from deduce.step import Step


def boxes(clue: tuple[int, ...], n: int, filled: int, empty: int) -> tuple[int, int, bool] | None:
    """Cells covered by the same block in its leftmost and its rightmost place are filled.
    The third item says whether simple spaces settles nothing on the line (the same
    packings tell)."""
    packed = packing(clue, n, empty)
    if packed is None:
        return None
    # the packings avoid the empty cells
    return filled | packed.overlap, empty, not packed.unreachable & ~empty


def spaces(clue: tuple[int, ...], n: int, filled: int, empty: int) -> Masks | None:
    """Cells that no block can reach from its leftmost to its rightmost place are empty."""
    packed = packing(clue, n, empty)
    if packed is None or packed.unreachable & filled:
        return None
    return filled, empty | packed.unreachable


def completed(clue: tuple[int, ...], n: int, filled: int, empty: int) -> Masks | None:
    """All the clue's filled cells found: the rest are empty; exactly as many cells left open
    as the clue fills: they are all filled."""
    total = sum(clue)
    found = filled.bit_count()
    room = n - empty.bit_count()
    if found > total or room < total:
        return None
    every = (1 << n) - 1
    if found == total:
        return filled, every ^ filled
    if room == total:
        return every ^ empty, empty
    return filled, empty


def simple_boxes(state: State[Nonogram], name: str, weight: float) -> Iterator[Step]:
    """Overlap of each block's leftmost and rightmost places: filled. Steps carry the rule's
    ``name`` and ``weight`` (the family's table's) from the start, as each rule here does."""
    return scan(
        state,
        "boxes",
        boxes,
        "each block covers the same cells in its leftmost and its rightmost place",
        named=(name, weight),
        also="spaces",
    )


def simple_spaces(state: State[Nonogram], name: str, weight: float) -> Iterator[Step]:
    """Cells out of every block's reach: empty."""
    return scan(state, "spaces", spaces, _spaces_reason, named=(name, weight))


def _spaces_reason(
    names: tuple[str, ...], line: Line, filled: int, empty: int, after: Masks
) -> str:
    many = (after[1] & ~empty).bit_count() > 1
    return f"no block can reach {'them' if many else 'it'} from its leftmost to its rightmost place"


def completed_lines(state: State[Nonogram], name: str, weight: float) -> Iterator[Step]:
    """A line whose filled cells are all found, or whose open cells are all needed."""
    named = (name, weight)
    return scan(state, "complete", completed, _completed_reason, named=named, counts=True)


def _completed_reason(
    names: tuple[str, ...], line: Line, filled: int, empty: int, after: Masks
) -> str:
    total = sum(line.clue)
    if after[0] == filled:
        if total == 0:
            return "it has no filled cell"
        if total == 1:
            return "its one filled cell is found"
        return f"all {total} of its filled cells are found"
    return f"it needs {total} filled cells and only {total} are left open"
