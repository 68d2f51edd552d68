"""Dead ends and isolated regions: free cells the count can no longer pass through.

A number k (other than 1 and the last) sits between k-1 and k+1, so its cell needs two
different neighbours that can hold them: a cell without them is a dead end for k. And a
region of free cells walled off by written numbers and the border is filled by whole runs of
missing numbers, each entering next to its anchors, so its size must be a sum of such runs.
"""

from __future__ import annotations

from collections.abc import Iterator

from deduce.errors import Contradiction
from deduce.puzzles.numbrix.model import Numbrix, cell_name
from deduce.rules.numbrix.board import Board, Run, board, cells_text, numbers_text, run_text
from deduce.state import State, bits
from deduce.step import Step


def supported(state: State[Numbrix], cell: int) -> int:
    """The numbers ``cell`` can hold given what its neighbours can hold: k needs a
    neighbour that can be k-1 and another that can be k+1 (one of them for 1 and the last)."""
    puzzle: Numbrix = state.puzzle
    domains = state.domains
    once = twice = 0
    near = puzzle.geo.neighbours[cell]
    for other in near:
        d = domains[other]
        twice |= once & d
        once |= d
    ok = ((once << 1) | 0b10) & ((once >> 1) | (1 << puzzle.n))
    sole = once & ~twice
    for other in near:
        s = domains[other] & sole
        ok &= ~((s << 1) & (s >> 1))  # k-1 and k+1 both only possible in the same cell
    return ok


def dead_ends(state: State[Numbrix]) -> Iterator[Step]:
    """A number whose cell has no two neighbours for the numbers either side of it is not there."""
    puzzle: Numbrix = state.puzzle
    bd = board(state)
    domains = state.domains
    for k, cell in bd.where.items():
        if not supported(state, cell) >> k & 1:
            raise Contradiction(
                f"{k} at {cell_name(puzzle, cell)} has no neighbour left for "
                f"{' or '.join(str(m) for m in (k - 1, k + 1) if 1 <= m <= puzzle.n)}"
            )
    for cell in bd.free:
        d = domains[cell]
        gone = d & ~supported(state, cell)
        if not gone:
            continue
        if gone == d:
            raise Contradiction(
                f"{cell_name(puzzle, cell)} can no longer be linked in: no number fits "
                "between its neighbours"
            )
        name = cell_name(puzzle, cell)
        one = gone & (gone - 1) == 0
        yield Step(
            "dead ends",
            f"{name} cannot be {numbers_text(gone)}: no two of its neighbours can hold the "
            f"numbers either side of {'it' if one else 'them'}.",
            eliminations=tuple((cell, k) for k in bits(gone)),
            premises=(cell, *puzzle.geo.neighbours[cell]),
            region=name,
        )


def regions(puzzle: Numbrix, bd: Board) -> list[list[int]]:
    """The connected regions of free cells."""
    neighbours, is_free = puzzle.geo.neighbours, bd.is_free
    seen = set()
    out = []
    for start in bd.free:
        if start in seen:
            continue
        seen.add(start)
        region, stack = [start], [start]
        while stack:
            cell = stack.pop()
            for other in neighbours[cell]:
                if is_free[other] and other not in seen:
                    seen.add(other)
                    region.append(other)
                    stack.append(other)
        out.append(sorted(region))
    return out


def _sums(sizes: list[int]) -> int:
    """The subset sums of ``sizes`` as a bitmask (bit s: some subset sums to s)."""
    reach = 1
    for s in sizes:
        reach |= reach << s
    return reach


