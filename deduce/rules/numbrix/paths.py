"""BFS placement: list every way a run of missing numbers can be laid, keep what all agree on.

The seed's last rule: for a run of missing numbers between two placed ones (say 13..15
between 12 and 16), enumerate the paths of free cells from 12's cell to 16's cell with one
step per number, each cell still able to hold its number; a number every path puts in the
same cell goes there, and a cell no path gives a number to cannot hold it. Runs before the
smallest or after the largest placed number are enumerated from their one anchor.

The bound: a run is enumerated only while the search tree stays under ``BUDGET_PER_CELL``
times the number of cells (partial paths tried); a run with more ways is left alone. A step
names every way, in order (``r2c3→r3c4→r4c4``), so a player can check that there are no
others; a run with more than ``MOST_WAYS`` ways is left alone too. So one
call does at most (runs x budget x run length) work: polynomial, O(N^2 * L) for N cells.
"""

from __future__ import annotations

from collections.abc import Iterator

from deduce.errors import Contradiction
from deduce.puzzles.numbrix.model import Numbrix, cell_name
from deduce.rules.numbrix.board import Run, balls, board, cells_text, numbers_text, run_text
from deduce.state import State, bits
from deduce.step import Step

#: Partial paths tried per run, per cell of the board.
BUDGET_PER_CELL = 20
#: The most ways a step lists: a run with more is left to the rules after this one (a count
#: of hundreds of ways is true, but no player can check it).
MOST_WAYS = 6


class _OverBudget(Exception):
    pass


def run_paths(state: State[Numbrix], run: Run, budget: int) -> list[list[int]] | None:
    """Every path of free cells the run's numbers can take, as lists of cells (``low`` first);
    None when there are too many to list within ``budget`` partial paths."""
    puzzle: Numbrix = state.puzzle
    bd = board(state)
    domains = state.domains
    neighbours, is_free = puzzle.geo.neighbours, bd.is_free
    # walk from the anchor at the low end when there is one, else down from the high end
    forward = run.a is not None
    start = run.a if run.a is not None else run.b
    assert start is not None  # a run has at least one anchor
    # goal[t]: the cells from which the high anchor is within t steps
    goal = balls(state, run.b, run.size + 1) if forward and run.b is not None else None
    numbers = (
        list(range(run.low, run.high + 1)) if forward else list(range(run.high, run.low - 1, -1))
    )
    last = len(numbers) - 1
    found: list[list[int]] = []
    path: list[int] = []
    used = set()
    tried = 0

    def extend(cell: int, depth: int) -> None:
        nonlocal tried
        k = numbers[depth]
        bit = 1 << k
        left = last - depth  # numbers still to lay after k
        for nxt in neighbours[cell]:
            if not is_free[nxt] or nxt in used or not domains[nxt] & bit:
                continue
            if goal is not None and not goal[left + 1] >> nxt & 1:
                continue
            tried += 1
            if tried > budget:
                raise _OverBudget
            if depth == last:
                found.append([*path, nxt])
                continue
            path.append(nxt)
            used.add(nxt)
            extend(nxt, depth + 1)
            path.pop()
            used.discard(nxt)

    try:
        extend(start, 0)
    except _OverBudget:
        return None
    if not forward:
        found = [p[::-1] for p in found]
    return found


