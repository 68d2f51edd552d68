"""Numbrix and Hidato: fill the grid with 1..N so that consecutive numbers are neighbours.

Numbrix (Marilyn vos Savant) uses the 4 orthogonal neighbours; Hidato (Gyora Benedek) the 8
king-move neighbours, and its grid may have holes (cells that are not part of the puzzle).
One model serves both: the neighbourhood is a property of the puzzle.

Variables: cell ``i`` (row-major) holds a number, bits 1..N of its domain; a hole holds 0 and
is fixed from the start. Forms read and written:

- the JSON line of the corpora: ``{"size": [h, w], "grid": [[...], ...]}`` with ``0`` for a
  blank and ``-1`` for a hole (any negative value: some sources write ``-2``); other fields
  are ignored, except ``"family"``, which may say which game it is;
- a plain grid: rows of whitespace-separated tokens, a number, ``0`` or ``.`` for a blank,
  ``#`` (or a negative number) for a hole; rows on separate lines, or on one line separated
  by ``/``.

The one-line solution form is the numbers row by row, spaces between, rows separated by ``/``,
holes as ``#``.
"""

from __future__ import annotations

import attrs

from deduce.errors import Contradiction
from deduce.memo import PER_PUZZLE, bounded
from deduce.state import State

HOLE = -1
MAX_SIDE = 30
ORTHOGONAL = ((-1, 0), (0, -1), (0, 1), (1, 0))
KING = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))


@attrs.frozen
class Geometry:
    """The cells of one board and who neighbours whom.

    ``cells`` are the cells that hold a number (not holes); ``neighbours[c]`` the cells a
    number in ``c`` may step to; ``colour[c]`` the chessboard colour (0/1), which every
    orthogonal step changes; ``full`` the domain holding every number 1..n. The ``*_mask``
    fields are sets of cells as bitmasks (bit ``c`` for cell ``c``), for ``spread``.
    """

    rows: int
    cols: int
    king: bool
    n: int
    cells: tuple[int, ...]
    is_hole: tuple[bool, ...]
    neighbours: tuple[tuple[int, ...], ...]
    colour: tuple[int, ...]
    full: int
    colour_mask: tuple[int, int]
    first_col_mask: int
    last_col_mask: int

    def distance(self, a: int, b: int) -> int:
        """Steps between two cells on the open board (Manhattan, or king moves for Hidato)."""
        (ra, ca), (rb, cb) = divmod(a, self.cols), divmod(b, self.cols)
        dr, dc = abs(ra - rb), abs(ca - cb)
        return max(dr, dc) if self.king else dr + dc

    def spread(self, mask: int) -> int:
        """The cells of ``mask`` and their neighbours on the full grid (holes included)."""
        cols = self.cols
        row = mask | ((mask & ~self.last_col_mask) << 1) | ((mask & ~self.first_col_mask) >> 1)
        if self.king:
            return (row | (row << cols) | (row >> cols)) & self.grid_mask
        return (row | (mask << cols) | (mask >> cols)) & self.grid_mask

    @property
    def grid_mask(self) -> int:
        """Every cell of the grid, holes included."""
        return (1 << (self.rows * self.cols)) - 1


