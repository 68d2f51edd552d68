"""Uniqueness techniques: patterns that would leave a puzzle two solutions, avoided.

They are sound only for a puzzle with exactly one solution, so every rule here is registered
with ``assumes_unique`` (the engine uses them only when the caller knows the puzzle has one:
``deduce.solve`` counts the solutions first) and every sentence says so.

- **Unique Rectangle** (Sudoku Explainer's weight, type 3 0.1 more per digit of its naked
  set beyond the first; HoDoKu 100): four open cells at the corners of a rectangle, in two rows,
  two columns and two boxes, all holding two digits ``x`` and ``y``. Were the four cells left
  with only ``x`` and ``y``, they could swap them and the puzzle would have two solutions.
  Type 1: three corners hold only ``x``/``y``, so the fourth is neither. Type 2: the two
  corners of one side hold only ``x``/``y`` and the other two one same extra digit ``z``: one
  of them is ``z``, which leaves the cells seeing both. Type 3: the extra digits of the other
  two, with other cells of a unit they share, make a naked set. Type 4: one of ``x``/``y`` has
  no other place in a unit the other two share, so they cannot hold the other one.
- **BUG+1** (weighed as in Sudoku Explainer; HoDoKu 100): every open cell holds two digits but one, which holds
  three, and each digit is a candidate twice or not at all in every row, column and box but
  for one digit in that cell's units: a grid of two-candidate cells, each twice per unit (a
  bivalue universal grave), has no solution or several, so the cell holds that digit.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import combinations

import attrs

from deduce.memo import per_version
from deduce.puzzles.sudoku.model import Geometry, Sudoku, cell_name, symbol
from deduce.rules.sudoku.graphs import join_elims
from deduce.rules.sudoku.links import either, holders, names, seen_by_all
from deduce.state import State, bits, single_value
from deduce.step import Step

#: Opening every uniqueness sentence: the reason is an assumption, and it has been checked.
ASSUMING = "The puzzle has one solution (checked by search), which this uses:"


def rectangles(state: State[Sudoku]) -> list[tuple[tuple[int, int, int, int], int]]:
    """The grid's rectangles (see ``_rectangles``), found once for the four rules that ask."""
    return per_version(state, "unique rectangles", _rectangles)


def _rectangles(state: State[Sudoku]) -> list[tuple[tuple[int, int, int, int], int]]:
    """Open rectangles ``((top-left, top-right, bottom-left, bottom-right), x|y mask)`` in two
    rows, two columns and two boxes, whose four corners hold ``x`` and ``y`` and two corners
    of one side hold nothing else (every type needs such a side), in order of their corners.

    Found from those sides: two cells of a row (column) holding only ``x`` and ``y``, and the
    two cells facing them in another row (column)."""
    geo: Geometry = state.puzzle.geo
    n = geo.n
    domains, fixed = state.domains, state.fixed
    found: set[tuple[tuple[int, int, int, int], int]] = set()
    for lines, across in ((geo.rows, n), (geo.cols, 1)):
        for line in lines:
            pairs: dict[int, list[int]] = {}
            for c in line:
                if not fixed[c] and domains[c].bit_count() == 2:
                    pairs.setdefault(domains[c], []).append(c)
            for pair, cells in pairs.items():
                for a, b in combinations(cells, 2):
                    for far in _facing(geo, a, b, across):
                        c, d = far
                        if fixed[c] or fixed[d] or domains[c] & pair != pair:
                            continue
                        if domains[d] & pair == pair:
                            corners = tuple(sorted((a, b, c, d)))
                            found.add((corners, pair))  # type: ignore[arg-type]  # four corners
    return sorted(found)


