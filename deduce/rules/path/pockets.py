"""Loop pockets: cells the path could only enter from one piece of path and leave into it
again.

Take a piece of the path (cells joined by on-edges) and the open cells that can be reached
from it without passing through it. A group of them that holds no door and touches nothing
but that piece is a pocket: the path would enter it from one cell of the piece and leave it
into another, and the piece already joins those two cells, so the visit closes a loop. The
pocket's cells are unused. (The pocket behind a single cell is the dead-end pocket of
``connectivity.py``; here the piece has at least one edge and the pocket touches it in two
cells or more.)
"""

from __future__ import annotations

from collections.abc import Iterator

from deduce.errors import Contradiction
from deduce.puzzles.path.model import UNUSED, USED, PathPuzzle, cell_name
from deduce.rules.path.connectivity import open_graph
from deduce.rules.path.loops import pieces
from deduce.state import State
from deduce.step import Step

USED_BIT = 1 << USED


def _names(p: PathPuzzle, cells: list[int]) -> str:
    """``r1c2``, ``r1c2 and r2c1``, ``r1c2, r2c1 and r3c1``."""
    names = [cell_name(p, c) for c in cells]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _pockets(
    adj: list[list[tuple[int, int]]], piece: set[int], doors: tuple[int, int]
) -> Iterator[tuple[list[int], list[int]]]:
    """The groups of open cells next to ``piece`` that reach nothing else and hold no door,
    each with the cells of the piece it touches."""
    seen = set(piece)
    for start in sorted({w for v in piece for _, w in adj[v]} - piece):
        if start in seen:
            continue
        seen.add(start)
        group, todo, touched, door = [start], [start], set(), False
        while todo:
            v = todo.pop()
            door = door or v in doors
            for _, w in adj[v]:
                if w in piece:
                    touched.add(w)
                elif w not in seen:
                    seen.add(w)
                    group.append(w)
                    todo.append(w)
        if not door and len(touched) >= 2:
            yield sorted(group), sorted(touched)


def loop_pocket(state: State[PathPuzzle]) -> Iterator[Step]:
    """Open cells reachable only from one piece of path, holding no door, are unused: a
    visit would enter from the piece and leave into it again, closing a loop."""
    p: PathPuzzle = state.puzzle
    doms = state.domains
    adj = open_graph(state)
    root = pieces(state)
    members: dict[int, set[int]] = {}
    for cell, r in enumerate(root):
        members.setdefault(r, set()).add(cell)
    for piece in members.values():
        if len(piece) < 2:
            continue
        for group, touched in _pockets(adj, piece, p.door_cells):
            for cell in group:
                if doms[cell] == USED_BIT:
                    raise Contradiction(
                        f"{cell_name(p, cell)} is used but can only be reached from "
                        f"{_names(p, touched)}, which the path already joins: visiting it "
                        "would close a loop"
                    )
            cells = _names(p, group)
            one = len(group) == 1
            yield Step(
                "loop pocket",
                f"{cells} can only be reached from {_names(p, touched)}, which the path "
                f"already joins, and {'holds' if one else 'hold'} no door: the path would "
                f"enter from one of them and leave into another, closing a loop, so "
                f"{'it is' if one else 'they are'} unused.",
                placements=tuple((c, UNUSED) for c in group),
                premises=(*touched, *group),
                region=cells,
            )
