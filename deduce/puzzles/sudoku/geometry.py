"""The shape of a Sudoku grid: its units (rows, columns, boxes or Jigsaw regions, and an X
grid's two diagonals), each cell's peers, and the tables the rules and the journal read off
it (which units a cell's change touches, which boxes and lines cross)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import cache
from operator import itemgetter
from typing import Any

import attrs

from deduce.memo import PER_PUZZLE, Bounded, bounded


@attrs.frozen
class Geometry:
    """The shape of an N×N Sudoku: box size, units (rows, columns, boxes, and for an X grid
    its two diagonals after them) and peers."""

    box_w: int
    box_h: int
    n: int
    rows: tuple[tuple[int, ...], ...]
    cols: tuple[tuple[int, ...], ...]
    boxes: tuple[tuple[int, ...], ...]
    units: tuple[tuple[int, ...], ...]
    unit_names: tuple[str, ...]
    peers: tuple[tuple[int, ...], ...]
    full: int
    #: For every cell, the bitmask (bit = cell index) of the cells it shares a unit with.
    peer_masks: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    #: For every unit (rows, columns, boxes, diagonals), the bitmask of its cells.
    unit_masks: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    #: Answers rules keep for grids of this shape (``deduce.rules.sudoku.forcing``), bounded.
    memo: Bounded[Any, Any] = attrs.field(init=False, eq=False, repr=False)
    #: For every cell, the bitmask (bit = index in ``units``) of its row, column, box and
    #: diagonals: the units whose candidates change when the cell's do.
    cell_units: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    #: For every cell, the bitmask (bit = index in ``units``) of the boxes its lines (row,
    #: column, diagonals) cross: the boxes whose pointing a change of the cell can alter.
    box_reach: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    #: For every cell, the bitmask (bit = index in ``units``) of its lines (row, column,
    #: diagonals) and of the lines crossing its box: the lines whose claiming a change of it
    #: can alter.
    line_reach: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    #: For every cell, its rXcY name.
    cell_names: tuple[str, ...] = attrs.field(init=False, eq=False, repr=False)
    #: For every cell, its (row, column, box) as indices in ``units``.
    cell_rcb: tuple[tuple[int, int, int], ...] = attrs.field(init=False, eq=False, repr=False)
    #: For every cell, the bitmasks (bit = cell index) of its row, column, box and diagonals.
    cell_unit_masks: tuple[tuple[int, ...], ...] = attrs.field(init=False, eq=False, repr=False)
    #: For every cell, the indices in ``units`` of its lines: row, column, then the diagonals
    #: through it (none off the diagonals and in a grid without them).
    cell_lines: tuple[tuple[int, ...], ...] = attrs.field(init=False, eq=False, repr=False)
    #: For every unit, a function giving the unit's entries of a list indexed by cell.
    unit_getters: tuple[Callable[[Sequence[int]], tuple[int, ...]], ...] = attrs.field(
        init=False, eq=False, repr=False
    )
    #: Jigsaw: for every cell, the index of its region (the third unit kind); None for boxes.
    regions: tuple[int, ...] | None = None
    #: X-Sudoku: the two diagonals are units too (``units[3N]`` the main diagonal, top left
    #: to bottom right, ``units[3N + 1]`` the anti-diagonal).
    diagonals: bool = False

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "peer_masks", tuple(sum(1 << p for p in ps) for ps in self.peers))
        object.__setattr__(self, "unit_masks", tuple(sum(1 << c for c in u) for u in self.units))
        object.__setattr__(self, "memo", Bounded(100_000))
        n, cells = self.n, range(self.n * self.n)
        rcb = tuple((self.row_of(c), n + self.col_of(c), 2 * n + self.box_of(c)) for c in cells)
        diagonals: list[tuple[int, ...]] = [() for _ in cells]
        for index in range(3 * n, len(self.units)):
            for c in self.units[index]:
                diagonals[c] += (index,)
        lines = tuple((r, k, *diagonals[c]) for c, (r, k, _) in enumerate(rcb))
        crossing = [0] * len(self.units)  # unit index -> bitmask of the units crossing it
        for c in cells:
            b = rcb[c][2]
            for line in lines[c]:
                crossing[line] |= 1 << b
                crossing[b] |= 1 << line
        object.__setattr__(self, "cell_rcb", rcb)
        object.__setattr__(self, "cell_lines", lines)
        object.__setattr__(
            self, "cell_units", tuple(sum(1 << u for u in (*lines[c], rcb[c][2])) for c in cells)
        )
        masks = self.unit_masks
        object.__setattr__(
            self,
            "cell_unit_masks",
            tuple((masks[r], masks[k], masks[b], *(masks[d] for d in diagonals[c]))
                  for c, (r, k, b) in enumerate(rcb)),
        )  # fmt: skip
        object.__setattr__(self, "unit_getters", tuple(itemgetter(*u) for u in self.units))
        names = tuple(f"r{c // n + 1}c{c % n + 1}" for c in cells)
        object.__setattr__(self, "cell_names", names)
        reach = [0] * len(rcb)
        for c in cells:
            for line in lines[c]:
                reach[c] |= crossing[line]
        object.__setattr__(self, "box_reach", tuple(reach))
        object.__setattr__(
            self,
            "line_reach",
            tuple(sum(1 << line for line in lines[c]) | crossing[rcb[c][2]] for c in cells),
        )

    def __reduce__(self) -> tuple[object, tuple[Any, ...]]:
        if self.regions is not None:
            return jigsaw_geometry, (self.regions, self.diagonals)
        # pickled small: rebuilt from the shape
        return geometry, (self.box_w, self.box_h, self.diagonals)

    def row_of(self, cell: int) -> int:
        """Row index (0-based) of ``cell``."""
        return cell // self.n

    def col_of(self, cell: int) -> int:
        """Column index (0-based) of ``cell``."""
        return cell % self.n

    def box_of(self, cell: int) -> int:
        """Box (or Jigsaw region) index (0-based, row-major) of ``cell``."""
        if self.regions is not None:
            return self.regions[cell]
        r, c = divmod(cell, self.n)
        return (r // self.box_h) * (self.n // self.box_w) + c // self.box_w


@cache
def geometry(box_w: int, box_h: int, diagonals: bool = False) -> Geometry:
    """The (cached) geometry of a grid with boxes ``box_w`` wide and ``box_h`` tall (and
    with ``diagonals``, an X grid's two diagonals as units too)."""
    n = box_w * box_h
    boxes = []
    for br in range(0, n, box_h):
        for bc in range(0, n, box_w):
            boxes.append(tuple((br + r) * n + bc + c for r in range(box_h) for c in range(box_w)))
    return _shaped(box_w, box_h, tuple(boxes), "box", None, diagonals)


@bounded(PER_PUZZLE)
def jigsaw_geometry(regions: tuple[int, ...], diagonals: bool = False) -> Geometry:
    """The (kept for the last few shapes) geometry of the Jigsaw grid whose cell ``c`` lies in region ``regions[c]``
    (0-based, N regions of N cells: ``deduce.puzzles.sudoku.regions`` checks a map read),
    with ``diagonals`` as units too for a Jigsaw-X."""
    n = math.isqrt(len(regions))
    boxes = tuple(tuple(c for c in range(n * n) if regions[c] == k) for k in range(n))
    return _shaped(n, 1, boxes, "region", regions, diagonals)


def crossed(geo: Geometry) -> Geometry:
    """The same grid with its two diagonals as units too (an X grid)."""
    if geo.regions is not None:
        return jigsaw_geometry(geo.regions, True)
    return geometry(geo.box_w, geo.box_h, True)


#: How sentences name an X grid's diagonals, main first.
DIAGONAL_NAMES = ("the main diagonal", "the anti-diagonal")

#: The hidden single of a diagonal (its table row in ``deduce.rules.xsudoku``, steps, search's
#: closure of the singles and the generators' fill rules read this name).
DIAGONAL_SINGLE = "hidden single (diagonal)"


def _shaped(
    box_w: int,
    box_h: int,
    boxes: tuple[tuple[int, ...], ...],
    word: str,
    regions: Any,
    diagonals: bool,
) -> Geometry:
    n = len(boxes)
    rows = tuple(tuple(r * n + c for c in range(n)) for r in range(n))
    cols = tuple(tuple(r * n + c for r in range(n)) for c in range(n))
    crosses = (
        (tuple(i * n + i for i in range(n)), tuple(i * n + n - 1 - i for i in range(n)))
        if diagonals
        else ()
    )
    names = (
        *(f"row {i + 1}" for i in range(n)),
        *(f"column {i + 1}" for i in range(n)),
        *(f"{word} {i + 1}" for i in range(n)),
        *DIAGONAL_NAMES[: len(crosses)],
    )
    units = (*rows, *cols, *boxes, *crosses)
    seen: list[set[int]] = [set() for _ in range(n * n)]
    for unit in units:
        for cell in unit:
            seen[cell].update(unit)
    peers = tuple(tuple(sorted(seen[c] - {c})) for c in range(n * n))
    full = ((1 << n) - 1) << 1
    return Geometry(
        box_w,
        box_h,
        n,
        rows,
        cols,
        boxes,
        units,
        names,
        peers,
        full,
        regions=regions,
        diagonals=diagonals,
    )
