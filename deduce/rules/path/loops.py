"""No premature loop: pieces of the path must not close on themselves, and the two doors'
pieces may only be joined when that finishes the whole puzzle.

The on-edges fall into pieces (union-find). An undecided edge between two cells of one
piece would close a loop; one joining the first door's piece to the second door's piece
would end the path there, so it is off unless those pieces already make a full solution
(every used cell on them and every count met).
"""

from __future__ import annotations

from collections.abc import Iterator

from deduce.memo import last
from deduce.puzzles.path.model import BOTH, ON, USED, PathPuzzle, cell_name, edge_name
from deduce.state import State
from deduce.step import Step

ON_BIT = 1 << ON


def pieces(state: State[PathPuzzle]) -> list[int]:
    """For every cell, a representative of the piece of path (on-edges) it belongs to."""
    return last(state, "pieces", _pieces)


def _pieces(state: State[PathPuzzle]) -> list[int]:
    geo = state.puzzle.geo
    doms = state.domains
    n = geo.n_cells
    parent = list(range(n))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for i, (a, b) in enumerate(geo.edge_cells):
        if doms[n + i] == ON_BIT:
            ra, rb = find(a), find(b)
            if ra != rb:
                parent[ra] = rb
    return [find(x) for x in range(n)]


def _members(root: list[int], piece: int) -> tuple[int, ...]:
    return tuple(c for c, r in enumerate(root) if r == piece)


def no_loop(state: State[PathPuzzle]) -> Iterator[Step]:
    """An undecided edge whose cells are already joined by the path would close a loop."""
    p: PathPuzzle = state.puzzle
    geo = p.geo
    doms = state.domains
    n = geo.n_cells
    root: list[int] | None = None
    for i, (a, b) in enumerate(geo.edge_cells):
        if doms[n + i] != BOTH:
            continue
        if root is None:
            root = pieces(state)
        if root[a] == root[b]:
            e = n + i
            piece = _members(root, root[a])
            yield Step(
                "no loop",
                f"{cell_name(p, a)} and {cell_name(p, b)} are already joined by a "
                f"piece of the path, so {edge_name(geo, e)} would close a loop: it is off.",
                placements=((e, 0),),
                premises=piece,
                region=edge_name(geo, e),
            )


def _completes(p: PathPuzzle, doms: list[int], root: list[int], ends: set[int]) -> str:
    """Why the doors' pieces alone are not a full solution ("" when they are)."""
    geo = p.geo
    for cell in range(geo.n_cells):
        if doms[cell] == 1 << USED and root[cell] not in ends:
            return f"{cell_name(p, cell)} is used but would be left off the path"
    for kind, counts, lines in (
        ("row", p.row_counts, geo.row_cells),
        ("column", p.col_counts, geo.col_cells),
    ):
        for k, want in enumerate(counts):
            if want < 0:
                continue
            got = sum(1 for c in lines[k] if root[c] in ends)
            if got != want:
                return f"{kind} {k + 1} would have {got} used cells instead of {want}"
    return ""


def doors_not_joined_early(state: State[PathPuzzle]) -> Iterator[Step]:
    """An edge joining the two doors' pieces finishes the path: off unless that path is a
    full solution."""
    p: PathPuzzle = state.puzzle
    geo = p.geo
    doms = state.domains
    n = geo.n_cells
    door_a, door_b = p.door_cells
    root: list[int] | None = None
    for i, (a, b) in enumerate(geo.edge_cells):
        if doms[n + i] != BOTH:
            continue
        if root is None:
            root = pieces(state)
            ends = {root[door_a], root[door_b]}
            if len(ends) == 1:
                return
        if {root[a], root[b]} != ends:
            continue
        why = _completes(p, doms, root, ends)
        if why:
            e = n + i
            yield Step(
                "doors not joined early",
                f"{edge_name(geo, e)} would join the pieces from both doors into a finished "
                f"path, but {why}, so it is off.",
                placements=((e, 0),),
                premises=_members(root, root[door_a]) + _members(root, root[door_b]),
                region=edge_name(geo, e),
            )
