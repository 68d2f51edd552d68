"""Nonrepetitive paths and cycles in labelled graphs (Eppstein, section 2.1).

A walk in a graph whose edges carry labels is *nonrepetitive* when no two consecutive edges
have the same label; it need not be simple. Eppstein's transformation ``nr(G)`` replaces every
vertex by a small gadget through which a walk may pass only when it changes label, so that
nonrepetitive walks of ``G`` are exactly the walks of the unlabelled digraph ``nr(G)``. Then:

- Theorem 1: an edge lies on a nonrepetitive cycle exactly when its two ends in ``nr(G)``
  share a strongly connected component (``cyclic_edges``);
- Theorem 2: the edges a nonrepetitive walk can reach from a vertex, starting with a given
  label, are what a search from one node of ``nr(G)`` reaches (``reachable_edges``).

The gadget is Lemma 1's: ``x`` reaches ``ȳ`` exactly when ``x ≠ y``, with O(k) nodes for k
labels, so ``nr(G)`` has linear size. The same construction serves *flag-labelled* graphs
(section 3.5), where each end of an edge carries its own label and a walk is nonrepetitive
when, at every vertex it passes, the labels of the two flags it uses there differ: an edge is
``(u, w, label_at_u, label_at_w)``. An edge-labelled edge ``(u, w, x)`` is the flag-labelled
edge ``(u, w, x, x)``. Graphs are plain data: a sequence of such tuples; vertices and labels
are any hashable values. Edges are undirected unless ``directed=True``.

Example: a triangle whose labels alternate cannot be closed without repeating at one corner,
so only the square's edges lie on nonrepetitive cycles:

>>> triangle = [("a", "b", 1), ("b", "c", 2), ("c", "a", 1)]
>>> square = [("p", "q", 1), ("q", "r", 2), ("r", "s", 1), ("s", "p", 2)]
>>> sorted(cyclic_edges(triangle + square))
[('p', 'q', 1), ('q', 'r', 2), ('r', 's', 1), ('s', 'p', 2)]
>>> [e for e in walk_between(triangle + square, ("p", 1), ("p", 2))]
[('p', 'q', 1, 1), ('q', 'r', 2, 2), ('r', 's', 1, 1), ('s', 'p', 2, 2)]
"""

from __future__ import annotations

from collections import deque
from collections.abc import Hashable, Iterable, Sequence
from functools import cache

import attrs

from deduce.graphs.components import strong_components

Vertex = Hashable
Label = Hashable
#: A flag-labelled arc: tail, head, the label of the flag at the tail, the one at the head.
Arc = tuple[Vertex, Vertex, Label, Label]


