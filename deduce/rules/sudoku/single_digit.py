"""Single-digit patterns: the short X-chains players know by their shape.

Each is two strong links of one digit ``d`` (a unit where ``d`` has two places) whose inner
ends see each other: they cannot both be ``d``, so one of the outer ends is, and ``d`` leaves
every cell that sees both outer ends. The shape gives the name (Sudoku Explainer, HoDoKu):

- **Skyscraper** (weighed as in Sukaku Explainer; HoDoKu 130): two strong links in parallel rows (or
  columns) whose inner ends share a column (row).
- **2-String Kite** (4.1, HoDoKu 150): a strong link in a row and one in a column whose inner
  ends share a box.
- **Turbot Fish** (4.2, HoDoKu 120): any other such pair of strong links, one of them in a box
  or joined through a box.
- **Empty Rectangle** (HoDoKu 120, after the Turbot Fish; Sudoku Explainer has none): in a box,
  ``d`` lies only in one row and one column (the rest of the box is the empty rectangle), and a
  line outside the box holds ``d`` in two places, one in that row (or column): the box plays
  the part of a strong link between its row and column.

Each rule yields its patterns digit by digit, one step per pattern; a digit found without one
is looked at again only once one of its places is gone (``deduce.journal.look_by_value``).
"""

from __future__ import annotations

from collections.abc import Iterator

from deduce.journal import look_by_value
from deduce.puzzles.sudoku.model import Geometry, Sudoku, cell_name, symbol
from deduce.rules.sudoku.graphs import join_elims
from deduce.rules.sudoku.links import (
    BOX,
    COLUMN,
    ROW,
    STRONG,
    WEAK,
    StrongLink,
    common_unit,
    eliminations,
    grid_links,
    unit_kind,
)
from deduce.state import State
from deduce.step import Step

SKYSCRAPER, KITE, TURBOT = "Skyscraper", "2-String Kite", "Turbot Fish"


def _shape(geo: Geometry, first: StrongLink, second: StrongLink, a2: int, b2: int) -> str:
    """What players call two strong links joined at their inner ends ``a2`` and ``b2``."""
    kinds1 = {unit_kind(geo, u) for u in first.units}
    kinds2 = {unit_kind(geo, u) for u in second.units}
    same_row, same_col = geo.row_of(a2) == geo.row_of(b2), geo.col_of(a2) == geo.col_of(b2)
    if (ROW in kinds1 and ROW in kinds2 and same_col) or (
        COLUMN in kinds1 and COLUMN in kinds2 and same_row
    ):
        return SKYSCRAPER
    crossed = (ROW in kinds1 and COLUMN in kinds2) or (COLUMN in kinds1 and ROW in kinds2)
    if crossed and geo.box_of(a2) == geo.box_of(b2):
        return KITE
    return TURBOT


def _link_unit(geo: Geometry, link: StrongLink, shape: str) -> int:
    """The unit to name for a link of a pattern of ``shape`` (a line for the line shapes)."""
    if shape != TURBOT:
        return next(u for u in link.units if unit_kind(geo, u) != BOX)
    return link.units[0]


#: One single-digit pattern: its shape, its two strong links, its chain (outer end, inner
#: end, inner end, outer end) and the bitmask of the cells it takes the digit from.
Pattern = tuple[str, StrongLink, StrongLink, tuple[int, int, int, int], int]


