"""Path puzzles (Roderick Kimball): one rook path from door to door with row/column counts.

An m×n grid has two door cells on its border and optional counts for rows and columns. The
solution is one non-intersecting path through orthogonally adjacent cells, from the first
door to the second, using exactly the given number of cells in each clued row and column.

Variables: the m·n cells, row-major (value 1 = used by the path, 0 = unused), then the
horizontal edges between rXcY and rXc(Y+1), row-major, then the vertical edges between rXcY
and r(X+1)cY, row-major (value 1 = on the path, 0 = off). Rules can so reason about both
cells and edges. The doors are used from the start. The one-line solution form is the
seed's array form (``d l r u 0``, rows joined by ``/``); the text forms are in
``deduce.puzzles.path.text``.
"""

from __future__ import annotations

import itertools
from functools import cache
from typing import Any

import attrs

from deduce.errors import Contradiction
from deduce.state import State

UNUSED, USED = 0, 1
OFF, ON = 0, 1
BOTH = 0b11
#: Direction letters of the array form, by (row step, column step).
DIRECTIONS = {(1, 0): "d", (0, -1): "l", (0, 1): "r", (-1, 0): "u"}
STEPS = {letter: step for step, letter in DIRECTIONS.items()}


@attrs.frozen
class Geometry:
    """The variables of an m×n grid: cells, edges and who touches whom.

    ``cell_edges[cell]`` holds ``(edge, neighbour)`` pairs; ``edge_cells[edge - n_cells]`` the
    two cells of an edge (the upper or left one first); ``row_cells``/``col_cells`` the cells
    of each line; ``down_edges[r]`` the vertical edges between row r and r+1 and
    ``right_edges[c]`` the horizontal edges between column c and c+1.
    """

    rows: int
    cols: int
    n_cells: int
    n_vars: int
    cell_edges: tuple[tuple[tuple[int, int], ...], ...]
    edge_cells: tuple[tuple[int, int], ...]
    row_cells: tuple[tuple[int, ...], ...]
    col_cells: tuple[tuple[int, ...], ...]
    down_edges: tuple[tuple[int, ...], ...]
    right_edges: tuple[tuple[int, ...], ...]

    def is_cell(self, var: int) -> bool:
        """Whether ``var`` is a cell (else an edge)."""
        return var < self.n_cells

    def ends(self, edge: int) -> tuple[int, int]:
        """The two cells of ``edge``."""
        return self.edge_cells[edge - self.n_cells]

    def __reduce__(self) -> tuple[object, tuple[int, int]]:
        return geometry, (self.rows, self.cols)  # pickled small: rebuilt from the shape

    def edge_between(self, a: int, b: int) -> int:
        """The edge joining the neighbouring cells ``a`` and ``b``."""
        for e, other in self.cell_edges[a]:
            if other == b:
                return e
        raise ValueError(f"cells {a} and {b} are not neighbours")


@cache
def geometry(rows: int, cols: int) -> Geometry:
    """The (cached) variables and adjacency of a ``rows`` × ``cols`` grid."""
    n_cells = rows * cols
    edge_cells: list[tuple[int, int]] = []
    right: list[list[int]] = [[] for _ in range(max(cols - 1, 0))]
    down: list[list[int]] = [[] for _ in range(max(rows - 1, 0))]
    for r in range(rows):
        for c in range(cols - 1):
            right[c].append(n_cells + len(edge_cells))
            edge_cells.append((r * cols + c, r * cols + c + 1))
    for r in range(rows - 1):
        for c in range(cols):
            down[r].append(n_cells + len(edge_cells))
            edge_cells.append((r * cols + c, (r + 1) * cols + c))
    touching: list[list[tuple[int, int]]] = [[] for _ in range(n_cells)]
    for i, (a, b) in enumerate(edge_cells):
        touching[a].append((n_cells + i, b))
        touching[b].append((n_cells + i, a))
    return Geometry(
        rows=rows,
        cols=cols,
        n_cells=n_cells,
        n_vars=n_cells + len(edge_cells),
        cell_edges=tuple(tuple(t) for t in touching),
        edge_cells=tuple(edge_cells),
        row_cells=tuple(tuple(r * cols + c for c in range(cols)) for r in range(rows)),
        col_cells=tuple(tuple(r * cols + c for r in range(rows)) for c in range(cols)),
        down_edges=tuple(tuple(d) for d in down),
        right_edges=tuple(tuple(x) for x in right),
    )


