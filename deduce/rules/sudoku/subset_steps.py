"""What the matching rules' findings say: the Hall sets of a unit (naked and hidden subsets)
and of a digit (fish), their names and weights, and their steps as a player reads them.

``matching.py`` finds the Hall sets; this module words them ("In row 4, the cells r4c1, r4c5
hold only 3, 7 between them, ...").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from deduce.puzzles.sudoku.model import Geometry, cell_name, symbol
from deduce.state import State
from deduce.step import Step

SUBSET_NAMES = {1: "single", 2: "pair", 3: "triple", 4: "quad"}
FISH_NAMES = {
    1: "one-line fish",
    2: "X-Wing",
    3: "swordfish",
    4: "jellyfish",
    5: "squirmbag",
    6: "whale",
    7: "leviathan",
}


def set_weight(weights: Mapping[str, float], beyond: float, kind: str, size: int) -> float:
    """The weight of a naked or hidden set of ``size`` the matching rule found: its own rule's
    (``weights``, by rule name); a set of one weighs as a naked single, a set beyond quads
    ``beyond`` (the first matching rule's weight) plus 0.1 a digit beyond five."""
    if size == 1:
        return weights["naked single"]
    if size > 4:
        return beyond + 0.1 * (size - 5)
    return weights[f"{kind} {SUBSET_NAMES[size]}"]


def fish_weight(weights: Mapping[str, float], beyond: float, size: int) -> float:
    """The weight of a fish of ``size`` lines the matching rule found: its own rule's
    (``weights``, by rule name); a fish of one line weighs as pointing, a fish beyond
    jellyfish ``beyond`` (the matching rule's weight) plus 0.1 a line beyond five."""
    if size == 1:
        return weights["pointing"]
    if size > 4:
        return beyond + 0.1 * (size - 5)
    return weights[FISH_NAMES[size]]


@attrs.frozen
class Finding:
    """One Hall set and what it eliminates.

    Units: ``kind`` is ``naked`` (``cells`` hold only ``digits``) or ``hidden`` (``digits`` fit
    only in ``cells``). Digits: ``kind`` is ``fish``; ``base`` lines hold the digit only in the
    ``cover`` lines (``lines`` says whether the base are rows or columns).
    """

    kind: str
    size: int
    where: str
    cells: tuple[int, ...]
    digits: tuple[int, ...]
    eliminations: tuple[tuple[int, int], ...]
    base: tuple[int, ...] = ()
    cover: tuple[int, ...] = ()
    lines: str = ""


def _names(geo: Geometry, cells: Iterable[int]) -> str:
    return ", ".join(cell_name(geo, c) for c in cells)


def digits_text(values: Iterable[int]) -> str:
    """The digits ``values`` as a sentence lists them: "3, 7"."""
    return ", ".join(symbol(v) for v in values)


def subset_step(state: State[Any], f: Finding, weight: float, named: bool = False) -> Step:
    """The step of a naked or hidden subset, weighing ``weight``; ``named`` says its kind in the sentence (for the
    matching rule, whose name does not)."""
    geo = state.puzzle.geo
    label = SUBSET_NAMES.get(f.size, f"set of {f.size}")
    where = f.where
    kind = f" (a {f.kind} {label})" if named else ""
    if f.kind == "naked":
        text = (
            f"In {where}, the cells {_names(geo, f.cells)} hold only {digits_text(f.digits)} between "
            f"them{kind}, so those digits leave the other cells of {where}: "
            f"{_elims(geo, f.eliminations)}."
        )
    else:
        text = (
            f"In {where}, the digits {digits_text(f.digits)} fit only in {_names(geo, f.cells)}"
            f"{kind}, so those cells hold no other digit: {_elims(geo, f.eliminations)}."
        )
    return Step(
        f"{f.kind} {label}" if f.size <= 4 else "unit matching",
        text,
        eliminations=f.eliminations,
        premises=f.cells,
        region=where,
        difficulty=weight,
    )


def _elims(geo: Geometry, elims: Iterable[tuple[int, int]]) -> str:
    return ", ".join(f"{cell_name(geo, c)}≠{symbol(d)}" for c, d in elims)


def fish_step(state: State[Any], f: Finding, weight: float, named: bool = False) -> Step:
    """The step of a fish, weighing ``weight``; ``named`` says which fish in the sentence (for the matching rule,
    whose name does not)."""
    geo = state.puzzle.geo
    name = FISH_NAMES.get(f.size, f"fish of size {f.size}")
    base_word, cover_word = ("columns", "rows") if f.lines == "cols" else ("rows", "columns")
    base = _and(str(x + 1) for x in f.base)
    cover = _and(str(x + 1) for x in f.cover)
    digit = symbol(f.digits[0])
    article = "an" if name[0] in "AEIaeiX" else "a"  # an X-Wing, a swordfish
    kind = f" ({article} {name} on {digit})" if named else ""
    text = (
        f"In {base_word} {base}, {digit} lies only in {cover_word} {cover}{kind}, so it leaves "
        f"the rest of those {cover_word}: {_elims(geo, f.eliminations)}."
    )
    return Step(
        name if f.size <= 4 else "digit matching",
        text,
        eliminations=f.eliminations,
        premises=f.cells,
        region=f"{base_word} {base}",
        difficulty=weight,
    )


def _and(words: Iterable[str]) -> str:
    items = list(words)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
