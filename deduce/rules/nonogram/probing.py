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
from typing import Any

import attrs

from deduce import clock
from deduce.errors import Contradiction
from deduce.memo import Bounded
from deduce.puzzles.nonogram.model import (
    D_EMPTY,
    D_FILLED,
    D_OPEN,
    EMPTY,
    FILLED,
    Line,
    Nonogram,
    cell_name,
)
from deduce.rules.nonogram.chain import Traced, probe_step
from deduce.rules.nonogram.grid import geometry, line_tables
from deduce.rules.nonogram.lines import answer, solve_line
from deduce.state import State
from deduce.step import Step

#: What line logic reads a puzzle with: (its lines, their slices of the grid, the line
#: crossing each position of each line, the line solver's memo of each line; see ``grid``).
Geometry = tuple[
    tuple[Line, ...], tuple[slice, ...], tuple[tuple[int, ...], ...], tuple[dict[bytes, Any], ...]
]


def geometry_of(state: State[Nonogram]) -> Geometry:
    """The state's puzzle as line logic reads it (``Geometry``)."""
    return (*geometry(state), line_tables(state, "solver"))


def line_logic(
    state: State[Nonogram],
    grid: bytearray,
    queue: list[int],
    trace: list[Traced] | None = None,
    shape: Geometry | None = None,
) -> int | None:
    """Run the complete line solver on ``grid`` (changed in place) from the lines in ``queue``
    until nothing changes, breadth first (a line waits its turn behind the lines queued
    before it), so the contradiction met is one of the nearest; ``state`` gives the puzzle and
    the memo (or ``shape``, when the caller has it: ``geometry_of``). Every line deduction is
    added to ``trace`` when given, as (line, positions settled, the line after).

    Returns the line that cannot be completed, or None when the lines agree. What line logic
    does depends on the lines it reads alone, so from a grid where those are the same it does
    the same again.
    """
    lines, where, across, tables = shape or geometry_of(state)
    pending = deque(queue)
    waiting = set(queue)
    count = 0
    while pending:
        count += 1
        if not count & 31:
            clock.check()  # a probe of a big grid reads hundreds of lines
        index = pending.popleft()
        waiting.discard(index)
        cells = bytes(grid[where[index]])
        hit = tables[index].get(cells)
        if hit is None:
            hit = answer("solver", solve_line, lines[index].clue, cells)
        after, positions = hit
        if after is None:
            return index
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
    return None


@attrs.frozen
class Outcome:
    """What a probe of one (cell, value) found, as much as later calls need: whether it met
    a contradiction, and when it did not, the grid line logic reached (as a number, see
    ``number``)."""

    failed: bool
    after: int = 0


#: A refuted supposition.
REFUTED = Outcome(True)

#: Byte value -> 1 when nonzero: marks where two grids differ (with ``bytes.translate``).
_NONZERO = bytes([0] + [1] * 255)


def number(grid: bytes | bytearray) -> int:
    """The grid as one number (little-endian, one byte a cell): a whole grid's domains are
    then met (``&``) or compared in one operation."""
    return int.from_bytes(grid, "little")


def settled(seen: Outcome, start: int, size: int) -> int:
    """How many cells a probe that met no contradiction settled on the grid ``start`` (as a
    number; ``size`` cells), the supposed cell not counted."""
    return (seen.after ^ start).to_bytes(size, "little").translate(_NONZERO).count(1) - 1


def probe(
    state: State[Nonogram], grid: bytes, cell: int, value: int, trace: list[Traced] | None = None
) -> tuple[int | None, Outcome]:
    """Suppose ``cell`` has ``value`` in ``grid`` and run line logic from its row and column
    (see ``line_logic``): (the line that failed, or None; the outcome). Its line deductions
    are added to ``trace`` when given."""
    scratch = bytearray(grid)
    scratch[cell] = D_FILLED if value == FILLED else D_EMPTY
    r, c = divmod(cell, state.puzzle.width)
    failed = line_logic(state, scratch, [r, state.puzzle.height + c], trace)
    return failed, REFUTED if failed is not None else Outcome(False, number(scratch))