def _digit_patterns(
    geo: Geometry, digit: int, places: int, links: list[StrongLink]
) -> list[Pattern]:
    """Every pattern of two strong links of ``digit`` (whose open places are ``places``, and
    ``links`` its strong links), of all three shapes, in the order the rules yield them.

    They follow from the places alone, so they are worked out once for the three rules that
    ask in turn, and kept with the grid's shape (``Geometry.memo``) for the next grids that
    leave the digit's places as they are."""
    key = ("single-digit patterns", digit, places)
    found: list[Pattern] | None = geo.memo.get(key)
    if found is not None:
        return found
    found = []
    peers = geo.peer_masks
    for i, first in enumerate(links):
        for second in links[i + 1 :]:
            for a2 in (first.a, first.b):
                seen = peers[a2]
                for b2 in (second.a, second.b):
                    if not seen >> b2 & 1:
                        continue
                    a1, b1 = first.other(a2), second.other(b2)
                    if a1 in (b1, b2) or b1 == a2:
                        continue
                    chain = (1 << a1) | (1 << a2) | (1 << b1) | (1 << b2)
                    targets = peers[a1] & peers[b1] & places & ~chain
                    if targets:
                        shape = _shape(geo, first, second, a2, b2)
                        found.append((shape, first, second, (a1, a2, b2, b1), targets))
    geo.memo[key] = found
    return found


def _patterns(state: State[Sudoku], shape: str) -> Iterator[Step]:
    geo: Geometry = state.puzzle.geo
    where, by_digit = grid_links(state)
    seen = look_by_value(state, f"quiet: {shape}", geo.n + 1)
    for digit in range(1, geo.n + 1):
        if seen.clean >> digit & 1:
            continue
        found = False
        for kind, first, second, chain, targets in _digit_patterns(
            geo, digit, where[digit], by_digit[digit]
        ):
            if kind == shape:
                found = True
                yield _step(state, shape, digit, first, second, chain, targets)
        if not found:
            seen.clean |= 1 << digit


def _step(
    state: State[Sudoku],
    shape: str,
    digit: int,
    first: StrongLink,
    second: StrongLink,
    chain: tuple[int, int, int, int],
    targets: int,
) -> Step:
    geo: Geometry = state.puzzle.geo
    a1, a2, b2, b1 = chain
    d = symbol(digit)
    u1, u2 = (geo.unit_names[_link_unit(geo, link, shape)] for link in (first, second))
    n1, n2, n3, n4 = (cell_name(geo, c) for c in chain)
    elims = eliminations(targets, digit)
    return Step(
        shape,
        f"In {u1}, {d} can only go in {n1} or {n2}; in {u2}, only in {n4} or {n3}. {n2} and "
        f"{n3} share {common_unit(geo, a2, b2)}, so they are not both {d}: {d} is in {n1} or "
        f"{n4}, and leaves the cells that see both: {join_elims(geo, elims)}.",
        eliminations=elims,
        premises=chain,
        links=((a1, a2), (a2, b2), (b2, b1)),
        link_labels=(d, d, d),
        link_kinds=(STRONG, WEAK, STRONG),
        region=u1,
    )


def skyscrapers(state: State[Sudoku]) -> Iterator[Step]:
    """Two strong links in parallel lines, inner ends in one perpendicular line."""
    return _patterns(state, SKYSCRAPER)


def two_string_kites(state: State[Sudoku]) -> Iterator[Step]:
    """A row's strong link and a column's, inner ends in one box."""
    return _patterns(state, KITE)


def turbot_fish(state: State[Sudoku]) -> Iterator[Step]:
    """Any other two strong links of one digit whose inner ends see each other."""
    return _patterns(state, TURBOT)


def empty_rectangles(state: State[Sudoku]) -> Iterator[Step]:
    """A box whose ``d`` lies in one row and one column, and a strong link of ``d`` in a line
    outside the box with one end in that row (column): ``d`` leaves the cell where the link's
    other end meets that column (row)."""
    geo: Geometry = state.puzzle.geo
    where, by_digit = grid_links(state)
    seen = look_by_value(state, "quiet: Empty Rectangle", geo.n + 1)
    for digit in range(1, geo.n + 1):
        if seen.clean >> digit & 1:
            continue
        found = _rectangles(geo, digit, where[digit], by_digit[digit])
        for b, r, c, inside, line, p, q, target in found:
            yield _rectangle_step(state, digit, b, r, c, inside, line, p, q, target)
        if not found:
            seen.clean |= 1 << digit


#: One Empty Rectangle: its box, row and column, the digit's places in the box, the line of
#: the strong link, the link's ends (the one in the row or column first) and the target.
Rectangle = tuple[int, int, int, list[int], int, int, int, int]


