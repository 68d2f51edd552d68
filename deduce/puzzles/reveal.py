"""Making puzzles from a known solution: reveal clues until the puzzle is settled, then take
away every clue it can do without.

Shared by the generators of the families whose clues are numbers of a known numbering
(Signpost, Numbrix, Hidato): the family draws a random solution, this module picks which of
its numbers to give. Whether a set of clues is good enough is decided by the engine itself
(a solve), so a puzzle's fairness and level are the ones ``deduce rate`` reports.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Sequence
from typing import Any

from deduce.errors import ParseError
from deduce.family import Family
from deduce.puzzles.generating import solve
from deduce.rule import Rule
from deduce.solving import Result


def parse_size(size: str | None, default: tuple[int, int], largest: int) -> tuple[int, int]:
    """``"7x5"`` (width x height) as ``(7, 5)``; ``default`` when not given."""
    if not size:
        return default
    try:
        w, h = (int(x) for x in size.lower().split("x"))
    except ValueError:
        raise ParseError(f"bad size {size!r}: expected WxH, e.g. 5x5") from None
    if not (2 <= w <= largest and 2 <= h <= largest):
        raise ParseError(f"bad size {size!r}: each side must be 2 to {largest}")
    return w, h


def reveal_and_prune(
    text_of: Callable[[dict[int, int]], str],
    family: Family[Any],
    number: dict[int, int],
    rng: random.Random,
    givens: dict[int, int],
    enough: Callable[[Result], bool],
    keep: Callable[[Result], bool],
    fixed: Collection[int] = (),
    guess: bool = False,
    max_nodes: int = 20000,
    prune_guess: bool | None = None,
    rules: Sequence[Rule] | None = None,
) -> dict[int, int]:
    """Clues (cell -> number) for the solution ``number``.

    Starting from ``givens``, random cells' numbers are revealed until ``enough`` holds for
    a solve of the puzzle; then each clue (other than the cells in ``fixed``), in random
    order, is taken away when ``keep`` still holds without it. ``text_of`` writes a puzzle
    from its clues; ``guess`` (whether a solve may search) and ``max_nodes`` are passed to
    every solve, ``prune_guess`` (default ``guess``) instead to the solves of the pruning;
    ``rules`` (default the family's) are the rules every solve here uses: where the clues
    are only asked to give one solution, search's cheaper rules tell that as well.
    """
    cells = sorted(number)
    givens = dict(givens)
    while True:
        result = solve(text_of(givens), family, guess=guess, max_nodes=max_nodes, rules=rules)
        hidden = [c for c in cells if c not in givens]
        if enough(result) or not hidden:
            break
        cell = rng.choice(hidden)
        givens[cell] = number[cell]
    removable = [c for c in givens if c not in fixed]
    rng.shuffle(removable)
    prune_guess = guess if prune_guess is None else prune_guess
    for cell in removable:
        trial = {c: v for c, v in givens.items() if c != cell}
        pruned = solve(text_of(trial), family, guess=prune_guess, max_nodes=max_nodes, rules=rules)
        if keep(pruned):
            givens = trial
    return givens
