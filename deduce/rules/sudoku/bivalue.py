"""Cycles in the bivalue graph (Eppstein, section 3.5), read on the bipartite bivalue graph:
the nice loops of two-candidate cells (Continuous and Discontinuous Nice Loop (bivalue)).

A link ``a -d- b`` of the bivalue graph joins two cells with two candidates each that share a
unit and the digit ``d``: they are not both ``d``. Along a chain whose consecutive links carry
different digits, a first cell that is its first link's digit forces every later cell to be
the other of its two digits.

- **Nonrepetitive cycle**: on a closed chain whose consecutive links always differ, each
  link's digit is in one of its two cells, so it leaves every cell that sees both. Found as
  strongly connected components of ``nr`` of the bipartite bivalue graph, whose vertex
  ``(unit, d)`` joins the cells of the unit holding ``d``: a closed walk entering it from one
  cell and leaving to another puts ``d`` in one of the two. Two such pairs at one ``(unit,
  d)`` that share a cell put ``d`` there; pairs that share none make the position impossible.
- **Repetitive cycle**: a closed chain whose only repeated digit ``d`` is at one cell: if that
  cell were ``d``, the chain would force ``d`` into a neighbour of it, so it is its other digit.
"""

from __future__ import annotations

from collections.abc import Iterator

