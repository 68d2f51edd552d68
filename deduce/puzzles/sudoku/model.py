"""Sudoku, generalized: an N×N grid (N = box width × box height) of boxes, rows and columns.

Variables are the N² cells, row-major; the value of a cell is its digit 1..N (bit d of the
domain). Text forms: the one-line form (N² characters, ``.`` or ``0`` blank, digits above 9
as ``A``..``P``), a multi-line grid (box-drawing characters ``| + -`` ignored; rows of numbers
separated by spaces also read), and Simon Tatham's Solo game IDs (``CxR:`` then runs of
blanks as letters ``a``..``z`` and givens as decimal numbers, ``_`` between two givens).
"""

from __future__ import annotations

import math
from functools import reduce
from operator import or_

import attrs

from deduce.errors import Contradiction, ParseError
from deduce.memo import PER_PUZZLE, Bounded
from deduce.puzzles.sudoku.geometry import (
    DIAGONAL_NAMES,
    Geometry,
    crossed,
    geometry,
    jigsaw_geometry,
)
from deduce.state import State

__all__ = [
    "BLANKS",
    "DIAGONAL_NAMES",
    "RECTANGLES",
    "SYMBOLS",
    "Geometry",
    "Sudoku",
    "box_shape",
    "cell_name",
    "check_givens",
    "check_solution",
    "crossed",
    "geometry",
    "initial_state",
    "is_solved",
    "jigsaw_geometry",
    "on_place",
    "symbol",
    "unit_clues",
    "value_name",
    "var_name",
]

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
    """A clue that repeats in a unit (a row, column, box or an X grid's diagonal) breaks the
    rules: report where."""
    if unit_clues(geo, tuple(givens)) is None:
        _report_repeat(geo, givens)


#: ``1 << v`` for every digit ``v`` (0 for a blank).
_BITS = (0, *(1 << v for v in range(1, len(SYMBOLS) + 1)))
#: ``unit_clues``' answers: a puzzle's are asked for when it is read and again for its
#: starting state.
_CLUES: Bounded[
    tuple[int, int, tuple[int, ...] | None, bool, tuple[int, ...]], list[int] | None
] = Bounded(PER_PUZZLE)


def unit_clues(geo: Geometry, givens: tuple[int, ...]) -> list[int] | None:
    """For every unit (``geo.units``), the bitmask of the digits its clues hold; None when a
    clue repeats in a unit. Kept for the last few puzzles (``deduce.memo.PER_PUZZLE``)."""
    key = (geo.box_w, geo.box_h, geo.regions, geo.diagonals, givens)
    try:
        return _CLUES[key]
    except KeyError:
        pass
    if givens and (min(givens) < 0 or max(givens) >= len(_BITS)):
        return None  # not a digit: the slow paths name it
    masks = list(map(_BITS.__getitem__, givens))
    taken = [sum(get(masks)) for get in geo.unit_getters]
    # A sum of distinct powers of two has one bit per term; a repeat carries, and has fewer.
    if geo.diagonals:  # a clue on a diagonal is in four or five units
        clues = sum(len(geo.cell_unit_masks[c]) for c, v in enumerate(givens) if v)
    else:
        clues = 3 * (len(givens) - givens.count(0))
    found = taken if sum(map(int.bit_count, taken)) == clues else None
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
    if geo.diagonals:
        domains = [
            bits_of[v] or full & ~reduce(or_, [taken[u] for u in (b, *lines)])
            for v, (_, _, b), lines in zip(givens, geo.cell_rcb, geo.cell_lines, strict=True)
        ]
    else:
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
