"""The hand-written graph algorithms against networkx as an oracle, on random graphs.

``deduce/graphs`` keeps its own matching and strongly-connected-components code because it is
several times faster than networkx on the engine's small graphs (bitmask adjacency, no
objects); these tests hold it to networkx's answers. The Path rules' cut cells are
articulation points, checked the same way.
"""

from __future__ import annotations

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from deduce.graphs.bipartite import perfect_matching, unmatchable_edges
from deduce.graphs.components import component_reach, components_and_reach, strong_components
from deduce.puzzles.path.model import PathPuzzle
from deduce.rules.path.connectivity import cuts, open_graph
from deduce.state import State, bits

SQUARE = st.integers(1, 6).flatmap(
    lambda n: st.lists(st.integers(0, (1 << n) - 1), min_size=n, max_size=n)
)


def bipartite(adjacency: list[int]) -> nx.Graph:
    graph = nx.Graph()
    graph.add_nodes_from((("L", u) for u in range(len(adjacency))), bipartite=0)
    graph.add_nodes_from((("R", v) for v in range(len(adjacency))), bipartite=1)
    for u, adj in enumerate(adjacency):
        graph.add_edges_from((("L", u), ("R", v)) for v in bits(adj))
    return graph


def matching_size(graph: nx.Graph) -> int:
    left = [x for x in graph if x[0] == "L"]
    return len(nx.bipartite.hopcroft_karp_matching(graph, top_nodes=left)) // 2


@settings(max_examples=300, deadline=None)
@given(SQUARE)
def test_perfect_matching_exists_exactly_when_networkx_finds_one(adjacency):
    n = len(adjacency)
    match = perfect_matching(adjacency, (1 << n) - 1)
    has_one = matching_size(bipartite(adjacency)) == n
    assert (match is not None) == has_one
    if match is not None:
        assert sorted(match) == list(range(n))
        assert all(adjacency[u] >> v & 1 for u, v in enumerate(match))


@settings(max_examples=300, deadline=None)
@given(SQUARE)
def test_unmatchable_edges_are_those_in_no_perfect_matching(adjacency):
    n = len(adjacency)
    graph = bipartite(adjacency)
    if matching_size(graph) < n:
        return  # no perfect matching at all: the caller reports a contradiction
    expected = []
    for u, adj in enumerate(adjacency):
        for v in bits(adj):
            rest = graph.copy()
            rest.remove_nodes_from([("L", u), ("R", v)])
            if matching_size(rest) < n - 1:
                expected.append((u, v))
    assert sorted(unmatchable_edges(adjacency)) == expected


DIGRAPH = st.integers(1, 9).flatmap(
    lambda n: st.lists(st.lists(st.integers(0, n - 1), max_size=4), min_size=n, max_size=n)
)


@settings(max_examples=300, deadline=None)
@given(DIGRAPH)
def test_strong_components_match_networkx_in_reverse_topological_order(succ):
    comp = strong_components(succ)
    graph = nx.DiGraph()
    graph.add_nodes_from(range(len(succ)))
    graph.add_edges_from((v, w) for v, ws in enumerate(succ) for w in ws)
    ours = {frozenset(v for v in range(len(succ)) if comp[v] == c) for c in set(comp)}
    assert ours == {frozenset(c) for c in nx.strongly_connected_components(graph)}
    assert all(comp[v] >= comp[w] for v, ws in enumerate(succ) for w in ws)
    reach = component_reach(succ, comp)
    for a in range(len(succ)):
        reached = nx.descendants(graph, a) | {a}
        assert {b for b in range(len(succ)) if reach[comp[a]] >> comp[b] & 1} == reached
    assert components_and_reach(succ) == (comp, reach)  # the one-search form: the same answer


@st.composite
def path_states(draw) -> State:
    """A Path puzzle's state with random cell and edge domains (used/unused, on/off, open)."""
    rows, cols = draw(st.integers(2, 5)), draw(st.integers(2, 5))
    border = [(r, c) for r in range(rows) for c in range(cols) if r in (0, rows - 1)]
    border += [(r, c) for r in range(1, rows - 1) for c in (0, cols - 1)]
    doors = draw(st.lists(st.sampled_from(border), min_size=2, max_size=2, unique=True))
    puzzle = PathPuzzle(rows, cols, (doors[0], doors[1]), (-1,) * rows, (-1,) * cols)
    n = puzzle.geo.n_vars
    domains = draw(st.lists(st.sampled_from([1, 2, 3, 3, 3]), min_size=n, max_size=n))
    for cell in puzzle.door_cells:
        domains[cell] = 2  # doors are used
    return State(puzzle, domains)


@settings(max_examples=300, deadline=None)
@given(path_states())
def test_cut_cells_are_the_articulation_points_seen_from_the_first_door(state):
    door_a = state.puzzle.door_cells[0]
    graph = nx.Graph()
    graph.add_node(door_a)
    for v, edges in enumerate(open_graph(state)):
        graph.add_edges_from((v, w) for _, w in edges)
    reached = graph.subgraph(nx.node_connected_component(graph, door_a))
    found = cuts(state)
    assert {c.at for c in found} - {door_a} == set(nx.articulation_points(reached)) - {door_a}
    for cut in found:
        rest = reached.copy()
        rest.remove_node(cut.at)
        assert door_a not in cut.behind
        assert set(cut.behind) in [set(c) for c in nx.connected_components(rest)]
