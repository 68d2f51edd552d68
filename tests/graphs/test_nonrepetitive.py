"""Nonrepetitive paths and cycles: hand-made labelled graphs, and a brute-force oracle.

The oracle enumerates nonrepetitive walks directly from the definition (no gadgets, no strong
components): a walk that uses an arc twice can be cut between the two uses and stays a
nonrepetitive walk, so enumerating the walks that use each arc at most once finds every arc a
walk can reach and every arc on a closed walk.
"""

from __future__ import annotations

import doctest
import itertools
from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deduce.graphs import components, nonrepetitive
from deduce.graphs.nonrepetitive import (
    cyclic_edges,
    cyclic_turns,
    gadget,
    reachable_arcs,
    reachable_edges,
    transform,
    transform_flags,
    walk_between,
    walk_in,
)

# --- the oracle ---------------------------------------------------------------------------


def arcs_of(edges, directed=False):
    """Flag-labelled arcs of edge-labelled or flag-labelled edges, both ways when undirected."""
    out = {}
    for e in edges:
        u, w, a, b = e if len(e) == 4 else (*e, e[2])
        out[(u, w, a, b)] = None
        if not directed:
            out[(w, u, b, a)] = None
    return list(out)


def follows(first, second):
    """Whether arc ``second`` may come right after arc ``first`` in a nonrepetitive walk."""
    return first[1] == second[0] and first[3] != second[2]


def trails(arcs, first):
    """Every walk starting with arc ``first`` that uses no arc twice (as tuples of arcs)."""
    out = []
    stack = [(first,)]
    while stack:
        walk = stack.pop()
        out.append(walk)
        for arc in arcs:
            if arc not in walk and follows(walk[-1], arc):
                stack.append((*walk, arc))
    return out


def brute_cyclic_arcs(arcs):
    return {
        arc
        for first in arcs
        for walk in trails(arcs, first)
        if follows(walk[-1], walk[0])
        for arc in walk
    }


def brute_reachable_arcs(arcs, start, label):
    return {
        arc
        for first in arcs
        if first[0] == start and first[2] == label
        for walk in trails(arcs, first)
        for arc in walk
    }


def brute_shortest(arcs, start, end):
    """Fewest arcs of a nonrepetitive walk leaving ``start`` and arriving by ``end``."""
    todo = deque((arc, 1) for arc in arcs if (arc[0], arc[2]) == start)
    seen = {arc for arc, _ in todo}
    while todo:
        arc, length = todo.popleft()
        if (arc[1], arc[3]) == end:
            return length
        for nxt in arcs:
            if nxt not in seen and follows(arc, nxt):
                seen.add(nxt)
                todo.append((nxt, length + 1))
    return None


def is_walk(walk, start, end):
    return (
        (walk[0][0], walk[0][2]) == start
        and (walk[-1][1], walk[-1][3]) == end
        and all(follows(a, b) for a, b in itertools.pairwise(walk))
    )


# --- the gadget ---------------------------------------------------------------------------


@pytest.mark.parametrize("k", range(1, 20))
def test_gadget_entry_reaches_every_other_exit_and_stays_linear(k):
    size, edges = gadget(k)
    succ = [[] for _ in range(size)]
    for a, b in edges:
        succ[a].append(b)
    for i in range(k):
        seen, todo = {i}, [i]
        while todo:
            for w in succ[todo.pop()]:
                if w not in seen:
                    seen.add(w)
                    todo.append(w)
        assert {j for j in range(k) if k + j in seen} == set(range(k)) - {i}
    assert len(edges) <= 12 * k and size <= 6 * k


# --- hand-made graphs ---------------------------------------------------------------------


def test_alternating_square_is_cyclic_and_triangle_is_not():
    triangle = [("a", "b", 1), ("b", "c", 2), ("c", "a", 1)]
    square = [("p", "q", 1), ("q", "r", 2), ("r", "s", 1), ("s", "p", 2)]
    assert cyclic_edges(triangle) == []
    assert cyclic_edges(triangle + square) == square


def test_a_pendant_edge_is_reachable_but_not_cyclic():
    edges = [(0, 1, "x"), (1, 2, "y"), (2, 0, "z"), (2, 3, "x")]
    assert cyclic_edges(edges) == edges[:3]
    # From 0 leaving by x: 0-1 (x), 1-2 (y), then 2-0 (z) or 2-3 (x). The walk can go round
    # again but never turn back: 3 is a dead end (x in, only x out).
    assert set(reachable_edges(edges, 0, "x")) == {
        (0, 1, "x"),
        (1, 2, "y"),
        (2, 3, "x"),
        (2, 0, "z"),
    }
    assert set(reachable_edges(edges, 0, "z")) == {
        (0, 2, "z"),
        (2, 1, "y"),
        (1, 0, "x"),
        (2, 3, "x"),
    }


def test_a_repeated_label_stops_the_walk():
    edges = [("a", "b", "x"), ("b", "c", "x"), ("b", "d", "y")]
    assert reachable_edges(edges, "a", "x") == [("a", "b", "x"), ("b", "d", "y")]
    assert reachable_edges(edges, "a", "y") == []


def test_two_labels_between_the_same_pair_make_a_cycle():
    edges = [("u", "v", 5), ("u", "v", 6)]
    assert cyclic_edges(edges) == edges
    assert walk_between(edges, ("u", 5), ("u", 6)) == [("u", "v", 5, 5), ("v", "u", 6, 6)]


def test_directed_graphs_follow_the_arrows():
    edges = [(0, 1, "a"), (1, 2, "b"), (2, 0, "c")]
    assert cyclic_edges(edges, directed=True) == edges
    assert reachable_edges([(0, 1, "a"), (2, 1, "b")], 0, "a", directed=True) == [(0, 1, "a")]
    assert cyclic_edges([(0, 1, "a"), (1, 2, "b"), (0, 2, "c")], directed=True) == []