from deduce.errors import Contradiction
from deduce.puzzles.sudoku.model import Geometry, Sudoku, cell_name, symbol
from deduce.rules.sudoku.bilocation import cyclic_pairs
from deduce.rules.sudoku.graphs import (
    Analysis,
    GraphVertex,
    Walk,
    bivalue,
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
from deduce.rules.sudoku.links import WEAK
from deduce.rules.sudoku.notation import bivalue_chain, bivalue_from, closed, eureka
from deduce.state import State, bits
from deduce.step import Step


def seeing_both(geo: Geometry, a: int, b: int) -> set[int]:
    """The cells other than ``a`` and ``b`` that share a unit with both."""
    return (set(geo.peers[a]) & set(geo.peers[b])) - {a, b}


def _rotated(walk: Walk[GraphVertex]) -> Walk[GraphVertex]:
    """A closed walk through a ``(unit, digit)`` vertex, rotated to start and end at a cell."""
    return walk[1:] + walk[:1]


def _cycle_walk(
    an: Analysis[GraphVertex], node: tuple[int, int], a: int, b: int
) -> Walk[GraphVertex]:
    """A closed chain through ``node = (unit, d)`` entering from cell ``a``, leaving to ``b``."""
    return _rotated(an.walk(an.nr.exit[(node, b)], an.nr.entry[(node, a)]))


def _cycle_step(state: State[Sudoku], walk: Walk[GraphVertex], base: float = 0.0) -> Step:
    """What one bivalue nonrepetitive cycle says: each link's digit leaves the cells seeing both
    of its ends."""
    geo: Geometry = state.puzzle.geo
    domains, fixed = state.domains, state.fixed
    elims: dict[tuple[int, int], None] = {}
    a: int
    b: int
    d: int
    for i in range(0, len(walk), 2):
        # arcs alternate: from a cell to a (unit, digit) vertex (even), then on to a cell
        a, (_unit, d) = walk[i][0], walk[i][1]  # type: ignore[assignment, misc]
        b = walk[i + 1][1]  # type: ignore[assignment]
        bit = 1 << d
        for cell in sorted(seeing_both(geo, a, b)):
            if not fixed[cell] and domains[cell] & bit:
                elims[(cell, d)] = None
    ordered = tuple(sorted(elims))
    step = Step(
        "Continuous Nice Loop (bivalue)",
        f"{_loop_text(geo, walk)} is a loop of two-candidate cells: whichever digit its first "
        f"cell takes, each next cell takes its other one, so every link's digit is in one of "
        f"its two cells and leaves the cells that see both: {join_elims(geo, ordered)}.",
        eliminations=ordered,
        premises=chain_premises(walk),
        links=chain_links(walk),
        link_labels=link_labels(walk),
        link_kinds=(WEAK,) * len(chain_links(walk)),
        region=cell_name(geo, walk[0][0]),  # type: ignore[arg-type]  # it starts at a cell
    )
    return weighed(step, base, 2 * (len(chain_cells(walk)) - 1))


def _loop_text(geo: Geometry, walk: Walk[GraphVertex]) -> str:
    """``(5=6)r1c1-(6=7)r1c5-(7=5)r3c5-(5)r1c1``: a closed walk (from a cell back to it)."""
    cells = chain_cells(walk)
    digit = cells[-2][1]
    assert digit is not None, "a closed walk has a link into its first cell"
    chain = bivalue_chain(cells[:-1], digit, digit)
    return eureka(geo, *closed(chain, (cells[0][0], digit)))


def _impossible(
    state: State[Sudoku],
    an: Analysis[GraphVertex],
    node: tuple[int, int],
    pairs: list[tuple[int, int]],
) -> Contradiction:
    geo: Geometry = state.puzzle.geo
    unit, d = node
    chosen = leaving_nothing(pairs)
    texts = [_loop_text(geo, _cycle_walk(an, node, a, b)) for a, b in chosen]
    return Contradiction(
        f"nonrepetitive cycles of two-candidate cells leave {symbol(d)} no place in "
        f"{geo.unit_names[unit]}: {'; '.join(texts)}"
    )


def nonrepetitive_cycles(state: State[Sudoku], base: float = 0.0) -> Iterator[Step]:
    """The bivalue nonrepetitive cycle rule: link digits leave the cells that see both ends;
    the shortest cycle first."""
    geo: Geometry = state.puzzle.geo
    an = bivalue(state)
    domains, fixed = state.domains, state.fixed
    walks = []
    for node in sorted(v for v in an.labels if isinstance(v, tuple)):
        pairs = cyclic_pairs(an, node)
        if not pairs:
            continue
        common = set(pairs[0])
        for pair in pairs[1:]:
            common &= set(pair)
        if not common:
            raise _impossible(state, an, node, pairs)
        d = node[1]
        bit = 1 << d
        for a, b in pairs:
            if any(not fixed[c] and domains[c] & bit for c in seeing_both(geo, a, b)):
                walks.append(_cycle_walk(an, node, a, b))
    for walk in sorted(walks, key=len):
        yield _cycle_step(state, walk, base)


def repetitive_cycles(state: State[Sudoku], base: float = 0.0) -> Iterator[Step]:
    """A bivalue cycle whose one repetition is digit ``d`` at a cell: that cell is not ``d``;
    the shortest cycle first."""
    geo: Geometry = state.puzzle.geo
    an = bivalue(state)
    entry, exit_ = an.nr.entry, an.nr.exit
    domains = state.domains
    found = []
    for cell in sorted(v for v in an.labels if not isinstance(v, tuple)):
        for d in an.labels[cell]:
            source, target = exit_[(cell, d)], entry[(cell, d)]
            if an.reaches(source, target):
                found.append((cell, d, an.walk(source, target)))
    for cell, d, walk in sorted(found, key=lambda f: len(f[2])):
        other = next(bits(domains[cell] & ~(1 << d)))
        cells = chain_cells(walk)
        name, digit = cell_name(geo, cell), symbol(d)
        clash = first_clash(
            cells, d, lambda c, label: (domains[c] & ~(1 << label)).bit_length() - 1
        )
        if clash is not None and clash[0] < len(cells) - 1:
            # The chain passes a cell twice and contradicts itself on the way round.
            at, earlier, later = clash
            cells = [*cells[:at], (cells[at][0], None)]
            text = (
                f"{eureka(geo, *bivalue_from(cells, later))}: if {name} were {digit}, each "
                f"next cell would take its other digit, and {cell_name(geo, cells[-1][0])} "
                f"would be both {symbol(earlier)} and {symbol(later)}; so {name} = "
                f"{symbol(other)}."
            )
        else:
            chain = eureka(geo, *closed(bivalue_from(cells[:-1], d), (cell, d)))
            text = (
                f"{chain}: if {name} were {digit}, each next cell would take its other digit "
                f"and {cell_name(geo, cells[-2][0])} would be {digit} too, in a unit with "
                f"{name}; so {name} = {symbol(other)}."
            )
        step = Step(
            "Discontinuous Nice Loop (bivalue)",
            text,
            placements=((cell, other),),
            premises=tuple(dict.fromkeys(c for c, _ in cells)),
            links=cells_links(cells),
            link_labels=cells_labels(cells),
            link_kinds=(WEAK,) * (len(cells) - 1),
            region=name,
        )
        yield weighed(step, base, 2 * (len(cells) - 1))
