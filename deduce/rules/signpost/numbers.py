"""Number rules: which number each cell holds, read through the links and the arrows."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from deduce.errors import Contradiction
from deduce.puzzles.signpost.model import Signpost, cell_name, predecessors
from deduce.rules import numbers
from deduce.rules.signpost.chains import chain_text, chains
from deduce.state import State, bits, single_value
from deduce.step import Step


def _numbers(mask: int) -> str:
    values = list(bits(mask))
    return ", ".join(str(v) for v in values[:12]) + (" ..." if len(values) > 12 else "")


def _names(puzzle: Signpost):
    return lambda cell: cell_name(puzzle, cell)


def distinct_numbers(state: State) -> Iterator[Step]:
    """A number placed in one cell is in no other."""
    return numbers.distinct_numbers(state, range(state.puzzle.n), _names(state.puzzle))


def single_number(state: State) -> Iterator[Step]:
    """A cell with one number left holds it."""
    return numbers.single_number(state, range(state.puzzle.n), _names(state.puzzle))


def only_cell_for_number(state: State) -> Iterator[Step]:
    """A number that fits in only one cell goes there."""
    n = state.puzzle.n
    return numbers.only_cell_for_number(state, range(n), n, _names(state.puzzle))


def numbering_along_chains(state: State) -> Iterator[Step]:
    """Linked cells hold consecutive numbers: a chain is numbered as one, anchored by any given."""
    puzzle: Signpost = state.puzzle
    domains = state.domains
    full = ((1 << puzzle.n) - 1) << 1
    for chain in chains(state):
        if len(chain) < 2:
            continue
        starts = full
        for t, cell in enumerate(chain):
            starts &= domains[cell] >> t
        if not starts:
            raise Contradiction(f"the chain {chain_text(puzzle, chain)} cannot be numbered")
        elims = []
        for t, cell in enumerate(chain):
            for v in bits(domains[cell] & ~(starts << t)):
                elims.append((cell, v))
        if elims:
            anchored = [c for c in chain if domains[c] & (domains[c] - 1) == 0]
            how = f", anchored at {cell_name(puzzle, anchored[0])}" if anchored else ""
            yield Step(
                "numbering along links",
                f"The linked cells {chain_text(puzzle, chain)} hold consecutive numbers{how}, so "
                + "; ".join(
                    f"{cell_name(puzzle, c)} is not {_numbers(sum(1 << v for cc, v in elims if cc == c))}"
                    for c in dict.fromkeys(c for c, _ in elims)
                )
                + ".",
                eliminations=tuple(elims),
                premises=tuple(chain),
                links=tuple(itertools.pairwise(chain)),
                region=chain_text(puzzle, chain, 2),
            )


def next_number(state: State) -> Iterator[Step]:
    """The successor of k holds k+1: arrows and numbers must agree both ways."""
    puzzle: Signpost = state.puzzle
    n = puzzle.n
    domains = state.domains
    end = 1 << n
    preds = predecessors(puzzle)
    for cell in range(n):
        num = domains[cell]
        succ = domains[n + cell]
        if succ & (succ - 1) == 0:
            continue  # linked: the chain rule numbers it
        bad = tuple((n + cell, j) for j in bits(succ & ~end) if not (num << 1) & domains[j])
        if bad:
            names = ", ".join(cell_name(puzzle, j) for _, j in bad)
            yield Step(
                "next number",
                f"{cell_name(puzzle, cell)} cannot lead to {names}: "
                f"{'it cannot' if len(bad) == 1 else 'none of them can'} hold a number one more than "
                f"{cell_name(puzzle, cell)}.",
                eliminations=bad,
                premises=(cell, *(j for _, j in bad)),
                region=cell_name(puzzle, cell),
            )
    not_last = tuple(c for c in range(n) if domains[n + c] & end and not domains[c] & end)
    if not_last:
        names = ", ".join(cell_name(puzzle, c) for c in not_last[:10]) + (
            " and more" if len(not_last) > 10 else ""
        )
        yield Step(
            "next number",
            f"Only a cell that can hold {n} can be the last one, so these are not: {names}.",
            eliminations=tuple((n + c, n) for c in not_last),
            premises=not_last,
            region=f"the number {n}",
        )
    for cell in range(n):
        num = domains[cell]
        if num & (num - 1) == 0:
            continue
        succ = domains[n + cell]
        support = end if succ & end else 0
        for j in bits(succ & ~end):
            support |= domains[j] >> 1
        back = 0b10
        for p in preds[cell]:
            if domains[n + p] >> cell & 1:
                back |= domains[p] << 1
        lost_forward = num & ~support
        lost_back = num & support & ~back
        if lost_forward:
            yield Step(
                "next number",
                f"{cell_name(puzzle, cell)} cannot be {_numbers(lost_forward)}: no cell along its "
                f"arrow can hold the number after.",
                eliminations=tuple((cell, v) for v in bits(lost_forward)),
                premises=(cell, *puzzle.along(cell)),
                region=cell_name(puzzle, cell),
            )
        if lost_back:
            yield Step(
                "next number",
                f"{cell_name(puzzle, cell)} cannot be {_numbers(lost_back)}: no cell pointing at it "
                f"can hold the number before.",
                eliminations=tuple((cell, v) for v in bits(lost_back)),
                premises=(cell, *preds[cell]),
                region=cell_name(puzzle, cell),
            )


def chain_fit(state: State) -> Iterator[Step]:
    """A chain must fit in a run of free numbers: placed numbers outside it block starts."""
    puzzle: Signpost = state.puzzle
    n = puzzle.n
    domains = state.domains
    placed = {}
    for cell in range(n):
        d = domains[cell]
        if d & (d - 1) == 0:
            placed[cell] = d
    for chain in chains(state):
        if len(chain) < 2:
            continue
        members = set(chain)
        blocked = 0
        for cell, d in placed.items():
            if cell not in members:
                blocked |= d
        starts = domains[chain[0]]
        length = len(chain)
        span = (1 << length) - 1
        bad = 0
        for s in bits(starts):
            if (span << s) & blocked or s + length - 1 > n:
                bad |= 1 << s
        if bad and bad != starts:
            elims = tuple((cell, s + t) for s in bits(bad) for t, cell in enumerate(chain))
            elims = tuple((c, v) for c, v in elims if domains[c] >> v & 1)
            yield Step(
                "chain fit",
                f"The chain {chain_text(puzzle, chain)} ({length} cells) cannot start at "
                f"{_numbers(bad)}: its numbers would run into numbers placed elsewhere.",
                eliminations=elims,
                premises=tuple(chain),
                links=tuple(itertools.pairwise(chain)),
                region=chain_text(puzzle, chain, 2),
            )
        elif bad == starts and starts:
            raise Contradiction(
                f"the chain {chain_text(puzzle, chain)} fits nowhere among the free numbers"
            )


def reachability(state: State) -> Iterator[Step]:
    """From a placed number a, a+t can only be t arrow-steps away (and a-t, t steps back)."""
    puzzle: Signpost = state.puzzle
    n = puzzle.n
    domains = state.domains
    end = 1 << n
    placed = {single_value(domains[c]): c for c in range(n) if domains[c] & (domains[c] - 1) == 0}
    succ_mask = [domains[n + c] & ~end for c in range(n)]
    pred_mask = [0] * n
    for c in range(n):
        for j in bits(succ_mask[c]):
            pred_mask[j] |= 1 << c
    for a, origin in sorted(placed.items()):
        for direction, masks, sign in (("after", succ_mask, 1), ("before", pred_mask, -1)):
            reach = 1 << origin
            t = 0
            elims = []
            while True:
                t += 1
                k = a + sign * t
                if k < 1 or k > n or k in placed:
                    break
                nxt = 0
                for c in bits(reach):
                    nxt |= masks[c]
                reach = nxt
                if not reach:
                    raise Contradiction(
                        f"{k} cannot be reached from {a} at {cell_name(puzzle, origin)}"
                    )
                bit = 1 << k
                for c in range(n):
                    if domains[c] & bit and not reach >> c & 1:
                        elims.append((c, k))
            if elims:
                yield Step(
                    "reachability",
                    f"Counting arrow steps {direction} {a} at {cell_name(puzzle, origin)}: "
                    + "; ".join(
                        f"{k} cannot be at {', '.join(cell_name(puzzle, c) for c, kk in elims if kk == k)}"
                        for k in dict.fromkeys(k for _, k in elims)
                    )
                    + ".",
                    eliminations=tuple(elims),
                    premises=(origin,),
                    region=cell_name(puzzle, origin),
                )
