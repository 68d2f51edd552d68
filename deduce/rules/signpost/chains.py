"""Chains: runs of cells already linked successor to successor, read off the state."""

from __future__ import annotations

from deduce.errors import Contradiction
from deduce.puzzles.signpost.model import Signpost, cell_name, successor_of
from deduce.state import State


def chains(state: State) -> list[list[int]]:
    """Every maximal chain of linked cells, head first (a lone cell is a chain of one)."""
    puzzle: Signpost = state.puzzle
    n = puzzle.n
    nxt = [successor_of(state, cell) for cell in range(n)]
    has_pred = [False] * n
    for s in nxt:
        if s is not None:
            has_pred[s] = True
    out = []
    seen = [False] * n
    for head in range(n):
        if has_pred[head]:
            continue
        chain = [head]
        seen[head] = True
        while nxt[chain[-1]] is not None and not seen[nxt[chain[-1]]]:
            chain.append(nxt[chain[-1]])
            seen[chain[-1]] = True
        out.append(chain)
    if not all(seen):
        loop = [c for c in range(n) if not seen[c]]
        raise Contradiction(f"the links through {cell_name(puzzle, loop[0])} close a loop")
    return out


def chain_text(puzzle: Signpost, chain: list[int], limit: int = 8) -> str:
    """r1c1 → r1c3 → ... (shortened in the middle when long)."""
    names = [cell_name(puzzle, c) for c in chain]
    if len(names) > limit:
        names = [*names[: limit // 2], "…", *names[-limit // 2 :]]
    return " → ".join(names)
