"""Reachability: a missing number lies within counting distance of the placed numbers around it.

The numbers of a run (say 13..17, between 12 and 18) form a path of free cells from 12's
cell to 18's, so 12 + t is at most t steps from 12 and at most 18 - (12 + t) steps from 18,
counting steps through free cells. On a Numbrix board every step also changes the colour of
the chessboard square, so 12 + t sits on 12's colour exactly when t is even.
"""

from __future__ import annotations

from collections.abc import Iterator

from deduce.errors import Contradiction
from deduce.puzzles.numbrix.model import Numbrix, cell_name
from deduce.rules.numbrix.board import (
    Run,
    balls,
    board,
    cells_text,
    free_mask,
    numbers_text,
    positions,
    run_text,
    within,
)
from deduce.state import State, bits
from deduce.step import Step


def check_run(state: State[Numbrix], run: Run) -> None:
    """Raise Contradiction when a run's two anchors are too far apart (or of the wrong
    colours) for its numbers to join them."""
    if run.a is None or run.b is None:
        return
    puzzle: Numbrix = state.puzzle
    steps = run.high + 1 - (run.low - 1)
    a, b = run.a, run.b
    if not within(state, a, steps, b):
        raise Contradiction(
            f"{run.low - 1} at {cell_name(puzzle, a)} and {run.high + 1} at "
            f"{cell_name(puzzle, b)} are more than {steps} steps apart through free cells"
        )
    colour = puzzle.geo.colour
    if not puzzle.king and (colour[a] != colour[b]) != steps % 2:
        raise Contradiction(
            f"{run.low - 1} at {cell_name(puzzle, a)} and {run.high + 1} at "
            f"{cell_name(puzzle, b)} are on {'the same' if steps % 2 else 'different'} "
            f"colours, so {steps} steps cannot join them"
        )


def reachable_cells(state: State[Numbrix], run: Run) -> list[int]:
    """For each number of ``run`` (``low`` first), the free cells it can reach in time from
    the run's anchors (and, for Numbrix, of the right colour), as bitmasks."""
    puzzle: Numbrix = state.puzzle
    geo = puzzle.geo
    free = free_mask(state)
    size = run.size
    ball_a = balls(state, run.a, size) if run.a is not None else None
    ball_b = balls(state, run.b, size) if run.b is not None else None
    out = []
    for k in range(run.low, run.high + 1):
        cells = free
        if ball_a is not None:
            cells &= ball_a[k - run.low + 1]
        if ball_b is not None:
            cells &= ball_b[run.high + 1 - k]
        if not puzzle.king:
            anchor, number = (run.a, run.low - 1) if run.a is not None else (run.b, run.high + 1)
            assert anchor is not None  # a run has at least one anchor
            cells &= geo.colour_mask[geo.colour[anchor] ^ ((k - number) & 1)]
        out.append(cells)
    return out


def reachability(state: State[Numbrix]) -> Iterator[Step]:
    """Each number of a run stays within counting distance of the run's anchors."""
    puzzle: Numbrix = state.puzzle
    bd = board(state)
    pos = positions(state)
    free = free_mask(state)
    for run in bd.runs:
        check_run(state, run)
        gone: dict[int, int] = {}
        reach = reachable_cells(state, run)
        for k, cells in enumerate(reach, start=run.low):
            for cell in bits(pos[k] & free & ~cells):
                gone[cell] = gone.get(cell, 0) | 1 << k
        if not gone:
            continue
        shown = _clauses(puzzle, state.domains, run, gone)
        colour = "" if puzzle.king else ", every step changing the square's colour"
        anchors = tuple(c for c in (run.a, run.b) if c is not None)
        within_reach = 0
        for k, cells in enumerate(reach, start=run.low):
            within_reach |= pos[k] & cells
        yield Step(
            "reachability",
            f"Counting steps through free cells for {run_text(puzzle, run)}{colour}: {shown}.",
            eliminations=tuple((c, k) for c in sorted(gone) for k in bits(gone[c])),
            premises=(*anchors, *bits(within_reach)),
            region=f"where {numbers_text(run.mask)} can go",
        )


def _clauses(puzzle: Numbrix, domains: list[int], run: Run, gone: dict[int, int]) -> str:
    """Every elimination of a reachability step, said as briefly as it can be in full.

    Cells are grouped by what they lose; a group that keeps none of the run's numbers "cannot
    hold any of them", one that keeps fewer than it loses says what it keeps ("can only be 20
    of them"), any other says what it loses. Each group is named in full (``cells_text``).
    """
    by_numbers: dict[int, list[int]] = {}
    for cell, numbers in gone.items():
        by_numbers.setdefault(numbers, []).append(cell)
    clauses = []
    for numbers, group in sorted(by_numbers.items(), key=lambda g: (min(g[1]), g[0])):
        keeps = {domains[c] & run.mask & ~numbers for c in group}
        kept = keeps.pop() if len(keeps) == 1 else None
        where = cells_text(puzzle, group)
        if kept == 0 and run.size == 1:
            clauses.append((min(group), f"{where} cannot be {run.low}"))
        elif kept == 0:
            clauses.append((min(group), f"{where} cannot hold any of them"))
        elif kept is not None and len(numbers_text(kept)) < len(numbers_text(numbers)):
            clauses.append((min(group), f"{where} can only be {numbers_text(kept)} of them"))
        else:
            clauses.append((min(group), f"{where} cannot be {numbers_text(numbers)}"))
    return "; ".join(text for _, text in sorted(clauses))
