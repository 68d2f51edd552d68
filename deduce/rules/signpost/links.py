"""Link rules: which cell follows which (Tatham's two rules, one predecessor each, no loops)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from deduce.errors import Contradiction
from deduce.puzzles.signpost.model import Signpost, cell_name, predecessors
from deduce.rules.signpost.chains import chain_text, chains
from deduce.state import State, single_value
from deduce.step import Step


def _succ_name(puzzle: Signpost, s: int) -> str:
    return "nothing (it is the last cell)" if s == puzzle.n else cell_name(puzzle, s)


def one_predecessor_each(state: State) -> Iterator[Step]:
    """A cell linked from one cell cannot follow any other; only one cell can be the last."""
    puzzle: Signpost = state.puzzle
    n = puzzle.n
    domains = state.domains
    owner: dict[int, int] = {}
    for cell in range(n):
        d = domains[n + cell]
        if d & (d - 1) == 0:
            target = single_value(d)
            if target in owner:
                raise Contradiction(
                    f"{cell_name(puzzle, owner[target])} and {cell_name(puzzle, cell)} both lead to "
                    f"{_succ_name(puzzle, target)}"
                )
            owner[target] = cell
    for target, cell in owner.items():
        bit = 1 << target
        others = (target != n and predecessors(puzzle)[target]) or (range(n) if target == n else ())
        elims = tuple((n + o, target) for o in others if o != cell and domains[n + o] & bit)
        if elims:
            what = "the last cell" if target == n else f"followed by {cell_name(puzzle, cell)}"
            text = (
                f"{cell_name(puzzle, cell)} is the last cell, so no other cell is: "
                if target == n
                else f"{cell_name(puzzle, target)} already follows {cell_name(puzzle, cell)}, so "
                f"no other cell leads to it: "
            )
            yield Step(
                "one predecessor each",
                text + ", ".join(cell_name(puzzle, v - n) for v, _ in elims) + ".",
                eliminations=elims,
                premises=(cell, target) if target != n else (cell,),
                region=what,
            )


def only_successor(state: State) -> Iterator[Step]:
    """A cell whose arrow meets only one cell that can follow it is linked to that cell."""
    puzzle: Signpost = state.puzzle
    n = puzzle.n
    for cell in range(n):
        var = n + cell
        d = state.domains[var]
        if state.fixed[var] or d & (d - 1):
            continue
        target = single_value(d)
        if target == n:
            text = f"Nothing along the arrow of {cell_name(puzzle, cell)} can follow it, so it is the last cell."
        else:
            text = (
                f"{cell_name(puzzle, target)} is the only cell along the arrow of "
                f"{cell_name(puzzle, cell)} that can follow it, so they are linked."
            )
        yield Step(
            "only successor",
            text,
            placements=((var, target),),
            premises=(cell, *puzzle.along(cell)),
            links=((cell, target),) if target != n else (),
            region=cell_name(puzzle, cell),
        )


def only_predecessor(state: State) -> Iterator[Step]:
    """A cell (not 1) that only one cell can point at is linked from that cell."""
    puzzle: Signpost = state.puzzle
    n = puzzle.n
    domains = state.domains
    preds = predecessors(puzzle)
    for target in range(n):
        if domains[target] & 0b10:  # it may be 1, which needs no predecessor
            continue
        bit = 1 << target
        can = [p for p in preds[target] if domains[n + p] & bit]
        if len(can) == 1:
            (cell,) = can
            if domains[n + cell] != bit:
                yield Step(
                    "only predecessor",
                    f"{cell_name(puzzle, cell)} is the only cell that can point at "
                    f"{cell_name(puzzle, target)}, so they are linked.",
                    placements=((n + cell, target),),
                    premises=(target, *preds[target]),
                    links=((cell, target),),
                    region=cell_name(puzzle, target),
                )


def no_loops(state: State) -> Iterator[Step]:
    """The last cell of a chain cannot lead back to its first: that would close a loop."""
    puzzle: Signpost = state.puzzle
    n = puzzle.n
    for chain in chains(state):
        if len(chain) < 2 or len(chain) == n:
            continue
        head, tail = chain[0], chain[-1]
        if state.domains[n + tail] >> head & 1:
            yield Step(
                "no loops",
                f"{cell_name(puzzle, tail)} cannot point back at {cell_name(puzzle, head)}: "
                f"that would close the chain {chain_text(puzzle, chain)} into a loop.",
                eliminations=((n + tail, head),),
                premises=tuple(chain),
                links=tuple(itertools.pairwise(chain)),
                region=cell_name(puzzle, tail),
            )
