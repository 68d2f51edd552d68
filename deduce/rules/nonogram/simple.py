"""The first rules a player learns: simple boxes, simple spaces and the completed line.

Simple boxes and simple spaces slide the blocks of a line as far left and as far right as
they go without covering a cell known to be empty (known filled cells are not used: that is
what edge forcing adds). A cell a block covers in both its leftmost and its rightmost place is
filled; a cell no block can reach is empty. The completed line only counts.
"""

from __future__ import annotations

from collections.abc import Iterator

from deduce.puzzles.nonogram.model import D_EMPTY, D_FILLED, Line, Nonogram
from deduce.rules.nonogram.grid import scan
from deduce.rules.nonogram.lines import (
    LineResult,
    overlaps,
    ranges,
    settle,
    settle_spans,
    unreachable,
)
from deduce.state import State
from deduce.step import Step


def boxes_line(clue: tuple[int, ...], cells: bytes) -> LineResult:
    """Cells covered by the same block in its leftmost and its rightmost place are filled."""
    packed = ranges(clue, cells)
    if packed is None:
        return None
    return settle_spans(cells, overlaps(clue, *packed), ())


def spaces_line(clue: tuple[int, ...], cells: bytes) -> LineResult:
    """Cells that no block can reach from its leftmost to its rightmost place are empty."""
    packed = ranges(clue, cells)
    if packed is None:
        return None
    return settle_spans(cells, (), unreachable(clue, *packed, len(cells)))


def completed_line(clue: tuple[int, ...], cells: bytes) -> LineResult:
    """All the clue's filled cells found: the rest are empty; exactly as many cells left open
    as the clue fills: they are all filled."""
    total = sum(clue)
    filled = cells.count(D_FILLED)
    open_ = len(cells) - cells.count(D_EMPTY)
    if filled > total or open_ < total:
        return None
    if filled == total:
        return settle(cells, (), [i for i, v in enumerate(cells) if v != D_FILLED])
    if open_ == total:
        return settle(cells, [i for i, v in enumerate(cells) if v != D_EMPTY], ())
    return cells


def simple_boxes(state: State) -> Iterator[Step]:
    """Overlap of each block's leftmost and rightmost places: filled."""
    return scan(
        state,
        "boxes",
        boxes_line,
        "each block covers the same cells in its leftmost and its rightmost place",
    )


def simple_spaces(state: State) -> Iterator[Step]:
    """Cells out of every block's reach: empty."""
    return scan(state, "spaces", spaces_line, _spaces_reason)


def _spaces_reason(puzzle: Nonogram, line: Line, before: bytes, after: bytes) -> str:
    many = sum(a != b for a, b in zip(before, after, strict=True)) > 1
    return f"no block can reach {'them' if many else 'it'} from its leftmost to its rightmost place"


def completed_lines(state: State) -> Iterator[Step]:
    """A line whose filled cells are all found, or whose open cells are all needed."""
    return scan(state, "complete", completed_line, _completed_reason)


def _completed_reason(puzzle: Nonogram, line: Line, before: bytes, after: bytes) -> str:
    total = sum(line.clue)
    if after.count(D_FILLED) == before.count(D_FILLED):
        if total == 0:
            return "it has no filled cell"
        if total == 1:
            return "its one filled cell is found"
        return f"all {total} of its filled cells are found"
    return f"it needs {total} filled cells and only {total} are left open"
