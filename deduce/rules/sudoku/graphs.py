"""The graphs of a Sudoku state that the nonlocal rules read (Eppstein, sections 3.2-3.5).

- The **bilocation graph**: a vertex per open cell; an edge labelled ``d`` between two cells
  that are the only places left for ``d`` in a row, column or box (a strong link: one of the
  two holds ``d``). Along a nonrepetitive path, a first cell that is not its first label
  forces every later cell to be the label of the edge that reaches it.
- The **bivalue graph**: a vertex per open cell with two candidates; an edge labelled ``d``
  between two such cells that share a unit and both may hold ``d`` (a weak link: not both).
  Along a nonrepetitive path, a first cell that is its first label forces every later cell
  to be the digit it does not share with the edge that reaches it.
- The **bipartite bivalue graph**: the bivalue graph with each edge ``c -d- c'`` of unit ``g``
  routed through a vertex ``(g, d)``; flags at a cell are labelled by the digit, flags at
  ``(g, d)`` by the cell. It has linear size where the bivalue graph may not.

Each analysis (the graph, ``nr(G)``, its strong components and, on demand, what each component
reaches) is computed once per state and shared by the rules that read it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import pairwise
from typing import Generic, TypeVar

import attrs

from deduce.graphs.components import components_and_reach
from deduce.graphs.nonrepetitive import (
    Arc,
    Transformed,
    transform,
    transform_flags,
    walk_in,
    walk_to,
    walk_tree,
)
from deduce.memo import per_version
from deduce.puzzles.sudoku.model import Geometry, Sudoku, cell_name, symbol
from deduce.state import State, bits

#: A vertex of these graphs: a cell, or a ``(unit, digit)`` vertex of the bipartite bivalue
#: graph. Its flag labels are ints too: digits at a cell, cells at a ``(unit, digit)`` vertex
#: (``deduce.graphs.nonrepetitive`` types both as any hashable value).
GraphVertex = int | tuple[int, int]

#: The edges a graph is built from: plain labelled edges, or flag-labelled arcs.
E = TypeVar("E", tuple[int, int, int], Arc)
#: The vertices of one graph: cells (``int``) for the bilocation graph, ``GraphVertex`` for the
#: bipartite bivalue graph.
V = TypeVar("V", int, GraphVertex)
#: A walk of one of these graphs: its arcs ``(vertex, vertex, label, label)`` as
#: ``deduce.graphs.nonrepetitive.Arc`` gives them, with the types of the graph.
Walk = list[tuple[V, V, int, int]]


def bilocation_edges(state: State[Sudoku]) -> list[tuple[int, int, int]]:
    """The bilocation graph: ``(cell, cell, digit)`` for every digit with exactly two open
    places in some unit (one edge when a row and a box give the same pair)."""
    geo: Geometry = state.puzzle.geo
    domains, fixed = state.domains, state.fixed
    edges: dict[tuple[int, int, int], None] = {}
    for unit in geo.units:
        placed = once = twice = thrice = 0
        for cell in unit:
            d = domains[cell]
            if fixed[cell]:
                placed |= d
            else:
                thrice |= twice & d
                twice |= once & d
                once |= d
        for digit in bits(twice & ~thrice & ~placed):
            bit = 1 << digit
            a, b = (c for c in unit if not fixed[c] and domains[c] & bit)
            edges[(a, b, digit)] = None
    return list(edges)


def bivalue_edges(state: State[Sudoku]) -> list[tuple[int, int, int]]:
    """The bivalue graph: ``(cell, cell, digit)`` for two-candidate cells sharing a unit and
    the digit ``digit`` (one edge per pair and digit)."""
    geo: Geometry = state.puzzle.geo
    domains, fixed = state.domains, state.fixed
    edges: dict[tuple[int, int, int], None] = {}
    for unit in geo.units:
        cells = [c for c in unit if not fixed[c] and domains[c].bit_count() == 2]
        for i, a in enumerate(cells):
            for b in cells[i + 1 :]:
                for digit in bits(domains[a] & domains[b]):
                    edges[(a, b, digit)] = None
    return list(edges)


def bipartite_bivalue_edges(state: State[Sudoku]) -> list[Arc]:
    """The bipartite bivalue graph as flag-labelled edges ``(cell, (unit, digit), digit, cell)``.

    Only the ``(unit, digit)`` vertices that join two or more cells are kept: a walk that
    enters one by a cell must leave it by another.
    """
    geo: Geometry = state.puzzle.geo
    domains, fixed = state.domains, state.fixed
    edges: list[Arc] = []
    for index, unit in enumerate(geo.units):
        by_digit: dict[int, list[int]] = {}
        for c in unit:
            d = domains[c]
            if not fixed[c] and d.bit_count() == 2:
                for digit in bits(d):
                    by_digit.setdefault(digit, []).append(c)
        for digit, cells in by_digit.items():
            if len(cells) > 1:
                edges.extend((c, (index, digit), digit, c) for c in cells)
    return edges


@attrs.define
class Analysis(Generic[V]):
    """One graph of one state with its nonrepetitive transformation and strong components.

    ``labels[v]`` lists the flag labels at vertex ``v`` (for a cell: the digits of its links),
    in increasing order. ``reach`` (what each component reaches) is worked out with the
    components (``components_and_reach``: one search for both).
    """

    edges: list[tuple[int, int, int]] | list[Arc]
    nr: Transformed
    comp: list[int]
    labels: dict[V, list[int]] = attrs.Factory(dict)
    _reach: list[int] | None = None
    _entries: list[tuple[int, int, int, int]] | None = None
    _reached: dict[int, list[tuple[int, int, int]]] = attrs.Factory(dict)

    @property
    def reach(self) -> list[int]:
        """For every component of ``nr``, the bitmask of components it reaches."""
        if self._reach is None:
            self._reach = components_and_reach(self.nr.succ)[1]
        return self._reach

    @property
    def cell_entries(self) -> list[tuple[int, int, int, int]]:
        """``(cell, label, node, component)`` for every entry node of ``nr`` at a cell, by cell."""
        if self._entries is None:
            comp = self.comp
            self._entries = sorted(
                (v, x, node, comp[node])  # type: ignore[misc]  # x: a digit (GraphVertex)
                for (v, x), node in self.nr.entry.items()
                if isinstance(v, int)
            )
        return self._entries

    def reached_entries(self, source: int) -> list[tuple[int, int, int]]:
        """``(cell, label, node)`` for every cell entry node that node ``source`` reaches:
        the cells a walk from ``source`` can arrive at, and the flag it arrives by. The same
        for every source of one strong component: kept per component (do not change it)."""
        component = self.comp[source]
        found = self._reached.get(component)
        if found is None:
            mask = self.reach[component]
            found = [(v, x, node) for v, x, node, c in self.cell_entries if mask >> c & 1]
            self._reached[component] = found
        return found

    def reaches(self, source: int, target: int) -> bool:
        """Whether node ``source`` of ``nr`` reaches node ``target``."""
        return bool(self.reach[self.comp[source]] >> self.comp[target] & 1)

    def walks_from(self, source: int) -> Callable[[int], Walk[V]]:
        """A function giving a shortest walk from node ``source`` to any node it reaches (one
        search serves every target)."""
        tree = walk_tree(self.nr, source)

        def walk(target: int) -> Walk[V]:
            found = walk_to(self.nr, tree, source, target)
            assert found is not None, "walk asked to a node the source does not reach"
            return found  # type: ignore[return-value]  # its vertices and labels (GraphVertex)

        return walk

    def walk(self, source: int, target: int) -> Walk[V]:
        """A shortest walk from node ``source`` to node ``target`` (they must be connected)."""
        found = walk_in(self.nr, source, target)
        assert found is not None, "walk asked between nodes that are not connected"
        return found  # type: ignore[return-value]  # its vertices and labels (GraphVertex)


def _analyse(edges: list[tuple[int, int, int]] | list[Arc], nr: Transformed) -> Analysis[V]:
    labels: dict[V, list[int]] = {}
    for v, x in nr.entry:
        # the vertices and labels of these graphs are GraphVertex and int (see there)
        labels.setdefault(v, []).append(x)  # type: ignore[arg-type]
    for found in labels.values():
        found.sort()
    comp, reach = components_and_reach(nr.succ)
    return Analysis(edges, nr, comp, labels, reach)


def bilocation(state: State[Sudoku]) -> Analysis[int]:
    """The bilocation graph of ``state``, analysed (cached for the state)."""
    return _analysed("bilocation", state, bilocation_edges, transform)


def bivalue(state: State[Sudoku]) -> Analysis[GraphVertex]:
    """The bipartite bivalue graph of ``state``, analysed (cached for the state)."""
    return _analysed("bivalue", state, bipartite_bivalue_edges, transform_flags)


def _analysed(
    kind: str,
    state: State[Sudoku],
    edges_of: Callable[[State[Sudoku]], list[E]],
    transformed: Callable[[list[E]], Transformed],
) -> Analysis[V]:
    def analyse(state: State[Sudoku]) -> Analysis[V]:
        edges = edges_of(state)
        # Most steps leave a graph as it was (top95: the bivalue graph 58% of the time, the
        # bilocation graph 40%), and all an analysis holds follows from the edges alone.
        name = f"{kind} graph by edges"
        kept: Analysis[V] | None = state.memo.get(name)
        if kept is not None and kept.edges == edges:
            return kept
        found: Analysis[V] = _analyse(edges, transformed(edges))
        state.memo[name] = found
        return found

    return per_version(state, f"{kind} graph", analyse)


def leaving_nothing(pairs: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Of the label pairs of cycles through one vertex (which leave it only the labels every
    pair shares), the first few whose shared labels are already none: enough to name."""
    chosen = [pairs[0]]
    common = set(pairs[0])
    for pair in pairs[1:]:
        if common & set(pair) != common:
            chosen.append(pair)
            common &= set(pair)
        if not common:
            break
    return chosen


