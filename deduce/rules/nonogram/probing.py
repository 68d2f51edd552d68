"""Probing: suppose one open cell filled (or empty), follow line logic alone from there, and
when two lines contradict, the cell is the other way.

Inside a probe only the complete line solver runs, line by line from a worklist of the lines
whose cells changed (breadth first), on a scratch copy of the grid; the answers come from the
same memo as the line solver rule, so a probe mostly costs look-ups. A probe that finds no
contradiction also shows that every cell it settled is safe to suppose, so those cells are not
probed again with the same value in the same call (their consequences are a part of this
probe's). The step says which line deductions lead to the contradiction, one substep each
(``deduce.rules.nonogram.chain``).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator

import attrs

from deduce import clock
from deduce.errors import Contradiction
from deduce.puzzles.nonogram.model import (
    D_EMPTY,
    D_FILLED,
    D_OPEN,
    EMPTY,
    FILLED,
    Nonogram,
    cell_name,
    lines_of,
)
from deduce.rules.nonogram.chain import Traced, probe_step
from deduce.rules.nonogram.grid import changed_lines, geometry, line_tables
from deduce.rules.nonogram.lines import answer, solve_line
from deduce.state import State
from deduce.step import Step


def line_logic(
    state: State[Nonogram], grid: bytearray, queue: list[int], trace: list[Traced] | None = None
) -> tuple[int | None, int]:
    """Run the complete line solver on ``grid`` (changed in place) from the lines in ``queue``
    until nothing changes, breadth first (a line waits its turn behind the lines queued
    before it), so the contradiction met is one of the nearest; ``state`` gives the puzzle and
    the memo. Every line deduction is added to ``trace`` when given, as (line, positions
    settled, the line after).

    Returns (the line that cannot be completed, or None when the lines agree; the lines read
    as a bit mask: bit i for line i). What line logic does depends on the lines it reads
    alone, so from a grid where those are the same it does the same again.
    """
    lines, where, across = geometry(state)
    tables = line_tables(state, "solver")
    pending = deque(queue)
    waiting = set(queue)
    read = 0
    count = 0
    while pending:
        count += 1
        if not count & 31:
            clock.check()  # a probe of a big grid reads hundreds of lines
        index = pending.popleft()
        waiting.discard(index)
        read |= 1 << index
        cells = bytes(grid[where[index]])
        hit = tables[index].get(cells)
        if hit is None:
            hit = answer("solver", solve_line, lines[index].clue, cells)
        after, positions = hit
        if after is None:
            return index, read
        if positions:
            grid[where[index]] = after
            if trace is not None:
                trace.append((index, positions, after))
            other = across[index]
            for i in positions:
                j = other[i]
                if j not in waiting:
                    waiting.add(j)
                    pending.append(j)
    return None, read


@attrs.frozen
class Outcome:
    """What a probe of one (cell, value) found on a grid: the lines it read (a bit mask), its
    line deductions in order, and the line that failed (None: line logic finished without a
    contradiction)."""

    read: int
    trace: tuple[Traced, ...]
    failed: int | None


def probe(state: State[Nonogram], grid: bytes, cell: int, value: int) -> Outcome:
    """Suppose ``cell`` has ``value`` in ``grid`` and run line logic from its row and column
    (see ``line_logic``)."""
    scratch = bytearray(grid)
    scratch[cell] = D_FILLED if value == FILLED else D_EMPTY
    r, c = divmod(cell, state.puzzle.width)
    trace: list[Traced] = []
    failed, read = line_logic(state, scratch, [r, state.puzzle.height + c], trace)
    return Outcome(read, tuple(trace), failed)


def outcomes(state: State[Nonogram], grid: bytes) -> dict[tuple[int, int], Outcome]:
    """The probes (cell, value) already run whose outcome holds on ``grid``, kept in
    ``state.extra["probe_outcomes"]`` from call to call and from a search node to its
    children: a probe whose lines have not changed since it ran would only do the same again
    (``line_logic``), which spares most probes of a solve. A cache only: what probing finds
    on a grid is the same with it or without it."""
    kept = state.extra.get("probe_outcomes")
    if kept is None:
        found: dict[tuple[int, int], Outcome] = {}
    else:
        then, found = kept
        if then != grid:
            moved = 0
            for line in changed_lines(state.puzzle, then, grid):
                moved |= 1 << line
            found = {key: seen for key, seen in found.items() if not seen.read & moved}
    state.extra["probe_outcomes"] = (grid, found)
    return found


def probing(state: State[Nonogram]) -> Iterator[Step]:
    """The first supposition, in ``order``, that leads line logic into a contradiction,
    explained by the chain of line deductions that gets there
    (``deduce.rules.nonogram.chain``). Raises Contradiction when both values of a cell do.

    What it finds is a function of the grid alone: the outcomes kept from earlier calls
    (``outcomes``) only spare running probes again. A probe that finishes without a
    contradiction shows that every cell it settled can take that value without one, so those
    (cell, value) pairs are not probed again in the same call. A call that finds nothing
    leaves in ``state.extra["probe_best"]`` the cell whose two probes settled the most (the
    fewer of the two counts first), which search may guess on first
    (``deduce.rules.nonogram.guess.telling_guess``).
    """
    puzzle = state.puzzle
    lines = lines_of(puzzle)
    grid = bytes(state.domains)
    known = outcomes(state, grid)
    safe: set[tuple[int, int]] = set()
    best, best_score = -1, (-1, -1)
    for cell in order(puzzle, grid):
        refuted: list[tuple[int, Outcome]] = []
        counts = []
        for value in (FILLED, EMPTY):
            if (cell, value) in safe:
                continue
            seen = known.get((cell, value))
            if seen is None:
                seen = known[cell, value] = probe(state, grid, cell, value)
            if seen.failed is not None:
                refuted.append((value, seen))
                continue
            settled = [
                (lines[index].cells[p], FILLED if after[p] == D_FILLED else EMPTY)
                for index, positions, after in seen.trace
                for p in positions
            ]
            safe.update(settled)
            counts.append(len(settled))
        if len(refuted) == 2:
            raise Contradiction(
                f"{cell_name(puzzle, cell)} can be neither filled nor empty: line logic "
                "contradicts both"
            )
        if refuted:
            value, seen = refuted[0]
            assert seen.failed is not None
            yield probe_step(puzzle, grid, cell, value, seen.failed, list(seen.trace))
            return
        if len(counts) == 2 and (min(counts), max(counts)) > best_score:
            best, best_score = cell, (min(counts), max(counts))
    state.extra["probe_best"] = (grid, best)


def order(puzzle: Nonogram, grid: bytes) -> list[int]:
    """The open cells in the order probing asks them: those whose row and column together
    have the fewest open cells first (the cells of nearly finished lines, where a player
    looks first and where a contradiction is likeliest), reading order among equals."""
    w, h = puzzle.width, puzzle.height
    rows = [grid.count(D_OPEN, r * w, r * w + w) for r in range(h)]
    cols = [grid[c::w].count(D_OPEN) for c in range(w)]
    cells = []
    cell = grid.find(D_OPEN)
    while cell >= 0:
        cells.append((rows[cell // w] + cols[cell % w], cell))
        cell = grid.find(D_OPEN, cell + 1)
    cells.sort()
    return [cell for _, cell in cells]