def resume(
    state: State[Nonogram], grid: bytes, start: int, seen: Outcome, shape: Geometry | None = None
) -> Outcome:
    """The outcome of a probe on the grid ``start`` (as a number, ``size`` cells) from its
    outcome ``seen`` on an earlier grid that ``start`` refines, reading again only the lines
    where ``start`` knows more than the grid that probe reached.

    Line logic is a closure: what it reaches only grows with what is known, and running it
    again on what it reached changes nothing. Probing runs when the line solver has nothing
    left, so every line of the earlier probe's result was settled as far as line logic goes;
    from the supposition on the new grid line logic reaches what it reaches from that result
    with the new grid's news written in, and only the lines with news need reading. A cell
    that result has one way and the new grid the other is a contradiction at once. The
    verdict and the grid reached are those of a probe from scratch (the chain of a refuted
    supposition is found by one, see ``probing``)."""
    met = seen.after & start
    if met == seen.after:  # no news
        return seen
    size = len(grid)
    scratch = bytearray(met.to_bytes(size, "little"))
    if scratch.find(0) >= 0:
        return REFUTED
    w, h = state.puzzle.width, state.puzzle.height
    news = (met ^ seen.after).to_bytes(size, "little").translate(_NONZERO)
    lines: set[int] = set()
    cell = news.find(1)
    while cell >= 0:
        r = cell // w
        lines.add(r)
        lines.add(h + cell - r * w)
        cell = news.find(1, cell + 1)
    # A line with news that the probe left as it is on the grid reads as it does there,
    # where the line solver has nothing left: only the others can settle more.
    shape = geometry_of(state) if shape is None else shape
    where = shape[1]
    queue = [line for line in sorted(lines) if scratch[where[line]] != grid[where[line]]]
    if not queue:
        return Outcome(False, met)
    failed = line_logic(state, scratch, queue, None, shape)
    return REFUTED if failed is not None else Outcome(False, number(scratch))


#: The cells of grid (one byte each) the probe outcomes of a state may hold together: a
#: solve's first state keeps ``KEPT_CELLS`` (all 15,200 probes of an 80x95 puzzle, a tenth of
#: a 200x200's 80,000), a search node's state half what its parent keeps, but never less
#: than ``KEPT_CELLS_LEAST`` (all the probes of a 40x40 puzzle), so that the states along a
#: search's way down hold about twice the first one's together.
KEPT_CELLS, KEPT_CELLS_LEAST = 1 << 27, 1 << 22