def cells_of(mask: int) -> list[int]:
    """The cells (bit positions) of a cell bitmask, in order."""
    return list(bits(mask))


# --- chains as a player reads them ----------------------------------------------------------


def chain_cells(walk: Sequence[Arc]) -> list[tuple[int, int | None]]:
    """The cells of a walk with the digit of the link that leaves each (None for the last).

    A bipartite bivalue walk ``c -> (g, d) -> c'`` reads as the link ``c -d- c'``.
    """
    out: list[tuple[int, int | None]] = []
    for u, _w, a, _b in walk:
        if not isinstance(u, int):  # leaving a (unit, digit) vertex: the link was entered before
            continue
        out.append((u, a))  # type: ignore[arg-type]  # a label at a cell is a digit (GraphVertex)
    last = walk[-1][1]
    if not isinstance(last, int):
        raise ValueError("a walk of the bipartite bivalue graph must end at a cell")
    out.append((last, None))
    return out


def chain_links(walk: Sequence[Arc]) -> tuple[tuple[int, int], ...]:
    """The links of a walk as pairs of cells, for the step picture."""
    return cells_links(chain_cells(walk))


def cells_links(cells: list[tuple[int, int | None]]) -> tuple[tuple[int, int], ...]:
    """The links of a chain given as ``chain_cells`` gives it, as pairs of cells."""
    return tuple(pairwise(c for c, _ in cells))


