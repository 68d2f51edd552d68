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

Three rules read it: **Forcing Chain** (every kind of link), and, on one digit's links alone,
**X-Cycle** (a candidate whose denial leads back to it: a loop with two strong links at the
cell) and **X-Chain** (a candidate whose assertion leads to its denial: it sees both ends of
a chain of strong links). Each yields its shortest chain first, weighed by its length.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from itertools import pairwise

import attrs

from deduce.errors import Contradiction
from deduce.graphs.components import components_and_reach
from deduce.journal import value_places
from deduce.memo import per_version
from deduce.puzzles.sudoku.model import Geometry, Sudoku, cell_name, symbol
from deduce.rules.sudoku.lengths import weighed
from deduce.rules.sudoku.links import both_ends
from deduce.rules.sudoku.notation import eureka
from deduce.state import State, bits
from deduce.step import Step


@attrs.define
class Implications:
    """The implication graph: node ``2k`` is "candidate ``k`` holds", ``2k + 1`` its denial.

    ``literals[k]`` is the ``(cell, digit)`` of candidate ``k``; ``succ`` the implications;
    ``comp`` the strongly connected components and ``reach`` what each of them reaches.
    """

    literals: list[tuple[int, int]]
    succ: list[list[int]]
    comp: list[int]
    reach: list[int]


def implications(state: State[Sudoku]) -> Implications:
    """The implication graph of the state's two-candidate constraints, with its components.

    Kept on the State while its grid stays the same: the rules that read it (forcing chains,
    cell and region forcing chains) ask in turn on one grid."""
    return per_version(state, "implications", _implications)


def _implications(state: State[Sudoku]) -> Implications:
    geo: Geometry = state.puzzle.geo
    domains, fixed = state.domains, state.fixed
    stride = geo.n + 1
    index = [-1] * (len(domains) * stride)
    literals: list[tuple[int, int]] = []
    holders = value_places(state, stride)
    for cell, d in enumerate(domains):
        if not fixed[cell]:
            base = cell * stride
            while d:
                low = d & -d
                d ^= low
                v = low.bit_length() - 1
                index[base + v] = len(literals)
                literals.append((cell, v))
    succ: list[list[int]] = [[] for _ in range(2 * len(literals))]
    peers = geo.peer_masks
    for k, (cell, v) in enumerate(literals):
        out = succ[2 * k]
        base = cell * stride
        others = domains[cell] & ~(1 << v)
        pair = others.bit_count() == 1
        while others:  # one digit per cell
            low = others & -others
            out.append(2 * index[base + low.bit_length() - 1] + 1)
            others ^= low
        seen = peers[cell] & holders[v]
        while seen:  # one place per unit
            low = seen & -seen
            out.append(2 * index[(low.bit_length() - 1) * stride + v] + 1)
            seen ^= low
        if pair:  # two candidates: one holds
            succ[2 * k + 1].append(out[0] - 1)
    for mask in geo.unit_masks:
        for v in range(1, stride):
            places = holders[v] & mask
            if places and places.bit_count() == 2:  # two places in a unit: one holds
                low = (places & -places).bit_length() - 1
                high = places.bit_length() - 1
                a, b = index[low * stride + v], index[high * stride + v]
                succ[2 * a + 1].append(2 * b)
                succ[2 * b + 1].append(2 * a)
    comp, reach = components_and_reach(succ)
    return Implications(literals, succ, comp, reach)


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


def chain_words(geo: Geometry, graph: Implications, path: list[int]) -> str:
    """``(5)r1c1-(5)r1c7=(5)r4c7``: a chain of implications in Eureka notation (``notation``):
    a denial implying an assertion is a strong link, an assertion implying a denial a weak one."""
    return eureka(geo, *_chain(graph, path))


