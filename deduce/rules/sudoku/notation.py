"""Chains written as the chain literature writes them (Eureka notation, as HoDoKu prints it).

A chain is a sequence of candidates ``(cell, digit)`` joined by links: ``=`` a **strong**
link (one of the two candidates holds), ``-`` a **weak** link (not both hold). Consecutive
candidates in one cell share its name: ``(5)r1c1=(5)r1c7-(5)r3c9`` is an X-Chain,
``(5=6)r1c1-(6=7)r1c5-(7=5)r3c5`` an XY-Chain, ``(4)r1c1=(4-7)r1c5=(7)r3c5`` an AIC. Every
Sudoku chain rule writes its chains here, so a link reads the same in all of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from deduce.puzzles.sudoku.model import Geometry, cell_name, symbol

#: The sign of each kind of link.
SIGNS = {"strong": "=", "weak": "-"}


def eureka(geo: Geometry, candidates: Sequence[tuple[int, int]], kinds: Sequence[str]) -> str:
    """``(5)r1c1=(5)r1c7-(5)r3c9``: ``candidates`` joined by links of ``kinds`` (``strong`` or
    ``weak``, one fewer than the candidates)."""
    if len(kinds) != len(candidates) - 1:
        raise ValueError("a chain has one link fewer than candidates")
    out: list[str] = []
    digits = [symbol(candidates[0][1])]
    for (cell, _), (after, digit), kind in zip(candidates[:-1], candidates[1:], kinds, strict=True):
        if after == cell:
            digits.append(SIGNS[kind] + symbol(digit))
            continue
        out.append(f"({''.join(digits)}){cell_name(geo, cell)}{SIGNS[kind]}")
        digits = [symbol(digit)]
    out.append(f"({''.join(digits)}){cell_name(geo, candidates[-1][0])}")
    return "".join(out)


def bivalue_chain(
    cells: Sequence[tuple[int, int | None]], first: int, last: int
) -> tuple[list[tuple[int, int]], list[str]]:
    """The candidates and links of a chain of two-candidate cells: ``cells`` as
    ``graphs.chain_cells`` gives them (each with the digit of the weak link leaving it),
    ``first`` the digit the first cell is entered by, ``last`` the digit the last cell
    leaves by. Each cell is a strong link between its two digits."""
    candidates: list[tuple[int, int]] = []
    kinds: list[str] = []
    entering = first
    for i, (cell, leaving) in enumerate(cells):
        out = last if i == len(cells) - 1 else leaving
        assert out is not None, "only the last cell of a chain has no link leaving it"
        if kinds:
            kinds.append("weak")
        candidates += [(cell, entering), (cell, out)]
        kinds.append("strong")
        entering = out
    return candidates, kinds


def bilocation_chain(
    cells: Sequence[tuple[int, int | None]],
) -> tuple[list[tuple[int, int]], list[str]]:
    """The candidates and links of a chain of strong links: ``cells`` as
    ``graphs.chain_cells`` gives them (each with the digit of the strong link leaving it);
    between two links on different digits a cell is a weak link from the digit it is reached
    by to the one it is left by."""
    candidates: list[tuple[int, int]] = []
    kinds: list[str] = []
    for (cell, digit), (after, _) in pairwise(cells):
        assert digit is not None, "only the last cell of a chain has no link leaving it"
        if not candidates:
            candidates.append((cell, digit))
        elif candidates[-1][1] != digit:
            candidates.append((cell, digit))
            kinds.append("weak")
        candidates.append((after, digit))
        kinds.append("strong")
    return candidates, kinds


def bivalue_from(
    cells: Sequence[tuple[int, int | None]], last: int
) -> tuple[list[tuple[int, int]], list[str]]:
    """A chain of two-candidate cells from the supposition that its first cell holds the
    digit of its first link (``(5)r1c1-(5=7)r1c4-(7=2)r2c5``), ``last`` the digit its last
    cell is left with."""
    start, digit = cells[0]
    assert digit is not None, "a chain from a supposition has a link"
    candidates, kinds = bivalue_chain(cells[1:], digit, last)
    return [(start, digit), *candidates], ["weak", *kinds]


def closed(
    chain: tuple[list[tuple[int, int]], list[str]], candidate: tuple[int, int]
) -> tuple[list[tuple[int, int]], list[str]]:
    """``chain`` with a weak link on to ``candidate`` (a loop closing on its first cell)."""
    candidates, kinds = chain
    return [*candidates, candidate], [*kinds, "weak"]
