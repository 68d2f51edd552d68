"""Sudoku, generalized: an N×N grid (N = box width × box height) of boxes, rows and columns.

Variables are the N² cells, row-major; the value of a cell is its digit 1..N (bit d of the
domain). Text forms: the one-line form (N² characters, ``.`` or ``0`` blank, digits above 9
as ``A``..``P``), a multi-line grid (box-drawing characters ``| + -`` ignored; rows of numbers
separated by spaces also read), and Simon Tatham's Solo game IDs (``CxR:`` then runs of
blanks as letters ``a``..``z`` and givens as decimal numbers, ``_`` between two givens).
"""

from __future__ import annotations

import math
import re
from functools import cache
from typing import Any

import attrs

from deduce.errors import Contradiction, ParseError
from deduce.memo import Bounded
from deduce.state import State

SYMBOLS = "123456789ABCDEFGHIJKLMNOP"
BLANKS = ".0"
#: Box shapes (width, height) for sides whose box is not a square, as Tatham draws them.
RECTANGLES = {
    6: (3, 2),
    8: (4, 2),
    10: (5, 2),
    12: (4, 3),
    14: (7, 2),
    15: (5, 3),
    18: (6, 3),
    20: (5, 4),
}


@attrs.frozen
class Geometry:
    """The shape of an N×N Sudoku: box size, units (rows, columns, boxes) and peers."""

    box_w: int
    box_h: int
    n: int
    rows: tuple[tuple[int, ...], ...]
    cols: tuple[tuple[int, ...], ...]
    boxes: tuple[tuple[int, ...], ...]
    units: tuple[tuple[int, ...], ...]
    unit_names: tuple[str, ...]
    peers: tuple[tuple[int, ...], ...]
    full: int
    #: For every cell, the bitmask (bit = cell index) of the cells it shares a unit with.
    peer_masks: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    #: For every unit (rows, columns, boxes), the bitmask of its cells.
    unit_masks: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    #: Answers rules keep for grids of this shape (``deduce.rules.sudoku.forcing``), bounded.
    memo: Bounded[Any, Any] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "peer_masks", tuple(sum(1 << p for p in ps) for ps in self.peers))
        object.__setattr__(self, "unit_masks", tuple(sum(1 << c for c in u) for u in self.units))
        object.__setattr__(self, "memo", Bounded(100_000))

    def row_of(self, cell: int) -> int:
        """Row index (0-based) of ``cell``."""
        return cell // self.n

    def col_of(self, cell: int) -> int:
        """Column index (0-based) of ``cell``."""
        return cell % self.n

    def box_of(self, cell: int) -> int:
        """Box index (0-based, row-major) of ``cell``."""
        r, c = divmod(cell, self.n)
        return (r // self.box_h) * (self.n // self.box_w) + c // self.box_w


@cache
def geometry(box_w: int, box_h: int) -> Geometry:
    """The (cached) geometry of a grid with boxes ``box_w`` wide and ``box_h`` tall."""
    n = box_w * box_h
    rows = tuple(tuple(r * n + c for c in range(n)) for r in range(n))
    cols = tuple(tuple(r * n + c for r in range(n)) for c in range(n))
    boxes = []
    for br in range(0, n, box_h):
        for bc in range(0, n, box_w):
            boxes.append(tuple((br + r) * n + bc + c for r in range(box_h) for c in range(box_w)))
    units = (*rows, *cols, *boxes)
    names = (
        *(f"row {i + 1}" for i in range(n)),
        *(f"column {i + 1}" for i in range(n)),
        *(f"box {i + 1}" for i in range(n)),
    )
    peers = []
    for cell in range(n * n):
        r, c = divmod(cell, n)
        box = boxes[(r // box_h) * (n // box_w) + c // box_w]
        peers.append(tuple(sorted((set(rows[r]) | set(cols[c]) | set(box)) - {cell})))
    full = ((1 << n) - 1) << 1
    return Geometry(box_w, box_h, n, rows, cols, tuple(boxes), units, names, tuple(peers), full)


@attrs.frozen
class Sudoku:
    """An immutable Sudoku puzzle: its geometry, the givens (0 = blank) and its text form."""

    geo: Geometry
    givens: tuple[int, ...]
    form: str = "line"

    @property
    def n(self) -> int:
        """The side of the grid."""
        return self.geo.n


def box_shape(n: int) -> tuple[int, int]:
    """The (width, height) of the boxes of an N×N grid; ParseError when N has none."""
    root = math.isqrt(n)
    if root * root == n:
        return root, root
    if n in RECTANGLES:
        return RECTANGLES[n]
    raise ParseError(
        f"a {n}x{n} grid has no box shape (sides 4, 6, 8, 9, 10, 12, 16, 25... are known)"
    )


def symbol(value: int) -> str:
    """How a digit is written in the one-line form (10 and up as letters)."""
    return SYMBOLS[value - 1]


def _value_of(ch: str, n: int, where: str) -> int:
    if ch in BLANKS:
        return 0
    index = SYMBOLS.find(ch.upper())
    if index < 0 or index >= n:
        top = SYMBOLS[n - 1]
        raise ParseError(f"bad character {ch!r} at {where}: expected 1-{top} or . for a blank")
    return index + 1


def _check_givens(geo: Geometry, givens: list[int]) -> None:
    """A clue that repeats in a row, column or box breaks the rules: report where."""
    for unit, name in zip(geo.units, geo.unit_names, strict=True):
        seen: dict[int, int] = {}
        for cell in unit:
            v = givens[cell]
            if not v:
                continue
            if v in seen:
                other = seen[v]
                raise ParseError(
                    f"clue {symbol(v)} at {cell_name(geo, cell)} repeats in {name} "
                    f"(also at {cell_name(geo, other)})"
                )
            seen[v] = cell


def cell_name(geo: Geometry, cell: int) -> str:
    """The rXcY name of a cell (1-based)."""
    r, c = divmod(cell, geo.n)
    return f"r{r + 1}c{c + 1}"


_TATHAM = re.compile(r"^(\d+)x(\d+):(.*)$", re.S)


def parse(text: str) -> Sudoku:
    """Read a Sudoku in any of the supported text forms; ParseError names what is wrong."""
    text = text.strip()
    if not text:
        raise ParseError("empty input: no puzzle given")
    m = _TATHAM.match(text)
    if m:
        return _parse_tatham(int(m.group(1)), int(m.group(2)), m.group(3).strip())
    lines = [ln for ln in text.splitlines() if ln.strip()]
    if len(lines) == 1:
        return _parse_line(lines[0].strip())
    return _parse_grid(lines)


def _parse_line(line: str) -> Sudoku:
    line = line.split()[0] if line.split() else line
    size = len(line)
    n = math.isqrt(size)
    if n * n != size or n < 4:
        raise ParseError(
            f"wrong length: {size} characters, expected a square number such as 81 for 9x9 "
            f"(16, 36, 81, 256, 625)"
        )
    w, h = box_shape(n)
    geo = geometry(w, h)
    givens = [_value_of(ch, n, f"position {i + 1}") for i, ch in enumerate(line)]
    _check_givens(geo, givens)
    return Sudoku(geo, tuple(givens), "line")


def _parse_grid(lines: list[str]) -> Sudoku:
    rows: list[list[str]] = []
    for line in lines:
        cleaned = re.sub(r"[|+]", " ", line)
        if not re.search(r"[^\s\-=_]", cleaned):
            continue  # a separator line
        tokens = cleaned.split()
        if any(len(t) > 1 and t.isdigit() for t in tokens):
            rows.append(tokens)
        else:
            rows.append([ch for ch in cleaned if not ch.isspace()])
    n = len(rows)
    w, h = box_shape(n)
    geo = geometry(w, h)
    givens: list[int] = []
    for r, row in enumerate(rows):
        if len(row) != n:
            raise ParseError(f"row {r + 1} has {len(row)} cells, expected {n}")
        for c, tok in enumerate(row):
            where = f"r{r + 1}c{c + 1}"
            if tok.isdigit() and len(tok) > 1:
                v = int(tok)
                if not 0 <= v <= n:
                    raise ParseError(f"bad number {tok} at {where}: expected 0-{n}")
                givens.append(v)
            else:
                givens.append(_value_of(tok, n, where))
    _check_givens(geo, givens)
    return Sudoku(geo, tuple(givens), "grid")


def _parse_tatham(c: int, r: int, desc: str) -> Sudoku:
    if c < 1 or r < 1 or c * r < 2 or c * r > 25:
        raise ParseError(f"bad Solo size {c}x{r}: the side c*r must be 2 to 25")
    n = c * r
    geo = geometry(r, c)  # boxes r wide and c tall
    givens: list[int] = []
    i = 0
    while i < len(desc):
        ch = desc[i]
        if "a" <= ch <= "z":
            givens.extend([0] * (ord(ch) - ord("a") + 1))
            i += 1
        elif ch.isdigit():
            j = i
            while j < len(desc) and desc[j].isdigit():
                j += 1
            v = int(desc[i:j])
            if not 1 <= v <= n:
                raise ParseError(
                    f"bad given {v} at character {i + 1} of the Solo description: expected 1-{n}"
                )
            givens.append(v)
            i = j
        elif ch == "_":
            i += 1
        else:
            raise ParseError(f"bad character {ch!r} at character {i + 1} of the Solo description")
        if len(givens) > n * n:
            raise ParseError(f"Solo description too long: more than {n * n} cells at character {i}")
    if len(givens) != n * n:
        raise ParseError(f"Solo description too short: {len(givens)} cells, expected {n * n}")
    _check_givens(geo, givens)
    return Sudoku(geo, tuple(givens), "tatham")


def to_line(puzzle: Sudoku, values: list[int] | tuple[int, ...] | None = None) -> str:
    """The one-line form (``.`` for blanks) of the givens, or of ``values``."""
    vals = puzzle.givens if values is None else values
    return "".join(symbol(v) if v else "." for v in vals)


def to_grid(puzzle: Sudoku, values: list[int] | tuple[int, ...] | None = None) -> str:
    """A multi-line grid with box separators."""
    geo = puzzle.geo
    vals = puzzle.givens if values is None else values
    n = geo.n
    lines = []
    sep = "+".join("-" * (2 * geo.box_w + 1) for _ in range(n // geo.box_w))
    for r in range(n):
        if r and r % geo.box_h == 0:
            lines.append(sep)
        parts = []
        for bc in range(0, n, geo.box_w):
            cells = [vals[r * n + bc + c] for c in range(geo.box_w)]
            parts.append(" " + " ".join(symbol(v) if v else "." for v in cells) + " ")
        lines.append("|".join(parts).rstrip())
    return "\n".join(lines)


def to_tatham(puzzle: Sudoku, values: list[int] | tuple[int, ...] | None = None) -> str:
    """Simon Tatham's Solo game ID."""
    geo = puzzle.geo
    vals = puzzle.givens if values is None else values
    out: list[str] = [f"{geo.box_h}x{geo.box_w}:"]
    run = 0
    prev_given = False
    for v in vals:
        if v:
            if run:
                while run > 0:
                    k = min(run, 26)
                    out.append(chr(ord("a") + k - 1))
                    run -= k
            elif prev_given:
                out.append("_")
            out.append(str(v))
            prev_given = True
        else:
            run += 1
            prev_given = False
    while run > 0:
        k = min(run, 26)
        out.append(chr(ord("a") + k - 1))
        run -= k
    return "".join(out)


def format_puzzle(puzzle: Sudoku) -> str:
    """The puzzle in the text form it was read from."""
    if puzzle.form == "tatham":
        return to_tatham(puzzle)
    if puzzle.form == "grid":
        return to_grid(puzzle)
    return to_line(puzzle)


def detect(text: str) -> bool:
    """Whether ``text`` is a Sudoku: one line of N² symbols, a Solo game ID or a grid.

    A ``WxH:`` game ID counts only when it reads as a whole Solo description (other Tatham
    games, such as Signpost, share the prefix).
    """
    t = text.strip()
    lines = [ln for ln in t.splitlines() if ln.strip()]
    if _TATHAM.match(t) or len(lines) > 1:
        try:
            parse(t)
        except ParseError:
            return False
        return True
    s = lines[0].strip() if lines else ""
    n = math.isqrt(len(s))
    return n * n == len(s) and n >= 4 and bool(re.fullmatch(r"[0-9.A-Pa-p]+", s))


def initial_state(puzzle: Sudoku) -> State:
    """Every blank cell may hold any digit; each given is placed (and leaves its peers)."""
    geo = puzzle.geo
    state = State(puzzle, [geo.full] * (geo.n * geo.n))
    for cell, v in enumerate(puzzle.givens):
        if v:
            if not state.domains[cell] >> v & 1:
                raise Contradiction(
                    f"clue {symbol(v)} at {cell_name(geo, cell)} repeats a peer's clue"
                )
            state.domains[cell] = 1 << v
            state.fixed[cell] = True
            on_place(state, cell, v)
    return state


def on_place(state: State, cell: int, value: int) -> None:
    """A placed digit leaves the candidates of every peer (the pencil-mark bookkeeping)."""
    geo: Geometry = state.puzzle.geo
    bit = 1 << value
    domains = state.domains
    for p in geo.peers[cell]:
        d = domains[p]
        if d & bit:
            d &= ~bit
            if not d:
                raise Contradiction(
                    f"{cell_name(geo, p)} has no candidate left once "
                    f"{cell_name(geo, cell)} = {symbol(value)}"
                )
            domains[p] = d


def is_solved(state: State) -> bool:
    """Solved when every cell has been written in."""
    return all(state.fixed)


def check_solution(puzzle: Sudoku, values: list[int]) -> None:
    """Raise Contradiction naming the first unit or given that ``values`` breaks."""
    geo = puzzle.geo
    for cell, g in enumerate(puzzle.givens):
        if g and values[cell] != g:
            raise Contradiction(f"{cell_name(geo, cell)} must be the given {symbol(g)}")
    want = set(range(1, geo.n + 1))
    for unit, name in zip(geo.units, geo.unit_names, strict=True):
        if {values[c] for c in unit} != want:
            raise Contradiction(f"{name} does not hold every digit once")


def var_name(puzzle: Sudoku, var: int) -> str:
    """rXcY."""
    return cell_name(puzzle.geo, var)


def value_name(puzzle: Sudoku, var: int, value: int) -> str:
    """The digit's symbol."""
    return symbol(value)


def solution_text(puzzle: Sudoku, values: list[int]) -> str:
    """The one-line form of a solution."""
    return to_line(puzzle, values)


def solution_grid(puzzle: Sudoku, values: list[int]) -> str:
    """A solution drawn as a grid."""
    return to_grid(puzzle, values)


def branch_cells(state: State) -> list[int]:
    """The cell search should guess on: fewest candidates, and among those the one whose
    candidates the most open peers share (a guess there settles the most).

    Measured on the hard corpora, this halves the search tree of "first cell with fewest
    candidates" (bench/sudoku_rate.py).
    """
    domains, fixed = state.domains, state.fixed
    fewest, cells = 1 << 30, []
    for cell, d in enumerate(domains):
        if fixed[cell]:
            continue
        n = d.bit_count()
        if n < 2 or n > fewest:
            continue
        if n < fewest:
            fewest, cells = n, [cell]
        else:
            cells.append(cell)
    if len(cells) < 2:
        return cells
    peers = state.puzzle.geo.peers
    best, most = cells[0], -1
    for cell in cells:
        d = domains[cell]
        shared = sum(1 for p in peers[cell] if domains[p] & d and not fixed[p])
        if shared > most:
            best, most = cell, shared
    return [best]