@attrs.frozen
class PathPuzzle:
    """An immutable Path puzzle: size, the two doors ((row, col), 0-based, first door first),
    the row and column counts (-1 = no clue), an optional name and the text form it came in
    (``json`` or ``grid``)."""

    rows: int
    cols: int
    doors: tuple[tuple[int, int], tuple[int, int]]
    row_counts: tuple[int, ...]
    col_counts: tuple[int, ...]
    name: str = ""
    form: str = "grid"
    #: What rules and search worked out about this puzzle's lines (``deduce.rules.path``),
    #: kept with the puzzle so it goes when the puzzle goes.
    memo: dict[Any, Any] = attrs.field(factory=dict, eq=False, repr=False)

    @property
    def geo(self) -> Geometry:
        """The grid's geometry."""
        return geometry(self.rows, self.cols)

    @property
    def door_cells(self) -> tuple[int, int]:
        """The two doors as cell indexes (first door first)."""
        (ra, ca), (rb, cb) = self.doors
        return ra * self.cols + ca, rb * self.cols + cb


def cell_name(puzzle: PathPuzzle | Geometry, cell: int) -> str:
    """The rXcY name of a cell (1-based)."""
    r, c = divmod(cell, puzzle.cols)
    return f"r{r + 1}c{c + 1}"


def edge_name(geo: Geometry, edge: int) -> str:
    """An edge named by its two cells, ``r2c3-r2c4``."""
    a, b = geo.ends(edge)
    return f"{cell_name(geo, a)}-{cell_name(geo, b)}"


def var_name(puzzle: PathPuzzle, var: int) -> str:
    """rXcY for a cell, rXcY-rXcZ for an edge."""
    geo = puzzle.geo
    return cell_name(geo, var) if geo.is_cell(var) else edge_name(geo, var)


def value_name(puzzle: PathPuzzle, var: int, value: int) -> str:
    """``used``/``unused`` for a cell, ``on``/``off`` for an edge."""
    if puzzle.geo.is_cell(var):
        return "used" if value else "unused"
    return "on" if value else "off"


def initial_state(puzzle: PathPuzzle) -> State[PathPuzzle]:
    """Every cell and edge undecided, except the doors, which the path always uses."""
    geo = puzzle.geo
    state = State(puzzle, [BOTH] * geo.n_vars)
    for door in puzzle.door_cells:
        state.domains[door] = 1 << USED
        state.fixed[door] = True
    return state


def is_solved(state: State[PathPuzzle]) -> bool:
    """Whether every cell and edge is decided (a domain never empties: that raises)."""
    return BOTH not in state.domains


def on_place(state: State[PathPuzzle], var: int, value: int) -> None:
    """The bookkeeping a player does without thinking: an edge drawn on the path uses both
    its cells, and a cell crossed out takes its edges with it. (The rules "edge uses its
    cells" and "unused cell has no edges" say the same for states reached otherwise.) Each
    change is journaled (``State.note``)."""
    geo = state.puzzle.geo
    doms = state.domains
    if var < geo.n_cells:
        if value != UNUSED:
            return
        for e, _ in geo.cell_edges[var]:
            if doms[e] == BOTH:
                doms[e] = 1 << OFF
                state.note(e, 1 << ON)
            elif doms[e] == 1 << ON:
                raise Contradiction(
                    f"{cell_name(geo, var)} cannot be unused: {edge_name(geo, e)} is on"
                )
    elif value == ON:
        for cell in geo.ends(var):
            if doms[cell] == BOTH:
                doms[cell] = 1 << USED
                state.note(cell, 1 << UNUSED)
            elif doms[cell] == 1 << UNUSED:
                raise Contradiction(
                    f"{edge_name(geo, var)} cannot be on: {cell_name(geo, cell)} is unused"
                )


def path_cells(puzzle: PathPuzzle, values: list[int]) -> list[int]:
    """The cells of the path in ``values``, from the first door to the second.

    Raises Contradiction when the on-edges do not form one simple path between the doors
    (a cell of the wrong degree, a loop, a piece apart from the path).
    """
    geo = puzzle.geo
    a, b = puzzle.door_cells
    for e in range(geo.n_cells, geo.n_vars):
        if values[e] == ON:
            for cell in geo.ends(e):
                if values[cell] != USED:
                    raise Contradiction(
                        f"{edge_name(geo, e)} is on but {cell_name(geo, cell)} is unused"
                    )
    for cell in range(geo.n_cells):
        degree = sum(values[e] == ON for e, _ in geo.cell_edges[cell])
        if values[cell] != USED:
            want = 0
        else:
            want = 1 if cell in (a, b) else 2
        if degree != want:
            where = cell_name(geo, cell)
            kind = "door" if cell in (a, b) else "used cell" if values[cell] else "unused cell"
            raise Contradiction(f"{kind} {where} has {degree} path edges, not {want}")
    for door in (a, b):
        if values[door] != USED:
            raise Contradiction(f"door {cell_name(geo, door)} is not used")
    order = [a]
    prev, cur = -1, a
    while cur != b:
        nxt = [o for e, o in geo.cell_edges[cur] if values[e] == ON and o != prev]
        if not nxt:
            raise Contradiction(f"the path stops at {cell_name(geo, cur)}")
        prev, cur = cur, nxt[0]
        order.append(cur)
        if len(order) > geo.n_cells:
            raise Contradiction("the path runs in a loop")
    used = sum(values[c] == USED for c in range(geo.n_cells))
    if used != len(order):
        raise Contradiction("some used cells are not on the path from door to door")
    return order


