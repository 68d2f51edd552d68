"""Degree rules: the path passes through a used cell (two edges), ends at a door (one edge
inside the grid) and never touches an unused cell.

Each rule looks at one cell and its edges only; they are the first things a player writes in.
"""

from __future__ import annotations

from collections.abc import Iterator

from deduce.errors import Contradiction
from deduce.memo import last
from deduce.puzzles.path.model import (
    BOTH,
    ON,
    UNUSED,
    USED,
    Geometry,
    PathPuzzle,
    cell_name,
    edge_name,
)
from deduce.state import State
from deduce.step import Step

ON_BIT = 1 << ON


def _need(p: PathPuzzle, cell: int) -> int:
    return 1 if cell in p.door_cells else 2


def _cell_word(p: PathPuzzle, cell: int) -> str:
    return f"door {cell_name(p, cell)}" if cell in p.door_cells else cell_name(p, cell)


def edge_uses_cells(state: State[PathPuzzle]) -> Iterator[Step]:
    """An edge on the path uses both of its cells."""
    p: PathPuzzle = state.puzzle
    geo = p.geo
    doms = state.domains
    on_count, _ = edge_counts(state)
    for cell in range(geo.n_cells):
        if not on_count[cell] or doms[cell] != BOTH:
            continue
        e = next(e for e, _ in geo.cell_edges[cell] if doms[e] == ON_BIT)
        yield Step(
            "edge uses its cells",
            f"The path runs along {edge_name(geo, e)}, so {cell_name(p, cell)} is used.",
            placements=((cell, USED),),
            premises=(e,),
            region=cell_name(p, cell),
        )


def unused_cell_edges(state: State[PathPuzzle]) -> Iterator[Step]:
    """An unused cell has no path edge."""
    p: PathPuzzle = state.puzzle
    geo = p.geo
    doms = state.domains
    _, open_count = edge_counts(state)
    done: set[int] = set()
    for cell in range(geo.n_cells):
        if not open_count[cell] or doms[cell] != 1 << UNUSED:
            continue
        open_edges = [e for e, _ in geo.cell_edges[cell] if doms[e] == BOTH and e not in done]
        done.update(open_edges)
        if open_edges:
            where = cell_name(p, cell)
            yield Step(
                "unused cell has no edges",
                f"{where} is unused, so the path does not run along "
                f"{', '.join(edge_name(geo, e) for e in open_edges)}.",
                placements=tuple((e, 0) for e in open_edges),
                premises=(cell,),
                region=where,
            )


def _edges(geo: Geometry, doms: list[int], cell: int) -> tuple[list[int], list[int]]:
    on, open_edges = [], []
    for e, _ in geo.cell_edges[cell]:
        d = doms[e]
        if d == BOTH:
            open_edges.append(e)
        elif d == ON_BIT:
            on.append(e)
    return on, open_edges


def edge_counts(state: State[PathPuzzle]) -> tuple[list[int], list[int]]:
    """For every cell, how many of its edges are on and how many are undecided."""
    return last(state, "edge counts", _edge_counts)


def _edge_counts(state: State[PathPuzzle]) -> tuple[list[int], list[int]]:
    geo: Geometry = state.puzzle.geo
    doms = state.domains
    n = geo.n_cells
    on = [0] * n
    undecided = [0] * n
    for d, (a, b) in zip(doms[n:], geo.edge_cells, strict=True):
        if d == BOTH:
            undecided[a] += 1
            undecided[b] += 1
        elif d == ON_BIT:
            on[a] += 1
            on[b] += 1
    return on, undecided


def full_cell(state: State[PathPuzzle]) -> Iterator[Step]:
    """A cell with its two path edges (a door with one) has no other edge."""
    p: PathPuzzle = state.puzzle
    geo = p.geo
    doms = state.domains
    doors = p.door_cells
    on_count, open_count = edge_counts(state)
    for cell in range(geo.n_cells):
        need = 1 if cell in doors else 2
        if on_count[cell] < need or (on_count[cell] == need and not open_count[cell]):
            continue
        on, open_edges = _edges(geo, doms, cell)
        need = _need(p, cell)
        if len(on) > need:
            raise Contradiction(f"{_cell_word(p, cell)} has {len(on)} path edges, more than {need}")
        if len(on) == need and open_edges:
            what = "its one edge inside the grid" if need == 1 else "its two path edges"
            yield Step(
                "full cell",
                f"{_cell_word(p, cell)} already has {what}, so "
                f"{', '.join(edge_name(geo, e) for e in open_edges)} "
                f"{'is' if len(open_edges) == 1 else 'are'} off.",
                placements=tuple((e, 0) for e in open_edges),
                premises=(cell, *on),
                region=cell_name(p, cell),
            )


def dead_end(state: State[PathPuzzle]) -> Iterator[Step]:
    """A cell with fewer possible edges than the path needs there cannot be used."""
    p: PathPuzzle = state.puzzle
    geo = p.geo
    doms = state.domains
    doors = p.door_cells
    on_count, open_count = edge_counts(state)
    for cell in range(geo.n_cells):
        d = doms[cell]
        if not d & (1 << USED) or on_count[cell] + open_count[cell] >= 2:
            continue
        if cell in doors and on_count[cell] + open_count[cell] >= 1:
            continue
        on, open_edges = _edges(geo, doms, cell)
        possible = len(on) + len(open_edges)
        need = _need(p, cell)
        if possible >= need:
            continue
        if d == 1 << USED:
            raise Contradiction(
                f"{_cell_word(p, cell)} is used but has only {possible} possible path edges"
            )
        where = cell_name(p, cell)
        yield Step(
            "dead end",
            f"{where} has {'no way' if possible == 0 else 'only one way'} in or out left, "
            f"so the path cannot pass through it: {where} is unused.",
            placements=((cell, UNUSED),),
            premises=(cell, *(e for e, _ in geo.cell_edges[cell])),
            region=where,
        )


def forced_edges(state: State[PathPuzzle]) -> Iterator[Step]:
    """A used cell (or a cell a path edge reaches) with exactly the edges it needs left uses
    them all."""
    p: PathPuzzle = state.puzzle
    geo = p.geo
    doms = state.domains
    doors = p.door_cells
    on_count, open_count = edge_counts(state)
    done: set[int] = set()
    for cell in range(geo.n_cells):
        if not open_count[cell] or doms[cell] != 1 << USED:
            continue
        if on_count[cell] + open_count[cell] != (1 if cell in doors else 2):
            continue
        on, open_edges = _edges(geo, doms, cell)
        need = _need(p, cell)
        fresh = [e for e in open_edges if e not in done]
        if fresh:
            done.update(fresh)
            open_edges = fresh
            if need == 1:
                why = "has only one edge left into the grid"
            elif on:
                why = "has one path edge and only one other edge left"
            else:
                why = "has only two possible edges left"
            yield Step(
                "forced edges",
                f"{_cell_word(p, cell)} is used and {why}, so the path runs along "
                f"{', '.join(edge_name(geo, e) for e in open_edges)}.",
                placements=tuple((e, ON) for e in open_edges),
                premises=(cell, *(e for e, _ in geo.cell_edges[cell])),
                region=cell_name(p, cell),
            )
