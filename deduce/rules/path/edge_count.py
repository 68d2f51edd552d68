"""Line edge count: the handshake lemma on one clued row (or column).

A row with count k and d doors in it holds 2k - d ends of path edges: two for each used
cell, one for a door. An edge along the row takes two of those ends, an edge across its top
or bottom border one. How often the path crosses each border is bounded below by the band
parity argument (an odd number of times when one door lies on each side, at least twice
when both sides must be visited, never fewer than the crossings already on) and above by
the edges that may still be on (with the same parity). So the edges along the row are
bounded, and so is each border given the other; when the edges already on, or all those
still possible, meet a bound, the undecided ones are settled.

A band of several clued rows adds nothing to this: its count is the sum of its rows', and
so is its edge count (measured on the corpus: the same search tree to the node).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

import attrs

from deduce.errors import Contradiction
from deduce.puzzles.path import BOTH, OFF, ON, USED, Geometry, PathPuzzle, edge_name
from deduce.state import State
from deduce.step import Step

ON_BIT = 1 << ON
USED_BIT = 1 << USED
DOORS = ("no door", "one door", "both doors")


@cache
def along_edges(rows: int, cols: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """The edges along each row (horizontal) and along each column (vertical)."""
    n = rows * cols
    vertical = n + rows * (cols - 1)
    by_row = tuple(tuple(n + r * (cols - 1) + c for c in range(cols - 1)) for r in range(rows))
    by_col = tuple(tuple(vertical + r * cols + c for r in range(rows - 1)) for c in range(cols))
    return by_row, by_col


@attrs.frozen
class Crossings:
    """The edges across one border between neighbouring lines: how many are on, the
    undecided ones, the least and most times the path can cross there (``lo``, ``hi``, both
    of the right parity) and the least the band parity asks for (``least``)."""

    on: int
    open: tuple[int, ...]
    lo: int
    hi: int
    least: int = 0


#: The edge of the grid: nothing crosses it.
NO_BORDER = Crossings(0, (), 0, 0)


def _split(doms: list[int], edges: tuple[int, ...]) -> tuple[int, list[int]]:
    on = 0
    open_edges = []
    for e in edges:
        d = doms[e]
        if d == ON_BIT:
            on += 1
        elif d == BOTH:
            open_edges.append(e)
    return on, open_edges


def crossings(
    doms: list[int],
    lines: tuple[tuple[int, ...], ...],
    borders: tuple[tuple[int, ...], ...],
    counts: tuple[int, ...],
    door_lines: tuple[int, int],
) -> list[Crossings]:
    """The crossings of every border between neighbouring lines (the band parity argument:
    odd when one door lies before the border, at least two when both sides must be visited)."""
    m = len(lines)
    visited = [0]
    for k in range(m):
        needed = counts[k] > 0 or any(doms[c] == USED_BIT for c in lines[k])
        visited.append(visited[-1] + needed)
    found = []
    for k, edges in enumerate(borders):
        on, open_edges = _split(doms, edges)
        odd = ((door_lines[0] <= k) + (door_lines[1] <= k)) % 2
        if odd:
            least = 1
        elif visited[k + 1] and visited[m] > visited[k + 1]:
            least = 2
        else:
            least = 0
        lo = max(on, least)
        lo += (lo - odd) % 2
        hi = on + len(open_edges)
        hi -= (hi - odd) % 2
        found.append(Crossings(on, tuple(open_edges), lo, hi, least))
    return found


def _times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


@attrs.frozen
class _Line:
    """One clued line and the numbers its edge count works with: ``ends`` of path edges in
    it, the edges ``along`` it (how many on, the undecided ones) and its two borders."""

    name: str
    sides: tuple[str, str]
    cells: tuple[int, ...]
    need: int
    doors: int
    ends: int
    on: int
    open: tuple[int, ...]
    borders: tuple[Crossings, Crossings]

    def start(self) -> str:
        """What the count says: how many ends of path edges lie in the line."""
        cells = f"{self.need} used cell{'s' if self.need != 1 else ''}"
        return (
            f"{self.name.capitalize()} needs {cells} and holds {DOORS[self.doors]}, so "
            f"{self.ends} ends of path edges lie in it, two for each edge along it and one "
            "for each edge across its border"
        )

    def _least(self, which: int) -> str:
        """``its top border at least twice (in and out again)``, or "" when nothing forces
        a crossing there."""
        border = self.borders[which]
        if border.lo == 0:
            return ""
        if border.on < border.lo == border.least:
            why = "in and out again" if border.least == 2 else "a door lies on each side"
        elif border.on == border.lo:
            why = f"{border.on} on already"
        else:
            why = f"{border.on} on already, and an {'odd' if border.lo % 2 else 'even'} number"
        return f"its {self.sides[which]} border at least {_times(border.lo)} ({why})"

    def _most(self, which: int) -> str:
        """``its top border at most 3 times``, or "" when it is the edge of the grid."""
        border = self.borders[which]
        if border is NO_BORDER:
            return ""
        return f"its {self.sides[which]} border at most {_times(border.hi)}"

    def _crosses(self, *phrases: str) -> str:
        said = [x for x in phrases if x]
        if len(said) == 2 and said[0].replace(self.sides[0], self.sides[1]) == said[1]:
            _, _, rest = said[0].partition(f"{self.sides[0]} border ")
            return f"the path crosses each of its borders {rest}"
        return f"the path crosses {' and '.join(said)}" if said else ""

    def conclude(self, geo: Geometry) -> Iterator[Step]:
        """The step (at most one) the count gives for this line; Contradiction when the
        count cannot be met."""
        top, bottom = self.borders
        on, n_open = self.on, len(self.open)
        most = (self.ends - top.lo - bottom.lo) // 2
        least = (self.ends - top.hi - bottom.hi + 1) // 2
        if on > most or on + n_open < least:
            raise Contradiction(
                f"{self.name} cannot hold its {self.ends} ends of path edges: the edges along "
                "and across it do not add up"
            )
        if n_open and on == most:
            crosses = self._crosses(self._least(0), self._least(1))
            if most == 0:
                so = "no edge runs along it"
            elif most == 1:
                so = "at most 1 edge runs along it, and one already does"
            else:
                so = f"at most {most} edges run along it, as many as already do"
            yield self._step(geo, f"{crosses}, so {so}" if crosses else so, self.open, OFF)
            return
        if n_open and on + n_open == least:
            crosses = self._crosses(self._most(0), self._most(1))
            so = f"at least {least} edges run along it, every one that still can"
            yield self._step(geo, f"{crosses}, so {so}" if crosses else so, self.open, ON)
            return
        for which in (0, 1):
            border, other = self.borders[which], self.borders[1 - which]
            if not border.open:
                continue
            side = self.sides[which]
            most_here = self.ends - 2 * on - other.lo
            least_here = self.ends - 2 * (on + n_open) - other.hi
            if border.on > most_here or border.on + len(border.open) < least_here:
                raise Contradiction(
                    f"the path cannot cross the {side} border of {self.name} as often as it must"
                )
            if border.on == most_here:
                along = f"{on} edge{'s' if on != 1 else ''} already run along it"
                if on == 1:
                    along = "1 edge already runs along it"
                crosses = self._crosses(self._least(1 - which))
                if most_here:
                    so = f"it crosses its {side} border at most {_times(most_here)}, as it does"
                else:
                    so = f"the path does not cross its {side} border"
                why = f"{along}{' and ' + crosses if crosses else ''}, so {so}"
                yield self._step(geo, why, border.open, OFF)
                return
            if border.on + len(border.open) == least_here:
                along = f"at most {on + n_open} edges can run along it"
                crosses = self._crosses(self._most(1 - which))
                so = (
                    f"the path crosses its {side} border at least {_times(least_here)}, "
                    "by every edge that still can"
                )
                why = f"{along}{' and ' + crosses if crosses else ''}, so {so}"
                yield self._step(geo, why, border.open, ON)
                return

    def _step(self, geo: Geometry, why: str, edges: tuple[int, ...], value: int) -> Step:
        names = ", ".join(edge_name(geo, e) for e in edges)
        verb = "is" if len(edges) == 1 else "are"
        return Step(
            "line edge count",
            f"{self.start()}; {why}: {names} {verb} {'on' if value else 'off'}.",
            placements=tuple((e, value) for e in edges),
            premises=self.cells,
            region=self.name,
        )


def _lines(
    doms: list[int],
    geo: Geometry,
    kind: str,
    sides: tuple[str, str],
    lines: tuple[tuple[int, ...], ...],
    along: tuple[tuple[int, ...], ...],
    borders: tuple[tuple[int, ...], ...],
    counts: tuple[int, ...],
    door_lines: tuple[int, int],
) -> Iterator[Step]:
    m = len(lines)
    if max(counts) < 0:
        return
    cross = crossings(doms, lines, borders, counts, door_lines)
    for k, want in enumerate(counts):
        if want < 0:
            continue
        on, open_edges = _split(doms, along[k])
        n_open = len(open_edges)
        top = cross[k - 1] if k > 0 else NO_BORDER
        bottom = cross[k] if k < m - 1 else NO_BORDER
        doors = (door_lines[0] == k) + (door_lines[1] == k)
        ends = 2 * want - doors
        # The bounds of conclude(), checked here first: most lines settle nothing.
        most = (ends - top.lo - bottom.lo) // 2
        least = (ends - top.hi - bottom.hi + 1) // 2
        if n_open and least < on + n_open and on < most:
            quiet = True
            for border, other in ((top, bottom), (bottom, top)):
                if border.open:
                    hi = ends - 2 * on - other.lo
                    lo = ends - 2 * (on + n_open) - other.hi
                    quiet = quiet and lo < border.on + len(border.open) and border.on < hi
            if quiet:
                continue
        line = _Line(
            f"{kind} {k + 1}",
            sides,
            lines[k],
            want,
            doors,
            ends,
            on,
            tuple(open_edges),
            (top, bottom),
        )
        yield from line.conclude(geo)


def line_edge_count(state: State) -> Iterator[Step]:
    """The handshake count on every clued row, then every clued column."""
    p: PathPuzzle = state.puzzle
    geo = p.geo
    by_row, by_col = along_edges(p.rows, p.cols)
    (ra, ca), (rb, cb) = p.doors
    doms = state.domains
    yield from _lines(
        doms,
        geo,
        "row",
        ("top", "bottom"),
        geo.row_cells,
        by_row,
        geo.down_edges,
        p.row_counts,
        (ra, rb),
    )
    yield from _lines(
        doms,
        geo,
        "column",
        ("left", "right"),
        geo.col_cells,
        by_col,
        geo.right_edges,
        p.col_counts,
        (ca, cb),
    )