@cache
def gadget(k: int) -> tuple[int, tuple[tuple[int, int], ...]]:
    """Lemma 1's gadget for ``k`` labels: (node count, edges).

    Node ``i`` is the entry for label ``i`` and node ``k + i`` the exit for label ``i``
    (``0 <= i < k``); further nodes are internal. Entry ``i`` reaches exit ``j`` exactly when
    ``i != j``. Up to four labels every entry is joined to every other exit directly; beyond,
    labels are paired, each pair crossed directly, and the pairs joined through a gadget for
    half as many labels, so the size stays linear in ``k``.

    >>> gadget(2)
    (4, ((0, 3), (1, 2)))
    """
    if k <= 4:
        return 2 * k, tuple((i, k + j) for i in range(k) for j in range(k) if i != j)
    half = (k + 1) // 2
    sub_size, sub_edges = gadget(half)
    base = 2 * k  # the sub-gadget's nodes follow the entries and exits
    edges = []
    for i in range(k):
        partner = i ^ 1
        if partner < k:
            edges.append((i, k + partner))
        edges.append((i, base + i // 2))  # into the sub-gadget's entry for the pair
        edges.append((base + half + i // 2, k + i))  # out of its exit for the pair
    edges.extend((base + a, base + b) for a, b in sub_edges)
    return base + sub_size, tuple(edges)


@attrs.frozen
class Transformed:
    """``nr(G)``: the unlabelled digraph whose walks are the nonrepetitive walks of ``G``.

    Nodes are ``0 .. len(succ) - 1``; ``succ[n]`` lists the nodes node ``n`` leads to.
    ``entry[(v, x)]`` is the node a walk reaches when it arrives at ``v`` through a flag
    labelled ``x``; ``exit[(v, x)]`` the node from which it leaves ``v`` through a flag labelled
    ``x``. ``arcs`` are the arcs of ``G`` (an undirected edge gives two), and ``arc_at`` maps
    an edge ``(exit node, entry node)`` of ``nr(G)`` to the arc it stands for.
    """

    succ: tuple[tuple[int, ...], ...]
    entry: dict[tuple[Vertex, Label], int]
    exit: dict[tuple[Vertex, Label], int]
    arcs: tuple[Arc, ...]
    arc_at: dict[tuple[int, int], Arc]


def transform_flags(edges: Iterable[Arc], directed: bool = False) -> Transformed:
    """``nr(G)`` of a flag-labelled graph given as ``(u, w, label_at_u, label_at_w)`` edges."""
    arcs: dict[Arc, None] = {}
    for u, w, a, b in edges:
        arcs[(u, w, a, b)] = None
        if not directed:
            arcs[(w, u, b, a)] = None
    labels: dict[Vertex, dict[Label, int]] = {}
    for u, w, a, b in arcs:
        labels.setdefault(u, {}).setdefault(a, len(labels[u]))
        labels.setdefault(w, {}).setdefault(b, len(labels[w]))
    succ: list[list[int]] = []
    entry: dict[tuple[Vertex, Label], int] = {}
    exit_: dict[tuple[Vertex, Label], int] = {}
    for v, index in labels.items():
        size, inner = gadget(len(index))
        base = len(succ)
        succ.extend([] for _ in range(size))
        for a, b in inner:
            succ[base + a].append(base + b)
        k = len(index)
        for x, i in index.items():
            entry[(v, x)] = base + i
            exit_[(v, x)] = base + k + i
    arc_at: dict[tuple[int, int], Arc] = {}
    for arc in arcs:
        u, w, a, b = arc
        pair = (exit_[(u, a)], entry[(w, b)])
        if pair not in arc_at:
            arc_at[pair] = arc
            succ[pair[0]].append(pair[1])
    return Transformed(tuple(map(tuple, succ)), entry, exit_, tuple(arcs), arc_at)


def transform(edges: Iterable[tuple[Vertex, Vertex, Label]], directed: bool = False) -> Transformed:
    """``nr(G)`` of an edge-labelled graph given as ``(u, w, label)`` edges.

    >>> nr = transform([(0, 1, "x"), (1, 2, "y")])
    >>> nr.exit[(0, "x")] in reachable_nodes(nr, nr.entry[(1, "x")]), \\
    ...     nr.exit[(1, "y")] in reachable_nodes(nr, nr.entry[(1, "x")])
    (False, True)
    """
    return transform_flags(((u, w, x, x) for u, w, x in edges), directed)


def reachable_nodes(nr: Transformed, start: int) -> set[int]:
    """Every node of ``nr(G)`` a walk from ``start`` reaches (``start`` included)."""
    seen = {start}
    todo = [start]
    while todo:
        for w in nr.succ[todo.pop()]:
            if w not in seen:
                seen.add(w)
                todo.append(w)
    return seen


def cyclic_arcs(nr: Transformed) -> list[Arc]:
    """Theorem 1 on ``nr(G)``: the arcs that lie on some nonrepetitive closed walk."""
    comp = strong_components(nr.succ)
    return [arc for (a, b), arc in nr.arc_at.items() if comp[a] == comp[b]]


def cyclic_edges(
    edges: Iterable[tuple[Vertex, Vertex, Label]], directed: bool = False
) -> list[tuple[Vertex, Vertex, Label]]:
    """Theorem 1: the edges of an edge-labelled graph that lie on a nonrepetitive cycle.

    Edges are returned as given (an undirected edge once, in its given orientation).

    >>> cyclic_edges([(0, 1, "x"), (1, 2, "y"), (2, 0, "z"), (2, 3, "x")])
    [(0, 1, 'x'), (1, 2, 'y'), (2, 0, 'z')]
    """
    given = list(edges)
    on_cycle = {(u, w, a) for u, w, a, _ in cyclic_arcs(transform(given, directed))}
    return [e for e in dict.fromkeys(given) if e in on_cycle]


def labels_at(nr: Transformed, vertex: Vertex) -> list[Label]:
    """The flag labels at ``vertex`` (the labels of its edges, for an edge-labelled graph)."""
    found = dict.fromkeys(x for v, x in nr.entry if v == vertex)
    found.update(dict.fromkeys(x for v, x in nr.exit if v == vertex))
    return list(found)


def cyclic_turns(
    nr: Transformed,
    vertex: Vertex,
    comp: Sequence[int] | None = None,
    labels: Sequence[Label] | None = None,
) -> list[tuple[Label, Label]]:
    """The turns ``(a, b)`` at ``vertex`` that lie on a nonrepetitive closed walk: it arrives
    by a flag labelled ``a`` and leaves by one labelled ``b`` (so ``a != b``).

    ``comp`` is ``strong_components(nr.succ)`` and ``labels`` is ``labels_at(nr, vertex)``,
    when already known. In an undirected graph a
    turn and its reverse go together, so both are listed. A cell of a Sudoku bilocation cycle
    turning from ``x`` to ``y`` holds ``x`` or ``y``; a vertex may have several cyclic turns
    that share a label (it lies on two cycles), which is why Lemma 6's deduction is made turn
    by turn: below, ``v`` is on a cycle turning ``x``/``y`` and on one turning ``x``/``z``,
    but no closed walk turns ``y``/``z`` there.

    >>> figure8 = [("v", 1, "x"), (1, 2, "p"), (2, "v", "y"),
    ...            ("v", 3, "x"), (3, 4, "q"), (4, "v", "z")]
    >>> sorted(cyclic_turns(transform(figure8), "v"))
    [('x', 'y'), ('x', 'z'), ('y', 'x'), ('z', 'x')]
    """
    if comp is None:
        comp = strong_components(nr.succ)
    if labels is None:
        labels = labels_at(nr, vertex)
    turns = []
    for a in labels:
        into = nr.entry.get((vertex, a))
        if into is None:
            continue
        for b in labels:
            out = nr.exit.get((vertex, b))
            if a != b and out is not None and comp[out] == comp[into]:
                turns.append((a, b))
    return turns


def reachable_arcs(nr: Transformed, start: Vertex, label: Label) -> list[Arc]:
    """Theorem 2 on ``nr(G)``: the arcs some nonrepetitive walk from ``start`` can traverse
    when its first flag at ``start`` is labelled ``label`` (the first arc included)."""
    node = nr.exit.get((start, label))
    if node is None:
        return []
    seen = reachable_nodes(nr, node)
    return [arc for (a, _), arc in nr.arc_at.items() if a in seen]


def reachable_edges(
    edges: Iterable[tuple[Vertex, Vertex, Label]],
    start: Vertex,
    label: Label,
    directed: bool = False,
) -> list[tuple[Vertex, Vertex, Label]]:
    """Theorem 2: the edges a nonrepetitive walk from ``start`` beginning with ``label`` can use,
    each oriented the way the walk traverses it (an undirected edge may appear both ways).

    >>> sorted(reachable_edges([(0, 1, "x"), (1, 2, "x"), (1, 3, "y")], 0, "x"))
    [(0, 1, 'x'), (1, 3, 'y')]
    """
    nr = transform(edges, directed)
    return sorted({(u, w, a) for u, w, a, _ in reachable_arcs(nr, start, label)}, key=repr)


def walk_in(nr: Transformed, source: int, target: int) -> list[Arc] | None:
    """A walk of ``nr(G)`` from node ``source`` to node ``target``, as the arcs of ``G`` it
    uses, with as few arcs as possible; None when there is none.

    A 0-1 breadth-first search: edges inside gadgets cost nothing, arcs of ``G`` one each.
    An empty list when ``source == target``.
    """
    tree = walk_tree(nr, source, target)
    return walk_to(nr, tree, source, target)


def walk_tree(
    nr: Transformed, source: int, target: int | None = None
) -> tuple[dict[int, int], dict[int, int]]:
    """Shortest walks from node ``source`` to every node (or until ``target`` is reached):
    ``(distance in arcs of G, parent node)`` by node, for ``walk_to``."""
    dist = {source: 0}
    parent: dict[int, int] = {}
    todo = deque([source])
    while todo:
        v = todo.popleft()
        if v == target:
            break
        d = dist[v]
        for w in nr.succ[v]:
            cost = 1 if (v, w) in nr.arc_at else 0
            if w not in dist or dist[w] > d + cost:
                dist[w] = d + cost
                parent[w] = v
                if cost:
                    todo.append(w)
                else:
                    todo.appendleft(w)
    return dist, parent


def walk_to(
    nr: Transformed, tree: tuple[dict[int, int], dict[int, int]], source: int, target: int
) -> list[Arc] | None:
    """The walk to ``target`` in a ``walk_tree`` grown from ``source`` (None when it has none)."""
    dist, parent = tree
    if target not in dist:
        return None
    walk: list[Arc] = []
    node = target
    while node != source:
        prev = parent[node]
        arc = nr.arc_at.get((prev, node))
        if arc is not None:
            walk.append(arc)
        node = prev
    walk.reverse()
    return walk


def walk_between(
    edges: Iterable[tuple[Vertex, Vertex, Label]],
    start: tuple[Vertex, Label],
    end: tuple[Vertex, Label],
    directed: bool = False,
) -> list[Arc] | None:
    """A shortest nonrepetitive walk leaving ``start[0]`` by an edge labelled ``start[1]`` and
    arriving at ``end[0]`` by one labelled ``end[1]`` (the witness a player can follow).

    With ``start == (v, x)`` and ``end == (v, y)``, ``x != y``, the walk closes a
    nonrepetitive cycle through ``v``; with ``x == y`` a cycle whose one repetition is at ``v``.

    >>> walk_between([(0, 1, "x"), (1, 2, "y"), (2, 0, "x")], (0, "x"), (0, "x"))
    [(0, 1, 'x', 'x'), (1, 2, 'y', 'y'), (2, 0, 'x', 'x')]
    """
    nr = transform(edges, directed)
    if start not in nr.exit or end not in nr.entry:
        return None
    return walk_in(nr, nr.exit[start], nr.entry[end])
