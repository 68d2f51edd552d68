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

from collections.abc import Iterator, Sequence
from functools import cache
from typing import NamedTuple

import attrs

from deduce.errors import Contradiction
from deduce.puzzles.path.model import BOTH, OFF, ON, Geometry, PathPuzzle, edge_name
from deduce.rules.path.parity import borders, slices, undecided
from deduce.state import State
from deduce.step import Step

ON_BIT = 1 << ON
DOORS = ("no door", "one door", "both doors")


@cache
def along_edges(rows: int, cols: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """The edges along each row (horizontal) and along each column (vertical)."""
    n = rows * cols
    vertical = n + rows * (cols - 1)
    by_row = tuple(tuple(n + r * (cols - 1) + c for c in range(cols - 1)) for r in range(rows))
    by_col = tuple(tuple(vertical + r * cols + c for r in range(rows - 1)) for c in range(cols))
    return by_row, by_col


class Crossings(NamedTuple):
    """The edges across one border between neighbouring lines (``edges``): how many are on
    and how many undecided, the least and most times the path can cross there (``lo``,
    ``hi``, both of the right parity) and the least the band parity asks for (``least``)."""

    on: int
    n_open: int
    lo: int
    hi: int
    least: int = 0
    edges: tuple[int, ...] = ()


#: The edge of the grid: nothing crosses it.
NO_BORDER = Crossings(0, 0, 0, 0)


def crossings(state: State[PathPuzzle], kind: str, door_lines: tuple[int, int]) -> list[Crossings]:
    """The crossings of every border between neighbouring rows (``kind`` "row") or columns:
    by the band parity argument odd when one door lies before the border, at least two when
    both sides must be visited."""
    visited, edges, on_counts, open_counts = borders(state, kind)
    m = len(visited) - 1
    found = []
    for k, on in enumerate(on_counts):
        n_open = open_counts[k]
        odd = ((door_lines[0] <= k) + (door_lines[1] <= k)) % 2
        if odd:
            least = 1
        elif visited[k + 1] and visited[m] > visited[k + 1]:
            least = 2
        else:
            least = 0
        lo = max(on, least)
        lo += (lo - odd) % 2
        hi = on + n_open
        hi -= (hi - odd) % 2
        found.append(Crossings(on, n_open, lo, hi, least, edges[k]))
    return found


def _times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def _settles(ends: int, on: int, n_open: int, top: Crossings, bottom: Crossings) -> bool:
    """Whether the count settles (or contradicts) anything in a line with ``ends`` ends of
    path edges, ``on`` and ``n_open`` edges along it and the two borders given."""
    most = (ends - top.lo - bottom.lo) // 2
    least = (ends - top.hi - bottom.hi + 1) // 2
    if on > most or on + n_open < least or (n_open and (on == most or on + n_open == least)):
        return True
    for border, other in ((top, bottom), (bottom, top)):
        if border.n_open:
            hi = ends - 2 * on - other.lo
            lo = ends - 2 * (on + n_open) - other.hi
            if border.on >= hi or border.on + border.n_open <= lo:
                return True
    return False


@attrs.frozen
class _Line:
    """One clued line and the numbers its edge count works with: ``ends`` of path edges in
    it, the edges ``along`` it (how many are on and undecided) and its two borders."""

    name: str
    sides: tuple[str, str]
    cells: tuple[int, ...]
    along: tuple[int, ...]
    need: int
    doors: int
    ends: int
    on: int
    n_open: int
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

    def conclude(self, doms: list[int], geo: Geometry) -> Iterator[Step]:
        """The step (at most one) the count gives for this line; Contradiction when the
        count cannot be met."""
        top, bottom = self.borders
        on, n_open = self.on, self.n_open
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
            why = f"{crosses}, so {so}" if crosses else so
            yield self._step(geo, why, undecided(doms, self.along), OFF)
            return
        if n_open and on + n_open == least:
            crosses = self._crosses(self._most(0), self._most(1))
            so = f"at least {least} edges run along it, every one that still can"
            why = f"{crosses}, so {so}" if crosses else so
            yield self._step(geo, why, undecided(doms, self.along), ON)
            return
        for which in (0, 1):
            border, other = self.borders[which], self.borders[1 - which]
            if not border.n_open:
                continue
            side = self.sides[which]
            most_here = self.ends - 2 * on - other.lo
            least_here = self.ends - 2 * (on + n_open) - other.hi
            if border.on > most_here or border.on + border.n_open < least_here:
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
                yield self._step(geo, why, undecided(doms, border.edges), OFF)
                return
            if border.on + border.n_open == least_here:
                along = f"at most {on + n_open} edges can run along it"
                crosses = self._crosses(self._most(1 - which))
                so = (
                    f"the path crosses its {side} border at least {_times(least_here)}, "
                    "by every edge that still can"
                )
                why = f"{along}{' and ' + crosses if crosses else ''}, so {so}"
                yield self._step(geo, why, undecided(doms, border.edges), ON)
                return

    def _step(self, geo: Geometry, why: str, edges: Sequence[int], value: int) -> Step:
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
    state: State[PathPuzzle],
    kind: str,
    sides: tuple[str, str],
    lines: tuple[tuple[int, ...], ...],
    along: tuple[tuple[int, ...], ...],
    counts: tuple[int, ...],
    door_lines: tuple[int, int],
) -> Iterator[Step]:
    if max(counts) < 0:
        return
    doms = state.domains
    m = len(lines)
    cross = crossings(state, kind, door_lines)
    p: PathPuzzle = state.puzzle
    along_slices = slices(p.rows, p.cols)[f"{kind} along"]
    for k, want in enumerate(counts):
        if want < 0:
            continue
        values = doms[along_slices[k]]
        on, n_open = values.count(ON_BIT), values.count(BOTH)
        top = cross[k - 1] if k > 0 else NO_BORDER
        bottom = cross[k] if k < m - 1 else NO_BORDER
        doors = (door_lines[0] == k) + (door_lines[1] == k)
        ends = 2 * want - doors
        if not _settles(ends, on, n_open, top, bottom):
            continue
        line = _Line(
            f"{kind} {k + 1}",
            sides,
            lines[k],
            along[k],
            want,
            doors,
            ends,
            on,
            n_open,
            (top, bottom),
        )
        yield from line.conclude(doms, state.puzzle.geo)


def line_edge_count(state: State[PathPuzzle]) -> Iterator[Step]:
    """The handshake count on every clued row, then every clued column."""
    p: PathPuzzle = state.puzzle
    geo = p.geo
    by_row, by_col = along_edges(p.rows, p.cols)
    (ra, ca), (rb, cb) = p.doors
    yield from _lines(
        state, "row", ("top", "bottom"), geo.row_cells, by_row, p.row_counts, (ra, rb)
    )
    yield from _lines(
        state, "column", ("left", "right"), geo.col_cells, by_col, p.col_counts, (ca, cb)
    )
