"""How many hidden singles a Sudoku grid offers at each step of a solve, read off its Log.

A person looking for the next move finds one at a glance when twenty are open, and scans the
whole grid when only one is (Pelanek 2011, 2014: the number of moves available explains
solving time far better than the hardest technique). The engine takes one step at a time and
does not count the rest, so the count is made here, by replaying the Log's placements and
eliminations over the puzzle's starting candidates.

The candidates live in one integer, three times over: for every digit, every unit (rows,
columns, boxes, in ``Geometry.units`` order) has a field of ``n`` bits (one per cell of the
unit, in unit order) and a guard bit above them. A field with exactly one bit set is a hidden
single: that digit has one place left in that unit. Every field is tested at once with an
addition and a subtraction that the guard bits keep inside their fields, so a count costs
five operations on the integer and a ``bit_count``, whatever the grid's size; a placement or
an elimination is one ``and``. A cell that is a hidden single in two of its units counts twice: it can be seen two
ways.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

import attrs

from deduce.puzzles.sudoku.model import Geometry, Sudoku, geometry, initial_state
from deduce.step import DEDUCTION, GUESS, Log, Step


@attrs.frozen
class Layout:
    """Where each candidate's bits are (see the module): ``cell[c]`` every bit of cell ``c``
    (all digits, all three units), ``seen[c]`` every bit of the cells sharing a unit with
    ``c``, ``digit[v]`` every bit of digit ``v``; ``guards`` and ``lows`` the top (guard) and
    bottom bit of every field; ``keep[c * (n + 1) + v]``, for grids up to 9x9, the bits a
    placement of ``v`` in ``c`` leaves (bigger grids work it out at each placement: their
    table would take megabytes)."""

    cell: tuple[int, ...]
    seen: tuple[int, ...]
    digit: tuple[int, ...]
    guards: int
    lows: int
    keep: tuple[int, ...]

    def kept(self, c: int, v: int) -> int:
        """The bits a placement of ``v`` in cell ``c`` leaves."""
        return ~(self.cell[c] | (self.seen[c] & self.digit[v]))


@cache
def layout(box_w: int, box_h: int) -> Layout:
    """The layout of a grid with boxes ``box_w`` wide and ``box_h`` tall (one per shape)."""
    geo: Geometry = geometry(box_w, box_h)
    n, width = geo.n, geo.n + 1
    fields = n * len(geo.units)  # per digit
    unit_bits = [0] * (n * n)  # the bits of each cell for digit 1
    for u, unit in enumerate(geo.units):
        for pos, c in enumerate(unit):
            unit_bits[c] |= 1 << (u * width + pos)
    block = width * len(geo.units)  # the bits of one digit
    spread = sum(1 << (block * d) for d in range(n))  # copies a digit-1 pattern to every digit
    cell = tuple(bits * spread for bits in unit_bits)
    seen = tuple(sum(cell[p] for p in geo.peers[c]) for c in range(n * n))
    whole = (1 << block) - 1
    digit = (0, *(whole << (block * d) for d in range(n)))
    lows = sum(1 << (f * width) for f in range(fields))
    lay = Layout(cell, seen, digit, lows << n, lows, ())
    if n > 9:
        return lay
    keep = tuple(lay.kept(c, v) for c in range(n * n) for v in range(n + 1))
    return attrs.evolve(lay, keep=keep)


def hidden_singles(log: Log, puzzle: Sudoku) -> Iterator[tuple[Step, int]]:
    """Each rules-only deduction of ``log`` (depth 0, up to the first guess), with how many
    hidden singles (digit and unit) the grid held just before it."""
    geo = puzzle.geo
    lay = layout(geo.box_w, geo.box_h)
    guards, lows, keep, kept, stride = lay.guards, lay.lows, lay.keep, lay.kept, geo.n + 1
    cell, digit, rest, fields = lay.cell, lay.digit, guards - lows, guards.bit_count()
    board = _start(puzzle, lay) | guards  # the guards stay set: one operation less a count
    for step in log.steps:
        kind = step.kind
        if kind == GUESS:
            return
        if kind != DEDUCTION or step.depth:
            continue
        # per field: (board - 1) & board keeps the guard when the field holds a candidate
        # and clears the lowest; ^ guards leaves 0 exactly where one candidate was, and
        # adding 2**n - 1 sets the guard of every other field
        other = ((((board - lows) & board) ^ guards) + rest) & guards
        yield step, fields - other.bit_count()
        for c, v in step.placements:
            board &= keep[c * stride + v] if keep else kept(c, v)
        for c, v in step.eliminations:
            board &= ~(cell[c] & digit[v])


def _start(puzzle: Sudoku, lay: Layout) -> int:
    """The candidates of ``puzzle``'s starting grid, as the engine starts from them."""
    cell, digit = lay.cell, lay.digit
    board = sum(digit)
    if puzzle.placed is None and puzzle.candidates is None:
        keep, stride = lay.keep, puzzle.n + 1
        for c, v in enumerate(puzzle.givens):
            if v:
                board &= keep[c * stride + v] if keep else lay.kept(c, v)
        return board
    state = initial_state(puzzle)  # a position: placed digits and pencil marks
    for c, domain in enumerate(state.domains):
        if state.fixed[c]:
            board &= ~cell[c]
            continue
        for v in range(1, puzzle.n + 1):
            if not domain >> v & 1:
                board &= ~(cell[c] & digit[v])
    return board
