"""Perfect bipartite matchings, and the edges that no perfect matching uses.

The graph is plain data: ``adjacency[u]`` is a bitmask of the right-hand vertices that left
vertex ``u`` may be matched with. Both Sudoku matching rules of Eppstein's "Nonrepetitive
paths and cycles in graphs with application to Sudoku" (section 3.1) are this computation:
find one perfect matching, orient matched edges left→right and the others right→left, and
an unmatched edge lies in some perfect matching exactly when its two ends share a strongly
connected component. The others can be removed.

Example: two rows that can each hold a digit only in columns 0 and 3, and a third row that
can hold it in columns 0, 3 and 5 (an X-wing):

>>> sorted(unmatchable_edges([0b1001, 0b1001, 0b101001]))
[(2, 0), (2, 3)]
"""

from __future__ import annotations

from collections.abc import Sequence

from deduce.graphs.components import strong_components
from deduce.state import bits


def perfect_matching(adjacency: Sequence[int], right: int) -> list[int] | None:
    """A matching of every left vertex to a distinct right vertex (in ``right``), or None.

    Returns ``match[u]``, the right vertex of each left vertex. None when no matching covers
    every left vertex and every right vertex of ``right``.
    """
    if len(adjacency) != right.bit_count():
        return None
    match_left = [-1] * len(adjacency)
    match_right: dict[int, int] = {}
    for u in sorted(range(len(adjacency)), key=lambda u: adjacency[u].bit_count()):
        if not _augment(u, adjacency, match_left, match_right, 0):
            return None
    return match_left


def _augment(
    u: int, adjacency: Sequence[int], match_left: list[int], match_right: dict[int, int], seen: int
) -> int:
    """Kuhn's augmenting path search from left vertex ``u``; returns the new ``seen`` or 0."""
    stack = [(u, adjacency[u] & ~seen)]
    path: list[tuple[int, int]] = []
    while stack:
        w, options = stack[-1]
        if not options:
            stack.pop()
            if path:
                path.pop()
            continue
        low = options & -options
        stack[-1] = (w, options ^ low)
        v = low.bit_length() - 1
        if seen >> v & 1:
            continue
        seen |= low
        owner = match_right.get(v)
        path.append((w, v))
        if owner is None:
            for a, b in path:
                match_left[a] = b
                match_right[b] = a
            return True
        stack.append((owner, adjacency[owner] & ~seen))
    return False


def oriented_graph(adjacency: Sequence[int], match: Sequence[int]) -> dict[int, list[int]]:
    """Matched edges left→right, other edges right→left; left u is ``u``, right v is ``~v``."""
    succ: dict[int, list[int]] = {u: [~match[u]] for u in range(len(adjacency))}
    for v in match:
        succ.setdefault(~v, [])
    for u, adj in enumerate(adjacency):
        for v in bits(adj):
            if v != match[u]:
                succ[~v].append(u)
    return succ


def unmatchable_edges(
    adjacency: Sequence[int], match: Sequence[int] | None = None
) -> list[tuple[int, int]]:
    """The edges ``(left, right)`` that lie in no perfect matching.

    ``match`` is a perfect matching when already known. Returns [] when there is none at all
    (the caller decides whether that is a contradiction).
    """
    if match is None:
        right = 0
        for adj in adjacency:
            right |= adj
        match = perfect_matching(adjacency, right)
        if match is None:
            return []
    # The oriented graph of ``oriented_graph`` as lists: left u is node u, right v is n + v.
    n = len(adjacency)
    width = 0
    for adj in adjacency:
        width |= adj
    succ: list[list[int]] = [[] for _ in range(n + width.bit_length())]
    for u, adj in enumerate(adjacency):
        succ[u].append(n + match[u])
        for v in bits(adj):
            if v != match[u]:
                succ[n + v].append(u)
    comp = strong_components(succ)
    out = []
    for u, adj in enumerate(adjacency):
        for v in bits(adj):
            if v != match[u] and comp[u] != comp[n + v]:
                out.append((u, v))
    return out


def alternating_reach(adjacency: Sequence[int], match: Sequence[int]) -> list[int]:
    """For every left vertex ``u``, the bitmask of the left vertices ``u`` reaches in the
    oriented graph of ``oriented_graph`` (itself included), as bitmasks throughout.

    From ``u`` the walk takes its matched edge to ``match[u]`` and an unmatched edge back to
    any other left vertex adjacent to ``match[u]``. What the closures of that graph say follows:
    ``closure(succ, u)`` holds the left vertices ``reach[u]`` and the right vertices they are
    matched to; ``closure(reverse(succ), ~v)`` the left vertices whose reach holds ``v``'s
    partner, and their right vertices; an unmatched edge ``(u, v)`` lies in some perfect
    matching exactly when ``reach[u]`` holds ``v``'s partner.

    Right vertex 2 sees left vertex 2 alone, so left 2 reaches no other (its edges to right
    0 and 1 lie in no perfect matching), and lefts 0 and 1 reach every left vertex:

    >>> alternating_reach([0b011, 0b011, 0b111], [0, 1, 2])
    [7, 7, 4]
    """
    n = len(adjacency)
    column: dict[int, int] = {}  # right vertex -> its left vertices
    for u, adj in enumerate(adjacency):
        bit = 1 << u
        while adj:
            low = adj & -adj
            v = low.bit_length() - 1
            column[v] = column.get(v, 0) | bit
            adj ^= low
    reach = [column[match[u]] | 1 << u for u in range(n)]
    for k in range(n):  # Warshall's transitive closure, a row a bitmask
        bit, through = 1 << k, reach[k]
        for i in range(n):
            if reach[i] & bit:
                reach[i] |= through
    return reach


def reverse(succ: dict[int, list[int]]) -> dict[int, list[int]]:
    """The same graph with every edge turned around."""
    pred: dict[int, list[int]] = {v: [] for v in succ}
    for v, ws in succ.items():
        for w in ws:
            pred[w].append(v)
    return pred


def closure(succ: dict[int, list[int]], start: int) -> set[int]:
    """Every vertex reachable from ``start`` in the oriented graph (start included)."""
    seen = {start}
    todo = [start]
    while todo:
        v = todo.pop()
        for w in succ[v]:
            if w not in seen:
                seen.add(w)
                todo.append(w)
    return seen
