"""Band parity: the path crosses into a band of whole rows (or columns) and out again, so it
crosses the band's border an even number of times, unless exactly one door is inside.

A band that must be visited (it holds a used cell or a positive count) while both doors are
outside is crossed at least twice; likewise the outside when both doors are inside. When the
undecided border edges are just enough for that, they are all on; when one undecided edge is
left, the parity settles it.
"""

from __future__ import annotations

from collections.abc import Iterator

from deduce.errors import Contradiction
from deduce.puzzles.path import BOTH, ON, USED, PathPuzzle, edge_name
from deduce.state import State
from deduce.step import Step

ON_BIT = 1 << ON
WORDS = {0: "no door", 1: "one door", 2: "both doors"}


def _band_name(kind: str, a: int, b: int) -> str:
    return f"{kind} {a + 1}" if a == b else f"{kind}s {a + 1}-{b + 1}"


def _bands(
    state: State,
    kind: str,
    lines: tuple[tuple[int, ...], ...],
    borders: tuple[tuple[int, ...], ...],
    counts: tuple[int, ...],
    door_lines: tuple[int, int],
) -> Iterator[Step]:
    p: PathPuzzle = state.puzzle
    geo = p.geo
    doms = state.domains
    m = len(lines)
    used_bit = 1 << USED
    seen = [0]
    for k in range(m):
        needed = counts[k] > 0 or any(doms[c] == used_bit for c in lines[k])
        seen.append(seen[-1] + needed)
    cut_on = []
    cut_open = []
    for edges in borders:
        on = 0
        open_edges = []
        for e in edges:
            d = doms[e]
            if d == ON_BIT:
                on += 1
            elif d == BOTH:
                open_edges.append(e)
        cut_on.append(on)
        cut_open.append(open_edges)
    cut_open_n = [len(x) for x in cut_open]
    for a in range(m):
        for b in range(a, m):
            if a == 0 and b == m - 1:
                continue
            if a == 0:
                on, n_open = cut_on[b], cut_open_n[b]
            elif b == m - 1:
                on, n_open = cut_on[a - 1], cut_open_n[a - 1]
            else:
                on = cut_on[a - 1] + cut_on[b]
                n_open = cut_open_n[a - 1] + cut_open_n[b]
            doors = (a <= door_lines[0] <= b) + (a <= door_lines[1] <= b)
            odd = doors % 2
            if odd:
                least = 1
            else:
                inside = seen[b + 1] > seen[a]
                outside = seen[a] > 0 or seen[m] > seen[b + 1]
                least = 2 if inside and outside else 0
            total = on + n_open
            if n_open and total != least and n_open != 1:
                continue
            cuts = [k for k in (a - 1, b) if 0 <= k < m - 1]
            open_edges = [e for k in cuts for e in cut_open[k]]
            name = _band_name(kind, a, b)
            if total < least:
                raise Contradiction(
                    f"the path must cross the border of {name} at least {least} times but "
                    f"only {total} edges cross it"
                )
            if not open_edges:
                if on % 2 != odd:
                    raise Contradiction(
                        f"{name} {'holds' if doors != 1 else 'hold'} {WORDS[doors]} but the "
                        f"path crosses its border {on} times"
                    )
                continue
            why = (
                f"{name.capitalize()} {'holds' if a == b else 'hold'} {WORDS[doors]}, so the "
                f"path crosses {'its' if a == b else 'their'} border an "
                f"{'odd' if odd else 'even'} number of times"
            )
            crossings = [e for k in cuts for e in borders[k]]
            if total == least:
                names = ", ".join(edge_name(geo, e) for e in open_edges)
                need_why = (
                    "at least once"
                    if odd
                    else "at least twice (in and out again, since "
                    + ("it has to be visited" if doors == 0 else "the rest has to be visited")
                    + ")"
                )
                yield Step(
                    "band parity",
                    f"{why}, {need_why}; only {total} border edges can be on, so {names} "
                    f"{'is' if len(open_edges) == 1 else 'are'} on.",
                    placements=tuple((e, ON) for e in open_edges),
                    premises=crossings,
                    region=name,
                )
            elif len(open_edges) == 1:
                value = (odd - on) % 2
                if on + value < least:
                    raise Contradiction(f"{name} cannot be crossed the right number of times")
                e = open_edges[0]
                yield Step(
                    "band parity",
                    f"{why}; {on} border edge{'s are' if on != 1 else ' is'} on and only "
                    f"{edge_name(geo, e)} is undecided, so it is {'on' if value else 'off'}.",
                    placements=((e, value),),
                    premises=crossings,
                    region=name,
                )


def band_parity(state: State) -> Iterator[Step]:
    """Crossings of the border of every band of consecutive rows, then of columns."""
    p: PathPuzzle = state.puzzle
    geo = p.geo
    (ra, ca), (rb, cb) = p.doors
    yield from _bands(state, "row", geo.row_cells, geo.down_edges, p.row_counts, (ra, rb))
    yield from _bands(state, "column", geo.col_cells, geo.right_edges, p.col_counts, (ca, cb))