def test_figure_eight_turns():
    """Two cycles through v, one turning x/y and one x/z: v can only be x (no turn y/z)."""
    edges = [("v", 1, "x"), (1, 2, "p"), (2, "v", "y"), ("v", 3, "x"), (3, 4, "q"), (4, "v", "z")]
    turns = set(cyclic_turns(transform(edges), "v"))
    assert turns == {("x", "y"), ("y", "x"), ("x", "z"), ("z", "x")}
    arcs = arcs_of(edges)
    assert brute_shortest(arcs, ("v", "z"), ("v", "y")) is None  # no closed walk turns y -> z


def test_repetitive_cycle_witness():
    """A cycle whose only repetition is label 4 at r: the walk leaves r by 4 and returns by 4."""
    edges = [("r", "a", 4), ("a", "b", 7), ("b", "r", 4)]
    walk = walk_between(edges, ("r", 4), ("r", 4))
    assert walk == [("r", "a", 4, 4), ("a", "b", 7, 7), ("b", "r", 4, 4)]
    assert walk_between(edges, ("r", 7), ("r", 7)) is None


def test_flag_labels_bipartite_bivalue_graph():
    """Cells c1 {1,2}, c2 {2,3}, c3 {3,1} pairwise in units: through (unit, digit) vertices
    whose flags are labelled by cell, the chain c1 -2- c2 -3- c3 -1- c1 closes."""
    edges = [
        ("c1", ("u", 2), 2, "c1"),
        ("c2", ("u", 2), 2, "c2"),
        ("c2", ("v", 3), 3, "c2"),
        ("c3", ("v", 3), 3, "c3"),
        ("c3", ("w", 1), 1, "c3"),
        ("c1", ("w", 1), 1, "c1"),
    ]
    nr = transform_flags(edges)
    walk = walk_in(nr, nr.exit[("c1", 2)], nr.entry[("c1", 1)])
    assert [a[0] for a in walk] == ["c1", ("u", 2), "c2", ("v", 3), "c3", ("w", 1)]
    # Entering (u, 2) from c1 and leaving back to c1 repeats the flag: not a walk.
    assert walk_in(nr, nr.exit[("c1", 2)], nr.entry[("c1", 2)]) is None
    assert set(cyclic_turns(nr, ("u", 2))) == {("c1", "c2"), ("c2", "c1")}


@pytest.mark.parametrize("module", [nonrepetitive, components])
def test_documented_examples(module):
    failures, tried = doctest.testmod(module)
    assert failures == 0 and tried > 0


# --- random small graphs against the oracle -----------------------------------------------

VERTICES = st.integers(0, 3)
LABELS = st.sampled_from("xyz")
EDGE_LISTS = st.lists(st.tuples(VERTICES, VERTICES, LABELS), min_size=1, max_size=6).map(
    lambda es: [e for e in es if e[0] != e[1]]
)
FLAG_EDGES = st.lists(st.tuples(VERTICES, VERTICES, LABELS, LABELS), min_size=1, max_size=5).map(
    lambda es: [e for e in es if e[0] != e[1]]
)


@settings(max_examples=150, deadline=None)
@given(EDGE_LISTS, st.booleans())
def test_cyclic_edges_match_brute_force(edges, directed):
    arcs = arcs_of(edges, directed)
    on_cycle = {(u, w, a) for u, w, a, _ in brute_cyclic_arcs(arcs)}
    expected = [e for e in dict.fromkeys(edges) if e in on_cycle]
    assert cyclic_edges(edges, directed) == expected


@settings(max_examples=150, deadline=None)
@given(EDGE_LISTS, VERTICES, LABELS, st.booleans())
def test_reachable_edges_match_brute_force(edges, start, label, directed):
    arcs = arcs_of(edges, directed)
    expected = {(u, w, a) for u, w, a, _ in brute_reachable_arcs(arcs, start, label)}
    assert set(reachable_edges(edges, start, label, directed)) == expected


@settings(max_examples=150, deadline=None)
@given(FLAG_EDGES, VERTICES, LABELS, st.booleans())
def test_flag_labelled_reachability_matches_brute_force(edges, start, label, directed):
    arcs = arcs_of(edges, directed)
    nr = transform_flags(edges, directed)
    assert set(reachable_arcs(nr, start, label)) == brute_reachable_arcs(arcs, start, label)


@settings(max_examples=150, deadline=None)
@given(FLAG_EDGES, VERTICES, LABELS, VERTICES, LABELS)
def test_witness_walks_are_valid_and_shortest(edges, u, a, w, b):
    arcs = arcs_of(edges)
    nr = transform_flags(edges)
    shortest = brute_shortest(arcs, (u, a), (w, b))
    if (u, a) not in nr.exit or (w, b) not in nr.entry:
        assert shortest is None
        return
    walk = walk_in(nr, nr.exit[(u, a)], nr.entry[(w, b)])
    if shortest is None:
        assert walk is None
    else:
        assert is_walk(walk, (u, a), (w, b))
        assert len(walk) == shortest


@settings(max_examples=100, deadline=None)
@given(EDGE_LISTS, VERTICES)
def test_cyclic_turns_match_brute_force(edges, vertex):
    arcs = arcs_of(edges)
    nr = transform(edges)
    labels = {a for u, _, a, _ in arcs if u == vertex}
    expected = {
        (a, b)
        for a in labels
        for b in labels
        if a != b and brute_shortest(arcs, (vertex, b), (vertex, a)) is not None
    }
    assert set(cyclic_turns(nr, vertex)) == expected
