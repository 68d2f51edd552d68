"""The seed's placement rules: patterns a player sees among the written numbers alone.

From the CSE 202 report on Numbrix (``../shared/seeds/numbrix-placement-rules.txt``):
straight-edge placement, single option (a written number with one way out; an empty cell
between k-1 and k+1), L-shape placement and neighbour leftover. They read only the written
numbers and the free cells, never the candidates, the way a player looks at the grid. Each
works for Hidato's eight neighbours as well as Numbrix's four.
"""

from __future__ import annotations

from collections.abc import Iterator

from deduce.errors import Contradiction
from deduce.puzzles.numbrix.model import Numbrix, cell_name
from deduce.rules.numbrix.board import Board, board, free_neighbours
from deduce.state import State
from deduce.step import Step


def _gaps_of_one(bd: Board) -> Iterator[tuple[int, int, int]]:
    """(k, cell of k-1, cell of k+1) for every unplaced k whose two neighbours are placed."""
    where = bd.where
    for a, cell in where.items():
        if a + 2 in where and a + 1 not in where:
            yield a + 1, cell, where[a + 2]


def _common(puzzle: Numbrix, a: int, b: int) -> list[int]:
    near_b = puzzle.geo.neighbours[b]
    return [c for c in puzzle.geo.neighbours[a] if c in near_b]


def straight_edge(state: State[Numbrix]) -> Iterator[Step]:
    """k-1 and k+1 have exactly one cell next to both: k goes there."""
    puzzle: Numbrix = state.puzzle
    bd = board(state)
    for k, a, b in _gaps_of_one(bd):
        common = _common(puzzle, a, b)
        if len(common) != 1:
            continue
        (cell,) = common
        if not bd.is_free[cell]:
            raise Contradiction(
                f"{k - 1} at {cell_name(puzzle, a)} and {k + 1} at {cell_name(puzzle, b)} "
                f"can only be joined through {cell_name(puzzle, cell)}, which is taken"
            )
        yield Step(
            "straight edge",
            f"{cell_name(puzzle, cell)} is the only cell next to both {k - 1} at "
            f"{cell_name(puzzle, a)} and {k + 1} at {cell_name(puzzle, b)}, so it is {k}.",
            placements=((cell, k),),
            premises=(a, b),
            links=((a, cell), (cell, b)),
            region=f"the cells next to both {k - 1} and {k + 1}",
        )


def single_option_filled(state: State[Numbrix]) -> Iterator[Step]:
    """A written number that still needs one neighbour in the count and has one free
    neighbour: the number goes there."""
    puzzle: Numbrix = state.puzzle
    bd = board(state)
    for k, cell, need in bd.open_ends:
        free = free_neighbours(puzzle, bd, cell)
        if len(free) < len(need):
            missing = " and ".join(str(m) for m in need)
            raise Contradiction(
                f"{k} at {cell_name(puzzle, cell)} needs {missing} next to it but has "
                f"{len(free) or 'no'} free neighbour{'' if len(free) == 1 else 's'}"
            )
        if len(need) == 1 and len(free) == 1:
            (m,), (target,) = need, free
            yield Step(
                "single option (filled cell)",
                f"{k} at {cell_name(puzzle, cell)} still needs {m} next to it and "
                f"{cell_name(puzzle, target)} is its only free neighbour, so "
                f"{cell_name(puzzle, target)} is {m}.",
                placements=((target, m),),
                premises=(cell,),
                links=((cell, target),),
                region=cell_name(puzzle, cell),
            )


def single_option_empty(state: State[Numbrix]) -> Iterator[Step]:
    """k-1 and k+1 share several neighbours but only one is free: k goes there."""
    puzzle: Numbrix = state.puzzle
    bd = board(state)
    for k, a, b in _gaps_of_one(bd):
        common = _common(puzzle, a, b)
        if len(common) < 2:
            continue
        free = [c for c in common if bd.is_free[c]]
        if not free:
            raise Contradiction(
                f"{k - 1} at {cell_name(puzzle, a)} and {k + 1} at {cell_name(puzzle, b)} "
                "have no free cell between them"
            )
        if len(free) == 1:
            (cell,) = free
            taken = ", ".join(cell_name(puzzle, c) for c in common if c != cell)
            yield Step(
                "single option (empty cell)",
                f"{k - 1} at {cell_name(puzzle, a)} and {k + 1} at {cell_name(puzzle, b)} "
                f"meet at {cell_name(puzzle, cell)} or {taken}; only "
                f"{cell_name(puzzle, cell)} is free, so it is {k}.",
                placements=((cell, k),),
                premises=(a, b, *(c for c in common if c != cell)),
                links=((a, cell), (cell, b)),
                region=f"the cells next to both {k - 1} and {k + 1}",
            )