def outcomes(state: State[Nonogram], grid: bytes) -> dict[tuple[int, int], Outcome]:
    """The probes (cell, value) of open cells already run, kept in
    ``state.probe_outcomes`` from call to call and from a search node to its
    children, so that a later call on a grid that refines theirs redoes only what changed
    (``resume``); a refuted supposition stays refuted (line logic finds only more on a grid
    that knows more). A cache only: what probing finds on a grid is the same with it or
    without it. On a grid that does not refine the last one (search going back up), it
    starts afresh; a copied state (a search node's child) copies the newest of the dict,
    which its parent keeps. Each outcome holds a whole grid, so a dict is bounded
    (``KEPT_CELLS``) and forgets its oldest half past its bound."""
    kept = state.probe_outcomes
    if kept is None:
        found = _kept_outcomes(KEPT_CELLS, len(grid))
    else:
        then, found, owner = kept
        if then != grid and number(grid) & ~number(then):
            found = _kept_outcomes(found.limit * len(grid), len(grid))
        elif owner is not state:  # a copy of the state: its parent keeps its own
            old = found
            found = _kept_outcomes(old.limit * len(grid) // 2, len(grid))
            for key in list(old)[-found.limit :]:
                found[key] = old[key]
    state.probe_outcomes = (grid, found, state)
    return found


def _kept_outcomes(cells: int, size: int) -> Bounded[tuple[int, int], Outcome]:
    """An empty dict of outcomes on a grid of ``size`` cells that holds about ``cells`` cells
    of grid (at least ``KEPT_CELLS_LEAST``)."""
    return Bounded(max(cells, KEPT_CELLS_LEAST) // size or 1)


def probing(state: State[Nonogram]) -> Iterator[Step]:
    """The first supposition, in ``order``, that leads line logic into a contradiction,
    explained by the chain of line deductions that gets there
    (``deduce.rules.nonogram.chain``). Raises Contradiction when both values of a cell do.

    What it finds is a function of the grid alone: the outcomes kept from earlier calls
    (``outcomes``) only spare work. A probe that finishes without a contradiction shows that
    every cell it settled can take that value without one, so those (cell, value) pairs are
    not probed again in the same call. A call that finds nothing leaves in
    ``state.probe_best`` the cell whose two probes settled the most (the fewer of
    the two counts first), which search may guess on first
    (``deduce.rules.nonogram.guess.telling_guess``).
    """
    puzzle = state.puzzle
    grid = bytes(state.domains)
    start, size = number(grid), len(grid)
    known = outcomes(state, grid)
    shape = geometry_of(state)
    safe = 0  # the values settled probes took away, one byte a cell (see ``number``)
    safe_bytes = bytes(size)
    marks = 0
    for cell in order(puzzle, grid):
        clock.check()  # most probes read fewer lines than line_logic checks the clock after
        refuted: list[int] = []
        chain: tuple[int, list[Traced]] | None = None  # a fresh refutation's failed line, trace
        for value in (FILLED, EMPTY):
            if safe_bytes[cell] & (D_EMPTY if value == FILLED else D_FILLED):
                continue
            key = (cell, value)
            seen = known.get(key)
            if seen is None:
                trace: list[Traced] = []
                failed, seen = probe(state, grid, cell, value, trace)
                known[key] = seen
                if failed is not None and not refuted:
                    chain = failed, trace
            elif not seen.failed:
                seen = known[key] = resume(state, grid, start, seen, shape)
            if seen.failed:
                refuted.append(value)
                continue
            safe |= seen.after ^ start
            marks += 1
            if not marks & 7:  # skipping is only a saving: the marks may lag
                safe_bytes = safe.to_bytes(size, "little")
        if len(refuted) == 2:
            raise Contradiction(
                f"{cell_name(puzzle, cell)} can be neither filled nor empty: line logic "
                "contradicts both"
            )
        if refuted:
            state.probe_from = cell + 1
            if state.quiet:  # search that logs nothing: the chain is not read
                yield _unexplained(puzzle, cell, refuted[0])
                return
            if chain is None:  # refuted by a kept outcome: find its chain afresh
                trace = []
                failed = probe(state, grid, cell, refuted[0], trace)[0]
                assert failed is not None
                chain = failed, trace
            yield probe_step(puzzle, grid, cell, refuted[0], chain[0], chain[1])
            return
    state.probe_best = (grid, UNASKED)


#: ``state.probe_best``'s cell before search asks for it (``telling`` is then run).
UNASKED = -2


def _unexplained(puzzle: Nonogram, cell: int, value: int) -> Step:
    """A probing step without its chain, for a search whose steps nobody reads (it logs
    nothing: the uniqueness proof); finding the chain would be most of its cost."""
    name = cell_name(puzzle, cell)
    supposed, other = ("filled", "empty") if value == FILLED else ("empty", "filled")
    return Step(
        "",
        f"If {name} were {supposed}, line logic would contradict itself, so {name} is {other}.",
        placements=((cell, EMPTY if value == FILLED else FILLED),),
        region=name,
    )


def telling(state: State[Nonogram], grid: bytes, known: dict[tuple[int, int], Outcome]) -> int:
    """The open cell whose two probes settle the most on ``grid`` (the fewer of the two
    counts first), where probing found nothing, for search to guess on
    (``deduce.rules.nonogram.guess.telling_guess``); -1 when none.

    The cells are asked going round from the one after the cell probing last settled
    (``state.probe_from``, the history of this solve, not the grid: a guess is a
    choice, not a deduction), and a cell that an earlier probe of the round settled the same
    way is not counted: so the guess falls near where probing last worked, which keeps
    search on Forever (webpbn 6574) to the nodes it needed before probing was made a function
    of the grid."""
    start, size = number(grid), len(grid)
    shape = geometry_of(state)
    safe = 0
    safe_bytes = bytes(size)
    begin = state.probe_from % size
    best, best_score = -1, (-1, -1)
    for cell in _round(grid, begin):
        clock.check()
        counts = []
        for value in (FILLED, EMPTY):
            if safe_bytes[cell] & (D_EMPTY if value == FILLED else D_FILLED):
                continue
            key = (cell, value)
            seen = known.get(key)
            if seen is None:
                seen = known[key] = probe(state, grid, cell, value)[1]
            elif not seen.failed:
                seen = known[key] = resume(state, grid, start, seen, shape)
            if seen.failed:  # cannot be: probing found nothing
                continue
            safe |= seen.after ^ start
            safe_bytes = safe.to_bytes(size, "little")
            counts.append(settled(seen, start, size))
        if len(counts) == 2 and (min(counts), max(counts)) > best_score:
            best, best_score = cell, (min(counts), max(counts))
    return best


def _round(grid: bytes, begin: int) -> Iterator[int]:
    """The open cells of ``grid`` from ``begin`` to the end, then from the start."""
    for first, stop in ((begin, len(grid)), (0, begin)):
        cell = grid.find(D_OPEN, first, stop)
        while cell >= 0:
            yield cell
            cell = grid.find(D_OPEN, cell + 1, stop)


def order(puzzle: Nonogram, grid: bytes) -> Iterator[int]:
    """The open cells in the order probing asks them: those whose row and column together
    have the fewest open cells first (the cells of nearly finished lines, where a player
    looks first and where a contradiction is likeliest), reading order among equals.

    Made lazily, one sum of counts at a time: probing mostly stops within the first few dozen
    cells, and a call that goes on pays only for the sums it reaches."""
    w, h = puzzle.width, puzzle.height
    rows: dict[int, list[int]] = {}
    for r in range(h):
        count = grid.count(D_OPEN, r * w, r * w + w)
        if count:
            rows.setdefault(count, []).append(r * w)
    cols: dict[int, list[int]] = {}
    for c in range(w):
        count = grid[c::w].count(D_OPEN)
        if count:
            cols.setdefault(count, []).append(c)
    if not rows:
        return
    for total in range(min(rows) + min(cols), max(rows) + max(cols) + 1):
        cells = [
            start + c
            for a, starts in rows.items()
            if total - a in cols
            for start in starts
            for c in cols[total - a]
            if grid[start + c] == D_OPEN
        ]
        cells.sort()
        yield from cells
