"""Bottlenecks: a cell every way of a run must pass holds one of the run's numbers.

The missing numbers of a run (say 13..17, between 12 and 18) lie on a path of free cells,
each able to hold its number, starting next to 12's cell: all of them lie in the cells
that can hold some of 13..17 and join on to 12 through such cells. When, without one cell
X, those cells no longer reach 18's neighbours, or are fewer than the run's five numbers,
every way of laying the run passes X, so X holds one of 13..17 and no other number. A
run before 1's cell or after the last written number has one anchor and only the count.
"""

from __future__ import annotations

from collections.abc import Iterator

from deduce.errors import Contradiction
from deduce.puzzles.numbrix.model import Geometry, Numbrix, cell_name
from deduce.rules.numbrix.board import Run, board, numbers_text, positions, run_text
from deduce.state import State, bits
from deduce.step import Step


def joined(geo: Geometry, start: int, allowed: int) -> int:
    """The cells of ``allowed`` that ``start`` (cells, as a mask) joins on to through
    cells of ``allowed``, as a mask."""
    reach = start & allowed
    while True:
        grown = geo.spread(reach) & allowed
        if grown == reach:
            return reach
        reach = grown


def _fits(geo: Geometry, run: Run, room: int) -> bool:
    """Whether ``room`` (cells joined on to the run's first anchor) can hold the run: enough
    cells, and one of them next to the other anchor when there is one."""
    if room.bit_count() < run.size:
        return False
    return run.a is None or run.b is None or bool(room & geo.spread(1 << run.b))


def bottlenecks(state: State[Numbrix]) -> Iterator[Step]:
    """A cell every way of laying a run passes holds one of the run's numbers, no other."""
    puzzle: Numbrix = state.puzzle
    geo = puzzle.geo
    bd = board(state)
    pos = positions(state)
    domains = state.domains
    for run in bd.runs:
        allowed = 0
        for k in range(run.low, run.high + 1):
            allowed |= pos[k]
        allowed &= bd.free_mask
        anchor = run.a if run.a is not None else run.b
        assert anchor is not None  # a run has at least one anchor
        start = geo.spread(1 << anchor) & allowed
        room = joined(geo, start, allowed)
        if not _fits(geo, run, room):
            raise Contradiction(f"{run_text(puzzle, run)} has no room left in the free cells")
        for cell in bits(room):
            gone = domains[cell] & ~run.mask
            if not gone:
                continue
            bit = 1 << cell
            if _fits(geo, run, joined(geo, start & ~bit, allowed & ~bit)):
                continue
            yield _step(state, run, cell, gone, room)


def _step(state: State[Numbrix], run: Run, cell: int, gone: int, room: int) -> Step:
    """The step for ``run``'s bottleneck ``cell``, ``room`` the cells the run can use."""
    puzzle: Numbrix = state.puzzle
    name = cell_name(puzzle, cell)
    nums = numbers_text(run.mask)
    anchor = run.a if run.a is not None else run.b
    assert anchor is not None
    if run.a is not None and run.b is not None:
        why = f"without it, the cells that can hold {nums} do not join {run.low - 1} to {run.high + 1}"
        if _joins_without(state, run, cell, room):
            why = (
                f"without it, the cells that can hold {nums} and join on to {run.low - 1} are "
                f"fewer than {run.size}"
            )
    else:
        end = run.low - 1 if run.a is not None else run.high + 1
        why = (
            f"without it, the cells that can hold {nums} and join on to {end} are fewer "
            f"than {run.size}"
        )
    return Step(
        "bottleneck",
        f"Every way to lay {run_text(puzzle, run)} passes {name}: {why}. So {name} holds one "
        f"of them and cannot be {numbers_text(gone)}.",
        eliminations=tuple((cell, k) for k in bits(gone)),
        premises=(*(c for c in (run.a, run.b) if c is not None), *bits(room)),
        region=name,
    )


def _joins_without(state: State[Numbrix], run: Run, cell: int, room: int) -> bool:
    """Whether the run's room without ``cell`` still reaches the second anchor (so what
    fails is the count)."""
    geo = state.puzzle.geo
    assert run.a is not None and run.b is not None
    bit = 1 << cell
    rest = joined(geo, geo.spread(1 << run.a) & room & ~bit, room & ~bit)
    return bool(rest & geo.spread(1 << run.b))
