"""Multiple forcing chains: every way a cell (or a unit's digit) can go leads to one conclusion.

A cell holds one of its candidates; a digit takes one of its places in a unit. When the
chains of two-candidate links (the implication graph of ``forcing``) from every candidate of
a cell, or from every place of a digit in a unit, all reach one same conclusion, that
conclusion holds whichever way the cell or the digit goes.

- **Cell Forcing Chains** (Sudoku Explainer's weight plus the length of the chains; HoDoKu's
  forcing chains, 500): from each candidate of a cell with three or more (a two-candidate
  cell is a strong link, already read by ``Forcing Chain``).
- **Region Forcing Chains** (SE's weight plus length): from each place of a digit with three or
  more places in a row, column or box.

Sudoku Explainer's ratings of the puzzles that need these (8.3 to 8.5) sit between its
single forcing chains (7.x) and its dynamic chains (8.5 and up, which reason with the
singles a supposition leads to, as search does here).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from functools import partial
from typing import TypeVar

from deduce.journal import value_places
from deduce.puzzles.sudoku.model import Geometry, Sudoku, cell_name, symbol
from deduce.rules.sudoku.forcing import (
    Implications,
    _path,
    any_strong_link,
    chain_drawing,
    chain_words,
    implications,
)
from deduce.rules.sudoku.lengths import weighed
from deduce.state import State, bits
from deduce.step import Step

#: What a group of options is about (a cell; a unit, digit and places), for its opening words.
G = TypeVar("G")


def _forced_by_all(graph: Implications, options: list[int]) -> list[int]:
    """The literal nodes every node of ``options`` reaches (the options themselves aside)."""
    comp, reach = graph.comp, graph.reach
    common = -1
    for node in options:
        common &= reach[comp[node]]
    if not common:
        return []
    skip = set(options)
    return [
        node
        for node in range(len(graph.succ))
        if common >> comp[node] & 1 and node not in skip and node ^ 1 not in skip
    ]


def _steps(
    state: State[Sudoku],
    graph: Implications,
    rule: str,
    groups: Iterable[tuple[G, list[int]]],
    opening: Callable[[G], str],
    where: Callable[[G], str],
    base: float,
) -> Iterator[Step]:
    """One step per (group of options, conclusion), the shortest set of chains first.

    ``groups`` yields ``(what, options)``: the options are literal nodes one of which holds
    (a cell's candidates, a digit's places in a unit); ``opening(what)`` words that, and
    ``where(what)`` names the cell or unit whose options are tried (the step's region)."""
    geo: Geometry = state.puzzle.geo
    found = []
    for what, options in groups:
        for target in _forced_by_all(graph, options):
            paths = [_path(graph, node, target) for node in options]
            found.append((sum(len(p) for p in paths), what, options, target, paths))
    found.sort(key=lambda f: f[0])
    for nodes, what, _options, target, paths in found:
        cell, v = graph.literals[target // 2]
        name, digit = cell_name(geo, cell), symbol(v)
        conclusion = f"{name}≠{digit}" if target & 1 else f"{name} = {digit}"
        chains = "; ".join(chain_words(geo, graph, p) for p in paths)
        cells = [graph.literals[n // 2][0] for p in paths for n in p]
        links: list[tuple[int, int]] = []
        labels: list[str] = []
        kinds: list[str] = []
        for p in paths:
            drawn_links, drawn_labels, drawn_kinds = chain_drawing(graph, p)
            links.extend(drawn_links)
            labels.extend(drawn_labels)
            kinds.extend(drawn_kinds)
        step = Step(
            rule,
            f"{opening(what)}: {chains}. Every way leads to {conclusion}, so {conclusion}.",
            placements=() if target & 1 else ((cell, v),),
            eliminations=((cell, v),) if target & 1 else (),
            premises=tuple(dict.fromkeys(cells)),
            links=tuple(links),
            link_labels=tuple(labels),
            link_kinds=tuple(kinds),
            region=where(what),
        )
        yield weighed(step, base, nodes)


def cell_forcing_chains(state: State[Sudoku], base: float = 0.0) -> Iterator[Step]:
    """Chains from every candidate of a cell (three or more) that agree on a conclusion."""
    if not any_strong_link(state):  # each candidate implies only the denials it sees
        return iter(())
    geo: Geometry = state.puzzle.geo
    graph = implications(state)
    index = {literal: k for k, literal in enumerate(graph.literals)}
    domains, fixed = state.domains, state.fixed
    groups = (
        (cell, [2 * index[(cell, v)] for v in bits(d)])
        for cell, d in enumerate(domains)
        if not fixed[cell] and d.bit_count() >= 3
    )

    def opening(cell: int) -> str:
        digits = [symbol(v) for v in bits(domains[cell])]
        return f"{cell_name(geo, cell)} holds {', '.join(digits[:-1])} or {digits[-1]}"

    return _steps(
        state, graph, "Cell Forcing Chains", groups, opening, partial(cell_name, geo), base
    )


def region_forcing_chains(state: State[Sudoku], base: float = 0.0) -> Iterator[Step]:
    """Chains from every place of a digit in a unit (three or more) that agree."""
    geo: Geometry = state.puzzle.geo
    if not any_strong_link(state) and not _seen_by_all_places(state):
        return iter(())
    graph = implications(state)
    index = {literal: k for k, literal in enumerate(graph.literals)}
    domains, fixed = state.domains, state.fixed
    groups = []
    for u, unit in enumerate(geo.units):
        for v in range(1, geo.n + 1):
            places = [c for c in unit if not fixed[c] and domains[c] >> v & 1]
            if len(places) >= 3:
                groups.append(((u, v, places), [2 * index[(c, v)] for c in places]))

    def opening(what: tuple[int, int, list[int]]) -> str:
        u, v, places = what
        where = ", ".join(cell_name(geo, c) for c in places)
        return f"In {geo.unit_names[u]}, {symbol(v)} goes in one of {where}"

    def unit_of(what: tuple[int, int, list[int]]) -> str:
        return geo.unit_names[what[0]]

    return _steps(state, graph, "Region Forcing Chains", groups, opening, unit_of, base)


def _seen_by_all_places(state: State[Sudoku]) -> bool:
    """Whether some candidate sees every place (three or more) of its digit in a unit it is
    not in. Without strong links, a place's assertion implies only the denials it sees, so
    these are all that ``region_forcing_chains`` can conclude."""
    geo: Geometry = state.puzzle.geo
    holders = value_places(state, geo.n + 1)
    peers = geo.peer_masks
    for mask in geo.unit_masks:
        for v in range(1, geo.n + 1):
            places = holders[v] & mask
            if places.bit_count() < 3:
                continue
            seeing = holders[v] & ~places
            while places and seeing:
                low = places & -places
                seeing &= peers[low.bit_length() - 1]
                places ^= low
            if seeing:
                return True
    return False
