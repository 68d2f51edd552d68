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


#: Lines waiting in a probe: (line index, its generation). The supposed cell's row and
#: column are generation 1; a line queued by a deduction of generation g is of generation g+1.
Queue = deque[tuple[int, int]]


def line_logic(
    state: State,
    grid: bytearray,
    pending: Queue,
    trace: list[Traced] | None = None,
    limit: int | None = None,
) -> tuple[int | None, int, int]:
    """Run the complete line solver on ``grid`` (changed in place) from the lines ``pending``
    until nothing changes, breadth first (generation by generation), or until the next line is
    of a generation past ``limit`` (left in ``pending``); ``state`` gives the puzzle and the
    memo. Every line deduction is added to ``trace`` when given, as (line, positions
    settled, the line after).

    Returns (the line that cannot be completed, or None; its generation, or the last
    generation read; the lines read as a bit mask: bit i for line i). What line logic does
    depends on the lines it reads alone, so from a grid where those are the same it does the
    same again.
    """
    lines, where, across = geometry(state)
    tables = line_tables(state, "solver")
    waiting = {index for index, _ in pending}
    read = 0
    generation = 0
    while pending:
        if limit is not None and pending[0][1] > limit:
            break
        clock.check()  # a probe of a big grid reads hundreds of lines
        index, generation = pending.popleft()
        waiting.discard(index)
        read |= 1 << index
        cells = bytes(grid[where[index]])
        hit = tables[index].get(cells)
        if hit is None:
            hit = answer("solver", solve_line, lines[index].clue, cells)
        after, positions = hit
        if after is None:
            return index, generation, read
        if positions:
            grid[where[index]] = after
            if trace is not None:
                trace.append((index, positions, after))
            other = across[index]
            for i in positions:
                j = other[i]
                if j not in waiting:
                    waiting.add(j)
                    pending.append((j, generation + 1))
    return None, generation, read


def _lines_of_cell(puzzle: Nonogram, cell: int) -> Queue:
    r, c = divmod(cell, puzzle.width)
    return deque(((r, 1), (puzzle.height + c, 1)))


@attrs.frozen
class Outcome:
    """What a probe of one (cell, value) found on a grid: the lines it read (a bit mask), its
    deductions (``trace``), the generation it has reached, and one of: the line that failed
    (``failed``), the lines still waiting when it stopped at a generation limit
    (``pending``), or neither (line logic finished without a contradiction). ``mask`` and
    ``cells`` (ints over the grid's bytes) hold the cells it settled, to go on from there."""

    read: int
    trace: tuple[Traced, ...]
    generation: int
    failed: int | None = None
    pending: tuple[tuple[int, int], ...] = ()
    mask: int = 0
    cells: int = 0

    @property
    def finished(self) -> bool:
        """Whether line logic ran to its end without a contradiction."""
        return self.failed is None and not self.pending


def probe(
    state: State,
    grid: bytes,
    cell: int,
    value: int,
    limit: int | None = None,
    earlier: Outcome | None = None,
) -> Outcome:
    """Suppose ``cell`` has ``value`` in ``grid`` and run line logic up to generation
    ``limit`` (see ``line_logic``), going on from where ``earlier`` (a probe of the same
    supposition on a grid whose lines it read are the same) stopped."""
    if earlier is None:
        scratch = bytearray(grid)
        scratch[cell] = D_FILLED if value == FILLED else D_EMPTY
        trace: list[Traced] = []
        pending = _lines_of_cell(state.puzzle, cell)
        read = 0
    else:
        # the grid as it is now, with the cells the probe had settled written over it
        now = int.from_bytes(grid, "little") & ~earlier.mask | earlier.cells
        scratch = bytearray(now.to_bytes(len(grid), "little"))
        trace = list(earlier.trace)
        pending = deque(earlier.pending)
        read = earlier.read
    failed, generation, more = line_logic(state, scratch, pending, trace, limit)
    if earlier is not None and not more:
        generation = earlier.generation
    if pending and failed is None:
        # the cells that differ from the grid, as a mask of whole bytes
        diff = int.from_bytes(scratch, "little") ^ int.from_bytes(grid, "little")
        mask = int.from_bytes(diff.to_bytes(len(grid), "little").translate(_WHOLE), "little")
        cells = int.from_bytes(scratch, "little") & mask
    else:
        mask = cells = 0
    return Outcome(read | more, tuple(trace), generation, failed, tuple(pending), mask, cells)


