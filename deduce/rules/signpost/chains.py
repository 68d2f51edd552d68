"""Chains: runs of linked cells, as the board keeps them; how a chain is named and numbered.

Linked cells hold consecutive numbers, so a chain with one number written in is numbered
whole. The link rules write those numbers in the step that draws the link (a player writes
them as the line is drawn); ``numbering_along_links`` is the rule for the other case, a link
drawn by a guess of the search.
"""

from __future__ import annotations

from collections.abc import Iterator

from deduce.errors import Contradiction
from deduce.puzzles.signpost.board import Board, board
from deduce.puzzles.signpost.model import Signpost, cell_name
from deduce.state import State
from deduce.step import Step

Placement = tuple[int, int]


def chain_text(puzzle: Signpost, chain: list[int], limit: int = 6) -> str:
    """r1c1 → r1c3 → ... (shortened in the middle when long)."""
    names = [cell_name(puzzle, c) for c in chain]
    if len(names) > limit:
        names = [*names[: limit // 2], "…", *names[-limit // 2 :]]
    return " → ".join(names)


def numbers_text(puzzle: Signpost, placed: list[Placement]) -> str:
    """``r3c1 is 7``, ``r3c1 is 7 and r4c1 8``, ``r3c1 to r7c1 are 7 to 11``: numbers written
    along a chain, in chain order."""
    if len(placed) == 1:
        ((cell, k),) = placed
        return f"{cell_name(puzzle, cell)} is {k}"
    first, last = placed[0], placed[-1]
    if len(placed) <= 3:
        rest = ", ".join(f"{cell_name(puzzle, c)} {k}" for c, k in placed[1:-1])
        middle = f", {rest}" if rest else ""
        return (
            f"{cell_name(puzzle, first[0])} is {first[1]}{middle} and "
            f"{cell_name(puzzle, last[0])} {last[1]}"
        )
    return (
        f"the chain {cell_name(puzzle, first[0])} → … → {cell_name(puzzle, last[0])} holds "
        f"{first[1]} to {last[1]}"
    )


def number_from(puzzle: Signpost, b: Board, chain: list[int], start: int) -> list[Placement]:
    """The numbers ``chain`` gets when its first cell holds ``start``: the cells without one.

    Raises Contradiction when they run off 1..n, meet a number written elsewhere, or disagree
    with a number written in the chain.
    """
    n = puzzle.n
    if start < 1 or start + len(chain) - 1 > n:
        raise Contradiction(
            f"the chain {chain_text(puzzle, chain)} would run off the numbers 1 to {n}"
        )
    out = []
    for t, cell in enumerate(chain):
        k = start + t
        if b.num[cell]:
            if b.num[cell] != k:
                raise Contradiction(
                    f"the chain {chain_text(puzzle, chain)} cannot be numbered: "
                    f"{cell_name(puzzle, cell)} holds {b.num[cell]}, not {k}"
                )
            continue
        if b.where[k] != -1:
            raise Contradiction(
                f"the chain {chain_text(puzzle, chain)} would put {k} in "
                f"{cell_name(puzzle, cell)}, but {cell_name(puzzle, b.where[k])} holds it"
            )
        out.append((cell, k))
    return out


def numbering_along_links(state: State[Signpost]) -> Iterator[Step]:
    """A chain with a number written in (or linked to the end) is numbered whole.

    Only a guessed link leaves a chain numbered in part (every rule writes the numbers with
    the link), so this is asked first and costs nothing while no chain is.
    """
    b = board(state)
    if not b.loose:
        return
    puzzle: Signpost = state.puzzle
    n = puzzle.n
    seen = set()
    for cell in range(n):
        nxt = b.nxt[cell]
        if nxt == -1:
            continue
        head = b.head(cell)
        if head in seen:
            continue
        seen.add(head)
        chain = b.chain(head)
        anchor = next((t for t, c in enumerate(chain) if b.num[c]), None)
        if anchor is not None:
            start = b.num[chain[anchor]] - anchor
            why = f"anchored at {cell_name(puzzle, chain[anchor])} ({b.num[chain[anchor]]})"
        elif b.nxt[chain[-1]] == n:
            start = n - len(chain) + 1
            why = f"and {cell_name(puzzle, chain[-1])} is the last cell"
        else:
            continue
        placed = number_from(puzzle, b, chain, start)
        if placed:
            yield Step(
                "numbering along links",
                f"The linked cells {chain_text(puzzle, chain)} hold consecutive numbers, "
                f"{why}, so {numbers_text(puzzle, placed)}.",
                placements=tuple(placed),
                premises=tuple(chain),
                region=cell_name(puzzle, chain[0]),
            )
