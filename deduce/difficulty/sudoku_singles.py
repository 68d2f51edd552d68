"""How a Sudoku solve goes for a person who places every hidden single in sight: its waves,
read off the Log and the grid.

A person looking for the next move finds one at a glance when twenty are open, and scans the
whole grid when only one is (Pelanek 2011, 2014: the number of moves available explains
solving time far better than the hardest technique). Which single a person takes, among the
open ones, is theirs to choose, and the engine's own order (boxes first, in cell order) is
only one of many: counted along it, the singles open are one sample of a path, and a poor one
(docs/grading.md). So the count is made along a path that does not depend on any order: in
*waves*. A wave places every hidden single the grid holds at once; the next wave counts again
on the grid that leaves. Hidden singles stay true whatever else is placed, so the waves reach
the same grid as any order of singles would, and where no single is left the solve goes on
with the Log's next step that still does something (a naked single, a pair, a chain), as the
engine did from that same grid.

The candidates live in one integer, three times over: for every digit, every unit (rows,
columns, boxes, in ``Geometry.units`` order) has a field of ``n`` bits (one per cell of the
unit, in unit order), a guard bit above them and a spare bit above that. A field with exactly
one bit set is a hidden single. Every field is tested at once by four operations on the
integer, which the guard and spare bits keep inside their fields; two more pick out the
singles' own bits, and a placement is one ``and`` with a mask tabled per cell and digit
(grids up to 9x9). A cell that is a hidden single in two of its units counts twice: it can be
seen two ways.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from itertools import compress
from typing import NamedTuple

import attrs

from deduce.memo import PER_PUZZLE, bounded
from deduce.puzzles.sudoku.model import (
    Geometry,
    Sudoku,
    geometry,
    initial_state,
    jigsaw_geometry,
)
from deduce.step import DEDUCTION, GUESS, Log, Step


@attrs.frozen
class Layout:
    """Where each candidate's bits are (see the module): ``cell[c]`` every bit of cell ``c``
    (all digits, all three units), ``seen[c]`` every bit of the cells sharing a unit with
    ``c``, ``digit[v]`` every bit of digit ``v``; ``guards``, ``lows`` and ``rest`` the guard
    bit, the bottom bit and the ``n`` cell bits of every field; ``empty`` the empty grid's
    board (every candidate, the guards set); ``keep[c * (n + 1) + v]``, for grids up to 9x9, the bits a placement of ``v`` in ``c``
    leaves (bigger grids work it out at each placement: their table would take megabytes).
    Bit ``p`` is a candidate of cell ``cell_at[p]`` and digit ``digit_at[p]`` (-1 and 0 for a
    guard or spare bit), and ``keep_at[p]`` the bits its placement leaves (empty above 9x9)."""

    n: int
    cell: tuple[int, ...]
    seen: tuple[int, ...]
    digit: tuple[int, ...]
    guards: int
    lows: int
    rest: int
    empty: int
    cell_at: tuple[int, ...]
    digit_at: tuple[int, ...]
    keep: tuple[int, ...]
    keep_at: tuple[int, ...]

    def kept(self, c: int, v: int) -> int:
        """The bits a placement of ``v`` in cell ``c`` leaves (of the empty board's: a
        mask with no sign bit keeps an ``and`` on a board of thousands of bits quick)."""
        return self.empty & ~(self.cell[c] | (self.seen[c] & self.digit[v]))


@cache
def layout(box_w: int, box_h: int) -> Layout:
    """The layout of a grid with boxes ``box_w`` wide and ``box_h`` tall (one per shape)."""
    return _layout(geometry(box_w, box_h))


@bounded(PER_PUZZLE)
def region_layout(regions: tuple[int, ...]) -> Layout:
    """The layout of the Jigsaw grid of ``regions`` (kept for the last few shapes)."""
    return _layout(jigsaw_geometry(regions))


def _layout(geo: Geometry) -> Layout:
    n, width = geo.n, geo.n + 2
    fields = n * len(geo.units)
    unit_bits = [0] * (n * n)  # the bits of each cell for digit 1
    cell_at, digit_at = [-1] * (width * fields), [0] * (width * fields)
    block = width * len(geo.units)  # the bits of one digit
    for u, unit in enumerate(geo.units):
        for pos, c in enumerate(unit):
            unit_bits[c] |= 1 << (u * width + pos)
            for d in range(n):
                cell_at[d * block + u * width + pos] = c
                digit_at[d * block + u * width + pos] = d + 1
    spread = sum(1 << (block * d) for d in range(n))  # copies a digit-1 pattern to every digit
    cell = tuple(bits * spread for bits in unit_bits)
    seen = tuple(sum(cell[p] for p in geo.peers[c]) for c in range(n * n))
    digit = (0, *(((1 << block) - 1) << (block * d) for d in range(n)))
    lows = sum(1 << (f * width) for f in range(fields))
    guards = lows << n
    empty = sum(cell) | guards
    lay = Layout(n, cell, seen, digit, guards, lows, guards - lows, empty, tuple(cell_at),
                 tuple(digit_at), (), ())  # fmt: skip
    if n > 9:
        return lay
    keep = tuple(lay.kept(c, v) for c in range(n * n) for v in range(n + 1))
    keep_at = tuple(keep[c * (n + 1) + v] for c, v in zip(cell_at, digit_at, strict=True))
    return attrs.evolve(lay, keep=keep, keep_at=keep_at)


class Wave(NamedTuple):
    """One stretch of a solve (see the module): ``placed`` cells placed with ``singles``
    hidden singles (digit and unit) open and ``left`` cells empty before it. ``step`` is
    None for a wave of hidden singles, or the Log's step taken when none was open
    (``singles`` 0)."""

    left: int
    singles: int
    placed: int
    step: Step | None


def waves(log: Log, puzzle: Sudoku) -> Iterator[Wave]:
    """The rules-only part of ``log`` (depth 0, up to the first guess) as waves (see the
    module)."""
    return (Wave(*wave) for wave in counts(log, puzzle))


def counts(log: Log, puzzle: Sudoku) -> Iterator[tuple[int, int, int, Step | None]]:
    """``waves`` as plain tuples, for the grade, which reads one of them for every wave of
    every solve."""
    geo = puzzle.geo
    lay = layout(geo.box_w, geo.box_h) if geo.regions is None else region_layout(geo.regions)
    guards, lows, rest, n = lay.guards, lay.lows, lay.rest, lay.n
    cell_at, digit_at, keep_at, kept = lay.cell_at, lay.digit_at, lay.keep_at, lay.kept
    board, filled = _start(puzzle, lay)
    left = filled.count(0)
    steps = _deductions(log)
    while left:
        # per field: (board - lows) & board keeps the guard when the field holds a candidate
        # and clears its lowest; adding the cell bits carries into the spare bit when another
        # is left, so the guard stays set exactly where the field held one candidate
        single = (((board - lows) & board) + rest) & guards
        if single:
            found = board & (single - (single >> n))  # each single's own bit
            placed = 0
            while found:
                p = found.bit_length() - 1
                mask = keep_at[p] if keep_at else kept(cell_at[p], digit_at[p])
                board &= mask
                found &= mask  # and the cell's bits in its other units: a cell is placed once
                filled[cell_at[p]] = 1
                placed += 1
            yield left, single.bit_count(), placed, None
            left -= placed
            continue
        step = _next_step(steps, filled)
        if step is None:
            return
        board, placed = _take(step, board, filled, lay)
        yield left, 0, placed, step
        left -= placed


def _take(step: Step, board: int, filled: bytearray, lay: Layout) -> tuple[int, int]:
    """``board`` and ``filled`` once ``step`` is taken, and how many cells it placed."""
    placed = 0
    for c, v in step.placements:
        if not filled[c]:
            filled[c] = 1
            placed += 1
            board &= lay.keep[c * (lay.n + 1) + v] if lay.keep else lay.kept(c, v)
    for c, v in step.eliminations:
        board &= ~(lay.cell[c] & lay.digit[v])
    return board, placed


def _deductions(log: Log) -> Iterator[Step]:
    """The rules-only deductions of ``log``: depth 0, up to its first guess."""
    for step in log.steps:
        if step.kind == GUESS:
            return
        if step.kind == DEDUCTION and not step.depth:
            yield step


def _next_step(steps: Iterator[Step], filled: bytearray) -> Step | None:
    """The next of ``steps`` that still does something on a grid where ``filled`` cells are
    placed, or None."""
    for step in steps:
        if step.eliminations:
            return step
        for c, _ in step.placements:
            if not filled[c]:
                return step
    return None


def _start(puzzle: Sudoku, lay: Layout) -> tuple[int, bytearray]:
    """The candidates of ``puzzle``'s starting grid as the engine starts from them (guards
    set), and which cells are filled."""
    cell, digit = lay.cell, lay.digit
    board = lay.empty
    if puzzle.placed is None and puzzle.candidates is None:
        keep, stride, givens = lay.keep, puzzle.n + 1, puzzle.givens
        for c in compress(range(len(givens)), givens):
            board &= keep[c * stride + givens[c]] if keep else lay.kept(c, givens[c])
        return board, bytearray(givens)  # a cell is filled where it is not 0
    state = initial_state(puzzle)  # a position: placed digits and pencil marks
    for c, domain in enumerate(state.domains):
        if state.fixed[c]:
            board &= ~cell[c]
            continue
        for v in range(1, puzzle.n + 1):
            if not domain >> v & 1:
                board &= ~(cell[c] & digit[v])
    return board, bytearray(map(bool, state.fixed))
