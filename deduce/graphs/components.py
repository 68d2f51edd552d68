"""Strongly connected components of a digraph given as adjacency lists, and what each reaches.

Plain data: nodes are ``0 .. n-1`` and ``succ[v]`` lists the nodes ``v`` leads to. Used by the
matching rules (which edges lie in no perfect matching), Eppstein's nonrepetitive cycles and
the implication graph of the forcing chains.
"""

from __future__ import annotations

from collections.abc import Sequence


def strong_components(succ: Sequence[Sequence[int]]) -> list[int]:
    """The strongly connected component of every node (Tarjan's algorithm, without recursion:
    ``components_and_reach``, whose masks of what each component reaches come at the price of
    one OR an edge).

    Components are numbered in reverse topological order: an edge between two components
    always goes from a higher number to a lower one (or stays inside one).

    >>> strong_components([[1], [0, 2], []])
    [1, 1, 0]
    """
    return components_and_reach(succ)[0]


def component_reach(succ: Sequence[Sequence[int]], comp: Sequence[int]) -> list[int]:
    """For every component, the bitmask of the components it reaches (itself included).

    One pass over the edges in reverse topological order (``strong_components``' numbering),
    so afterwards "does node ``a`` reach node ``b``" is ``reach[comp[a]] >> comp[b] & 1``.

    >>> succ = [[1], [0, 2], []]
    >>> component_reach(succ, strong_components(succ))
    [1, 3]
    """
    count = max(comp, default=-1) + 1
    members: list[list[int]] = [[] for _ in range(count)]
    for node, c in enumerate(comp):
        members[c].append(node)
    reach = [0] * count
    for c in range(count):
        mask = 1 << c
        for node in members[c]:
            for w in succ[node]:
                d = comp[w]
                if d != c:
                    mask |= reach[d]
        reach[c] = mask
    return reach


def components_and_reach(succ: Sequence[Sequence[int]]) -> tuple[list[int], list[int]]:
    """``strong_components(succ)`` and ``component_reach`` of it, in one depth-first search.

    The same numbering and the same masks as the two calls, for about half the work: each
    edge is read once, a component's reach is gathered as it is closed (every component its
    edges lead to is closed before it), and a node without successors is closed the moment
    it is met (the implication graph of Sudoku's forcing chains is half such nodes).

    >>> components_and_reach([[1], [0, 2], []])
    ([1, 1, 0], [1, 3])
    """
    n = len(succ)
    index = [-1] * n
    low = [0] * n
    comp = [-1] * n
    gathered = [0] * n  # per node: the reach of the closed components its edges lead to
    reach: list[int] = []
    stack: list[int] = []
    counter = 0
    count = 0
    for root in range(n):
        if index[root] >= 0:
            continue
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        work = [(root, iter(succ[root]))]
        while work:
            v, edges = work[-1]
            for w in edges:
                c = comp[w]
                if c >= 0:
                    gathered[v] |= reach[c]
                elif index[w] < 0:
                    if succ[w]:
                        index[w] = low[w] = counter
                        counter += 1
                        stack.append(w)
                        work.append((w, iter(succ[w])))
                        break
                    # no successors: a component of its own, closed at once
                    index[w] = counter
                    counter += 1
                    comp[w] = count
                    bit = 1 << count
                    reach.append(bit)
                    gathered[v] |= bit
                    count += 1
                elif index[w] < low[v]:
                    low[v] = index[w]
            else:
                work.pop()
                if low[v] == index[v]:
                    mask = 1 << count
                    while True:
                        w = stack.pop()
                        comp[w] = count
                        mask |= gathered[w]
                        if w == v:
                            break
                    reach.append(mask)
                    count += 1
                    if work:
                        gathered[work[-1][0]] |= mask
                elif work:
                    parent = work[-1][0]
                    if low[v] < low[parent]:
                        low[parent] = low[v]
    return comp, reach