def isolated_regions(state: State[Numbrix]) -> Iterator[Step]:
    """A walled-off region of free cells is filled exactly by whole runs that can enter it:
    a run that cannot be among them is not there; one that must be is nowhere else."""
    puzzle: Numbrix = state.puzzle
    bd = board(state)
    if not bd.where or not bd.free:
        return
    areas = regions(puzzle, bd)
    neighbours = puzzle.geo.neighbours
    index = {cell: i for i, area in enumerate(areas) for cell in area}
    touching = []  # the regions each run can lie in
    touches: dict[int, set[int]] = {}
    for cell in bd.where.values():
        touches[cell] = {index[o] for o in neighbours[cell] if o in index}
    for run in bd.runs:
        options = set(range(len(areas)))
        for anchor in (run.a, run.b):
            if anchor is not None:
                options &= touches[anchor]
        if not options:
            raise Contradiction(f"{run_text(puzzle, run)} cannot reach any region of free cells")
        touching.append(options)
    if len(areas) < 2:
        return  # one region holds every run: its size always matches
    for i, area in enumerate(areas):
        candidates = [j for j, options in enumerate(touching) if i in options]
        if not candidates:
            raise Contradiction(
                f"no missing numbers can reach the free cells {cells_text(puzzle, area)}"
            )
        must = [j for j in candidates if len(touching[j]) == 1]
        optional = [j for j in candidates if len(touching[j]) > 1]
        size = len(area)
        fixed_part = sum(bd.runs[j].size for j in must)
        rest = size - fixed_part
        if rest < 0 or not _sums([bd.runs[j].size for j in optional]) >> rest & 1:
            raise Contradiction(
                f"the {size} free cells {cells_text(puzzle, area)} cannot be filled exactly "
                "by the runs of missing numbers that can reach them"
            )
        for j in optional:
            run = bd.runs[j]
            others = [bd.runs[o].size for o in optional if o != j]
            fits = rest >= run.size and _sums(others) >> (rest - run.size) & 1
            needed = not _sums(others) >> rest & 1
            if not fits or needed:
                runs = [bd.runs[o] for o in sorted(candidates)]
                alone = {bd.runs[o] for o in must}
                yield _step(state, bd, run, area, runs, alone, inside=bool(fits))


def _step(
    state: State[Numbrix],
    bd: Board,
    run: Run,
    area: list[int],
    runs: list[Run],
    alone: set[Run],
    inside: bool,
) -> Step:
    """The step for ``run`` and ``area``: ``runs`` are all the runs that can reach the area,
    ``alone`` those that can reach no other region (so must lie in it)."""
    puzzle: Numbrix = state.puzzle
    domains = state.domains
    members = set(area)
    targets = area if not inside else [c for c in bd.free if c not in members]
    elims = tuple((cell, k) for cell in targets for k in bits(domains[cell] & run.mask))
    where = f"the {len(area)} walled-off free cells {cells_text(puzzle, area)}"
    sizes = "; ".join(
        f"{numbers_text(r.mask)} ({r.size} cell{'s' if r.size > 1 else ''}"
        + (", reaching no other region)" if r in alone else ")")
        for r in runs
    )
    start = (
        f"{where.capitalize()} must be filled exactly by whole runs of missing numbers that "
        f"can reach them: {sizes}"
    )
    if inside:
        text = (
            f"{start}. Only with {run_text(puzzle, run)} can their sizes add up to "
            f"{len(area)}, so none of those numbers is anywhere else."
        )
    else:
        text = (
            f"{start}. No choice of them with {run_text(puzzle, run)} adds up to "
            f"{len(area)}, so none of those numbers is there."
        )
    return Step(
        "isolated regions",
        text,
        eliminations=elims,
        premises=tuple(
            dict.fromkeys(
                [
                    *(c for c in (run.a, run.b) if c is not None),
                    *(c for r in runs for c in (r.a, r.b) if c is not None),
                    *area,
                ]
            )
        ),
        region=f"the free cells around {cell_name(puzzle, area[0])}",
    )


def two_ways_out(state: State[Numbrix]) -> Iterator[Step]:
    """A cell (not 1 or the last number) with only two neighbours that can continue its
    number is linked to both: each holds a number one away from the cell's."""
    puzzle: Numbrix = state.puzzle
    domains, fixed = state.domains, state.fixed
    ends = 0b10 | 1 << puzzle.n
    for cell in puzzle.geo.cells:
        d = domains[cell]
        if d & ends:
            continue
        around = (d << 1) | (d >> 1)
        near = [o for o in puzzle.geo.neighbours[cell] if domains[o] & around]
        if len(near) > 2:
            continue
        name = cell_name(puzzle, cell)
        if len(near) < 2:
            raise Contradiction(
                f"{name} can no longer be linked in: fewer than two neighbours can continue "
                "its number"
            )
        elims = tuple((o, k) for o in near for k in bits(domains[o] & ~around))
        if not elims:
            continue
        a, b = (cell_name(puzzle, o) for o in near)
        what = (
            f"{d.bit_length() - 1} at {name}"
            if fixed[cell]
            else f"{name} (which can only be {numbers_text(d)})"
        )
        rest = "; ".join(
            f"{cell_name(puzzle, o)} cannot be "
            f"{numbers_text(sum(1 << k for oo, k in elims if oo == o))}"
            for o in near
            if any(oo == o for oo, _ in elims)
        )
        yield Step(
            "two ways out",
            f"{what} has only two neighbours that can continue its number, {a} and {b}, "
            f"so both do and hold numbers one away from it: {rest}.",
            eliminations=elims,
            premises=(cell, *near),
            links=tuple((cell, o) for o in near),
            region=name,
        )
