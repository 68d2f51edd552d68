"""What two neighbouring clued lines of a Path puzzle allow together.

Rows 4 and 5 (both clued) are a strip two cells wide. Walking it cell pair by cell pair, as
``path_lines`` walks one line, an *arrangement* picks the used cells of both rows, the
edges along each row and the edges between them, so that every used cell gets its path
edges (the rest from edges across the strip that may still be on) and each row gets its
count. The counts reachable so far are a bit set over (count in row 4, count in row 5)
pairs, one int per "edges into the next pair on / off"; a walk forward and one back give
every value some arrangement uses. This sees what neither row sees alone: an edge between
the rows uses a cell of each, so the two counts are spent together.

The answer depends only on the domains of the strip's cells and of the edges touching them
(an undecided edge across the strip counts as possible, as in ``path_lines``), so it is
remembered per strip.
"""

from __future__ import annotations

from functools import cache

import attrs

from deduce.memo import bounded
from deduce.puzzles.path.model import BOTH, ON, USED, PathPuzzle, geometry
from deduce.rules.path.lines import Settled

ON_BIT = 1 << ON
USED_BIT = 1 << USED
_MEMO_LIMIT = 100_000


@attrs.frozen
class Pair:
    """Two neighbouring lines (``first`` the index of the first, ``cells`` the cells of
    both), position by position: the two cells, the edge between them, each cell's edges
    across the strip, and the edges to the next position (-1 at the end); ``depends``
    every variable whose domain the arrangements depend on."""

    first: int
    cells: tuple[int, ...]
    spots: tuple[tuple[int, int, int, tuple[int, ...], tuple[int, ...], int, int], ...]
    depends: tuple[int, ...]


@cache
def pairs(rows: int, cols: int) -> tuple[Pair, ...]:
    """Every pair of neighbouring lines (rows first, then columns), named by the index of
    its first line in the order of ``path_lines.layouts``."""
    geo = geometry(rows, cols)
    found = []
    for offset, lines in ((0, geo.row_cells), (rows, geo.col_cells)):
        for k in range(len(lines) - 1):
            one, two = lines[k], lines[k + 1]
            spots = []
            depends: list[int] = []
            for i, (a, b) in enumerate(zip(one, two, strict=True)):
                ab = geo.edge_between(a, b)
                out_a = tuple(e for e, o in geo.cell_edges[a] if o not in one and o != b)
                out_b = tuple(e for e, o in geo.cell_edges[b] if o not in two and o != a)
                last = i == len(one) - 1
                next_a = -1 if last else geo.edge_between(a, one[i + 1])
                next_b = -1 if last else geo.edge_between(b, two[i + 1])
                spots.append((a, b, ab, out_a, out_b, next_a, next_b))
                depends += (a, b, ab, *out_a, *out_b)
                if not last:
                    depends += (next_a, next_b)
            found.append(Pair(offset + k, one + two, tuple(spots), tuple(depends)))
    return tuple(found)


def clued_pairs(puzzle: PathPuzzle) -> list[tuple[int, Pair, int, int, dict[bytes, Settled]]]:
    """The pairs of neighbouring clued lines as (first line, pair, count of the first, count
    of the second, memo of answers by the domains the pair depends on)."""
    found = puzzle.memo.get("pairs")
    if found is None:
        counts = (*puzzle.row_counts, *puzzle.col_counts)
        found = puzzle.memo["pairs"] = [
            (pair.first, pair, counts[pair.first], counts[pair.first + 1], {})
            for pair in pairs(puzzle.rows, puzzle.cols)
            if counts[pair.first] >= 0 and counts[pair.first + 1] >= 0
        ]
    for *_, memo in found:
        if len(memo) > _MEMO_LIMIT:
            memo.clear()
    return found