def link_labels(walk: Sequence[Arc]) -> tuple[str, ...]:
    """The digit of each link of a walk (parallel to ``chain_links``), to label the lines."""
    return cells_labels(chain_cells(walk))


def cells_labels(cells: list[tuple[int, int | None]]) -> tuple[str, ...]:
    """The digit of each link of a chain given as ``chain_cells`` gives it."""
    return tuple(symbol(d) for _, d in cells[:-1] if d is not None)


def first_clash(
    cells: list[tuple[int, int | None]],
    first: int | None,
    forced: Callable[[int, int], int],
) -> tuple[int, int, int] | None:
    """Where following a chain forces a cell it passed before to another digit.

    ``cells`` as ``chain_cells`` gives them; the first cell holds ``first`` (None when the
    supposition does not fix it) and each later one ``forced(cell, digit of the link that
    reaches it)``. Returns ``(position, earlier digit, digit)`` of the first cell forced two
    ways, or None: a chain that passes a cell twice may contradict itself before its end.
    """
    seen: dict[int, int] = {}
    if first is not None:
        seen[cells[0][0]] = first
    for i in range(1, len(cells)):
        cell = cells[i][0]
        value = forced(cell, cells[i - 1][1])  # type: ignore[arg-type]  # None only at the end
        earlier = seen.get(cell)
        if earlier is not None and earlier != value:
            return i, earlier, value
        seen[cell] = value
    return None


def chain_premises(walk: Sequence[Arc]) -> tuple[int, ...]:
    """The distinct cells of a walk, in order."""
    return tuple(dict.fromkeys(c for c, _ in chain_cells(walk)))


def join_elims(geo: Geometry, elims: Iterable[tuple[int, int]]) -> str:
    """``r1c2≠3, r4c5≠6``."""
    return ", ".join(f"{cell_name(geo, c)}≠{symbol(d)}" for c, d in elims)