_WHOLE = bytes([0] + [255] * 255)


def outcomes(state: State, grid: bytes) -> dict[tuple[int, int], Outcome]:
    """The probes (cell, value) already run whose outcome holds on ``grid``, kept in
    ``state.extra["probe_outcomes"]`` from call to call and from a search node to its
    children: a probe whose lines have not changed since it ran would only do the same again
    (``line_logic``), and one stopped at a generation limit goes on from where it stopped. A
    cache only: what probing finds on a grid is the same with it or without it."""
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


def probing(state: State) -> Iterator[Step]:
    """The supposition (an open cell filled or empty) that leads line logic into a
    contradiction in the fewest generations of line deductions (ties: the first cell in
    reading order, filled before empty), explained by the chain of deductions that gets there
    (``deduce.rules.nonogram.chain``).

    Every probe runs breadth first and stops at a generation limit that grows by one until a
    probe contradicts or every probe has finished, so the shallow contradiction a player would
    see first is found without following every probe to its end. What it finds is a function
    of the grid alone: the outcomes kept from earlier calls (``outcomes``) only spare running
    probes again. A probe that finishes without a contradiction shows that every cell it
    settled can take that value without one, so those (cell, value) pairs are not probed in
    the same call. A call that finds nothing leaves in ``state.extra["probe_best"]`` the cell
    whose two probes settled the most (the fewer of the two counts first), which search may
    guess on first (``deduce.rules.nonogram.guess.telling_guess``).
    """
    puzzle = state.puzzle
    grid = bytes(state.domains)
    known = outcomes(state, grid)
    cells = []
    cell = grid.find(D_OPEN)
    while cell >= 0:
        cells.append(cell)
        cell = grid.find(D_OPEN, cell + 1)
    active = [(cell, value) for cell in cells for value in (FILLED, EMPTY)]
    safe: set[tuple[int, int]] = set()
    limit = 1
    while active:
        limit += 1
        going = []
        for pair in active:
            if pair in safe:
                continue
            seen = known.get(pair)
            if seen is None or (seen.pending and seen.generation < limit):
                seen = known[pair] = probe(state, grid, *pair, limit, seen)
            if seen.failed is not None:
                if seen.generation <= limit:
                    _contradicts_both(puzzle, known, pair)
                    yield probe_step(puzzle, grid, *pair, seen.failed, list(seen.trace))
                    return
                going.append(pair)
            elif seen.pending:
                going.append(pair)
            else:
                safe.update(_settled(puzzle, seen))
        active = going
    state.extra["probe_best"] = (grid, _telling(cells, known))


def _contradicts_both(
    puzzle: Nonogram, known: dict[tuple[int, int], Outcome], pair: tuple[int, int]
) -> None:
    """Raise Contradiction when both values of the pair's cell are known to contradict."""
    cell, value = pair
    other = known.get((cell, 1 - value))
    if other is not None and other.failed is not None:
        raise Contradiction(
            f"{cell_name(puzzle, cell)} can be neither filled nor empty: line logic "
            "contradicts both"
        )


def _settled(puzzle: Nonogram, seen: Outcome) -> list[tuple[int, int]]:
    """The (cell, value) pairs a probe settled."""
    lines = lines_of(puzzle)
    return [
        (lines[index].cells[p], FILLED if after[p] == D_FILLED else EMPTY)
        for index, positions, after in seen.trace
        for p in positions
    ]


def _telling(cells: list[int], known: dict[tuple[int, int], Outcome]) -> int:
    """The cell whose two finished probes settled the most cells, the fewer of the two counts
    first; -1 when no cell has both."""
    best, best_score = -1, (-1, -1)
    for cell in cells:
        a, b = known.get((cell, FILLED)), known.get((cell, EMPTY))
        if a is None or b is None or not (a.finished and b.finished):
            continue
        counts = sorted((sum(len(t[1]) for t in a.trace), sum(len(t[1]) for t in b.trace)))
        score = (counts[0], counts[1])
        if score > best_score:
            best, best_score = cell, score
    return best
