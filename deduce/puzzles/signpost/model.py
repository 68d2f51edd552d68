"""Signpost (Simon Tatham's Portable Puzzle Collection): number the cells 1..W·H so that
each number's successor lies somewhere along its cell's arrow.

Input is Tatham's game ID: ``WxH:`` then, per cell in reading order, an optional given number
and an arrow letter ``a``..``h`` (N, NE, E, SE, S, SW, W, NW). Variables: cell ``i``'s number
is variable ``i`` (bits 1..N of its domain), cell ``i``'s successor is variable ``N + i``
(bits: the cells along the arrow, plus bit ``N`` meaning "no successor": the cell is the
last one). The one-line solution form is the numbers row by row, separated by spaces, rows
separated by ``/``.
"""

from __future__ import annotations

import re

import attrs

from deduce.errors import Contradiction, ParseError
from deduce.jsontext import is_digits
from deduce.memo import PER_PUZZLE, bounded
from deduce.state import State

ARROWS = "abcdefgh"
#: Column and row steps of each arrow letter (rows grow downwards).
STEPS = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
GLYPHS = "↑↗→↘↓↙←↖"
_ID = re.compile(r"^(\d+)x(\d+):(.*)$", re.S)
_CELL = re.compile(r"(\d*)([a-h])")


@attrs.frozen(cache_hash=True)
class Signpost:
    """A Signpost puzzle: size, the arrow of every cell (0 = N ... 7 = NW), givens (0 = none)."""

    width: int
    height: int
    arrows: tuple[int, ...]
    givens: tuple[int, ...]

    @property
    def n(self) -> int:
        """How many cells (and numbers) there are."""
        return self.width * self.height

    def along(self, cell: int) -> tuple[int, ...]:
        """The cells the arrow of ``cell`` points at, nearest first."""
        return _along(self)[cell]


@bounded(PER_PUZZLE)
def _along(puzzle: Signpost) -> tuple[tuple[int, ...], ...]:
    width, height, arrows = puzzle.width, puzzle.height, puzzle.arrows
    out = []
    for cell, arrow in enumerate(arrows):
        r, c = divmod(cell, width)
        dc, dr = STEPS[arrow]
        cells = []
        r, c = r + dr, c + dc
        while 0 <= r < height and 0 <= c < width:
            cells.append(r * width + c)
            r, c = r + dr, c + dc
        out.append(tuple(cells))
    return tuple(out)


@bounded(PER_PUZZLE)
def predecessors(puzzle: Signpost) -> tuple[tuple[int, ...], ...]:
    """For every cell, the cells whose arrow points at it."""
    preds: list[list[int]] = [[] for _ in range(puzzle.n)]
    for cell in range(puzzle.n):
        for other in puzzle.along(cell):
            preds[other].append(cell)
    return tuple(tuple(p) for p in preds)


def cell_name(puzzle: Signpost, cell: int) -> str:
    """rXcY (1-based)."""
    r, c = divmod(cell, puzzle.width)
    return f"r{r + 1}c{c + 1}"


def parse(text: str) -> Signpost:
    """Read a Tatham Signpost game ID; ParseError names what is wrong and where."""
    text = text.strip()
    m = _ID.match(text)
    if not m:
        raise ParseError(
            "not a Signpost game ID: expected WxH: followed by the cells, e.g. 3x3:1cc..."
        )
    width, height, desc = int(m.group(1)), int(m.group(2)), m.group(3).strip()
    if not (1 <= width <= 30 and 1 <= height <= 30) or width * height < 2:
        raise ParseError(
            f"bad Signpost size {width}x{height}: each side must be 1 to 30, "
            "and the grid at least 2 cells"
        )
    n = width * height
    arrows: list[int] = []
    givens: list[int] = []
    pos = 0
    for entry in _CELL.finditer(desc):
        if entry.start() != pos:
            _bad_character(desc, pos)
        number = int(entry.group(1)) if entry.group(1) else 0
        if number and not 1 <= number <= n:
            raise ParseError(f"bad number {number} at character {pos + 1}: expected 1-{n}")
        givens.append(number)
        arrows.append(ARROWS.index(entry.group(2)))
        pos = entry.end()
    if pos != len(desc):
        _bad_character(desc, pos)
    if len(arrows) != n:
        raise ParseError(
            f"the description has {len(arrows)} cells, expected {n} for {width}x{height}"
        )
    seen: dict[int, int] = {}
    for cell, number in enumerate(givens):
        if number in seen:
            raise ParseError(
                f"number {number} is given twice (cells {seen[number] + 1} and {cell + 1})"
            )
        if number:
            seen[number] = cell
    puzzle = Signpost(width, height, tuple(arrows), tuple(givens))
    for cell in range(n):
        if not puzzle.along(cell) and givens[cell] not in (0, n):
            raise ParseError(
                f"{cell_name(puzzle, cell)} is given {givens[cell]} but its arrow leaves the grid: "
                f"only the last number {n} has no successor"
            )
    return puzzle