def bfs_placement(state: State[Numbrix]) -> Iterator[Step]:
    """Runs whose every possible path agrees on a cell: place it; remove what no path uses."""
    puzzle: Numbrix = state.puzzle
    bd = board(state)
    budget = BUDGET_PER_CELL * puzzle.n
    for run in bd.runs:
        paths = run_paths(state, run, budget)
        if paths is None:
            continue
        if not paths:
            raise Contradiction(f"{run_text(puzzle, run)} cannot be laid through the free cells")
        if len(paths) > MOST_WAYS:
            continue
        used, agreed, placements, elims = agreement(state, run, paths)
        if not placements and not elims:
            continue
        one = len(paths) == 1
        ways = way_text(puzzle, paths[0]) if one else ways_text(puzzle, paths)
        said = ""
        if placements:
            said = ("it puts " if one else "all of them put ") + placed_text(puzzle, placements)
        if elims and not one:
            said += ("; " if said else "") + "none of them puts " + not_placed_text(puzzle, elims)
        anchors = [c for c in (run.a, run.b) if c is not None]
        chain = links(run, paths, agreed)
        yield Step(
            "BFS placement",
            f"There {'is only one way' if one else f'are only {len(paths)} ways'} to lay "
            f"{run_text(puzzle, run)} through free cells, {ways}: {said}.",
            placements=placements,
            eliminations=tuple(elims),
            premises=(*anchors, *sorted(used)),
            links=chain,
            region=f"where {numbers_text(run.mask)} can go",
        )


def agreement(
    state: State[Numbrix], run: Run, paths: list[list[int]]
) -> tuple[
    dict[int, int], list[tuple[int, int]], tuple[tuple[int, int], ...], list[tuple[int, int]]
]:
    """What the ways ``paths`` of ``run`` agree on: the numbers some way puts in each cell
    (cell -> mask), the (cell, number) pairs every way shares, those of them still to
    place, and the (cell, number) candidates of the run no way uses."""
    used: dict[int, int] = {}
    for path in paths:
        for i, cell in enumerate(path):
            used[cell] = used.get(cell, 0) | 1 << (run.low + i)
    agreed = [
        (cell, run.low + i)
        for i, cell in enumerate(paths[0])
        if all(p[i] == cell for p in paths[1:])
    ]
    placements = tuple((c, k) for c, k in agreed if not state.fixed[c])
    elims: list[tuple[int, int]] = []
    for cell in board(state).free:
        gone = state.domains[cell] & run.mask & ~used.get(cell, 0)
        elims.extend((cell, k) for k in bits(gone))
    return used, agreed, placements, elims


def links(
    run: Run, paths: list[list[int]], agreed: list[tuple[int, int]]
) -> tuple[tuple[int, int], ...]:
    """Links between consecutive cells every path agrees on (anchors included)."""
    where = {k: c for c, k in agreed}
    if run.a is not None:
        where[run.low - 1] = run.a
    if run.b is not None:
        where[run.high + 1] = run.b
    return tuple(
        (where[k], where[k + 1])
        for k in range(run.low - 1, run.high + 1)
        if k in where and k + 1 in where
    )


def way_text(puzzle: Numbrix, path: list[int]) -> str:
    """``r2c3→r3c4→r4c4``: the cells of one way, its lowest number's first."""
    return "→".join(cell_name(puzzle, c) for c in path)


def ways_text(puzzle: Numbrix, paths: list[list[int]]) -> str:
    """``r1c2→r1c3 or r1c2→r2c2``: every way, as ``way_text`` writes it."""
    listed = [way_text(puzzle, p) for p in paths]
    return f"{', '.join(listed[:-1])} or {listed[-1]}"


def placed_text(puzzle: Numbrix, pairs: tuple[tuple[int, int], ...]) -> str:
    """``14 at r2c2, 15 at r2c3``: every (cell, number) pair, smallest number first."""
    return ", ".join(f"{k} at {cell_name(puzzle, c)}" for c, k in sorted(pairs, key=lambda p: p[1]))


def not_placed_text(puzzle: Numbrix, pairs: list[tuple[int, int]]) -> str:
    """``14 in r2c2; 15 in r2c3 or r3c3–r4c3``: every (cell, number) pair, by number."""
    by_number: dict[int, list[int]] = {}
    for cell, k in pairs:
        by_number.setdefault(k, []).append(cell)
    out = []
    for k, cells in sorted(by_number.items()):
        names = cells_text(puzzle, cells).rsplit(", ", 1)
        out.append(f"{k} in {' or '.join(names)}")
    return "; ".join(out)
