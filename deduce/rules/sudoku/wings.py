"""Wings: three or four cells that together put one digit in one of two (or three) places.

- **XY-Wing** (weighed as in Sudoku Explainer; HoDoKu 160): a pivot holding only ``x`` or ``y`` sees
  two pincers holding only ``x``/``z`` and ``y``/``z``. Whichever digit the pivot takes, one
  pincer is left with ``z``, so ``z`` leaves every cell that sees both pincers. (The shortest
  XY-Chain, found before any chain.)
- **XYZ-Wing** (weighed as in SE; HoDoKu 180): the pivot holds ``x``, ``y`` or ``z``, the pincers
  ``x``/``z`` and ``y``/``z``: one of the three cells is ``z``, so ``z`` leaves the cells that
  see all three.
- **W-Wing** (weighed as in Sukaku Explainer; HoDoKu 150): two cells holding only ``x`` or ``y`` that do
  not see each other, and a unit where ``x`` has two places, one seeing each cell. They cannot
  both be ``x`` (the unit would lose its ``x``), so one of them is ``y``, and ``y`` leaves the
  cells that see both.

Each rule yields its patterns cell by cell, one step per pattern.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from deduce.puzzles.sudoku.model import Geometry, Sudoku, cell_name, symbol
from deduce.rules.sudoku.graphs import join_elims
from deduce.rules.sudoku.links import (
    STRONG,
    WEAK,
    either,
    eliminations,
    holders,
    open_bivalue,
    seen_by_all,
)
from deduce.state import State, bits, single_value
from deduce.step import Step


def xy_wings(state: State[Sudoku]) -> Iterator[Step]:
    """Pivot ``x|y`` seeing pincers ``x|z`` and ``y|z``: ``z`` leaves the cells seeing both pincers."""
    geo: Geometry = state.puzzle.geo
    domains = state.domains
    peers = geo.peer_masks
    where = holders(state)
    bivalue = open_bivalue(state)
    for pivot in bivalue:
        dp = domains[pivot]
        pincers = [
            c for c in bivalue if peers[pivot] >> c & 1 and (domains[c] & dp).bit_count() == 1
        ]
        for i, a in enumerate(pincers):
            for b in pincers[i + 1 :]:
                z = domains[a] & ~dp
                if domains[b] & ~dp != z or domains[a] & dp == domains[b] & dp:
                    continue
                digit = single_value(z)
                targets = seen_by_all(geo, (a, b)) & where[digit]
                if targets:
                    yield _xy_step(state, pivot, a, b, digit, targets)


def _xy_step(state: State[Sudoku], pivot: int, a: int, b: int, z: int, targets: int) -> Step:
    geo: Geometry = state.puzzle.geo
    domains = state.domains
    x, y = single_value(domains[a] & domains[pivot]), single_value(domains[b] & domains[pivot])
    elims = eliminations(targets, z)
    p, na, nb = cell_name(geo, pivot), cell_name(geo, a), cell_name(geo, b)
    return Step(
        "XY-Wing",
        f"{p} holds only {symbol(x)} or {symbol(y)} and sees {na} ({symbol(x)} or {symbol(z)}) "
        f"and {nb} ({symbol(y)} or {symbol(z)}): if {p} is {symbol(x)}, {na} is {symbol(z)}; "
        f"if it is {symbol(y)}, {nb} is {symbol(z)}. So {symbol(z)} is in {na} or {nb} and "
        f"leaves the cells that see both: {join_elims(geo, elims)}.",
        eliminations=elims,
        premises=(pivot, a, b),
        links=((pivot, a), (pivot, b)),
        link_labels=(symbol(x), symbol(y)),
        link_kinds=(WEAK, WEAK),
        region=p,
    )


def xyz_wings(state: State[Sudoku]) -> Iterator[Step]:
    """Pivot ``x|y|z`` seeing pincers ``x|z`` and ``y|z``: ``z`` leaves the cells seeing all three."""
    geo: Geometry = state.puzzle.geo
    domains, fixed = state.domains, state.fixed
    peers = geo.peer_masks
    where = holders(state)
    bivalue = open_bivalue(state)
    for pivot, dp in enumerate(domains):
        if fixed[pivot] or dp.bit_count() != 3:
            continue
        pincers = [c for c in bivalue if peers[pivot] >> c & 1 and domains[c] & ~dp == 0]
        for i, a in enumerate(pincers):
            for b in pincers[i + 1 :]:
                z = domains[a] & domains[b]
                if z.bit_count() != 1:
                    continue
                digit = single_value(z)
                targets = seen_by_all(geo, (pivot, a, b)) & where[digit]
                if targets:
                    yield _xyz_step(state, pivot, a, b, digit, targets)


def _xyz_step(state: State[Sudoku], pivot: int, a: int, b: int, z: int, targets: int) -> Step:
    geo: Geometry = state.puzzle.geo
    domains = state.domains
    x = single_value(domains[a] & ~(1 << z))
    y = single_value(domains[b] & ~(1 << z))
    elims = eliminations(targets, z)
    p, na, nb = cell_name(geo, pivot), cell_name(geo, a), cell_name(geo, b)
    zs = symbol(z)
    return Step(
        "XYZ-Wing",
        f"{p} holds only {either(bits(domains[pivot]))} and sees {na} ({symbol(x)} or {zs}) and "
        f"{nb} ({symbol(y)} or {zs}): if {p} is {symbol(x)}, {na} is {zs}; if it is "
        f"{symbol(y)}, {nb} is {zs}. So {zs} is in one of the three and leaves the cells that "
        f"see all three: {join_elims(geo, elims)}.",
        eliminations=elims,
        premises=(pivot, a, b),
        links=((pivot, a), (pivot, b)),
        link_labels=(symbol(x), symbol(y)),
        link_kinds=(WEAK, WEAK),
        region=p,
    )


def w_wings(state: State[Sudoku]) -> Iterator[Step]:
    """Two ``x|y`` cells apart, joined by a strong link on ``x``: ``y`` leaves the cells seeing both."""
    geo: Geometry = state.puzzle.geo
    domains = state.domains
    peers = geo.peer_masks
    where = holders(state)
    units = geo.unit_masks
    bivalue = open_bivalue(state)
    for i, a in enumerate(bivalue):
        for b in bivalue[i + 1 :]:
            if domains[a] != domains[b] or peers[a] >> b & 1:
                continue
            for x in bits(domains[a]):
                y = single_value(domains[a] & ~(1 << x))
                targets = seen_by_all(geo, (a, b)) & where[y]
                if not targets:
                    continue
                link = _bridge(geo, units, where[x], a, b)
                if link is not None:
                    yield _w_step(state, a, b, x, y, link, targets)
                    break


def _bridge(
    geo: Geometry, units: Sequence[int], places: int, a: int, b: int
) -> tuple[int, int, int] | None:
    """A unit (index) where the digit's two places ``p``, ``q`` see ``a`` and ``b`` in turn:
    ``(unit, p, q)``, the first such in unit order; None when there is none."""
    peers = geo.peer_masks
    ends = (1 << a) | (1 << b)
    for index, mask in enumerate(units):
        here = places & mask
        if here.bit_count() != 2 or here & ends:
            continue
        p, q = bits(here)
        if peers[p] >> a & 1 and peers[q] >> b & 1:
            return index, p, q
        if peers[p] >> b & 1 and peers[q] >> a & 1:
            return index, q, p
    return None


def _w_step(
    state: State[Sudoku], a: int, b: int, x: int, y: int, link: tuple[int, int, int], targets: int
) -> Step:
    geo: Geometry = state.puzzle.geo
    unit, p, q = link
    elims = eliminations(targets, y)
    na, nb, np_, nq = (cell_name(geo, c) for c in (a, b, p, q))
    xs, ys = symbol(x), symbol(y)
    name = geo.unit_names[unit]
    return Step(
        "W-Wing",
        f"{na} and {nb} both hold only {xs} or {ys}. In {name}, {xs} can only go in {np_} "
        f"or {nq}, which see {na} and {nb} in turn, so {na} and {nb} cannot both be {xs}: "
        f"one of them is {ys}, and {ys} leaves the cells that see both: "
        f"{join_elims(geo, elims)}.",
        eliminations=elims,
        premises=(a, p, q, b),
        links=((a, p), (p, q), (q, b)),
        link_labels=(xs, xs, xs),
        link_kinds=(WEAK, STRONG, WEAK),
        region=name,
    )
