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

import json
import re
from functools import cache

import attrs

from deduce.errors import Contradiction, ParseError
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
    cells_mask: int
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


@cache
def geometry(rows: int, cols: int, king: bool, holes: tuple[bool, ...]) -> Geometry:
    """The (cached) geometry of a board; ``holes[c]`` marks the cells that are not part of it."""
    moves = KING if king else ORTHOGONAL
    neighbours = []
    for cell in range(rows * cols):
        r, c = divmod(cell, cols)
        near = ()
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
        cells_mask=sum(1 << c for c in cells),
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

_TOKEN = re.compile(r"^(-?\d+|\.|#)$")


def _json_fields(text: str) -> dict | None:
    t = text.strip()
    if not t.startswith("{"):
        return None
    try:
        data = json.loads(t)
    except json.JSONDecodeError as exc:
        raise ParseError(f"bad JSON at character {exc.pos + 1}: {exc.msg}") from None
    if not isinstance(data, dict) or "grid" not in data:
        raise ParseError('not a Numbrix/Hidato JSON line: expected a "grid" field')
    return data


def says_hidato(text: str) -> bool:
    """Whether the text marks itself as Hidato: a JSON ``family`` (or a ``name``) that says so,
    or a hole in the grid (Numbrix boards have none)."""
    try:
        data = _json_fields(text)
    except ParseError:
        return False
    if data is not None:
        family = str(data.get("family") or "").lower()
        if family:
            return family == "hidato"
        if "hidato" in str(data.get("name") or "").lower():
            return True
        grid = data.get("grid")
        return isinstance(grid, list) and any(isinstance(row, list) and HOLE in row for row in grid)
    return "#" in text


def parse(text: str, king: bool = False) -> Numbrix:
    """Read a JSON line or a plain grid; ParseError names what is wrong and where."""
    data = _json_fields(text)
    if data is not None:
        family = str(data.get("family") or "").lower()
        game = "hidato" if king else "numbrix"
        if family and family in ("numbrix", "hidato") and family != game:
            raise ParseError(f"this is a {family.title()} puzzle (its family field says so)")
        rows_data = data["grid"]
        if not isinstance(rows_data, list) or not all(isinstance(r, list) for r in rows_data):
            raise ParseError('the "grid" field must be a list of rows')
        rows = [[_json_cell(v, r, c) for c, v in enumerate(row)] for r, row in enumerate(rows_data)]
        size = data.get("size")
        if size is not None and (
            not isinstance(size, list)
            or len(size) != 2
            or [len(rows), len(rows[0]) if rows else 0] != size
        ):
            raise ParseError(f'the "size" field {size} does not match the grid')
        return _build(rows, king, "json")
    t = text.strip()
    if not t:
        raise ParseError("empty input: no puzzle given")
    lines = [ln for ln in t.splitlines() if ln.strip()]
    form = "grid"
    if len(lines) == 1 and "/" in lines[0]:
        lines, form = lines[0].split("/"), "line"
    rows = []
    for r, line in enumerate(lines):
        row = []
        for c, tok in enumerate(line.split()):
            if not _TOKEN.match(tok):
                raise ParseError(
                    f"bad token {tok!r} at r{r + 1}c{c + 1}: expected a number, 0 or . for a "
                    "blank, # for a hole"
                )
            row.append(HOLE if tok == "#" or tok.startswith("-") else 0 if tok == "." else int(tok))
        rows.append(row)
    return _build(rows, king, form)


def _json_cell(value: object, r: int, c: int) -> int:
    if type(value) is not int:
        raise ParseError(
            f"bad value {value!r} at r{r + 1}c{c + 1}: expected a number, 0 for a blank, -1 for a hole"
        )
    return HOLE if value < 0 else value


def _build(rows: list[list[int]], king: bool, form: str) -> Numbrix:
    if not rows or not rows[0]:
        raise ParseError("empty grid: no cells given")
    width = len(rows[0])
    for r, row in enumerate(rows):
        if len(row) != width:
            raise ParseError(f"row {r + 1} has {len(row)} cells, expected {width}")
    height = len(rows)
    if height > MAX_SIDE or width > MAX_SIDE:
        raise ParseError(f"grid {height}x{width} too large: each side at most {MAX_SIDE}")
    givens = tuple(v for row in rows for v in row)
    n = sum(1 for v in givens if v != HOLE)
    if n < 1:
        raise ParseError("the grid has no cells: every cell is a hole")
    seen: dict[int, int] = {}
    for cell, v in enumerate(givens):
        where = f"r{cell // width + 1}c{cell % width + 1}"
        if v > n:
            raise ParseError(f"bad number {v} at {where}: expected 1-{n}")
        if v > 0:
            if v in seen:
                first = f"r{seen[v] // width + 1}c{seen[v] % width + 1}"
                raise ParseError(f"number {v} is given twice ({first} and {where})")
            seen[v] = cell
    return Numbrix(height, width, givens, king, form)


