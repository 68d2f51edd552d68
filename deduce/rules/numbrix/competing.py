"""Competing runs: two runs of missing numbers that need the same few cells, laid out together.

BFS placement lists the few ways to lay one run (``deduce.rules.numbrix.paths``); two runs
with few ways each may still want the same cells (say 7, 8 and 12..16 both through r1c2):
a cell holds one number, so only the pairs of ways that share no cell are left. What every
way left of a run agrees on is placed; a number no way left puts in a cell leaves it. The
step names every way of both runs and which pairs share no cell, so a player can check it.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from deduce.errors import Contradiction
from deduce.puzzles.numbrix.model import Numbrix
from deduce.rules.numbrix.board import Run, board, run_text
from deduce.rules.numbrix.paths import (
    BUDGET_PER_CELL,
    MOST_WAYS,
    agreement,
    links,
    not_placed_text,
    placed_text,
    run_paths,
    way_text,
)
from deduce.state import State
from deduce.step import Step

Way = list[int]


def competing_runs(state: State[Numbrix]) -> Iterator[Step]:
    """Two runs with few ways each: keep only the pairs of ways that share no cell."""
    puzzle: Numbrix = state.puzzle
    budget = BUDGET_PER_CELL * puzzle.n
    listed: list[tuple[Run, list[Way], int]] = []  # run, its ways, the cells they use
    for run in board(state).runs:
        paths = run_paths(state, run, budget)
        if paths and len(paths) <= MOST_WAYS:
            listed.append((run, paths, sum(1 << c for p in paths for c in p)))
    for (r1, ways1, cells1), (r2, ways2, cells2) in combinations(listed, 2):
        if not cells1 & cells2:
            continue
        masks1 = [sum(1 << c for c in w) for w in ways1]
        masks2 = [sum(1 << c for c in w) for w in ways2]
        pairs = [
            (i, j) for i, m1 in enumerate(masks1) for j, m2 in enumerate(masks2) if not m1 & m2
        ]
        if not pairs:
            raise Contradiction(
                f"every way to lay {run_text(puzzle, r1)} shares a cell with every way to lay "
                f"{run_text(puzzle, r2)}"
            )
        left1 = [ways1[i] for i in sorted({i for i, _ in pairs})]
        left2 = [ways2[j] for j in sorted({j for _, j in pairs})]
        if len(left1) == len(ways1) and len(left2) == len(ways2):
            continue
        step = _step(state, (r1, ways1, left1), (r2, ways2, left2))
        if step is not None:
            yield step


def _step(
    state: State[Numbrix],
    first: tuple[Run, list[Way], list[Way]],
    second: tuple[Run, list[Way], list[Way]],
) -> Step | None:
    """The step for two competing runs, each given as (run, its ways, the ways left: those
    sharing no cell with some way of the other); None when the ways left agree on nothing
    new."""
    puzzle: Numbrix = state.puzzle
    placements: list[tuple[int, int]] = []
    elims: list[tuple[int, int]] = []
    chain: list[tuple[int, int]] = []
    used_cells: set[int] = set()
    for run, ways, left in (first, second):
        _, agreed, placed, gone = agreement(state, run, left)
        placements.extend(placed)
        elims.extend(gone)
        chain.extend(links(run, left, agreed))
        used_cells.update(c for way in ways for c in way)
    if not placements and not elims:
        return None
    (r1, ways1, _), (r2, ways2, _) = first, second
    n1, n2 = _short(r1), _short(r2)
    dropped = [
        f"{n}'s way{'s' if len(out) > 1 else ''} {', '.join(out)} "
        f"share{'' if len(out) > 1 else 's'} a cell with every way of {other}"
        for n, other, ways, left in ((n1, n2, ways1, first[2]), (n2, n1, ways2, second[2]))
        if (out := [str(i) for i, way in enumerate(ways, start=1) if way not in left])
    ]
    said = []
    if placements:
        said.append("the ways left put " + placed_text(puzzle, tuple(placements)))
    if elims:
        said.append("none of the ways left puts " + not_placed_text(puzzle, elims))
    anchors = [c for r in (r1, r2) for c in (r.a, r.b) if c is not None]
    return Step(
        "competing runs",
        f"{run_text(puzzle, r1)} can be laid only {_ways(puzzle, ways1)}, and "
        f"{run_text(puzzle, r2)} only {_ways(puzzle, ways2)}. A cell holds one number, and "
        f"{' and '.join(dropped)}: so {'; '.join(said)}.",
        placements=tuple(placements),
        eliminations=tuple(elims),
        premises=tuple(dict.fromkeys([*anchors, *sorted(used_cells)])),
        links=tuple(chain),
        region=f"where {n1} and {n2} can go",
    )


def _ways(puzzle: Numbrix, ways: list[Way]) -> str:
    """``2 ways: 1) r1c2→r1c3, 2) r1c2→r2c2``, or ``1 way, r1c2→r1c3``."""
    if len(ways) == 1:
        return f"1 way, {way_text(puzzle, ways[0])}"
    return f"{len(ways)} ways: " + ", ".join(
        f"{i}) {way_text(puzzle, way)}" for i, way in enumerate(ways, start=1)
    )


def _short(run: Run) -> str:
    """``12–16``: the run's numbers, for naming its ways."""
    return f"{run.low}–{run.high}" if run.high > run.low else str(run.low)
