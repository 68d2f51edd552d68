"""Loop-free arrangements: the ways to place a clued line's used cells, less those that close
a loop with the path already drawn.

Line arrangements (``lines.py``) give every used cell its path edges without looking at the
rest of the path. Some ways to place the cells decide edges outright: the edges along the
line, and an edge across it that a cell cannot do without (its only way on) or cannot take
(its need met). When those edges join two cells the path already joins, that way closes a
loop and is no way at all. A line with few ways (few enough to list) settles what the ways
left agree on, and the step names each way it drops and the edge that closes its loop.
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs

from deduce.errors import Contradiction
from deduce.puzzles.path.model import BOTH, OFF, ON, UNUSED, USED, PathPuzzle, cell_name, edge_name
from deduce.rules.path.arrangements import said
from deduce.rules.path.lines import Layout, cell_moves, line_name, open_line_ways
from deduce.rules.path.loops import pieces
from deduce.state import State
from deduce.step import Step

#: The most ways a line may have for the step to list them.
MOST_WAYS = 8

ON_BIT = 1 << ON


@attrs.frozen
class Way:
    """One arrangement of a line: the value it gives each undecided variable it decides,
    and its runs of used cells joined along the line (cell indexes, in line order)."""

    values: dict[int, int]
    runs: tuple[tuple[int, ...], ...]


def ways(doms: list[int], line: Layout, doors: tuple[int, int], want: int) -> list[Way]:
    """Every arrangement of ``line`` with ``want`` used cells (``lines.py``), with the
    edges across it that each one forces."""
    moves = cell_moves(doms, line, doors)
    found: list[Way] = []

    def walk(i: int, before: int, used: int, picked: list[tuple[int, int, int]]) -> None:
        if used > want:
            return
        if i == len(moves):
            if used == want:
                found.append(_way(doms, line, moves, picked))
            return
        for choice in moves[i][0]:
            if choice[0] == before:
                walk(i + 1, choice[2], used + choice[1], [*picked, choice])

    walk(0, 0, 0, [])
    return found


def _way(
    doms: list[int],
    line: Layout,
    moves: list[tuple[tuple[tuple[int, int, int], ...], int, int, list[int]]],
    picked: list[tuple[int, int, int]],
) -> Way:
    values: dict[int, int] = {}
    runs: list[list[int]] = []
    for i, (before, used, after) in enumerate(picked):
        _, need, on, open_edges = moves[i]
        cell = line.cells[i]
        if doms[cell] == BOTH:
            values[cell] = USED if used else UNUSED
        if i < len(line.along) and doms[line.along[i]] == BOTH:
            values[line.along[i]] = ON if after else OFF
        more = need - before - after - on if used else 0
        if more == 0 or more == len(open_edges):
            for e in open_edges:
                values[e] = ON if more else OFF
        if used:
            if before:
                runs[-1].append(cell)
            else:
                runs.append([cell])
    return Way(values, tuple(map(tuple, runs)))


def closing_edge(state: State[PathPuzzle], way: Way) -> int | None:
    """The first edge ``way`` turns on that joins two cells already joined (by the path
    drawn or by the way's earlier edges), or None."""
    geo = state.puzzle.geo
    parent = dict(enumerate(pieces(state)))

    def find(x: int) -> int:
        while parent[x] != x:
            x = parent[x]
        return x

    for e, value in way.values.items():
        if value != ON or geo.is_cell(e):
            continue
        a, b = (find(c) for c in geo.ends(e))
        if a == b:
            return e
        parent[a] = b
    return None


def loop_free_arrangements(state: State[PathPuzzle]) -> Iterator[Step]:
    """Values every arrangement of a clued line that closes no loop agrees on, for lines
    with at most MOST_WAYS arrangements of which some close a loop."""
    p: PathPuzzle = state.puzzle
    doms = state.domains
    doors = p.door_cells
    for k, line, want, n_ways in open_line_ways(state):
        if not 1 < n_ways <= MOST_WAYS:
            continue
        every = ways(doms, line, doors, want)
        closing = [(w, closing_edge(state, w)) for w in every]
        dropped = sorted(((w, e) for w, e in closing if e is not None), key=lambda d: d[0].runs)
        if not dropped:
            continue
        left = [w for w, e in closing if e is None]
        name = line_name(p, k)
        if not left:
            raise Contradiction(f"every way to place the used cells of {name} closes a loop")
        found = _agreed(left)
        if found:
            yield Step(
                "loop-free arrangements",
                _sentence(p, name, want, len(every), dropped, found),
                placements=found,
                premises=line.depends,
                region=name,
            )


def _agreed(left: list[Way]) -> tuple[tuple[int, int], ...]:
    """The (variable, value) pairs every way in ``left`` decides alike."""
    first, *rest = left
    return tuple(
        sorted(
            (var, value)
            for var, value in first.values.items()
            if all(w.values.get(var) == value for w in rest)
        )
    )


def _sentence(
    p: PathPuzzle,
    name: str,
    want: int,
    n_ways: int,
    dropped: list[tuple[Way, int]],
    found: tuple[tuple[int, int], ...],
) -> str:
    geo = p.geo
    drops = "; ".join(f"{_runs(p, w)}: {edge_name(geo, e)} would close it" for w, e in dropped)
    n_left = n_ways - len(dropped)
    return (
        f"{name.capitalize()} needs {want} used cell{'s' if want != 1 else ''}; of the "
        f"{n_ways} ways to place them so that each can still get its path edges, "
        f"{len(dropped)} close{'s' if len(dropped) == 1 else ''} a loop with the path "
        f"already drawn ({drops}); in {'the one' if n_left == 1 else f'all {n_left}'} "
        f"left, {said(p, geo, found)}."
    )


def _runs(p: PathPuzzle, way: Way) -> str:
    return ", ".join("-".join(cell_name(p, c) for c in run) for run in way.runs)
