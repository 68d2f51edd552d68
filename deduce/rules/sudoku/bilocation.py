"""Cycles in the bilocation graph (Eppstein, Lemmas 6 and 7): the nice loops of strong links
(Continuous and Discontinuous Nice Loop (bilocation)).

A link ``a -d- b`` of the bilocation graph says ``a`` and ``b`` are the only places left for
``d`` in some row, column or box, so one of them holds ``d``. Along a chain whose consecutive
links carry different digits, a first cell that is not its first link's digit forces every
later cell to be the digit of the link that reaches it.

- **Nonrepetitive cycle** (Lemma 6): a cell on a closed chain whose consecutive links always
  differ holds one of the two digits of its links on that chain. Eppstein's rule finds every
  such cell with one strongly connected component computation (Theorem 1). A cell on two
  cycles with link digits ``{x, y}`` and ``{x, z}`` must be ``x``; cycles whose pairs share
  no digit leave it none, and the position is impossible. (The paper calls three cyclic
  link digits at a cell an inconsistency; that holds when the cycles pair them up, so the
  rule intersects the pairs instead, which also covers it.)
- **Repetitive cycle** (Lemma 7): a closed chain whose only repeated digit ``d`` is at one
  cell forces that cell to be ``d``: if it were not, the chain would carry ``d`` all the way
  round and put it back there. Found by reachability in ``nr(G)`` (Theorem 2).
"""

from __future__ import annotations

from collections.abc import Iterator

from deduce.errors import Contradiction
from deduce.graphs.nonrepetitive import cyclic_turns
from deduce.puzzles.sudoku.model import Geometry, Sudoku, cell_name, symbol
from deduce.rules.sudoku.graphs import (
    Analysis,
    V,
    Walk,
    bilocation,
    cells_labels,
    cells_links,
    chain_cells,
    chain_links,
    chain_premises,
    first_clash,
    join_elims,
    leaving_nothing,
    link_labels,
)
from deduce.rules.sudoku.lengths import weighed
from deduce.rules.sudoku.links import STRONG
from deduce.rules.sudoku.notation import bilocation_chain, closed, eureka
from deduce.state import State, bits
from deduce.step import Step


def cyclic_pairs(an: Analysis[V], vertex: V) -> list[tuple[int, int]]:
    """The turns ``(a, b)``, ``a < b``, that nonrepetitive closed walks make at ``vertex``
    (arriving by ``a``, leaving by ``b``; the graph is undirected, so also the reverse)."""
    turns: list[tuple[int, int]] = cyclic_turns(  # type: ignore[assignment]  # int labels
        an.nr, vertex, an.comp, an.labels.get(vertex, ())
    )
    return [(a, b) for a, b in turns if a < b]


def _cycle_step(state: State[Sudoku], walk: Walk[int], base: float = 0.0) -> Step:
    """What one nonrepetitive cycle says: each cell on it holds one of its two link digits."""
    geo: Geometry = state.puzzle.geo
    allowed: dict[int, int] = {}
    k = len(walk)
    for i, (u, _w, out, _) in enumerate(walk):
        into = walk[i - 1][2] if i else walk[k - 1][2]
        allowed[u] = allowed.get(u, -1) & ((1 << out) | (1 << into))
    domains = state.domains
    elims = tuple(
        (cell, d) for cell, mask in sorted(allowed.items()) for d in bits(domains[cell] & ~mask)
    )
    step = Step(
        "Continuous Nice Loop (bilocation)",
        f"{_loop_text(geo, walk)} is a loop of strong links (each a digit's only two places "
        f"in a row, column or box), so every cell on it holds one of its two link digits: "
        f"{join_elims(geo, elims)}.",
        eliminations=elims,
        premises=chain_premises(walk),
        links=chain_links(walk),
        link_labels=link_labels(walk),
        link_kinds=(STRONG,) * len(walk),
        region=cell_name(geo, walk[0][0]),
    )
    return weighed(step, base, 2 * len(walk))