def _bad_character(desc: str, pos: int) -> None:
    """Blame the character that breaks the cell at ``pos`` (a number's digits are fine: the
    arrow letter after them is what is missing or wrong)."""
    while pos < len(desc) - 1 and is_digits(desc[pos]):
        pos += 1
    raise ParseError(
        f"bad character {desc[pos]!r} at character {pos + 1} of the Signpost description "
        "(expected a number, then an arrow letter a-h)"
    )


def format_puzzle(puzzle: Signpost) -> str:
    """The Tatham game ID."""
    cells = "".join(
        f"{g or ''}{ARROWS[a]}" for a, g in zip(puzzle.arrows, puzzle.givens, strict=True)
    )
    return f"{puzzle.width}x{puzzle.height}:{cells}"


def detect(text: str) -> bool:
    """Whether ``text`` is a Signpost game ID."""
    t = text.strip()
    if not re.fullmatch(r"\d+x\d+:(\d*[a-h])+", t):
        return False
    try:
        parse(t)
    except ParseError:
        return False
    return True


def check_solution(puzzle: Signpost, values: list[int]) -> None:
    """Raise Contradiction naming what the assignment breaks."""
    n = puzzle.n
    numbers = values[:n]
    if sorted(numbers) != list(range(1, n + 1)):
        raise Contradiction("the numbers are not 1 to N once each")
    where = {num: cell for cell, num in enumerate(numbers)}
    for cell, g in enumerate(puzzle.givens):
        if g and numbers[cell] != g:
            raise Contradiction(f"{cell_name(puzzle, cell)} must be the given {g}")
    for k in range(1, n):
        a, b = where[k], where[k + 1]
        if b not in puzzle.along(a):
            raise Contradiction(f"{k + 1} at {cell_name(puzzle, b)} is not along the arrow of {k}")
    for cell in range(n):
        succ = values[n + cell]
        expected = where.get(numbers[cell] + 1, n)
        if succ != expected:
            raise Contradiction(
                f"the successor of {cell_name(puzzle, cell)} is inconsistent with the numbers"
            )


def var_name(puzzle: Signpost, var: int) -> str:
    """rXcY for a number, "the arrow of rXcY" for a successor."""
    if var < puzzle.n:
        return cell_name(puzzle, var)
    return f"the successor of {cell_name(puzzle, var - puzzle.n)}"


def value_name(puzzle: Signpost, var: int, value: int) -> str:
    """A number, or the successor cell (``nothing`` for the end)."""
    if var < puzzle.n:
        return str(value)
    return "nothing (the end)" if value == puzzle.n else cell_name(puzzle, value)


def solution_text(puzzle: Signpost, values: list[int]) -> str:
    """Numbers row by row, spaces between, ``/`` between rows (as in the corpus)."""
    w = puzzle.width
    rows = [values[r * w : r * w + w] for r in range(puzzle.height)]
    return "/".join(" ".join(str(v) for v in row) for row in rows)


def solution_grid(puzzle: Signpost, values: list[int]) -> str:
    """The numbers as an aligned grid, each with its arrow."""
    w = puzzle.width
    size = len(str(puzzle.n))
    lines = []
    for r in range(puzzle.height):
        cells = [f"{values[r * w + c]:>{size}}{GLYPHS[puzzle.arrows[r * w + c]]}" for c in range(w)]
        lines.append(" ".join(cells))
    return "\n".join(lines)


def branch_variables(state: State[Signpost]) -> range:
    """Search guesses links (successors): each guess joins two cells, as a player would try."""
    n = state.puzzle.n
    return range(n, 2 * n)


def resembles(text: str) -> float:
    """How much ``text`` looks like a Signpost game ID (for ranking parse errors)."""
    t = text.strip()
    size = re.match(r"(\d{1,3})x(\d{1,3}):", t)
    if not size:
        return 0.0
    cells = int(size[1]) * int(size[2])
    arrows = len(re.findall(r"[a-h]", t[size.end() :]))
    # Every cell has an arrow: a count far from the cells is another game's ID (Solo's).
    return 0.9 if arrows and abs(arrows - cells) <= max(2, int(size[1])) else 0.3
