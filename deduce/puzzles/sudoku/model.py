"""Sudoku, generalized: an N×N grid (N = box width × box height) of boxes, rows and columns.

Variables are the N² cells, row-major; the value of a cell is its digit 1..N (bit d of the
domain). Text forms: the one-line form (N² characters, ``.`` or ``0`` blank, digits above 9
as ``A``..``P``), a multi-line grid (box-drawing characters ``| + -`` ignored; rows of numbers
separated by spaces also read), and Simon Tatham's Solo game IDs (``CxR:`` then runs of
blanks as letters ``a``..``z`` and givens as decimal numbers, ``_`` between two givens).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import cache
from operator import itemgetter
from typing import Any

import attrs

from deduce.errors import Contradiction, ParseError
from deduce.memo import PER_PUZZLE, Bounded, bounded
from deduce.state import State

SYMBOLS = "123456789ABCDEFGHIJKLMNOP"
BLANKS = ".0"
#: Box shapes (width, height) for sides whose box is not a square, as Tatham draws them.
RECTANGLES = {
    6: (3, 2),
    8: (4, 2),
    10: (5, 2),
    12: (4, 3),
    14: (7, 2),
    15: (5, 3),
    18: (6, 3),
    20: (5, 4),
}


@attrs.frozen
class Geometry:
    """The shape of an N×N Sudoku: box size, units (rows, columns, boxes) and peers."""

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
    #: For every unit (rows, columns, boxes), the bitmask of its cells.
    unit_masks: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    #: Answers rules keep for grids of this shape (``deduce.rules.sudoku.forcing``), bounded.
    memo: Bounded[Any, Any] = attrs.field(init=False, eq=False, repr=False)
    #: For every cell, the bitmask (bit = index in ``units``) of its row, column and box: the
    #: units whose candidates change when the cell's do.
    cell_units: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    #: For every cell, the bitmask (bit = index in ``units``) of the boxes its row or column
    #: crosses: the boxes whose pointing a change of the cell can alter.
    box_reach: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    #: For every cell, the bitmask (bit = index in ``units``) of its row and column and of the
    #: rows and columns crossing its box: the lines whose claiming a change of it can alter.
    line_reach: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    #: For every cell, its rXcY name.
    cell_names: tuple[str, ...] = attrs.field(init=False, eq=False, repr=False)
    #: For every cell, its (row, column, box) as indices in ``units``.
    cell_rcb: tuple[tuple[int, int, int], ...] = attrs.field(init=False, eq=False, repr=False)
    #: For every cell, the bitmasks (bit = cell index) of its row, column and box.
    cell_unit_masks: tuple[tuple[int, int, int], ...] = attrs.field(
        init=False, eq=False, repr=False
    )
    #: For every unit, a function giving the unit's entries of a list indexed by cell.
    unit_getters: tuple[Callable[[Sequence[int]], tuple[int, ...]], ...] = attrs.field(
        init=False, eq=False, repr=False
    )
    #: Jigsaw: for every cell, the index of its region (the third unit kind); None for boxes.
    regions: tuple[int, ...] | None = None

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "peer_masks", tuple(sum(1 << p for p in ps) for ps in self.peers))
        object.__setattr__(self, "unit_masks", tuple(sum(1 << c for c in u) for u in self.units))
        object.__setattr__(self, "memo", Bounded(100_000))
        n, cells = self.n, range(self.n * self.n)
        rows = [self.row_of(c) for c in cells]
        cols = [self.col_of(c) for c in cells]
        boxes = [self.box_of(c) for c in cells]
        cell_units = tuple(
            1 << rows[c] | 1 << (n + cols[c]) | 1 << (2 * n + boxes[c]) for c in cells
        )
        crossing = [0] * (3 * n)  # unit index -> bitmask of the units crossing it
        for c in cells:
            r, k, b = rows[c], n + cols[c], 2 * n + boxes[c]
            crossing[r] |= 1 << b
            crossing[k] |= 1 << b
            crossing[b] |= 1 << r | 1 << k
        object.__setattr__(self, "cell_units", cell_units)
        object.__setattr__(
            self, "cell_rcb", tuple((rows[c], n + cols[c], 2 * n + boxes[c]) for c in cells)
        )
        masks = self.unit_masks
        object.__setattr__(
            self,
            "cell_unit_masks",
            tuple((masks[r], masks[k], masks[b]) for r, k, b in self.cell_rcb),
        )
        object.__setattr__(self, "unit_getters", tuple(itemgetter(*u) for u in self.units))
        names = tuple(f"r{c // n + 1}c{c % n + 1}" for c in cells)
        object.__setattr__(self, "cell_names", names)
        object.__setattr__(
            self, "box_reach", tuple(crossing[rows[c]] | crossing[n + cols[c]] for c in cells)
        )
        object.__setattr__(
            self,
            "line_reach",
            tuple(1 << rows[c] | 1 << (n + cols[c]) | crossing[2 * n + boxes[c]] for c in cells),
        )

    def __reduce__(self) -> tuple[object, tuple[Any, ...]]:
        if self.regions is not None:
            return jigsaw_geometry, (self.regions,)
        return geometry, (self.box_w, self.box_h)  # pickled small: rebuilt from the shape

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
def geometry(box_w: int, box_h: int) -> Geometry:
    """The (cached) geometry of a grid with boxes ``box_w`` wide and ``box_h`` tall."""
    n = box_w * box_h
    boxes = []
    for br in range(0, n, box_h):
        for bc in range(0, n, box_w):
            boxes.append(tuple((br + r) * n + bc + c for r in range(box_h) for c in range(box_w)))
    return _shaped(box_w, box_h, tuple(boxes), "box", None)


@bounded(PER_PUZZLE)
def jigsaw_geometry(regions: tuple[int, ...]) -> Geometry:
    """The (kept for the last few shapes) geometry of the Jigsaw grid whose cell ``c`` lies in region ``regions[c]``
    (0-based, N regions of N cells: ``deduce.puzzles.sudoku.regions`` checks a map read)."""
    n = math.isqrt(len(regions))
    boxes = tuple(tuple(c for c in range(n * n) if regions[c] == k) for k in range(n))
    return _shaped(n, 1, boxes, "region", regions)


def _shaped(
    box_w: int, box_h: int, boxes: tuple[tuple[int, ...], ...], word: str, regions: Any
) -> Geometry:
    n = len(boxes)
    rows = tuple(tuple(r * n + c for c in range(n)) for r in range(n))
    cols = tuple(tuple(r * n + c for r in range(n)) for c in range(n))
    names = (
        *(f"row {i + 1}" for i in range(n)),
        *(f"column {i + 1}" for i in range(n)),
        *(f"{word} {i + 1}" for i in range(n)),
    )
    box_of = {cell: box for box in boxes for cell in box}
    peers = tuple(
        tuple(sorted((set(rows[c // n]) | set(cols[c % n]) | set(box_of[c])) - {c}))
        for c in range(n * n)
    )
    full = ((1 << n) - 1) << 1
    units = (*rows, *cols, *boxes)
    return Geometry(box_w, box_h, n, rows, cols, boxes, units, names, peers, full, regions=regions)


@attrs.frozen
class Sudoku:
    """An immutable Sudoku puzzle: its geometry, the givens (0 = blank) and its text form.

    A position part way through a solve (a HoDoKu library line, a pencil-mark grid, a sukaku)
    also has ``placed``, the digits written in since that are not clues (0 elsewhere), and
    ``candidates``, one mask per cell (bit v: digit v may still go there) for the open cells.
    The starting State places those digits and narrows the open cells to their marks; a
    solution is still checked against the givens and the units alone.
    """

    geo: Geometry
    givens: tuple[int, ...]
    form: str = "line"
    placed: tuple[int, ...] | None = None
    candidates: tuple[int, ...] | None = None

    @property
    def n(self) -> int:
        """The side of the grid."""
        return self.geo.n


def box_shape(n: int) -> tuple[int, int]:
    """The (width, height) of the boxes of an N×N grid; ParseError when N has none."""
    root = math.isqrt(n)
    if root * root == n:
        return root, root
    if n in RECTANGLES:
        return RECTANGLES[n]
    raise ParseError(
        f"a {n}x{n} grid has no box shape (sides 4, 6, 8, 9, 10, 12, 16, 25... are known)"
    )


def symbol(value: int) -> str:
    """How a digit is written in the one-line form (10 and up as letters)."""
    return SYMBOLS[value - 1]


def check_givens(geo: Geometry, givens: list[int]) -> None:
    """A clue that repeats in a row, column or box breaks the rules: report where."""
    if unit_clues(geo, tuple(givens)) is None:
        _report_repeat(geo, givens)


#: ``1 << v`` for every digit ``v`` (0 for a blank).
_BITS = (0, *(1 << v for v in range(1, len(SYMBOLS) + 1)))
#: ``unit_clues``' answers: a puzzle's are asked for when it is read and again for its
#: starting state.
_CLUES: Bounded[tuple[int, int, tuple[int, ...] | None, tuple[int, ...]], list[int] | None] = (
    Bounded(PER_PUZZLE)
)


def unit_clues(geo: Geometry, givens: tuple[int, ...]) -> list[int] | None:
    """For every unit (``geo.units``), the bitmask of the digits its clues hold; None when a
    clue repeats in a unit. Kept for the last few puzzles (``deduce.memo.PER_PUZZLE``)."""
    key = (geo.box_w, geo.box_h, geo.regions, givens)
    try:
        return _CLUES[key]
    except KeyError:
        pass
    if givens and (min(givens) < 0 or max(givens) >= len(_BITS)):
        return None  # not a digit: the slow paths name it
    masks = list(map(_BITS.__getitem__, givens))
    taken = [sum(get(masks)) for get in geo.unit_getters]
    # A sum of distinct powers of two has one bit per term; a repeat carries, and has fewer.
    clues = len(givens) - givens.count(0)
    found = taken if sum(map(int.bit_count, taken)) == 3 * clues else None
    _CLUES[key] = found
    return found


def _report_repeat(geo: Geometry, givens: list[int]) -> None:
    for unit, name in zip(geo.units, geo.unit_names, strict=True):
        seen: dict[int, int] = {}
        for cell in unit:
            v = givens[cell]
            if not v:
                continue
            if v in seen:
                other = seen[v]
                raise ParseError(
                    f"clue {symbol(v)} at {cell_name(geo, cell)} repeats in {name} "
                    f"(also at {cell_name(geo, other)})"
                )
            seen[v] = cell


def cell_name(puzzle: Sudoku | Geometry, cell: int) -> str:
    """The rXcY name of a cell (1-based); every family's ``cell_name`` takes the puzzle (or,
    inside rules, the grid's shape) and a flat cell index."""
    geo = puzzle.geo if isinstance(puzzle, Sudoku) else puzzle
    return geo.cell_names[cell]