def _loop_text(geo: Geometry, walk: Walk[int]) -> str:
    """``(5)r1c1=(5-7)r1c5=(7-5)r1c1``: a closed walk of strong links (from a cell back)."""
    cells = chain_cells(walk)
    first = cells[0][1]
    assert first is not None, "a closed walk has a link out of its first cell"
    return eureka(geo, *closed(bilocation_chain(cells), (cells[0][0], first)))


def _impossible(
    state: State[Sudoku], an: Analysis[int], cell: int, pairs: list[tuple[int, int]]
) -> Contradiction:
    """The cycles at ``cell`` whose digit pairs leave it nothing, named for the message."""
    geo: Geometry = state.puzzle.geo
    chosen = leaving_nothing(pairs)
    texts = [
        _loop_text(geo, an.walk(an.nr.exit[(cell, b)], an.nr.entry[(cell, a)])) for a, b in chosen
    ]
    return Contradiction(
        f"{cell_name(geo, cell)} lies on nonrepetitive cycles of the bilocation graph that leave "
        f"it no digit: {'; '.join(texts)}"
    )


def nonrepetitive_cycles(state: State[Sudoku], base: float = 0.0) -> Iterator[Step]:
    """Lemma 6: cells on nonrepetitive cycles lose every digit but their cycles' link digits;
    the shortest cycle first."""
    an = bilocation(state)
    domains = state.domains
    walks = []
    for cell in sorted(an.labels):
        pairs = cyclic_pairs(an, cell)
        if not pairs:
            continue
        common = -1
        for a, b in pairs:
            common &= (1 << a) | (1 << b)
        if not common:
            raise _impossible(state, an, cell, pairs)
        for a, b in pairs:
            if domains[cell] & ~((1 << a) | (1 << b)):
                walks.append(an.walk(an.nr.exit[(cell, b)], an.nr.entry[(cell, a)]))
    for walk in sorted(walks, key=len):
        yield _cycle_step(state, walk, base)


def repetitive_cycles(state: State[Sudoku], base: float = 0.0) -> Iterator[Step]:
    """Lemma 7: a cycle whose one repetition is digit ``d`` at a cell places ``d`` there; the
    shortest cycle first."""
    geo: Geometry = state.puzzle.geo
    an = bilocation(state)
    entry, exit_ = an.nr.entry, an.nr.exit
    found = []
    for cell in sorted(an.labels):
        for d in an.labels[cell]:
            source, target = exit_[(cell, d)], entry[(cell, d)]
            if an.reaches(source, target):
                found.append((cell, d, an.walk(source, target)))
    for cell, d, walk in sorted(found, key=lambda f: len(f[2])):
        cells = chain_cells(walk)
        name, digit = cell_name(geo, cell), symbol(d)
        clash = first_clash(cells, None, lambda _cell, label: label)
        if clash is not None and clash[0] < len(cells) - 1:
            # The chain passes a cell twice and contradicts itself on the way round.
            at, earlier, later = clash
            cells = [*cells[:at], (cells[at][0], None)]
            text = (
                f"{eureka(geo, *bilocation_chain(cells))}: if {name} were not {digit}, the "
                f"strong links (each a digit's only two places in a unit) would force each cell "
                f"to the digit of the link that reaches it, and {cell_name(geo, cells[-1][0])} "
                f"would be both {symbol(earlier)} and {symbol(later)}; so {name} = {digit}."
            )
        else:
            text = (
                f"{eureka(geo, *bilocation_chain(cells))} is a loop of strong links (each a "
                f"digit's only two places in a unit) whose only repeated digit is {digit}, at "
                f"{name}: if {name} were not {digit}, {cell_name(geo, walk[0][1])} would be "
                f"{digit} and the chain would force {digit} back into {name}, so {name} = "
                f"{digit}."
            )
        step = Step(
            "Discontinuous Nice Loop (bilocation)",
            text,
            placements=((cell, d),),
            premises=tuple(dict.fromkeys(c for c, _ in cells)),
            links=cells_links(cells),
            link_labels=cells_labels(cells),
            link_kinds=(STRONG,) * (len(cells) - 1),
            region=name,
        )
        yield weighed(step, base, 2 * (len(cells) - 1))
