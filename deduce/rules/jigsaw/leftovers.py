"""The law of leftovers (Bob Harris's; SudokuWiki's name): a Jigsaw technique, over irregular
regions only.

A band of k neighbouring rows (or columns) holds every digit k times, and so do any k regions.
Take the k regions that lie most inside the band: they cover the band but for a few cells, the
**innies** (band cells in other regions), and stick out of it at as many cells, the
**outies**. Taking the cells both share away from both sides, the innies hold the same digits
as the outies, counted with repeats. So an innie keeps only digits some outie can still hold,
and an outie only digits some innie can; one innie and one outie hold the same digit.

The bands, their regions and their leftovers depend on the regions alone: they are worked out
once a grid shape (kept in ``Geometry.memo``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import Any

import attrs

from deduce.errors import Contradiction
from deduce.journal import look, touch_of
from deduce.puzzles.sudoku.model import Geometry, cell_name, symbol
from deduce.state import State, bits
from deduce.step import Step

#: The rule's name, as its table row and its steps give it.
NAME = "law of leftovers"
#: The most innies (and outies) a step compares: more are too many to read the digits of.
MOST = 3


@attrs.frozen
class Leftovers:
    """A band of neighbouring lines, the regions lying most inside it, and the cells where
    the two differ: ``innies`` in the band, ``outies`` outside it."""

    band: str
    lines: int
    regions: str
    innies: tuple[int, ...]
    outies: tuple[int, ...]


def leftovers(geo: Geometry) -> tuple[tuple[Leftovers, ...], tuple[int, ...]]:
    """Every band's leftovers of one to ``MOST`` cells a side (each pair once, from its
    narrowest band), fewest cells first, and for every cell the mask of those it is in."""
    kept: tuple[tuple[Leftovers, ...], tuple[int, ...]] | None = geo.memo.get(NAME)
    if kept is None:
        found: dict[frozenset[tuple[int, ...]], Leftovers] = {}
        for band, cells in _bands(geo):
            for left in _of_band(geo, band, cells):
                found.setdefault(frozenset((left.innies, left.outies)), left)
        ordered = tuple(
            sorted(found.values(), key=lambda x: (len(x.innies), x.lines, x.innies, x.outies))
        )
        touch = touch_of([x.innies + x.outies for x in ordered], geo.n * geo.n)
        kept = geo.memo[NAME] = (ordered, tuple(touch))
    return kept


def _bands(geo: Geometry) -> Iterator[tuple[str, frozenset[int]]]:
    n = geo.n
    for first, word in ((0, "row"), (n, "column")):
        for size in range(1, n):
            for start in range(n - size + 1):
                cells = frozenset(
                    c for u in range(start, start + size) for c in geo.units[first + u]
                )
                name = geo.unit_names[first + start]
                yield (name if size == 1 else f"{word}s {start + 1}-{start + size}"), cells


def _of_band(geo: Geometry, band: str, cells: frozenset[int]) -> Iterator[Leftovers]:
    """The leftovers of ``band`` for each choice of its most-inside regions (a tie for the
    last place gives several)."""
    n, lines = geo.n, len(cells) // geo.n
    inside = {k: len(cells.intersection(geo.boxes[k])) for k in range(n)}
    order = sorted(range(n), key=lambda k: -inside[k])
    last = inside[order[lines - 1]]
    sure = [k for k in order if inside[k] > last]
    tied = [k for k in order if inside[k] == last]
    if n * lines - sum(inside[k] for k in order[:lines]) > MOST:
        return
    for chosen in combinations(tied, lines - len(sure)):
        regions = sorted((*sure, *chosen))
        covered = {c for k in regions for c in geo.boxes[k]}
        innies = tuple(sorted(cells - covered))
        if innies:
            outies = tuple(sorted(covered - cells))
            yield Leftovers(band, lines, _regions(geo, regions), innies, outies)


def _regions(geo: Geometry, regions: Sequence[int]) -> str:
    """``region 4`` or ``regions 4, 5 and 6``."""
    names = [geo.unit_names[2 * geo.n + k] for k in regions]
    if len(names) == 1:
        return names[0]
    word = names[0].rsplit(" ", 1)[0]
    return f"{word}s {_and([name.rsplit(' ', 1)[1] for name in names])}"


def law_of_leftovers(state: State[Any], weight: float = 0.0) -> Iterator[Step]:
    """Innies keep only the digits some outie can hold, and outies those some innie can."""
    geo: Geometry = state.puzzle.geo
    if geo.regions is None:
        return
    found, touch = leftovers(geo)
    seen = look(state, NAME, touch)
    domains, fixed = state.domains, state.fixed
    for index, left in enumerate(found):
        if seen.clean >> index & 1:
            continue
        gone = [
            *_beyond(domains, fixed, left.innies, left.outies),
            *_beyond(domains, fixed, left.outies, left.innies),
        ]
        if not gone:
            seen.clean |= 1 << index
            continue
        for cell in {c for c, _ in gone}:
            if not domains[cell] & ~sum(1 << d for c, d in gone if c == cell):
                raise Contradiction(
                    f"{cell_name(geo, cell)} can hold no digit of the other side of "
                    f"{left.band}'s leftovers"
                )
        yield Step(
            NAME,
            _sentence(geo, left, gone),
            eliminations=tuple(gone),
            premises=left.innies + left.outies,
            region=left.band,
            difficulty=weight,
        )


def _beyond(
    domains: Sequence[int], fixed: Sequence[bool], cells: Sequence[int], other: Sequence[int]
) -> list[tuple[int, int]]:
    """The candidates of the open ``cells`` that no cell of ``other`` can hold."""
    allowed = 0
    for c in other:
        allowed |= domains[c]
    return [(c, d) for c in cells if not fixed[c] for d in bits(domains[c] & ~allowed)]


#: How often k lines (or k regions) hold every digit.
_TIMES = dict(enumerate(("once", "twice", "three times", "four times", "five times"), 1))


def _sentence(geo: Geometry, left: Leftovers, gone: Sequence[tuple[int, int]]) -> str:
    one, single = len(left.innies) == 1, left.lines == 1
    times = _TIMES.get(left.lines, f"{left.lines} times")
    innies = ", ".join(cell_name(geo, c) for c in left.innies)
    outies = ", ".join(cell_name(geo, c) for c in left.outies)
    which = "which covers it" if single else "which cover them"
    stick = "sticks" if single else "stick"
    same = (
        f"so {innies} and {outies} hold the same digit"
        if one
        else f"so {innies} hold the same digits as {outies}, and a digit one side cannot "
        "hold leaves the other"
    )
    return (
        f"Law of leftovers: {left.band} {'holds' if single else 'hold'} every digit {times}, "
        f"and so {'does' if single else 'do'} {left.regions}, {which} but for {innies} and "
        f"{stick} out {'only ' if one else ''}at {outies}; {same}: {_losses(geo, gone)}."
    )


def _losses(geo: Geometry, gone: Sequence[tuple[int, int]]) -> str:
    """``r1c1 loses 4 and 7, r3c2 loses 5``: the eliminations, cell by cell."""
    by_cell: dict[int, list[int]] = {}
    for cell, d in gone:
        by_cell.setdefault(cell, []).append(d)
    return ", ".join(
        f"{cell_name(geo, c)} loses {_and([symbol(d) for d in ds])}" for c, ds in by_cell.items()
    )


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"