def to_array(puzzle: PathPuzzle, order: list[int]) -> list[list[str]]:
    """The seed's array form of a path (cells in order from the first door): each used cell
    holds the direction (d, l, r, u) of the next cell, the last door ``u``, the rest ``0``."""
    cols = puzzle.cols
    grid = [["0"] * cols for _ in range(puzzle.rows)]
    for here, there in itertools.pairwise(order):
        (r, c), (r2, c2) = divmod(here, cols), divmod(there, cols)
        grid[r][c] = DIRECTIONS[(r2 - r, c2 - c)]
    r, c = divmod(order[-1], cols)
    grid[r][c] = "u"
    return grid


def is_connected(array: list[list[str]], door_a: tuple[int, int], door_b: tuple[int, int]) -> bool:
    """The seed's Algorithm 1: whether ``array`` holds one non-intersecting path from
    ``door_a`` to ``door_b`` (which holds ``u``) and nothing else."""
    m, n = len(array), len(array[0])
    (ra, ca), (rb, cb) = door_a, door_b
    if array[ra][ca] == "0" or array[rb][cb] != "u":
        return False
    visited = [[False] * n for _ in range(m)]
    r, c = ra, ca
    while (r, c) != (rb, cb) and not visited[r][c]:
        visited[r][c] = True
        step = STEPS.get(array[r][c])
        if step is None:
            return False
        r, c = r + step[0], c + step[1]
        if not (0 <= r < m and 0 <= c < n):
            return False
    if (r, c) != (rb, cb):
        return False
    visited[r][c] = True
    return all(array[i][j] == "0" or visited[i][j] for i in range(m) for j in range(n))


def comply_constraint(
    array: list[list[str]], row_counts: tuple[int, ...], col_counts: tuple[int, ...]
) -> bool:
    """The seed's Algorithm 2: whether every clued row and column of ``array`` has as many
    used (non-``0``) cells as its count."""
    for i, row in enumerate(array):
        if row_counts[i] >= 0 and sum(x != "0" for x in row) != row_counts[i]:
            return False
    for j in range(len(array[0]) if array else 0):
        if col_counts[j] >= 0 and sum(row[j] != "0" for row in array) != col_counts[j]:
            return False
    return True


def check_solution(puzzle: PathPuzzle, values: list[int]) -> None:
    """Raise Contradiction naming what ``values`` breaks: the path shape, then each count.

    The path is read from the cells and edges, written in the seed's array form and checked
    with the seed's Algorithms 1 and 2.
    """
    array = to_array(puzzle, path_cells(puzzle, values))
    if not is_connected(array, *puzzle.doors):
        raise Contradiction("the path does not join the doors")
    if not comply_constraint(array, puzzle.row_counts, puzzle.col_counts):
        for i, want in enumerate(puzzle.row_counts):
            got = sum(x != "0" for x in array[i])
            if want >= 0 and got != want:
                raise Contradiction(f"row {i + 1} has {got} used cells, not {want}")
        for j, want in enumerate(puzzle.col_counts):
            got = sum(row[j] != "0" for row in array)
            if want >= 0 and got != want:
                raise Contradiction(f"column {j + 1} has {got} used cells, not {want}")


def solution_text(puzzle: PathPuzzle, values: list[int]) -> str:
    """The seed's array form on one line: ``dl0rrd/d00u0d/...`` (rows joined by ``/``)."""
    return "/".join("".join(row) for row in to_array(puzzle, path_cells(puzzle, values)))


def values_from_cells(puzzle: PathPuzzle, order: list[tuple[int, int]]) -> list[int]:
    """The assignment (cells and edges) of a path given as (row, col) cells in order."""
    geo = puzzle.geo
    values = [0] * geo.n_vars
    cells = [r * puzzle.cols + c for r, c in order]
    for cell in cells:
        values[cell] = USED
    for a, b in itertools.pairwise(cells):
        values[geo.edge_between(a, b)] = ON
    return values


def values_from_array(puzzle: PathPuzzle, text: str) -> list[int]:
    """The assignment of a solution in the array form (one line with ``/`` or one row per
    line, letters optionally spaced). Raises Contradiction when it is not a path from the
    first door."""
    rows = [r.replace(" ", "") for r in text.replace("/", "\n").split("\n") if r.strip()]
    if len(rows) != puzzle.rows or any(len(r) != puzzle.cols for r in rows):
        raise Contradiction(f"the array is not {puzzle.rows}x{puzzle.cols}")
    if not is_connected([list(r) for r in rows], *puzzle.doors):
        raise Contradiction("the array is not one path from the first door to the second")
    (r, c), end = puzzle.doors
    order = [(r, c)]
    while (r, c) != end:
        dr, dc = STEPS[rows[r][c]]
        r, c = r + dr, c + dc
        order.append((r, c))
    return values_from_cells(puzzle, order)