def initial_state(puzzle: Sudoku) -> State[Sudoku]:
    """Every blank cell may hold any digit; each given is placed (and leaves its peers); a
    position's placed digits are placed too and its open cells keep only their candidates."""
    geo = puzzle.geo
    if puzzle.placed is None and puzzle.candidates is None:
        state = _quick_state(puzzle)
        if state is not None:
            return state
    state = State(puzzle, [geo.full] * (geo.n * geo.n))
    for cell, v in enumerate(puzzle.givens):
        if v:
            if not state.domains[cell] >> v & 1:
                raise Contradiction(
                    f"clue {symbol(v)} at {cell_name(geo, cell)} repeats a peer's clue"
                )
            state.domains[cell] = 1 << v
            state.fixed[cell] = True
            on_place(state, cell, v)
    for cell, v in enumerate(puzzle.placed or ()):
        if v and not state.fixed[cell]:
            where = cell_name(geo, cell)
            state.restrict(cell, 1 << v, f"{symbol(v)} placed at {where} repeats a digit it sees")
            state.fixed[cell] = True
            on_place(state, cell, v)
    for cell, mask in enumerate(puzzle.candidates or ()):
        if not state.fixed[cell]:
            state.restrict(cell, mask, f"the candidates of {cell_name(geo, cell)} leave it none")
    return state