@cache
def _cell_choices(
    cell: int, need: int, on: int, n_open: int, before: int, after: int
) -> tuple[tuple[int, int, int, int], ...]:
    """A cell's possible (used, edge to the other line, edge from the previous position,
    edge to the next) given its domain, its need, its edges across the strip (on,
    undecided) and the domains of the edges along its line before and after it."""
    found = []
    if cell & 1 and not on and before & 1 and after & 1:  # unused: every edge of it off
        found.append((0, 0, 0, 0))
    if cell & USED_BIT:
        for side in (0, 1):
            for back in (0, 1):
                if not before >> back & 1:
                    continue
                for ahead in (0, 1):
                    if after >> ahead & 1 and on <= need - side - back - ahead <= on + n_open:
                        found.append((1, side, back, ahead))
    return tuple(found)


@bounded(4096)
def _moves(
    choices_a: tuple[tuple[int, int, int, int], ...],
    choices_b: tuple[tuple[int, int, int, int], ...],
    between: int,
    width: int,
) -> tuple[tuple[int, int, int, int, int, int], ...]:
    """The possible moves at one position: (edges in, edges out, shift of the counts, used
    first, used second, edge between) from each cell's choices and the edge between them."""
    found = []
    for used_a, side, back_a, ahead_a in choices_a:
        if not between >> side & 1:
            continue
        for used_b, side_b, back_b, ahead_b in choices_b:
            if side_b == side:
                found.append(
                    (
                        back_a * 2 + back_b,
                        ahead_a * 2 + ahead_b,
                        used_a * width + used_b,
                        used_a,
                        used_b,
                        side,
                    )
                )
    return tuple(found)


def settle_pair(
    doms: list[int], pair: Pair, doors: tuple[int, int], want_a: int, want_b: int
) -> Settled:
    """The values of the strip's undecided cells and of the edges along and between its
    lines that every arrangement agrees on; None when there is no arrangement."""
    width = want_b + 2  # a spare bit above each count of the second line catches overflow
    mask = 0
    for count_a in range(want_a + 1):
        mask |= ((1 << (want_b + 1)) - 1) << (count_a * width)
    steps = []
    before_a = before_b = 1  # the first position has no edge from a previous one: off
    for a, b, ab, out_a, out_b, next_a, next_b in pair.spots:
        across_a = list(map(doms.__getitem__, out_a))
        across_b = list(map(doms.__getitem__, out_b))
        after_a = doms[next_a] if next_a >= 0 else 1
        after_b = doms[next_b] if next_b >= 0 else 1
        moves = _moves(
            _cell_choices(
                doms[a],
                1 if a in doors else 2,
                across_a.count(ON_BIT),
                across_a.count(BOTH),
                before_a,
                after_a,
            ),
            _cell_choices(
                doms[b],
                1 if b in doors else 2,
                across_b.count(ON_BIT),
                across_b.count(BOTH),
                before_b,
                after_b,
            ),
            doms[ab],
            width,
        )
        steps.append(moves)
        before_a, before_b = after_a, after_b
    forward = [[1, 0, 0, 0]]
    for moves in steps:
        here = forward[-1]
        ahead = [0, 0, 0, 0]
        for come, go, shift, *_ in moves:
            reach = here[come]
            if reach:
                ahead[go] |= (reach << shift) & mask
        if not any(ahead):
            return None
        forward.append(ahead)
    goal = 1 << (want_a * width + want_b)
    if not forward[-1][0] & goal:
        return None
    back = [goal, 0, 0, 0]
    found = []
    for i in range(len(steps) - 1, -1, -1):
        here = forward[i]
        behind = [0, 0, 0, 0]
        ok_a = ok_b = ok_ab = ok_na = ok_nb = 0
        for come, go, shift, used_a, used_b, side in steps[i]:
            rest = (back[go] >> shift) & mask
            if here[come] & rest:
                behind[come] |= rest
                ok_a |= 1 << used_a
                ok_b |= 1 << used_b
                ok_ab |= 1 << side
                ok_na |= 1 << (go >> 1)
                ok_nb |= 1 << (go & 1)
        back = behind
        a, b, ab, _, _, next_a, next_b = pair.spots[i]
        for var, ok in ((a, ok_a), (b, ok_b), (ab, ok_ab), (next_a, ok_na), (next_b, ok_nb)):
            if var >= 0 and doms[var] == BOTH and ok != BOTH:
                found.append((var, ok.bit_length() - 1))
    return tuple(sorted(found))