@bounded(PER_PUZZLE)
def geometry(rows: int, cols: int, king: bool, holes: tuple[bool, ...]) -> Geometry:
    """The (cached) geometry of a board; ``holes[c]`` marks the cells that are not part of it."""
    moves = KING if king else ORTHOGONAL
    neighbours = []
    for cell in range(rows * cols):
        r, c = divmod(cell, cols)
        near: tuple[int, ...] = ()
        if not holes[cell]:
            near = tuple(
                (r + dr) * cols + c + dc
                for dr, dc in moves
                if 0 <= r + dr < rows and 0 <= c + dc < cols and not holes[(r + dr) * cols + c + dc]
            )
        neighbours.append(near)
    cells = tuple(c for c in range(rows * cols) if not holes[c])
    n = len(cells)
    colour = tuple((c // cols + c % cols) % 2 for c in range(rows * cols))
    return Geometry(
        rows=rows,
        cols=cols,
        king=king,
        n=n,
        cells=cells,
        is_hole=holes,
        neighbours=tuple(neighbours),
        colour=colour,
        full=((1 << n) - 1) << 1,
        colour_mask=(
            sum(1 << c for c in cells if colour[c] == 0),
            sum(1 << c for c in cells if colour[c] == 1),
        ),
        first_col_mask=sum(1 << (r * cols) for r in range(rows)),
        last_col_mask=sum(1 << (r * cols + cols - 1) for r in range(rows)),
    )


@attrs.frozen(cache_hash=True)
class Numbrix:
    """A Numbrix (``king=False``) or Hidato (``king=True``) puzzle.

    ``givens`` row-major: a number, 0 for a blank, ``HOLE`` (-1) for a hole. ``form`` is the
    text form it was read from (``json``, ``grid`` or ``line``), kept for printing it back.
    """

    rows: int
    cols: int
    givens: tuple[int, ...]
    king: bool = False
    form: str = attrs.field(default="grid", eq=False)
    geo: Geometry = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        holes = tuple(g == HOLE for g in self.givens)
        object.__setattr__(self, "geo", geometry(self.rows, self.cols, self.king, holes))

    @property
    def n(self) -> int:
        """How many numbers the solution holds (the cells that are not holes)."""
        return self.geo.n

    @property
    def game(self) -> str:
        """``hidato`` or ``numbrix``."""
        return "hidato" if self.king else "numbrix"


def cell_name(puzzle: Numbrix, cell: int) -> str:
    """rXcY (1-based)."""
    r, c = divmod(cell, puzzle.cols)
    return f"r{r + 1}c{c + 1}"


# --- reading ----------------------------------------------------------------------------


# --- writing ----------------------------------------------------------------------------


def var_name(puzzle: Numbrix, var: int) -> str:
    """rXcY."""
    return cell_name(puzzle, var)


def value_name(puzzle: Numbrix, var: int, value: int) -> str:
    """The number (a hole holds none)."""
    return str(value) if value else "a hole"


# --- state ------------------------------------------------------------------------------


def initial_state(puzzle: Numbrix) -> State[Numbrix]:
    """Givens placed (and taken from every other cell), holes fixed to 0, blanks anything.

    Raises Contradiction when two consecutive givens are not neighbours.
    """
    geo = puzzle.geo
    domains = []
    for g in puzzle.givens:
        domains.append(1 if g == HOLE else 1 << g if g else geo.full)
    taken = sum(1 << g for g in puzzle.givens if g > 0)
    for cell in geo.cells:
        if not puzzle.givens[cell]:
            domains[cell] &= ~taken
            if not domains[cell]:
                raise Contradiction(f"{cell_name(puzzle, cell)} has no number left")
    state = State(puzzle, domains, [g != 0 for g in puzzle.givens])
    where = {g: c for c, g in enumerate(puzzle.givens) if g > 0}
    for k, cell in where.items():
        nxt = where.get(k + 1)
        if nxt is not None and nxt not in geo.neighbours[cell]:
            raise Contradiction(
                f"{k} at {cell_name(puzzle, cell)} and {k + 1} at {cell_name(puzzle, nxt)} "
                "are consecutive but not neighbours"
            )
    return state


def on_place(state: State[Numbrix], var: int, value: int) -> None:
    """A number written in is in no other cell (each removal journaled, ``State.note``, so
    the rules' tables can be kept per version of the grid); its written neighbours in the
    count (one less, one more) must be next to it."""
    puzzle = state.puzzle
    if value == 0:
        return
    domains, fixed = state.domains, state.fixed
    bit = 1 << value
    near = puzzle.geo.neighbours[var]
    around = (bit << 1) | (bit >> 1)
    for cell in puzzle.geo.cells:
        d = domains[cell]
        if cell == var or not d & (bit | around):
            continue
        if fixed[cell]:
            if d & around and cell not in near:
                raise Contradiction(
                    f"{value} at {cell_name(puzzle, var)} and {d.bit_length() - 1} at "
                    f"{cell_name(puzzle, cell)} are consecutive but not neighbours"
                )
            continue
        if d & bit:
            if d == bit:
                raise Contradiction(
                    f"{cell_name(puzzle, cell)} has no number left once {value} is at "
                    f"{cell_name(puzzle, var)}"
                )
            domains[cell] = d & ~bit
            state.note(cell, bit)


def is_solved(state: State[Numbrix]) -> bool:
    """Whether every cell is written in (a number left alone in a cell by eliminations is
    still to be written by a step)."""
    return all(state.fixed)


def check_solution(puzzle: Numbrix, values: list[int]) -> None:
    """Raise Contradiction naming what a complete assignment breaks."""
    geo = puzzle.geo
    where: dict[int, int] = {}
    for cell in range(puzzle.rows * puzzle.cols):
        v = values[cell]
        if geo.is_hole[cell]:
            if v:
                raise Contradiction(f"{cell_name(puzzle, cell)} is a hole and holds no number")
            continue
        if not 1 <= v <= geo.n or v in where:
            raise Contradiction(f"the numbers are not 1 to {geo.n} once each ({v} is not)")
        given = puzzle.givens[cell]
        if given and given != v:
            raise Contradiction(f"{cell_name(puzzle, cell)} must be the given {given}")
        where[v] = cell
    for k in range(1, geo.n):
        if where[k + 1] not in geo.neighbours[where[k]]:
            raise Contradiction(
                f"{k} at {cell_name(puzzle, where[k])} and {k + 1} at "
                f"{cell_name(puzzle, where[k + 1])} are not neighbours"
            )


def choose_guess(state: State[Numbrix]) -> tuple[int, int] | None:
    """The guess search tries next: a cell next to a written number when there is one, with
    the fewest numbers left, the nearest such to the previous guess; and a number of it that
    continues a written neighbour's count when it has one, else its smallest.

    Staying near the previous guess finishes one part of the board before starting
    another, so a wrong guess is refuted before guesses elsewhere pile up on top of it (on
    the sparse 15x15 board dandandrea-dankel-6: under 100 guesses instead of 10,050 for
    "the first cell with the fewest numbers left"); guessing next to written numbers keeps
    an empty board from being filled with straight rows that cannot be joined.
    """
    puzzle = state.puzzle
    geo = puzzle.geo
    domains, fixed = state.domains, state.fixed
    last = state.extra.get(_LAST_GUESS)
    best, best_key = None, None
    for cell in geo.cells:
        d = domains[cell]
        if fixed[cell] or d & (d - 1) == 0:
            continue
        lonely = not any(fixed[o] for o in geo.neighbours[cell])
        key = (lonely, d.bit_count(), geo.distance(cell, last) if last is not None else 0)
        if best_key is None or key < best_key:
            best, best_key = cell, key
    if best is None:
        return None
    state.extra[_LAST_GUESS] = best
    around = 0  # the numbers next to those written around the cell: a guess that links up
    for other in geo.neighbours[best]:
        if fixed[other]:
            around |= (domains[other] << 1) | (domains[other] >> 1)
    d = domains[best] & around or domains[best]
    return best, (d & -d).bit_length() - 1


_LAST_GUESS = "numbrix last guess"
