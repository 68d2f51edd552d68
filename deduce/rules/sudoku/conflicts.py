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

from collections.abc import Iterator
from typing import NamedTuple

import attrs

from deduce.memo import per_version, value_places
from deduce.puzzles.sudoku.model import Geometry, cell_name, symbol
from deduce.rules.sudoku.graphs import (
    Analysis,
    bilocation,
    bivalue,
    chain_cells,
    chain_links,
    chain_premises,
    chain_text,
    link_labels,
)
from deduce.rules.sudoku.lengths import weighed
from deduce.rules.sudoku.links import STRONG, WEAK
from deduce.state import State, bits
from deduce.step import Step

BILOCATION = "bilocation"
BIVALUE = "bivalue"


class Fact(NamedTuple):
    """A conclusion reached under a supposition: ``cell`` holds ``value``.

    ``graph`` says which graph the chain ran in (``bilocation``, ``bivalue``, or ``""`` for
    the supposition itself); ``source`` and ``node`` are where the chain starts and ends in
    that graph's ``nr``. (A named tuple: a supposition reaches dozens of these.)
    """

    cell: int
    value: int
    graph: str = ""
    source: int = -1
    node: int = -1


@attrs.frozen
class Conflict:
    """Why a supposition fails: the facts involved and what they break, in words."""

    facts: tuple[Fact, ...]
    clash: str


def chain_facts(an: Analysis, source: int, graph: str, domains: list[int]) -> list[Fact]:
    """The cells chains from node ``source`` reach and the digit each chain leaves there."""
    if graph == BILOCATION:
        return [
            Fact(cell, label, graph, source, node)
            for cell, label, node in an.reached_entries(source)
        ]
    return [
        Fact(cell, (domains[cell] & ~(1 << label)).bit_length() - 1, graph, source, node)
        for cell, label, node in an.reached_entries(source)
    ]


@attrs.define
class _Board:
    """What the conflict test needs of a state: per digit the open cells that may hold it,
    and per unit and missing digit the cells where it may go."""

    geo: Geometry
    domains: list[int]
    open_cells: int
    holders: list[int]
    places: list[list[tuple[int, int]]]  # per digit: (unit index, cells mask), by unit


def _board(state: State) -> _Board:
    """The conflict test's view of the grid, made once per grid for the three rules."""
    return per_version(state, "conflict board", _make_board)


def _make_board(state: State) -> _Board:
    geo: Geometry = state.puzzle.geo
    domains = state.domains
    holders = list(value_places(state, geo.n + 1))
    open_cells = 0
    for cell, is_fixed in enumerate(state.fixed):
        if not is_fixed:
            open_cells |= 1 << cell
    places: list[list[tuple[int, int]]] = [[] for _ in holders]
    for index, mask in enumerate(geo.unit_masks):
        for v, cells in enumerate(holders):
            if cells & mask:
                places[v].append((index, cells & mask))
    return _Board(geo, domains, open_cells, holders, places)


def find_conflict(
    board: _Board, facts: list[Fact], excluded: tuple[int, int] | None
) -> Conflict | None:
    """What makes ``facts`` (and ``cell ≠ digit`` for ``excluded``) impossible, or None."""
    geo = board.geo
    peers = geo.peer_masks
    by_cell: dict[int, Fact] = {}
    at_value = [0] * len(board.holders)
    for f in facts:
        cell, value = f[0], f[1]
        seen = by_cell.get(cell)
        if seen is None:
            by_cell[cell] = f
            at_value[value] |= 1 << cell
        elif seen[1] != value:
            return Conflict(
                (seen, f),
                f"{cell_name(geo, cell)} cannot be both {symbol(seen[1])} and {symbol(value)}",
            )
    if excluded is not None:
        f = by_cell.get(excluded[0])
        if f is not None and f[1] == excluded[1]:
            return Conflict((f,), f"{symbol(f[1])} would be back in {cell_name(geo, f[0])}")
    for f in by_cell.values():
        twin = peers[f[0]] & at_value[f[1]]
        if twin:
            other = by_cell[(twin & -twin).bit_length() - 1]
            return Conflict((f, other), f"{symbol(f[1])} twice in {_where(geo, f[0], other[0])}")
    fact_cells = 0
    for cell in by_cell:
        fact_cells |= 1 << cell
    excl = []
    for cells in at_value:
        mask = fact_cells & ~cells
        while cells:
            low = cells & -cells
            mask |= peers[low.bit_length() - 1]
            cells ^= low
        excl.append(mask)
    if excluded is not None:
        excl[excluded[1]] |= 1 << excluded[0]
    emptied: tuple[int, int, int] | None = None  # the first (unit, digit) left no place
    for v, units in enumerate(board.places):
        gone = excl[v]
        if not gone & board.holders[v]:
            continue  # the facts take no place of v: every unit keeps its places
        for index, cells in units:
            if not cells & ~gone:
                if emptied is None or (index, v) < emptied[:2]:
                    emptied = (index, v, cells)
                break
    if emptied is not None:
        index, v, cells = emptied
        involved = _responsible(board, by_cell, at_value, excluded, [(c, v) for c in bits(cells)])
        return Conflict(
            involved, f"{symbol(v)} would have no place left in {geo.unit_names[index]}"
        )
    alive = 0
    for v, cells in enumerate(board.holders):
        alive |= cells & ~excl[v]
    dead = board.open_cells & ~alive & ~fact_cells
    if dead:
        cell = next(bits(dead))
        pairs = [(cell, v) for v in bits(board.domains[cell])]
        involved = _responsible(board, by_cell, at_value, excluded, pairs)
        return Conflict(involved, f"{cell_name(geo, cell)} would have no digit left")
    return None


