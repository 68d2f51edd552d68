"""Connectivity: the path is one connected line from door to door.

The graph the path can still use has the cells that may be used as vertices and the edges
that may be on. A cell that cannot reach the doors in it is unused. A cell whose removal
cuts the graph (an articulation point) says more: the part behind it with no door could
only be entered through that cell and left through it again, so it is unused; and when the
part behind it holds the second door, the path must pass through the cell.
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs

from deduce.errors import Contradiction
from deduce.memo import last
from deduce.puzzles.path.model import ON, UNUSED, USED, PathPuzzle, cell_name, edge_name
from deduce.state import State
from deduce.step import Step

ON_BIT = 1 << ON
USED_BIT = 1 << USED


def open_graph(state: State[PathPuzzle]) -> list[list[tuple[int, int]]]:
    """For every cell that may be used, its (edge, neighbour) pairs that may be on."""
    return last(state, "open graph", _build_open_graph)


def _build_open_graph(state: State[PathPuzzle]) -> list[list[tuple[int, int]]]:
    geo = state.puzzle.geo
    doms = state.domains
    n = geo.n_cells
    adj: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for e, (a, b), d in zip(range(n, geo.n_vars), geo.edge_cells, doms[n:], strict=True):
        if d & ON_BIT and doms[a] & USED_BIT and doms[b] & USED_BIT:
            adj[a].append((e, b))
            adj[b].append((e, a))
    return adj


def unreachable(state: State[PathPuzzle]) -> Iterator[Step]:
    """Cells that cannot reach the first door through edges that may be on are unused."""
    p: PathPuzzle = state.puzzle
    doms = state.domains
    adj = open_graph(state)
    door_a, door_b = p.door_cells
    seen = [False] * p.geo.n_cells
    seen[door_a] = True
    todo = [door_a]
    while todo:
        v = todo.pop()
        for _, w in adj[v]:
            if not seen[w]:
                seen[w] = True
                todo.append(w)
    if not seen[door_b]:
        raise Contradiction(
            f"door {cell_name(p, door_b)} cannot be reached from door "
            f"{cell_name(p, door_a)} any more"
        )
    cut_off = [c for c in range(p.geo.n_cells) if doms[c] & USED_BIT and not seen[c]]
    for cell in cut_off:
        if doms[cell] == USED_BIT:
            raise Contradiction(f"{cell_name(p, cell)} is used but cut off from the doors")
    if cut_off:
        names = ", ".join(cell_name(p, c) for c in cut_off)
        yield Step(
            "unreachable cells",
            f"{names} cannot be reached from the doors through edges the path may still use, "
            f"so {'it is' if len(cut_off) == 1 else 'they are'} unused.",
            placements=tuple((c, UNUSED) for c in cut_off),
            premises=tuple(cut_off),
            region=names,
        )


@attrs.frozen
class Cut:
    """A cell ``at`` whose removal separates ``behind`` (the cells of one part) from the first
    door; ``door`` tells whether the second door is behind it; ``into`` the edges from ``at``
    into that part and ``back`` its other edges that may be on (toward the first door)."""

    at: int
    behind: tuple[int, ...]
    door: bool
    into: tuple[int, ...]
    back: tuple[int, ...]


def cuts(state: State[PathPuzzle]) -> list[Cut]:
    """The articulation points of the open graph (seen from the first door) and what each
    cuts off: a depth-first search keeping each vertex's low point (Hopcroft–Tarjan)."""
    return last(state, "cuts", _cuts)


