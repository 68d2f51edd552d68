"""The board as the Numbrix/Hidato rules read it: written numbers, free cells, missing runs.

A number is *placed* when its cell is written in (``state.fixed``); a cell is *free* when it
is neither written in nor a hole. The unplaced numbers fall into *runs*: the numbers strictly
between two consecutive placed numbers, or before the smallest, or after the largest. A run
is a path of free cells, so its anchors (the placed numbers at its ends) bound where its
numbers can be. The tables are computed once per version of the grid (``deduce.memo.per_version``).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable

import attrs

from deduce.memo import per_version
from deduce.puzzles.numbrix.model import Numbrix, cell_name
from deduce.state import State, bits


@attrs.frozen
class Run:
    """The missing numbers ``low..high``; ``a``/``b`` the cells of ``low - 1``/``high + 1``
    (None at the ends of the count)."""

    low: int
    high: int
    a: int | None
    b: int | None

    @property
    def size(self) -> int:
        """How many numbers the run holds."""
        return self.high - self.low + 1

    @property
    def mask(self) -> int:
        """The run's numbers as a domain mask."""
        return ((1 << (self.high + 1)) - 1) ^ ((1 << self.low) - 1)


class Board:
    """Placed numbers (``where``: number -> cell), free cells, the runs between the placed
    numbers, and the placed numbers still missing a neighbour in the count (``open_ends``:
    ``(k, cell, [missing numbers])``). Tables several rules read (balls, positions) are
    computed on first use and kept with the board."""

    __slots__ = (
        "_balls",
        "_positions",
        "free",
        "free_mask",
        "is_free",
        "open_ends",
        "runs",
        "where",
    )

    def __init__(self, state: State[Numbrix]) -> None:
        puzzle: Numbrix = state.puzzle
        geo = puzzle.geo
        domains, fixed = state.domains, state.fixed
        where: dict[int, int] = {}
        free = []
        is_free = [False] * len(domains)
        for cell in geo.cells:
            if fixed[cell]:
                where[domains[cell].bit_length() - 1] = cell
            else:
                free.append(cell)
                is_free[cell] = True
        runs = []
        order = sorted(where)
        if order:
            if order[0] > 1:
                runs.append(Run(1, order[0] - 1, None, where[order[0]]))
            for a, b in itertools.pairwise(order):
                if b - a > 1:
                    runs.append(Run(a + 1, b - 1, where[a], where[b]))
            if order[-1] < geo.n:
                runs.append(Run(order[-1] + 1, geo.n, where[order[-1]], None))
        n = geo.n
        self.where = where
        self.free = tuple(free)
        self.is_free = tuple(is_free)
        self.runs = tuple(runs)
        self.free_mask = sum(1 << c for c in free)
        open_ends = []
        for k, cell in where.items():
            below, above = k > 1 and k - 1 not in where, k < n and k + 1 not in where
            if below or above:
                open_ends.append((k, cell, [k - 1] * below + [k + 1] * above))
        self.open_ends = tuple(open_ends)
        self._balls: dict[int, list[int]] = {}
        self._positions: list[int] | None = None


def board(state: State[Numbrix]) -> Board:
    """The board of ``state`` (remembered while its journal does not grow: every change of a
    Numbrix grid is journaled, by the engine and by ``on_place``)."""
    return per_version(state, "numbrix board", Board)


def free_neighbours(puzzle: Numbrix, bd: Board, cell: int) -> list[int]:
    """The neighbours of ``cell`` that are free."""
    is_free = bd.is_free
    return [c for c in puzzle.geo.neighbours[cell] if is_free[c]]


def free_mask(state: State[Numbrix]) -> int:
    """The free cells as a bitmask (bit ``c`` for cell ``c``)."""
    return board(state).free_mask


def balls(state: State[Numbrix], anchor: int, depth: int) -> list[int]:
    """``balls[t]``: the cells within ``t`` steps of ``anchor`` through free cells, as
    bitmasks, for t = 0..depth (the anchor itself is ``balls[0]``)."""
    bd = board(state)
    layers = bd._balls.setdefault(anchor, [1 << anchor])
    if len(layers) <= depth:
        geo = state.puzzle.geo
        free = bd.free_mask
        ball = layers[-1]
        while len(layers) <= depth:
            grown = ball | (geo.spread(ball) & free)
            if grown == ball:  # nothing more to reach: the rest are the same
                layers.extend([ball] * (depth + 1 - len(layers)))
                break
            ball = grown
            layers.append(ball)
    return layers


def within(state: State[Numbrix], anchor: int, steps: int, target: int) -> bool:
    """Whether ``target`` (any cell) is at most ``steps`` steps from ``anchor``, stepping
    through free cells (the last step may land on a written cell)."""
    if steps <= 0:
        return target == anchor
    ball = balls(state, anchor, steps - 1)[steps - 1]
    return bool(state.puzzle.geo.spread(ball) >> target & 1)