def _rectangles(
    geo: Geometry, digit: int, places: int, all_links: list[StrongLink]
) -> list[Rectangle]:
    """Every Empty Rectangle of ``digit`` whose open places are ``places`` (``all_links`` its
    strong links), in the order the rule yields them: they follow from the places alone, and
    are kept with the grid's shape (``Geometry.memo``) for the grids that leave them so."""
    key = ("empty rectangles", digit, places)
    found: list[Rectangle] | None = geo.memo.get(key)
    if found is not None:
        return found
    found = []
    links = [link for link in all_links if any(unit_kind(geo, u) != BOX for u in link.units)]
    if links:
        n = geo.n
        masks = geo.unit_masks
        for b, box in enumerate(geo.boxes):
            here = places & masks[2 * n + b]
            if here & (here - 1) == 0:
                continue  # fewer than two places in the box
            inside = [c for c in box if here >> c & 1]
            rows = sorted({c // n for c in inside})
            cols = sorted({c % n for c in inside})
            if len(rows) < 2 or len(cols) < 2:
                continue  # all in one line: pointing, not an empty rectangle
            for r in rows:
                for c in cols:
                    if here & ~(masks[r] | masks[n + c]):
                        continue  # a place off row r and column c
                    for line, p, q, target in _rectangle_arms(geo, places, b, r, c, links):
                        found.append((b, r, c, inside, line, p, q, target))
    geo.memo[key] = found
    return found


def _rectangle_arms(
    geo: Geometry, places: int, b: int, r: int, c: int, links: list[StrongLink]
) -> Iterator[tuple[int, int, int, int]]:
    """``(line, p, q, target)`` for the Empty Rectangles of box ``b`` whose digit (open places
    ``places``) lies in row ``r`` and column ``c``: a strong link in ``line`` from ``p`` to
    ``q``, and the ``target`` that loses the digit."""
    n = geo.n
    box_rows = {x // n for x in geo.boxes[b]}
    box_cols = {x % n for x in geo.boxes[b]}
    for link in links:
        for line in link.units:
            kind = unit_kind(geo, line)
            if kind == BOX:
                continue
            for p in (link.a, link.b):
                q = link.other(p)
                p_row, p_col = divmod(p, n)
                if kind == COLUMN and p_col not in box_cols and p_row == r:
                    if q // n in box_rows:
                        continue
                    target = q // n * n + c  # q's row meets the box's column
                elif kind == ROW and p_row not in box_rows and p_col == c:
                    if q % n in box_cols:
                        continue
                    target = r * n + q % n  # q's column meets the box's row
                else:
                    continue
                if places >> target & 1:  # an open cell that may still hold the digit
                    yield line, p, q, target


def _rectangle_step(
    state: State[Sudoku],
    digit: int,
    b: int,
    r: int,
    c: int,
    inside: list[int],
    line: int,
    p: int,
    q: int,
    target: int,
) -> Step:
    geo: Geometry = state.puzzle.geo
    d = symbol(digit)
    t, np_, nq = cell_name(geo, target), cell_name(geo, p), cell_name(geo, q)
    if unit_kind(geo, line) == COLUMN:
        arm_name, other_name = f"column {c + 1}", f"row {r + 1}"
    else:
        arm_name, other_name = f"row {r + 1}", f"column {c + 1}"
    return Step(
        "Empty Rectangle",
        f"In box {b + 1}, {d} lies only in row {r + 1} or column {c + 1}. In "
        f"{geo.unit_names[line]}, {d} can only go in {np_} or {nq}. If {t} were {d}, {nq} "
        f"would not be, so {np_} would; box {b + 1} would then keep its {d} out of "
        f"{other_name}, in {arm_name}, where {t} already holds one: "
        f"{join_elims(geo, ((target, digit),))}.",
        eliminations=((target, digit),),
        premises=(*inside, p, q),
        links=((target, q), (q, p)),
        link_labels=(d, d),
        link_kinds=(WEAK, STRONG),
        region=f"box {b + 1}",
    )