def _cuts(state: State[PathPuzzle]) -> list[Cut]:
    p: PathPuzzle = state.puzzle
    n = p.geo.n_cells
    adj = open_graph(state)
    door_a, door_b = p.door_cells
    disc = [-1] * n
    low = [0] * n
    end = [0] * n
    parent = [-1] * n
    order: list[int] = []
    disc[door_a] = 0
    order.append(door_a)
    stack = [(door_a, iter(adj[door_a]))]
    while stack:
        v, it = stack[-1]
        for _, w in it:
            if disc[w] < 0:
                parent[w] = v
                disc[w] = low[w] = len(order)
                order.append(w)
                stack.append((w, iter(adj[w])))
                break
            if w != parent[v] and disc[w] < low[v]:
                low[v] = disc[w]
        else:
            stack.pop()
            end[v] = len(order)
            if stack:
                u = stack[-1][0]
                if low[v] < low[u]:
                    low[u] = low[v]
    found: list[Cut] = []
    for v in order[1:]:
        u = parent[v]
        if u != door_a and low[v] < disc[u]:
            continue
        lo, hi = disc[v], end[v]
        behind = tuple(order[lo:hi])
        into = tuple(e for e, w in adj[u] if disc[w] >= 0 and lo <= disc[w] < hi)
        back = tuple(e for e, w in adj[u] if disc[w] >= 0 and not lo <= disc[w] < hi)
        found.append(Cut(u, behind, lo <= disc[door_b] < hi, into, back))
    return found


def _names(p: PathPuzzle, cells: tuple[int, ...]) -> str:
    if len(cells) > 6:
        return ", ".join(cell_name(p, c) for c in cells[:5]) + f" and {len(cells) - 5} more"
    return ", ".join(cell_name(p, c) for c in cells)


def dead_end_pocket(state: State[PathPuzzle]) -> Iterator[Step]:
    """Cells cut off behind one cell, with no door among them, are unused: the path could
    only enter them through that cell and would have to leave through it again."""
    p: PathPuzzle = state.puzzle
    doms = state.domains
    for cut in cuts(state):
        if cut.door:
            continue
        pocket = tuple(c for c in cut.behind if doms[c] & USED_BIT)
        at = cell_name(p, cut.at)
        for cell in pocket:
            if doms[cell] == USED_BIT:
                raise Contradiction(
                    f"{cell_name(p, cell)} is used but lies in a pocket behind {at} with "
                    "no door: the path would have to leave it through the cell it came in by"
                )
        yield Step(
            "dead-end pocket",
            f"{_names(p, pocket)} can only be reached through {at} and hold no door; the path "
            f"could not come back out, so {'it is' if len(pocket) == 1 else 'they are'} unused.",
            placements=tuple((c, UNUSED) for c in pocket),
            premises=(cut.at, *pocket),
            region=_names(p, pocket),
        )


def cut_cell(state: State[PathPuzzle]) -> Iterator[Step]:
    """A cell every route between the doors passes through is used; when only one of its
    edges leads toward one door, that edge is on."""
    p: PathPuzzle = state.puzzle
    geo = p.geo
    doms = state.domains
    door_a, door_b = p.door_cells
    a_name, b_name = cell_name(p, door_a), cell_name(p, door_b)
    for cut in cuts(state):
        if not cut.door:
            continue
        at = cell_name(p, cut.at)
        places: list[tuple[int, int]] = []
        if doms[cut.at] != USED_BIT:
            places.append((cut.at, USED))
        toward = []
        if len(cut.into) == 1 and doms[cut.into[0]] != ON_BIT:
            toward.append((cut.into[0], b_name))
        if cut.at != door_a and len(cut.back) == 1 and doms[cut.back[0]] != ON_BIT:
            toward.append((cut.back[0], a_name))
        places.extend((e, ON) for e, _ in toward)
        if not places:
            continue
        said = [f"Every route from door {a_name} to door {b_name} passes through {at}"]
        if doms[cut.at] != USED_BIT:
            said.append(f"so {at} is used")
        for e, door in toward:
            said.append(f"and only {edge_name(geo, e)} leads on from it toward door {door}")
        tail = (
            ", so it is on" if toward and len(toward) == 1 else ", so they are on" if toward else ""
        )
        yield Step(
            "cut cell",
            ", ".join(said) + tail + ".",
            placements=tuple(places),
            premises=(cut.at, *cut.into, *cut.back),
            region=at,
        )