#: Where ``positions`` keeps its table in ``State.memo``, with the journal position it is true
#: at: a newer grid's table is the older one less what the journal says went since.
POSITIONS = "numbrix positions"


def positions(state: State[Numbrix]) -> list[int]:
    """``positions[k]``: the cells that can still hold ``k``, as a bitmask."""
    bd = board(state)
    if bd._positions is None:
        bd._positions = _positions(state)
    return bd._positions


def _positions(state: State[Numbrix]) -> list[int]:
    """The positions table of ``state``: brought up to date from the one kept for an earlier
    version of the same grid (each removal is journaled, with the numbers it took away), or
    worked out afresh."""
    version = len(state.changes)
    kept: tuple[int, list[int]] | None = state.memo.get(POSITIONS)
    if kept is not None and kept[0] <= version:
        pos = kept[1].copy()  # an older board may still hold the older table
        changes, gone = state.changes, state.gone
        for i in range(kept[0], version):
            d, clear = gone[i], ~(1 << changes[i])
            while d:
                low = d & -d
                pos[low.bit_length() - 1] &= clear
                d ^= low
    else:
        domains = state.domains
        pos = [0] * (state.puzzle.n + 2)
        for cell in state.puzzle.geo.cells:
            bit, d = 1 << cell, domains[cell]
            while d:  # ``bits``, inlined: this loop runs at every step of a forcing chain
                low = d & -d
                pos[low.bit_length() - 1] |= bit
                d ^= low
    state.memo[POSITIONS] = (version, pos)
    return pos


def numbers_text(mask: int) -> str:
    """``13–17, 20`` for a mask of numbers: every number, three or more in a row as a range,
    four or more every other one as ``14, 16, …, 26`` (a Numbrix cell often keeps one colour's
    numbers)."""
    values = list(bits(mask))
    parts: list[str] = []
    i = 0
    while i < len(values):
        j = _stride(values, i, 1)
        if j - i >= 2:
            parts.append(f"{values[i]}–{values[j]}")
        elif (j := _stride(values, i, 2)) - i >= 3:
            parts.append(f"{values[i]}, {values[i + 1]}, …, {values[j]}")
        else:
            j = i
            parts.append(str(values[i]))
        i = j + 1
    return ", ".join(parts)


def _stride(values: list[int], i: int, step: int) -> int:
    """The last index of the stretch from ``values[i]`` going up by ``step`` each time."""
    j = i
    while j + 1 < len(values) and values[j + 1] == values[j] + step:
        j += 1
    return j


def run_text(puzzle: Numbrix, run: Run) -> str:
    """``13–17 (between 12 at r2c3 and 18 at r5c5)`` and the like."""
    nums = numbers_text(run.mask)
    if run.a is not None and run.b is not None:
        return (
            f"{nums} (between {run.low - 1} at {cell_name(puzzle, run.a)} and "
            f"{run.high + 1} at {cell_name(puzzle, run.b)})"
        )
    if run.b is not None:
        return f"{nums} (before {run.high + 1} at {cell_name(puzzle, run.b)})"
    assert run.a is not None
    return f"{nums} (after {run.low - 1} at {cell_name(puzzle, run.a)})"


def cells_text(puzzle: Numbrix, cells: Iterable[int]) -> str:
    """Every cell of ``cells``, named compactly: rectangles of cells as their corners.

    ``r1c1–r2c9, r3c1–r3c4, r5c5``: each row's cells in stretches of neighbouring columns,
    a stretch repeated on the rows below it joined into one rectangle (top-left to
    bottom-right corner), rectangles in reading order of their top-left cells. Nothing is
    left out: a sentence that names a region this way names all of it.
    """
    cols = puzzle.cols
    rows: dict[int, list[int]] = {}
    for cell in sorted(set(cells)):
        rows.setdefault(cell // cols, []).append(cell % cols)
    open_blocks: dict[tuple[int, int], int] = {}  # (first col, last col) -> first row
    blocks: list[tuple[int, int, int, int]] = []  # (top, left, bottom, right)
    previous = -2
    for row in sorted(rows):
        stretches = _stretches(rows[row])
        for key, top in list(open_blocks.items()):
            if row != previous + 1 or key not in stretches:
                blocks.append((top, key[0], previous, key[1]))
                del open_blocks[key]
        for key in stretches:
            open_blocks.setdefault(key, row)
        previous = row
    blocks.extend((top, key[0], previous, key[1]) for key, top in open_blocks.items())
    names = []
    for top, left, bottom, right in sorted(blocks):
        corner = f"r{top + 1}c{left + 1}"
        far = f"r{bottom + 1}c{right + 1}"
        names.append(corner if corner == far else f"{corner}–{far}")
    return ", ".join(names)


def _stretches(columns: list[int]) -> list[tuple[int, int]]:
    """Sorted columns as (first, last) stretches of neighbouring columns."""
    out: list[tuple[int, int]] = []
    for c in columns:
        if out and out[-1][1] == c - 1:
            out[-1] = (out[-1][0], c)
        else:
            out.append((c, c))
    return out