def _quick_state(puzzle: Sudoku) -> State[Sudoku] | None:
    """The starting state of a puzzle of givens alone, from each unit's mask of clues; None
    when a clue repeats or a cell is left with no candidate, for ``initial_state``'s slow
    path to name the first such problem in its own words."""
    geo = puzzle.geo
    givens = puzzle.givens
    taken = unit_clues(geo, givens)
    if taken is None:
        return None
    full, bits_of = geo.full, _BITS
    domains = [
        bits_of[v] or full & ~(taken[r] | taken[c] | taken[b])
        for v, (r, c, b) in zip(givens, geo.cell_rcb, strict=True)
    ]
    if 0 in domains:
        return None
    return State(puzzle, domains, [v > 0 for v in givens])


def on_place(state: State[Sudoku], cell: int, value: int) -> None:
    """A placed digit leaves the candidates of every peer (the pencil-mark bookkeeping); each
    peer narrowed is noted in the state's journal (``State.changes``, ``State.gone``)."""
    geo: Geometry = state.puzzle.geo
    bit = 1 << value
    domains, changes, gone = state.domains, state.changes, state.gone
    for p in geo.peers[cell]:
        d = domains[p]
        if d & bit:
            d &= ~bit
            if not d:
                raise Contradiction(
                    f"{cell_name(geo, p)} has no candidate left once "
                    f"{cell_name(geo, cell)} = {symbol(value)}"
                )
            domains[p] = d
            changes.append(p)
            gone.append(bit)


def is_solved(state: State[Sudoku]) -> bool:
    """Solved when every cell has been written in."""
    return all(state.fixed)


def check_solution(puzzle: Sudoku, values: list[int]) -> None:
    """Raise Contradiction naming the first unit or given that ``values`` breaks."""
    geo = puzzle.geo
    if all(not g or g == v for g, v in zip(puzzle.givens, values, strict=True)):
        every = set(range(1, geo.n + 1))
        if all(set(get(values)) == every for get in geo.unit_getters):
            return
    for cell, g in enumerate(puzzle.givens):
        if g and values[cell] != g:
            raise Contradiction(f"{cell_name(geo, cell)} must be the given {symbol(g)}")
    want = set(range(1, geo.n + 1))
    for unit, name in zip(geo.units, geo.unit_names, strict=True):
        if {values[c] for c in unit} != want:
            raise Contradiction(f"{name} does not hold every digit once")


def var_name(puzzle: Sudoku, var: int) -> str:
    """rXcY."""
    return cell_name(puzzle.geo, var)


def value_name(puzzle: Sudoku, var: int, value: int) -> str:
    """The digit's symbol."""
    return symbol(value)