def _chain(graph: Implications, path: list[int]) -> tuple[list[tuple[int, int]], list[str]]:
    """The candidates of a chain of implications and the kind of each link between them."""
    kinds = ["strong" if node & 1 else "weak" for node in path[:-1]]
    return [graph.literals[node // 2] for node in path], kinds


def chain_drawing(
    graph: Implications, path: list[int]
) -> tuple[list[tuple[int, int]], list[str], list[str]]:
    """The lines of a chain of implications between cells, with the digit each reaches and
    its kind: ``strong`` for a denial forcing an assertion (one of the two holds), ``weak``
    for an assertion forcing a denial (not both hold)."""
    links, labels, kinds = [], [], []
    for a, b in pairwise(path):
        ca, cb = graph.literals[a // 2][0], graph.literals[b // 2][0]
        if ca != cb:
            links.append((ca, cb))
            labels.append(symbol(graph.literals[b // 2][1]))
            kinds.append("strong" if a & 1 else "weak")
    return links, labels, kinds


def _ends_text(geo: Geometry, first: tuple[int, int], last: tuple[int, int]) -> str:
    """What a chain one of whose ends holds says, as a player says it (as ``paths`` does)."""
    (a, x), (b, y) = first, last
    start, stop = cell_name(geo, a), cell_name(geo, b)
    if x == y:
        return (
            f"if {start} is not {symbol(x)}, {stop} is, so {symbol(x)} is in one of them and "
            f"leaves the cells that see both"
        )
    if a == b:
        return f"{start} is {symbol(x)} or {symbol(y)}, so it is no other digit"
    return f"if {start} is not {symbol(x)}, {stop} is {symbol(y)}, so what would rule out both goes"


def _ruling_out(
    state: State[Sudoku], graph: Implications, path: list[int], rule: str
) -> Step | None:
    """The step of the chain inside ``path`` (a candidate's assertion leading to its denial):
    its first strong link to its last is a chain one of whose ends holds, and it rules out
    every candidate that sees both ends, not only the one it was found for. None when the
    chain's two ends are one candidate (then that candidate is forced instead)."""
    geo: Geometry = state.puzzle.geo
    core = path[1:-1]
    first, last = graph.literals[core[0] // 2], graph.literals[core[-1] // 2]
    if first == last:
        return None
    elims = tuple(both_ends(state, first, last))
    a = first[0]
    links, labels, kinds = chain_drawing(graph, core)
    text = (
        f"{chain_words(geo, graph, core)}: {_ends_text(geo, first, last)}: "
        f"{', '.join(f'{cell_name(geo, c)}≠{symbol(v)}' for c, v in elims)}."
    )
    return Step(
        rule,
        text,
        eliminations=elims,
        premises=tuple(dict.fromkeys(graph.literals[n // 2][0] for n in core)),
        links=tuple(links),
        link_labels=tuple(labels),
        link_kinds=tuple(kinds),
        region=cell_name(geo, a),
    )


def _step(state: State[Sudoku], graph: Implications, node: int, path: list[int], rule: str) -> Step:
    """The step for literal ``node`` being forced, proved by the chain ``path`` from its
    denial to it."""
    geo: Geometry = state.puzzle.geo
    cell, v = graph.literals[node // 2]
    name, digit = cell_name(geo, cell), symbol(v)
    if node & 1:
        found = _ruling_out(state, graph, path, rule)
        if found is not None:
            return found
    cells = [graph.literals[n // 2][0] for n in path]
    links, labels, kinds = chain_drawing(graph, path)
    placements: tuple[tuple[int, int], ...]
    eliminations: tuple[tuple[int, int], ...]
    if node & 1:
        placements, eliminations = (), ((cell, v),)
        text = f"{chain_words(geo, graph, path)}: if {name} were {digit}, it would not be; so {name}≠{digit}."
    else:
        placements, eliminations = ((cell, v),), ()
        text = (
            f"{chain_words(geo, graph, path)}: if {name} were not {digit}, the chain would "
            f"make it {digit}; so {name} = {digit}."
        )
    return Step(
        rule,
        text,
        placements=placements,
        eliminations=eliminations,
        premises=tuple(dict.fromkeys(cells)),
        links=tuple(links),
        link_labels=tuple(labels),
        link_kinds=tuple(kinds),
        region=name,
    )


def forced(state: State[Sudoku], graph: Implications) -> list[tuple[int, int]]:
    """``(literal, its denial)`` for every candidate node the graph forces, placements first.

    Raises Contradiction when a candidate's truth and denial imply each other.
    """
    geo: Geometry = state.puzzle.geo
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
    return found


def _shortest_first(
    graph: Implications, pairs: Iterable[tuple[int, int]]
) -> list[tuple[int, list[int]]]:
    """``(literal node, chain)`` for every ``(node, denial)`` of ``pairs``: the shortest chain
    from the denial to the literal, shortest chains first (placements before eliminations
    among chains of one length)."""
    chains = [(node, _path(graph, denial, node)) for node, denial in pairs]
    chains.sort(key=lambda found: (len(found[1]), found[0] & 1))
    return chains


def any_strong_link(state: State[Sudoku]) -> bool:
    """Whether the grid has a strong link: an open cell with two candidates, or a digit with
    two places in a unit (what ``implications`` adds as a denial forcing an assertion).

    Without one, no node of the graph that denies a candidate implies anything, so no chain
    is longer than one weak link: no candidate is forced, no cell's candidates agree on a
    conclusion (``cell_forcing_chains``), and the rules that read the graph find that out
    here, without building it (an empty 25x25 grid has 15,625 candidates)."""
    return per_version(state, "any strong link", _any_strong_link)


def _any_strong_link(state: State[Sudoku]) -> bool:
    geo: Geometry = state.puzzle.geo
    fixed = state.fixed
    for cell, d in enumerate(state.domains):
        if d.bit_count() == 2 and not fixed[cell]:
            return True
    holders = value_places(state, geo.n + 1)[1:]
    for mask in geo.unit_masks:
        for places in holders:
            if (places & mask).bit_count() == 2:
                return True
    return False


def forcing_chains(state: State[Sudoku], base: float = 0.0) -> Iterator[Step]:
    """Candidates whose denial implies them (placed) or whose assertion denies them (ruled out),
    through chains of two-candidate links, shortest chain first."""
    if not any_strong_link(state):
        return
    graph = implications(state)
    for node, path in _shortest_first(graph, forced(state, graph)):
        yield weighed(_step(state, graph, node, path, "Forcing Chain"), base, len(path))


def digit_implications(geo: Geometry, digit: int, holders: int) -> Implications:
    """The implication graph of one digit's links, given the bitmask of the open cells that
    may hold it: one place per unit (weak), one of two places in a unit (strong)."""
    literals = [(cell, digit) for cell in bits(holders)]
    index = {cell: k for k, (cell, _) in enumerate(literals)}
    succ: list[list[int]] = [[] for _ in range(2 * len(literals))]
    peers = geo.peer_masks
    for k, (cell, _) in enumerate(literals):
        out = succ[2 * k]
        seen = peers[cell] & holders
        while seen:
            low = seen & -seen
            out.append(2 * index[low.bit_length() - 1] + 1)
            seen ^= low
    for mask in geo.unit_masks:
        places = holders & mask
        if places.bit_count() == 2:
            a = index[(places & -places).bit_length() - 1]
            b = index[places.bit_length() - 1]
            succ[2 * a + 1].append(2 * b)
            succ[2 * b + 1].append(2 * a)
    comp, reach = components_and_reach(succ)
    return Implications(literals, succ, comp, reach)


def _digit_forced(state: State[Sudoku]) -> list[tuple[Implications, int, list[int]]]:
    """``(graph, literal node, chain)`` for every candidate one digit's links force, over all
    digits, shortest chain first (made once per grid for X-Cycles and X-Chains)."""
    geo: Geometry = state.puzzle.geo
    holders = value_places(state, geo.n + 1)
    units = geo.unit_masks
    found_all: list[tuple[Implications, int, list[int]]] = []
    # What one digit's links force depends only on the cells that may hold it, and most
    # digits are unchanged from one call to the next: kept with the grid's shape.
    for digit in range(1, geo.n + 1):
        key = ("x-chains", digit, holders[digit])
        found: tuple[Implications | None, list[tuple[int, list[int]]]] | None = geo.memo.get(key)
        if found is None:
            if any((holders[digit] & u).bit_count() == 2 for u in units):
                graph = digit_implications(geo, digit, holders[digit])
                found = (graph, _shortest_first(graph, forced(state, graph)))
            else:  # no strong link: no chain can force anything
                found = (None, [])
            geo.memo[key] = found
        kept, chains = found
        # chains is empty where the graph is None
        found_all.extend((kept, node, path) for node, path in chains)  # type: ignore[misc]
    found_all.sort(key=lambda found: len(found[2]))
    return found_all


def x_cycles(state: State[Sudoku], base: float = 0.0) -> Iterator[Step]:
    """X-Cycles: a candidate whose denial leads back to it through one digit's links (a loop
    with two strong links at the cell) is placed, shortest loop first."""
    for graph, node, path in per_version(state, "x-chains", _digit_forced):
        if not node & 1:
            yield weighed(_step(state, graph, node, path, "X-Cycle"), base, len(path))


def x_chains(state: State[Sudoku], base: float = 0.0) -> Iterator[Step]:
    """X-Chains: a candidate whose assertion leads to its denial through one digit's links (it
    sees both ends of a chain of strong links) is ruled out, shortest chain first."""
    for graph, node, path in per_version(state, "x-chains", _digit_forced):
        if node & 1:
            yield weighed(_step(state, graph, node, path, "X-Chain"), base, len(path))
