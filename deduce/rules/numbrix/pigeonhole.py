"""Pigeonhole: a few missing numbers that fit in as few cells fill them.

Every missing number goes in its own free cell, and every free cell takes one missing
number. When j numbers (say 34, 35 and 41) can only go in the same j cells, they fill those
cells, which hold no other number; and when j cells can only hold the same j numbers, those
numbers are in no other cell. Such sets are found from one way of giving every missing
number a cell of its own (a matching, found by augmenting paths): the numbers whose cells
are all taken by numbers among them, found by following each number to the numbers that hold
its other cells there, close up into such a set (and alike from the cells' side). Sets of at
most ``MOST`` numbers are used, small enough to check by eye.
"""

from __future__ import annotations

from collections.abc import Iterator

from deduce.puzzles.numbrix.model import Numbrix
from deduce.rules.numbrix.board import board, cells_text, numbers_text, positions
from deduce.state import State, bits
from deduce.step import Step

#: The most numbers (and cells) a step's set holds.
MOST = 6
#: Cells visited while matching, per free cell: past that the rule finds nothing.
BUDGET_PER_CELL = 40


def matching(options: dict[int, list[int]], budget: int) -> dict[int, int] | None:
    """A cell for every number (``options``: number -> its cells), no cell twice, as
    number -> cell; None when there is none or finding it takes more than ``budget``
    cell visits (Kuhn's augmenting paths, the numbers with fewest cells first)."""
    owner: dict[int, int] = {}  # cell -> number
    spent = 0
    for m in sorted(options, key=lambda m: len(options[m])):
        found = _augment(options, owner, m, budget - spent)
        if found is None or found < 0:
            return None
        spent += found
    return {m: c for c, m in owner.items()}


def _augment(
    options: dict[int, list[int]], owner: dict[int, int], m: int, budget: int
) -> int | None:
    """Give ``m`` a cell, moving numbers along an augmenting path (``owner``: cell -> number,
    updated); returns the cells visited, -1 when there is no way, None past ``budget``.
    Iterative: a path may be as long as the board has cells."""
    seen: set[int] = set()
    stack = [[m, 0]]  # numbers on the path, each with the next of its cells to try
    via: list[int] = []  # the cell each number on the path (but the first) was reached by
    while stack:
        num, i = stack[-1]
        cells = options[num]
        if i == len(cells):
            stack.pop()
            if via:
                via.pop()
            continue
        stack[-1][1] = i + 1
        cell = cells[i]
        if cell in seen:
            continue
        seen.add(cell)
        if len(seen) > budget:
            return None
        if cell not in owner:
            for (number, _), taken in zip(stack, [*via, cell], strict=True):
                owner[taken] = number
            return len(seen)
        via.append(cell)
        stack.append([owner[cell], 0])
    return -1


def closure(start: int, follow: dict[int, list[int]], most: int) -> set[int] | None:
    """Everything ``start`` leads to through ``follow`` (itself included); None when that
    is more than ``most``."""
    found, stack = {start}, [start]
    while stack:
        for nxt in follow[stack.pop()]:
            if nxt not in found:
                found.add(nxt)
                if len(found) > most:
                    return None
                stack.append(nxt)
    return found


def pigeonhole(state: State[Numbrix]) -> Iterator[Step]:
    """j missing numbers that fit only in j cells fill them; j cells that can only hold j
    numbers take them all."""
    puzzle: Numbrix = state.puzzle
    bd = board(state)
    pos, domains, free = positions(state), state.domains, bd.free_mask
    missing = [m for m in range(1, puzzle.n + 1) if m not in bd.where]
    options = {m: list(bits(pos[m] & free)) for m in missing}
    mate = matching(options, BUDGET_PER_CELL * len(bd.free))
    if mate is None:
        return  # none, or none found within the budget: the counting rules say which
    owner = {c: m for m, c in mate.items()}
    # a number leads to the numbers holding its other cells; a cell to the cells of its numbers
    by_number = {m: [owner[c] for c in cells if owner[c] != m] for m, cells in options.items()}
    by_cell = {
        c: [mate[m] for m in bits(domains[c]) if m in mate and mate[m] != c] for c in bd.free
    }
    seen: set[frozenset[int]] = set()
    for m in sorted(missing, key=lambda m: len(options[m])):
        numbers = closure(m, by_number, MOST)
        if numbers is not None and frozenset(numbers) not in seen:
            seen.add(frozenset(numbers))
            step = _naked(state, numbers, {mate[x] for x in numbers})
            if step is not None:
                yield step
    for c in bd.free:
        cells = closure(c, by_cell, MOST)
        if cells is not None and frozenset(cells) not in seen:
            seen.add(frozenset(cells))
            step = _hidden(state, cells, {owner[x] for x in cells})
            if step is not None:
                yield step


def _naked(state: State[Numbrix], numbers: set[int], cells: set[int]) -> Step | None:
    """``numbers`` fit only in ``cells`` (as many): those cells hold no other number."""
    mask = sum(1 << m for m in numbers)
    elims = tuple((c, k) for c in sorted(cells) for k in bits(state.domains[c] & ~mask))
    if not elims:
        return None
    return _step(
        state,
        f"{numbers_text(mask)} can only go in {cells_text(state.puzzle, cells)}: "
        f"{len(numbers)} numbers for {len(cells)} cells, so they fill them and those cells "
        "hold no other number",
        elims,
        cells,
    )


def _hidden(state: State[Numbrix], cells: set[int], numbers: set[int]) -> Step | None:
    """``cells`` can only hold ``numbers`` (as many): those numbers are in no other cell."""
    mask = sum(1 << m for m in numbers)
    others = [c for c in board(state).free if c not in cells]
    elims = tuple((c, k) for c in others for k in bits(state.domains[c] & mask))
    if not elims:
        return None
    return _step(
        state,
        f"{cells_text(state.puzzle, cells)} can only hold {numbers_text(mask)}: "
        f"{len(cells)} cells for {len(numbers)} numbers, so those numbers are in no other cell",
        elims,
        cells,
    )


def _step(
    state: State[Numbrix], said: str, elims: tuple[tuple[int, int], ...], cells: set[int]
) -> Step:
    """The step: ``said``, then every number each cell loses."""
    lost: dict[int, int] = {}
    for c, k in elims:
        lost[c] = lost.get(c, 0) | 1 << k
    rest = "; ".join(
        f"{cells_text(state.puzzle, [c])} cannot be {numbers_text(ks)}" for c, ks in lost.items()
    )
    return Step(
        "pigeonhole",
        f"{said}: {rest}.",
        eliminations=elims,
        premises=tuple(sorted(cells)),
        region=cells_text(state.puzzle, cells),
    )