def _responsible(board, by_cell, at_value, excluded, pairs) -> tuple[Fact, ...]:
    """For each ruled-out ``(cell, digit)``, a fact that rules it out (none for the supposition)."""
    peers = board.geo.peer_masks
    chosen: dict[Fact, None] = {}
    for cell, v in pairs:
        if excluded == (cell, v):
            continue
        here = by_cell.get(cell)
        if here is not None and here.value != v:
            chosen[here] = None
            continue
        seer = peers[cell] & at_value[v]
        chosen[by_cell[next(bits(seer))]] = None
    return tuple(chosen)


def _where(geo: Geometry, a: int, b: int) -> str:
    if geo.row_of(a) == geo.row_of(b):
        return f"row {geo.row_of(a) + 1}"
    if geo.col_of(a) == geo.col_of(b):
        return f"column {geo.col_of(a) + 1}"
    return f"box {geo.box_of(a) + 1}"


def _says(geo: Geometry, fact: Fact, walk) -> str:
    cell, value = cell_name(geo, fact.cell), symbol(fact.value)
    if fact.graph == BILOCATION:
        return f"{chain_text(geo, walk)} would put {value} in {cell}"
    return f"{chain_text(geo, walk)} would leave {cell} = {value}"


def _conflict_step(
    state: State,
    rule: str,
    supposition: str,
    conclusion: tuple[int, int],
    conflict: Conflict,
    analyses: dict[str, Analysis],
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


def bilocation_conflicts(state: State, base: float = 0.0) -> Iterator[Step]:
    """Lemma 8: chains of links from ``c -x-`` that conflict prove ``c = x``."""
    geo: Geometry = state.puzzle.geo
    an = bilocation(state)
    board = _board(state)
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


def bivalue_conflicts(state: State, base: float = 0.0) -> Iterator[Step]:
    """Chains of two-candidate cells from ``c -x-`` that conflict prove ``c`` is its other digit."""
    geo: Geometry = state.puzzle.geo
    an = bivalue(state)
    board = _board(state)
    domains = state.domains
    found = []
    for cell in sorted(v for v in an.labels if not isinstance(v, tuple)):
        for x in an.labels[cell]:
            facts = [Fact(cell, x), *chain_facts(an, an.nr.exit[(cell, x)], BIVALUE, domains)]
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


def mixed_conflicts(state: State, base: float = 0.0) -> Iterator[Step]:
    """Chains of links from ``c -x-`` with chains of two-candidate cells from ``c -w-`` (``c``
    holding only ``x`` and ``w``): a conflict proves ``c = x``."""
    geo: Geometry = state.puzzle.geo
    loc, val = bilocation(state), bivalue(state)
    analyses = {BILOCATION: loc, BIVALUE: val}
    board = _board(state)
    domains, fixed = state.domains, state.fixed
    found = []
    for cell in sorted(loc.labels):
        d = domains[cell]
        if fixed[cell] or d.bit_count() != 2:
            continue
        for x in loc.labels[cell]:
            w = next(bits(d & ~(1 << x)))
            facts = chain_facts(loc, loc.nr.exit[(cell, x)], BILOCATION, domains)
            facts.append(Fact(cell, w))
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
