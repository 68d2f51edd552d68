"""Probing: suppose one open cell filled (or empty), follow line logic alone from there, and
when two lines contradict, the cell is the other way.

Inside a probe only the complete line solver runs, line by line from a worklist of the lines
whose cells changed, on a scratch copy of the grid; the answers come from the same memo as the
line solver rule, so a probe mostly costs look-ups. A probe that finds no contradiction also
shows that every cell it settled is safe to suppose, so those cells are not probed again with
the same value in the same pass (their consequences are a part of this probe's).
"""

from __future__ import annotations

from collections.abc import Iterator

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
    clue_text,
    lines_of,
)
from deduce.rules.nonogram.grid import changed_lines, geometry, line_tables
from deduce.rules.nonogram.lines import answer, solve_line
from deduce.state import State
from deduce.step import Step


def line_logic(
    state: State, grid: bytearray, queue: list[int], settled: list[int] | None = None
) -> tuple[tuple[int, int | None] | None, int]:
    """Run the complete line solver on ``grid`` (changed in place) from the lines in ``queue``
    until nothing changes; ``state`` gives the puzzle and the memo. The cells it settles are
    added to ``settled`` when given.

    Returns (the clash, the lines it read as a bit mask: bit i for line i). The clash is None
    when the lines agree, else (the line that cannot be completed, the line whose deduction
    last changed one of its cells, or None when it was never changed here). What line logic
    does depends on the lines it reads alone, so from a grid where those are the same it does
    the same again.
    """
    lines, where, across = geometry(state)
    tables = line_tables(state, "solver")
    waiting = set(queue)
    touched: dict[int, int] = {}
    read = 0
    while queue:
        clock.check()  # a probe of a big grid reads hundreds of lines
        index = queue.pop()
        waiting.discard(index)
        read |= 1 << index
        cells = bytes(grid[where[index]])
        hit = tables[index].get(cells)
        if hit is None:
            hit = answer("solver", solve_line, lines[index].clue, cells)
        after, positions = hit
        if after is None:
            return (index, touched.get(index)), read
        if positions:
            grid[where[index]] = after
            if settled is not None:
                cells_of = lines[index].cells
                settled.extend(cells_of[i] for i in positions)
            other = across[index]
            for i in positions:
                j = other[i]
                touched[j] = index
                if j not in waiting:
                    waiting.add(j)
                    queue.append(j)
    return None, read


def _lines_of_cell(puzzle: Nonogram, cell: int) -> list[int]:
    r, c = divmod(cell, puzzle.width)
    return [r, puzzle.height + c]


def probe(
    state: State, grid: bytes, cell: int, value: int, settled: list[int] | None = None
) -> tuple[bytearray, tuple[int, int | None] | None, int]:
    """Suppose ``cell`` has ``value`` in ``grid``: the grid line logic leads to, the
    contradiction it meets, if any, and the lines it read (see ``line_logic``); the cells line
    logic settles on the way are added to ``settled`` when given."""
    scratch = bytearray(grid)
    scratch[cell] = D_FILLED if value == FILLED else D_EMPTY
    clash, read = line_logic(state, scratch, _lines_of_cell(state.puzzle, cell), settled)
    return scratch, clash, read


#: What a probe that met no contradiction found: (the lines it read as a bit mask, the
#: (cell, value) pairs it settled).
Outcome = tuple[int, tuple[tuple[int, int], ...]]


def outcomes(state: State, grid: bytes) -> dict[tuple[int, int], Outcome]:
    """The probes (cell, value) known to meet no contradiction on ``grid``, with what they
    found, kept in ``state.extra["probe_outcomes"]`` from round to round and from a search
    node to its children: a probe whose lines have not changed since it ran would only do the
    same again (``line_logic``), which spares about half the probes of a search."""
    kept = state.extra.get("probe_outcomes")
    if kept is None:
        found: dict[tuple[int, int], Outcome] = {}
    else:
        then, found = kept
        if then != grid:
            moved = 0
            for line in changed_lines(state.puzzle, then, grid):
                moved |= 1 << line
            found = {key: seen for key, seen in found.items() if not seen[0] & moved}
    state.extra["probe_outcomes"] = (grid, found)
    return found


def _sentence(puzzle: Nonogram, cell: int, value: int, failed: int, partner: int | None) -> str:
    lines = lines_of(puzzle)
    name = cell_name(puzzle, cell)
    supposed = "filled" if value == FILLED else "empty"
    other = "empty" if value == FILLED else "filled"
    bad = lines[failed]
    if partner is None:
        return (
            f"If {name} were {supposed}, {bad.name} could not show its clue "
            f"{clue_text(bad.clue)}, so {name} is {other}."
        )
    return (
        f"If {name} were {supposed}, {lines[partner].name} and {bad.name} would contradict "
        f"(line logic leaves {bad.name} no way to show {clue_text(bad.clue)}), "
        f"so {name} is {other}."
    )


def probing(state: State) -> Iterator[Step]:
    """The first open cell (going round from where the last search stopped) whose supposed
    value leads line logic into a contradiction.

    The round starts after the cell probing last settled (``state.extra["probe_from"]``), so
    cells that just failed to contradict are not asked again at once; a round that comes back
    to its start has asked every open cell. Such a round leaves in
    ``state.extra["probe_best"]`` the cell whose two probes settled the most (the fewer of the
    two counts first), which search may guess on first
    (``deduce.rules.nonogram.guess.telling_guess``).
    """
    puzzle = state.puzzle
    grid = bytes(state.domains)
    lines = lines_of(puzzle)
    known = outcomes(state, grid)
    safe: set[tuple[int, int]] = set()
    begin = state.extra.get("probe_from", 0) % puzzle.n
    best, best_score = -1, (-1, -1)
    for cell in _round(grid, begin):
        refuted = []
        tried = []
        for value in (FILLED, EMPTY):
            if (cell, value) in safe:
                continue
            seen = known.get((cell, value))
            if seen is None:
                settled: list[int] = []
                scratch, clash, read = probe(state, grid, cell, value, settled)
                if clash is not None:
                    refuted.append((value, clash))
                    continue
                pairs = tuple((i, FILLED if scratch[i] == D_FILLED else EMPTY) for i in settled)
                seen = known[cell, value] = (read, pairs)
            safe.update(seen[1])
            tried.append(seen[1])
        if len(tried) == 2:
            score = (min(len(tried[0]), len(tried[1])), max(len(tried[0]), len(tried[1])))
            if score > best_score:
                best, best_score = cell, score
        if len(refuted) == 2:
            raise Contradiction(
                f"{cell_name(puzzle, cell)} can be neither filled nor empty: line logic "
                "contradicts both"
            )
        if refuted:
            value, (failed, partner) = refuted[0]
            involved = [*lines[failed].cells]
            if partner is not None:
                involved += lines[partner].cells
            state.extra["probe_from"] = cell + 1
            yield Step(
                "",
                _sentence(puzzle, cell, value, failed, partner),
                placements=((cell, EMPTY if value == FILLED else FILLED),),
                premises=tuple(dict.fromkeys(involved)),
                region=cell_name(puzzle, cell),
            )
            return
    state.extra["probe_best"] = (grid, best)


def _round(grid: bytes, begin: int) -> Iterator[int]:
    """The open cells of ``grid`` from ``begin`` to the end, then from the start."""
    for start, stop in ((begin, len(grid)), (0, begin)):
        cell = grid.find(D_OPEN, start, stop)
        while cell >= 0:
            yield cell
            cell = grid.find(D_OPEN, cell + 1, stop)