def l_shape(state: State[Numbrix]) -> Iterator[Step]:
    """A written number needing one neighbour has two free cells; one of them is claimed by
    a nearby number that needs both its neighbours in exactly two free cells: the number
    goes to the other."""
    puzzle: Numbrix = state.puzzle
    bd = board(state)
    domains = state.domains
    neighbours = puzzle.geo.neighbours
    opens = {cell: missing for _, cell, missing in bd.open_ends}
    for k, cell, need in bd.open_ends:
        if len(need) != 1:
            continue
        free = free_neighbours(puzzle, bd, cell)
        if len(free) != 2:
            continue
        (w,) = need
        for claimed, other in (free, free[::-1]):
            found = None
            for m in neighbours[claimed]:
                if m == cell or bd.is_free[m]:
                    continue
                v = domains[m].bit_length() - 1
                want = opens.get(m, ())
                if len(want) != 2 or w in want:
                    continue
                room = free_neighbours(puzzle, bd, m)
                if len(room) == 2 and other not in room:
                    found = m, v
                    break
            if found is None:
                continue
            m, v = found
            yield Step(
                "L-shape",
                f"{k} at {cell_name(puzzle, cell)} needs {w} in {cell_name(puzzle, free[0])} or "
                f"{cell_name(puzzle, free[1])}; {cell_name(puzzle, claimed)} must hold {v - 1} "
                f"or {v + 1}, which {v} at {cell_name(puzzle, m)} still needs in its only two "
                f"free neighbours, so {cell_name(puzzle, other)} is {w}.",
                placements=((other, w),),
                premises=(cell, m, claimed),
                links=((cell, other),),
                region=cell_name(puzzle, cell),
            )
            break


def _end_reaches(puzzle: Numbrix, bd: Board, cell: int, end: int) -> bool:
    """Whether ``end`` (1 or n), not placed yet, could be in ``cell`` as the seed counts it:
    within (gap) steps of the nearest placed number on the open board."""
    if end in bd.where:
        return False
    if not bd.where:
        return True
    nearest = min(bd.where) if end == 1 else max(bd.where)
    return puzzle.geo.distance(cell, bd.where[nearest]) <= abs(end - nearest)


def neighbour_leftover(state: State[Numbrix]) -> Iterator[Step]:
    """An empty cell with at most one free neighbour must continue the count of a written
    neighbour (only 1 and the last number can end there): when one number can, it is that."""
    puzzle: Numbrix = state.puzzle
    bd = board(state)
    n = puzzle.n
    where, is_free = bd.where, bd.is_free
    neighbours = puzzle.geo.neighbours
    opens = {cell: missing for _, cell, missing in bd.open_ends}
    for cell in bd.free:
        near = neighbours[cell]
        free = [c for c in near if is_free[c]]
        if len(free) > 1:
            continue
        options: dict[int, int] = {}
        for other in near:
            if is_free[other]:
                continue
            for m in opens.get(other, ()):
                options.setdefault(m, other)
        ends = [e for e in dict.fromkeys((1, n)) if e not in options]
        reach = [e for e in ends if _end_reaches(puzzle, bd, cell, e)]
        if len(options) != 1 or reach:
            continue
        ((m, source),) = options.items()
        unreached = [e for e in ends if e not in where]
        why = (
            f", and neither {unreached[0]} nor {unreached[1]} can reach it"
            if len(unreached) == 2
            else f", and {unreached[0]} cannot reach it"
            if unreached
            else ""
        )
        yield Step(
            "neighbour leftover",
            f"{cell_name(puzzle, cell)} has {'one free neighbour' if free else 'no free neighbour'}, "
            f"so its number must follow on from a written neighbour: only {m} (next to "
            f"{state.domains[source].bit_length() - 1} at {cell_name(puzzle, source)}) can{why}, "
            f"so {cell_name(puzzle, cell)} is {m}.",
            placements=((cell, m),),
            premises=tuple(c for c in near if not is_free[c]),
            links=((source, cell),),
            region=cell_name(puzzle, cell),
        )
