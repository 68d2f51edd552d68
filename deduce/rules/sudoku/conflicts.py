"""Conflicting paths (Eppstein, Lemma 8; its bivalue and mixed forms, section 3.5): the forcing
chain contradictions players know, each rule yielding its shortest set of chains first.

Suppose something about one cell and follow every nonrepetitive chain from it: each chain
ends by fixing a cell's digit. If those conclusions cannot all hold, the supposition was
false. They cannot when they put one digit twice in a unit (Lemma 8), two digits in one cell,
or leave a digit no place in a unit or a cell no digit (the group conflicts of Eppstein's
PADS).

- **Bilocation**: supposing cell ``c`` is not ``x``, a chain of the bilocation graph starting
  with a link ``c -x- ...`` puts the digit of its last link in its last cell. A conflict
  proves ``c = x``.
- **Bivalue**: supposing ``c`` (two candidates) is ``x``, a chain of the bivalue graph starting
  ``c -x- ...`` leaves its last cell the digit it does not share with its last link. A
  conflict proves ``c`` is its other digit.
- **Mixed**: for a two-candidate cell, "not ``x``" and "its other digit ``w``" are the same
  supposition, so the bilocation chains from ``c -x-`` and the bivalue chains from ``c -w-``
  (and ``c = w`` itself) are followed together; a conflict proves ``c = x``.

Every chain end a supposition reaches comes from one search of ``nr(G)`` (Theorem 2), shared
through what each strongly connected component reaches.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from deduce.graphs.nonrepetitive import Arc
from deduce.puzzles.sudoku.model import Geometry, Sudoku, cell_name, symbol
from deduce.rules.sudoku.clashes import (
    Conflict,
    Fact,
    FactFields,
    conflict_board,
    find_conflict,
)
from deduce.rules.sudoku.graphs import (
    Analysis,
    GraphVertex,
    V,
    bilocation,
    bivalue,
    chain_cells,
    chain_links,
    chain_premises,
    link_labels,
)
from deduce.rules.sudoku.lengths import weighed
from deduce.rules.sudoku.links import STRONG, WEAK
from deduce.rules.sudoku.notation import bilocation_chain, bivalue_from, eureka
from deduce.state import State, bits
from deduce.step import Step

BILOCATION = "bilocation"
BIVALUE = "bivalue"


def chain_facts(an: Analysis[V], source: int, graph: str, domains: list[int]) -> list[FactFields]:
    """The cells chains from node ``source`` reach and the digit each chain leaves there: each
    a ``Fact``'s fields as a plain tuple (a supposition reaches dozens; ``find_conflict``
    makes Facts of the few a conflict involves)."""
    if graph == BILOCATION:
        return [
            (cell, label, graph, source, node) for cell, label, node in an.reached_entries(source)
        ]
    return [
        (cell, (domains[cell] & ~(1 << label)).bit_length() - 1, graph, source, node)
        for cell, label, node in an.reached_entries(source)
    ]


def _says(geo: Geometry, fact: Fact, walk: Sequence[Arc]) -> str:
    cell, value = cell_name(geo, fact.cell), symbol(fact.value)
    cells = chain_cells(walk)
    if fact.graph == BILOCATION:
        return f"{eureka(geo, *bilocation_chain(cells))} would put {value} in {cell}"
    return f"{eureka(geo, *bivalue_from(cells, fact.value))} would leave {cell} = {value}"


def _conflict_step(
    state: State[Sudoku],
    rule: str,
    supposition: str,
    conclusion: tuple[int, int],
    conflict: Conflict,
    analyses: dict[str, Analysis[int] | Analysis[GraphVertex]],
) -> tuple[Step, int]:
    """The step: ``supposition`` ("If r1c1 were not 5,") starts the sentence; with the number
    of candidates its chains run through, written out (each chain its cells' two digits)."""
    geo: Geometry = state.puzzle.geo
    chains = [f for f in conflict.facts if f.graph]  # the supposition itself opens the sentence
    walks = [analyses[f.graph].walk(f.source, f.node) for f in chains]
    says = [_says(geo, f, w) for f, w in zip(chains, walks, strict=True)]
    premises = dict.fromkeys(c for w in walks for c in chain_premises(w))
    premises.update(dict.fromkeys(f.cell for f in conflict.facts))
    cell, digit = conclusion
    nodes = sum(2 * len(chain_cells(w)) for w in walks)
    step = Step(
        rule,
        f"{supposition} {'; '.join(says)}: {conflict.clash}; so {cell_name(geo, cell)} = "
        f"{symbol(digit)}.",
        placements=(conclusion,),
        premises=tuple(premises),
        links=tuple(link for w in walks for link in chain_links(w)),
        link_labels=tuple(label for w in walks for label in link_labels(w)),
        link_kinds=tuple(
            STRONG if f.graph == BILOCATION else WEAK
            for f, w in zip(chains, walks, strict=True)
            for _ in chain_links(w)
        ),
        region=cell_name(geo, cell),
    )
    return step, nodes


def _shortest_first(found: list[tuple[Step, int]], base: float) -> Iterator[Step]:
    """The steps, those whose chains are shortest first, weighed by their length."""
    for step, nodes in sorted(found, key=lambda f: f[1]):
        yield weighed(step, base, nodes)


def bilocation_conflicts(state: State[Sudoku], base: float = 0.0) -> Iterator[Step]:
    """Lemma 8: chains of links from ``c -x-`` that conflict prove ``c = x``."""
    geo: Geometry = state.puzzle.geo
    an = bilocation(state)
    board = conflict_board(state)
    found = []
    for cell in sorted(an.labels):
        for x in an.labels[cell]:
            facts = chain_facts(an, an.nr.exit[(cell, x)], BILOCATION, state.domains)
            conflict = find_conflict(board, facts, (cell, x))
            if conflict:
                found.append(
                    _conflict_step(
                        state,
                        "Forcing Chain Contradiction (bilocation)",
                        f"If {cell_name(geo, cell)} were not {symbol(x)},",
                        (cell, x),
                        conflict,
                        {BILOCATION: an},
                    )
                )
    return _shortest_first(found, base)


def bivalue_conflicts(state: State[Sudoku], base: float = 0.0) -> Iterator[Step]:
    """Chains of two-candidate cells from ``c -x-`` that conflict prove ``c`` is its other digit."""
    geo: Geometry = state.puzzle.geo
    an = bivalue(state)
    board = conflict_board(state)
    domains = state.domains
    found = []
    for cell in sorted(v for v in an.labels if not isinstance(v, tuple)):
        for x in an.labels[cell]:
            facts = [
                (cell, x, "", -1, -1),
                *chain_facts(an, an.nr.exit[(cell, x)], BIVALUE, domains),
            ]
            conflict = find_conflict(board, facts, None)
            if conflict:
                other = next(bits(domains[cell] & ~(1 << x)))
                found.append(
                    _conflict_step(
                        state,
                        "Forcing Chain Contradiction (bivalue)",
                        f"If {cell_name(geo, cell)} were {symbol(x)},",
                        (cell, other),
                        conflict,
                        {BIVALUE: an},
                    )
                )
    return _shortest_first(found, base)


def mixed_conflicts(state: State[Sudoku], base: float = 0.0) -> Iterator[Step]:
    """Chains of links from ``c -x-`` with chains of two-candidate cells from ``c -w-`` (``c``
    holding only ``x`` and ``w``): a conflict proves ``c = x``."""
    geo: Geometry = state.puzzle.geo
    loc, val = bilocation(state), bivalue(state)
    analyses: dict[str, Analysis[int] | Analysis[GraphVertex]] = {BILOCATION: loc, BIVALUE: val}
    board = conflict_board(state)
    domains, fixed = state.domains, state.fixed
    found = []
    for cell in sorted(loc.labels):
        d = domains[cell]
        if fixed[cell] or d.bit_count() != 2:
            continue
        for x in loc.labels[cell]:
            w = next(bits(d & ~(1 << x)))
            facts = chain_facts(loc, loc.nr.exit[(cell, x)], BILOCATION, domains)
            facts.append((cell, w, "", -1, -1))
            source = val.nr.exit.get((cell, w))
            if source is not None:
                facts += chain_facts(val, source, BIVALUE, domains)
            conflict = find_conflict(board, facts, (cell, x))
            if conflict:
                name = cell_name(geo, cell)
                found.append(
                    _conflict_step(
                        state,
                        "Forcing Chain Contradiction (mixed)",
                        f"If {name} were not {symbol(x)} it would be {symbol(w)}, and",
                        (cell, x),
                        conflict,
                        analyses,
                    )
                )
    return _shortest_first(found, base)
