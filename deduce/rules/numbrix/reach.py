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
    free_mask,
    numbers_text,
    positions,
    run_text,
    within,
)
from deduce.state import State, bits
from deduce.step import Step


def check_run(state: State, run: Run) -> None:
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


def reachable_cells(state: State, run: Run) -> list[int]:
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
            cells &= geo.colour_mask[geo.colour[anchor] ^ ((k - number) & 1)]
        out.append(cells)
    return out


def reachability(state: State) -> Iterator[Step]:
    """Each number of a run stays within counting distance of the run's anchors."""
    puzzle: Numbrix = state.puzzle
    bd = board(state)
    pos = positions(state)
    free = free_mask(state)
    for run in bd.runs:
        check_run(state, run)
        gone: dict[int, int] = {}
        for k, cells in enumerate(reachable_cells(state, run), start=run.low):
            for cell in bits(pos[k] & free & ~cells):
                gone[cell] = gone.get(cell, 0) | 1 << k
        if not gone:
            continue
        cells = sorted(gone)
        shown = "; ".join(
            f"{cell_name(puzzle, c)} cannot be {numbers_text(gone[c], 4)}" for c in cells[:4]
        )
        more = f" (and {len(cells) - 4} more cells)" if len(cells) > 4 else ""
        colour = "" if puzzle.king else ", every step changing the square's colour"
        yield Step(
            "reachability",
            f"Counting steps through free cells for {run_text(puzzle, run)}{colour}: "
            f"{shown}{more}.",
            eliminations=tuple((c, k) for c in cells for k in bits(gone[c])),
            premises=tuple(c for c in (run.a, run.b) if c is not None),
            region=f"where {numbers_text(run.mask, 2)} can go",
        )