def parse_numbrix(text: str) -> Numbrix:
    """Read a Numbrix puzzle (orthogonal steps)."""
    return parse(text, king=False)


def parse_hidato(text: str) -> Numbrix:
    """Read a Hidato puzzle (king steps, holes allowed)."""
    return parse(text, king=True)


def _readable(text: str, king: bool) -> bool:
    t = text.strip()
    if not t.startswith("{") and not re.fullmatch(r"[\d.#/\s]+", t):
        return False
    if not t.startswith("{") and len(t.split()) < 2:
        return False
    try:
        parse(t, king)
    except ParseError:
        return False
    return True


def detect_numbrix(text: str) -> bool:
    """A JSON line or a grid of numbers that does not say it is Hidato."""
    return _readable(text, False) and not says_hidato(text)


def detect_hidato(text: str) -> bool:
    """A JSON line or a grid that says it is Hidato (family or name field, or holes)."""
    return _readable(text, True) and says_hidato(text)


# --- writing ----------------------------------------------------------------------------


def _token(v: int, blank: str = ".") -> str:
    return "#" if v == HOLE else blank if v == 0 else str(v)


def _grid_rows(puzzle: Numbrix, values) -> list[list[int]]:
    w = puzzle.cols
    return [list(values[r * w : r * w + w]) for r in range(puzzle.rows)]


def _aligned(puzzle: Numbrix, values) -> str:
    size = len(str(puzzle.n))
    return "\n".join(
        " ".join(f"{_token(v):>{size}}" for v in row) for row in _grid_rows(puzzle, values)
    )


def format_puzzle(puzzle: Numbrix) -> str:
    """The puzzle in the form it was read from (JSON line, grid, or one line with ``/``)."""
    if puzzle.form == "json":
        return json.dumps(
            {
                "family": puzzle.game,
                "size": [puzzle.rows, puzzle.cols],
                "grid": _grid_rows(puzzle, puzzle.givens),
            }
        )
    if puzzle.form == "line":
        return "/".join(
            " ".join(_token(v, "0") for v in row) for row in _grid_rows(puzzle, puzzle.givens)
        )
    return _aligned(puzzle, puzzle.givens)


def _with_holes(puzzle: Numbrix, values: list[int]) -> list[int]:
    return [HOLE if puzzle.geo.is_hole[c] else v for c, v in enumerate(values)]


def solution_text(puzzle: Numbrix, values: list[int]) -> str:
    """Numbers row by row, spaces between, ``/`` between rows, ``#`` for holes."""
    rows = _grid_rows(puzzle, _with_holes(puzzle, values))
    return "/".join(" ".join(_token(v) for v in row) for row in rows)


def solution_grid(puzzle: Numbrix, values: list[int]) -> str:
    """The solution as an aligned grid."""
    return _aligned(puzzle, _with_holes(puzzle, values))


def format_solution(puzzle: Numbrix, values: list[int]) -> str:
    """The solution in the puzzle's own form: a grid for a grid, else the one-line form."""
    if puzzle.form == "grid":
        return solution_grid(puzzle, values)
    return solution_text(puzzle, values)


def var_name(puzzle: Numbrix, var: int) -> str:
    """rXcY."""
    return cell_name(puzzle, var)


def value_name(puzzle: Numbrix, var: int, value: int) -> str:
    """The number (a hole holds none)."""
    return str(value) if value else "a hole"


# --- state ------------------------------------------------------------------------------


def initial_state(puzzle: Numbrix) -> State:
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


def on_place(state: State, var: int, value: int) -> None:
    """A number written in is in no other cell; its written neighbours in the count
    (one less, one more) must be next to it."""
    puzzle: Numbrix = state.puzzle
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


def choose_guess(state: State) -> tuple[int, int] | None:
    """The guess search tries next: a cell next to a written number when there is one, with
    the fewest numbers left, the nearest such to the previous guess; and a number of it that
    continues a written neighbour's count when it has one, else its smallest.

    Staying near the previous guess finishes one part of the board before starting
    another, so a wrong guess is refuted before guesses elsewhere pile up on top of it (on
    the sparse 15x15 board dandandrea-dankel-6: under 100 guesses instead of 10,050 for
    "the first cell with the fewest numbers left"); guessing next to written numbers keeps
    an empty board from being filled with straight rows that cannot be joined.
    """
    puzzle: Numbrix = state.puzzle
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
