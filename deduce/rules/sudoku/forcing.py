"""Forcing chains: the two-candidate constraints of a Sudoku as a 2-satisfiability instance.

Every constraint between two candidates is a clause on two literals "cell = digit":

- a cell holds one digit (``r1c1 = 5`` rules out ``r1c1 = 7``), and a digit sits once in each
  unit (``r1c1 = 5`` rules out ``r1c8 = 5``): weak links;
- a cell with two candidates holds one of them, and a digit with two places left in a unit
  takes one of them: strong links.

Chains of these links (alternating inference chains, which mix the bilocation and bivalue
links the earlier rules keep apart, and single-digit links as in an X-chain) are paths in the
implication graph of the instance. A candidate whose denial leads back to itself is forced
(``r1c1 ≠ 5 ⇒ ... ⇒ r1c1 = 5``); one whose assertion leads to its denial is ruled out. These
are exactly the literals true in every solution of the 2-SAT instance (Eppstein's PADS solver
has the same rule, off by default), found with one strongly connected component computation
and what each component reaches.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator

import attrs

from deduce.errors import Contradiction
from deduce.graphs.nonrepetitive import component_reach, strong_components
from deduce.puzzles.sudoku import Geometry, cell_name, symbol
from deduce.state import State, bits
from deduce.step import Step


@attrs.define
class Implications:
    """The implication graph: node ``2k`` is "candidate ``k`` holds", ``2k + 1`` its denial.

    ``literals[k]`` is the ``(cell, digit)`` of candidate ``k``; ``succ`` the implications,
    ``why[(a, b)]`` how the implication ``a ⇒ b`` reads (``cell``, ``unit`` or ``two``).
    """

    literals: list[tuple[int, int]]
    succ: list[list[int]]
    why: dict[tuple[int, int], str]
    comp: list[int]
    reach: list[int]


def implications(state: State) -> Implications:
    """The implication graph of the state's two-candidate constraints, with its components."""
    geo: Geometry = state.puzzle.geo
    domains, fixed = state.domains, state.fixed
    index: dict[tuple[int, int], int] = {}
    literals: list[tuple[int, int]] = []
    for cell, d in enumerate(domains):
        if not fixed[cell]:
            for v in bits(d):
                index[(cell, v)] = len(literals)
                literals.append((cell, v))
    succ: list[list[int]] = [[] for _ in range(2 * len(literals))]
    why: dict[tuple[int, int], str] = {}

    def imply(a: int, b: int, kind: str) -> None:
        if (a, b) not in why:
            why[(a, b)] = kind
            succ[a].append(b)

    for (cell, v), k in index.items():
        for u in bits(domains[cell] & ~(1 << v)):
            imply(2 * k, 2 * index[(cell, u)] + 1, "cell")
        for p in geo.peers[cell]:
            other = index.get((p, v))
            if other is not None:
                imply(2 * k, 2 * other + 1, "unit")
        if domains[cell].bit_count() == 2:
            u = next(bits(domains[cell] & ~(1 << v)))
            imply(2 * k + 1, 2 * index[(cell, u)], "two")
    for unit in geo.units:
        places: dict[int, list[int]] = {}
        for cell in unit:
            if not fixed[cell]:
                for v in bits(domains[cell]):
                    places.setdefault(v, []).append(cell)
        for v, cells in places.items():
            if len(cells) == 2:
                a, b = index[(cells[0], v)], index[(cells[1], v)]
                imply(2 * a + 1, 2 * b, "two")
                imply(2 * b + 1, 2 * a, "two")
    comp = strong_components(succ)
    return Implications(literals, succ, why, comp, component_reach(succ, comp))


def _path(graph: Implications, source: int, target: int) -> list[int]:
    """A shortest chain of implications from node ``source`` to node ``target``."""
    parent = {source: source}
    todo = deque([source])
    while todo:
        v = todo.popleft()
        if v == target:
            break
        for w in graph.succ[v]:
            if w not in parent:
                parent[w] = v
                todo.append(w)
    path = [target]
    while path[-1] != source:
        path.append(parent[path[-1]])
    path.reverse()
    return path


def _literal(geo: Geometry, graph: Implications, node: int) -> str:
    cell, v = graph.literals[node // 2]
    return f"{cell_name(geo, cell)}{'≠' if node & 1 else '='}{symbol(v)}"


def chain_words(geo: Geometry, graph: Implications, path: list[int]) -> str:
    """``r1c1≠5 ⇒ r1c7=5 ⇒ r4c7≠5 ⇒ ...``: a chain of implications as a player writes it."""
    return " ⇒ ".join(_literal(geo, graph, node) for node in path)


def _step(state: State, graph: Implications, node: int, path: list[int]) -> Step:
    """The step for literal ``node`` being forced, proved by the chain ``path`` from its
    denial to it."""
    geo: Geometry = state.puzzle.geo
    cell, v = graph.literals[node // 2]
    name, digit = cell_name(geo, cell), symbol(v)
    cells = [graph.literals[n // 2][0] for n in path]
    links, labels = [], []
    for i in range(1, len(path)):
        a, b = cells[i - 1], cells[i]
        if a != b:
            links.append((a, b))
            labels.append(symbol(graph.literals[path[i] // 2][1]))
    if node & 1:
        placements, eliminations = (), ((cell, v),)
        text = (
            f"If {name} were {digit}: {chain_words(geo, graph, path)}, a contradiction; "
            f"so {name}≠{digit}."
        )
    else:
        placements, eliminations = ((cell, v),), ()
        text = (
            f"If {name} were not {digit}: {chain_words(geo, graph, path)}, a contradiction; "
            f"so {name} = {digit}."
        )
    return Step(
        "forcing chain",
        text,
        placements=placements,
        eliminations=eliminations,
        premises=tuple(dict.fromkeys(cells)),
        links=tuple(links),
        link_labels=tuple(labels),
        region=name,
    )


def forcing_chains(state: State) -> Iterator[Step]:
    """Candidates whose denial implies them (placed) or whose assertion denies them (ruled out),
    through chains of two-candidate links."""
    geo: Geometry = state.puzzle.geo
    graph = implications(state)
    comp, reach = graph.comp, graph.reach
    found = []
    for k in range(len(graph.literals)):
        yes, no = 2 * k, 2 * k + 1
        if comp[yes] == comp[no]:
            cell, v = graph.literals[k]
            path = _path(graph, yes, no) + _path(graph, no, yes)[1:]
            raise Contradiction(
                f"{cell_name(geo, cell)} can neither be {symbol(v)} nor not be: "
                f"{chain_words(geo, graph, path)}"
            )
        if reach[comp[no]] >> comp[yes] & 1:
            found.append((yes, no))
        elif reach[comp[yes]] >> comp[no] & 1:
            found.append((no, yes))
    # Placements first: a forced digit settles more than a ruled-out one.
    found.sort(key=lambda pair: pair[0] & 1)
    for node, denial in found:
        yield _step(state, graph, node, _path(graph, denial, node))