def _facing(geo: Geometry, a: int, b: int, across: int) -> Iterator[tuple[int, int]]:
    """The pairs of cells facing ``a`` and ``b`` (which share a row when ``across`` is N, a
    column when it is 1) in every other row (column) such that the four cells lie in exactly
    two boxes."""
    n = geo.n
    same_box = geo.box_of(a) == geo.box_of(b)
    for k in range(n):
        shift = (k - (a // across) % n) * across
        if not shift:
            continue
        c, d = a + shift, b + shift
        if (geo.box_of(c) == geo.box_of(a)) != same_box:
            yield c, d


def _sides(corners: tuple[int, int, int, int]) -> tuple[tuple[int, int], ...]:
    """The four sides of a rectangle (pairs of corners sharing a row or a column)."""
    tl, tr, bl, br = corners
    return ((tl, tr), (bl, br), (tl, bl), (tr, br))


def _opposite(corners: tuple[int, int, int, int], side: tuple[int, int]) -> tuple[int, int]:
    """The two corners not on ``side``, in the same order (each faces one of ``side``)."""
    tl, tr, bl, br = corners
    facing = (
        {tl: bl, tr: br, bl: tl, br: tr}
        if side in ((tl, tr), (bl, br))
        else {tl: tr, tr: tl, bl: br, br: bl}
    )
    return facing[side[0]], facing[side[1]]


def _opening(geo: Geometry, corners: tuple[int, int, int, int], pair: int) -> str:
    xs, ys = (symbol(v) for v in bits(pair))
    return (
        f"{ASSUMING} {names(geo, corners)} are open corners of a rectangle in two boxes, all "
        f"holding {xs} and {ys}; were they left with only {xs} and {ys}, they could swap them "
        f"and the puzzle would have two solutions."
    )


def _step(
    state: State[Sudoku],
    rule: str,
    corners: tuple[int, int, int, int],
    pair: int,
    text: str,
    elims: Sequence[tuple[int, int]],
    extra: Iterable[int] = (),
) -> Step:
    geo: Geometry = state.puzzle.geo
    tl, tr, bl, br = corners
    label = "".join(symbol(v) for v in bits(pair))
    return Step(
        rule,
        f"{_opening(geo, corners, pair)} {text}: {join_elims(geo, elims)}.",
        eliminations=tuple(elims),
        premises=tuple(dict.fromkeys((*corners, *extra))),
        links=((tl, tr), (tr, br), (br, bl), (bl, tl)),
        link_labels=(label,) * 4,
        region=names(geo, corners),
    )


def type_1(state: State[Sudoku]) -> Iterator[Step]:
    """Three corners hold only ``x``/``y``: the fourth loses both."""
    geo: Geometry = state.puzzle.geo
    domains = state.domains
    for corners, pair in rectangles(state):
        extra = [c for c in corners if domains[c] != pair]
        if len(extra) == 1:
            roof = extra[0]
            elims = [(roof, v) for v in bits(pair)]
            yield _step(
                state,
                "Unique Rectangle type 1",
                corners,
                pair,
                f"Three of them hold nothing else, so {cell_name(geo, roof)} is neither",
                elims,
            )


def _floors(
    state: State[Sudoku], corners: tuple[int, int, int, int], pair: int
) -> Iterator[tuple[tuple[int, int], tuple[int, int]]]:
    """``(floor, roof)`` sides: the floor's two corners hold only ``x``/``y``, the roof's two
    hold more."""
    domains = state.domains
    for side in _sides(corners):
        roof = _opposite(corners, side)
        if all(domains[c] == pair for c in side) and all(domains[c] != pair for c in roof):
            yield side, roof


def type_2(state: State[Sudoku]) -> Iterator[Step]:
    """The roof's two corners hold one same extra digit ``z``: ``z`` leaves cells seeing both."""
    geo: Geometry = state.puzzle.geo
    domains = state.domains
    where = holders(state)
    for corners, pair in rectangles(state):
        for _floor, roof in _floors(state, corners, pair):
            extra = domains[roof[0]] & ~pair
            if extra != domains[roof[1]] & ~pair or extra.bit_count() != 1:
                continue
            z = single_value(extra)
            targets = seen_by_all(geo, roof) & where[z]
            if targets:
                a, b = (cell_name(geo, c) for c in roof)
                yield _step(
                    state,
                    "Unique Rectangle type 2",
                    corners,
                    pair,
                    f"{a} and {b} hold only these and {symbol(z)}, so one of them is "
                    f"{symbol(z)}, and {symbol(z)} leaves the cells that see both",
                    [(c, z) for c in bits(targets)],
                )


def _shared_units(geo: Geometry, a: int, b: int) -> list[int]:
    """Indices (into ``geo.units``) of the units holding both ``a`` and ``b``."""
    return [i for i, unit in enumerate(geo.units) if a in unit and b in unit]


def type_3(state: State[Sudoku], base: float) -> Iterator[Step]:
    """The roof's extra digits with ``k - 1`` other cells of a unit make a naked set of ``k``:
    a step weighs ``base`` plus 0.1 a digit of the set beyond the first."""
    geo: Geometry = state.puzzle.geo
    domains, fixed = state.domains, state.fixed
    for corners, pair in rectangles(state):
        for _floor, roof in _floors(state, corners, pair):
            extra = (domains[roof[0]] | domains[roof[1]]) & ~pair
            if extra.bit_count() < 2:
                continue
            for index in _shared_units(geo, *roof):
                others = [c for c in geo.units[index] if not fixed[c] and c not in roof]
                found = _naked_set(domains, others, extra)
                if found is None:
                    continue
                cells, digits = found
                elims = [
                    (c, v) for c in others if c not in cells for v in bits(domains[c] & digits)
                ]
                if not elims:
                    continue
                a, b = (cell_name(geo, c) for c in roof)
                step = _step(
                    state,
                    "Unique Rectangle type 3",
                    corners,
                    pair,
                    f"So {a} or {b} holds one of its other digits ({either(bits(extra))}); with "
                    f"{names(geo, cells)} in {geo.unit_names[index]} they make a naked set of "
                    f"{either(bits(digits))}, which leaves the rest of {geo.unit_names[index]}",
                    elims,
                    cells,
                )
                yield _with_difficulty(step, base + 0.1 * (digits.bit_count() - 1))


def _with_difficulty(step: Step, weight: float) -> Step:
    return attrs.evolve(step, difficulty=round(weight, 1))


def _naked_set(
    domains: list[int], others: list[int], extra: int
) -> tuple[tuple[int, ...], int] | None:
    """The smallest set of cells among ``others`` whose digits with ``extra`` number one more
    than the cells (a naked set with the roof as one more cell), as ``(cells, digits)``."""
    for size in range(1, min(len(others), 4)):
        for cells in combinations(others, size):
            digits = extra
            for c in cells:
                digits |= domains[c]
            if digits.bit_count() == size + 1 and len(others) > size:
                return cells, digits
    return None


def type_4(state: State[Sudoku]) -> Iterator[Step]:
    """``x`` has no place but the roof in a unit the roof shares: the roof loses ``y``."""
    geo: Geometry = state.puzzle.geo
    where = holders(state)
    for corners, pair in rectangles(state):
        for _floor, roof in _floors(state, corners, pair):
            both = (1 << roof[0]) | (1 << roof[1])
            for x in bits(pair):
                y = single_value(pair & ~(1 << x))
                unit = next(
                    (i for i in _shared_units(geo, *roof) if _places(geo, i, where[x]) == both),
                    None,
                )
                if unit is None:
                    continue
                a, b = (cell_name(geo, c) for c in roof)
                yield _step(
                    state,
                    "Unique Rectangle type 4",
                    corners,
                    pair,
                    f"In {geo.unit_names[unit]}, {symbol(x)} can only go in {a} or {b}, so one "
                    f"of them is {symbol(x)} and neither may be {symbol(y)}",
                    [(roof[0], y), (roof[1], y)],
                )
                break


def _places(geo: Geometry, index: int, mask: int) -> int:
    return sum(1 << c for c in geo.units[index] if mask >> c & 1)


def bug_plus_one(state: State[Sudoku]) -> Iterator[Step]:
    """All open cells two-candidate but one with three, each digit twice per unit but one: it
    goes in that cell."""
    geo: Geometry = state.puzzle.geo
    domains, fixed = state.domains, state.fixed
    triple = None
    for cell, d in enumerate(domains):
        if fixed[cell]:
            continue
        count = d.bit_count()
        if count == 3 and triple is None:
            triple = cell
        elif count != 2:
            return
    if triple is None:
        return
    where = holders(state)
    odd = 0
    for unit in geo.units:
        mask = sum(1 << c for c in unit)
        for v in range(1, geo.n + 1):
            count = (where[v] & mask).bit_count()
            if count == 3 and mask >> triple & 1 and domains[triple] >> v & 1:
                odd |= 1 << v
            elif count not in (0, 2):
                return
    if odd.bit_count() != 1:
        return
    digit = single_value(odd)
    name = cell_name(geo, triple)
    yield Step(
        "BUG+1",
        f"{ASSUMING} every open cell but {name} holds two candidates, and every digit is a "
        f"candidate twice or not at all in each row, column and box, but for {symbol(digit)} "
        f"three times in each of those of {name}. Were {name} not {symbol(digit)}, that would "
        f"hold everywhere (a bivalue universal grave), and such a grid has no solution or "
        f"several; so {name} = {symbol(digit)}.",
        placements=((triple, digit),),
        premises=(triple,),
        region=name,
    )
