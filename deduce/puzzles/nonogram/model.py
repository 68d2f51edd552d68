"""Nonograms (Picross, Paint by Numbers): fill cells so that every row and column shows its
clue, the lengths of its blocks of filled cells in order, with at least one empty cell between
two blocks.

Seven text forms are read (see ``deduce.puzzles.nonogram.text``): the corpus JSON line, the
``.non`` format, Simon Tatham's Pattern game ID, a drawn picture, and the exchange forms of
other programs: a puzz.link (pzprjs) URL, webpbn XML and the Olšáks' ``.g`` text. Variables:
one per cell in reading order; bit 0 of its domain means empty, bit 1 filled. The one-line
solution form is the rows of ``#`` (filled) and ``.`` (empty) separated by ``/``.
"""

from __future__ import annotations

import attrs

from deduce.errors import Contradiction
from deduce.memo import PER_PUZZLE, bounded
from deduce.state import State

EMPTY = 0
FILLED = 1
#: Domain masks: what a cell's domain is when it is known empty, known filled, or open.
D_EMPTY, D_FILLED, D_OPEN = 1, 2, 3


@attrs.frozen(cache_hash=True)
class Nonogram:
    """A nonogram: its size and the clue of every row (top to bottom) and column (left to
    right), each a tuple of block lengths (``()`` for a line with no filled cell).

    ``form`` is the text form it was read from (``json``, ``non``, ``tatham``, ``grid``) and
    ``name`` / ``goal`` the name and the stored solution rows (``"0110..."``) when the text had
    them; none of the three takes part in equality.
    """

    width: int
    height: int
    rows: tuple[tuple[int, ...], ...]
    cols: tuple[tuple[int, ...], ...]
    form: str = attrs.field(default="json", eq=False)
    name: str = attrs.field(default="", eq=False)
    goal: tuple[str, ...] = attrs.field(default=(), eq=False)

    @property
    def n(self) -> int:
        """How many cells there are."""
        return self.width * self.height


def clues_of(bits: str) -> tuple[int, ...]:
    """The clue of one line given as ``0``/``1`` characters (``1`` = filled)."""
    return tuple(len(run) for run in bits.split("0") if run)


def clue_text(clue: tuple[int, ...]) -> str:
    """A clue as a player reads it: ``3 1``, or ``0`` for a line with no filled cell."""
    return " ".join(map(str, clue)) if clue else "0"


@attrs.frozen
class Line:
    """One row or column: its name (``row 3``), its clue and its cells (variables) in order."""

    name: str
    clue: tuple[int, ...]
    cells: tuple[int, ...]


@bounded(PER_PUZZLE)
def lines_of(puzzle: Nonogram) -> tuple[Line, ...]:
    """The rows (top to bottom) then the columns (left to right) of ``puzzle``."""
    w, h = puzzle.width, puzzle.height
    rows = [Line(f"row {r + 1}", puzzle.rows[r], tuple(range(r * w, r * w + w))) for r in range(h)]
    cols = [Line(f"column {c + 1}", puzzle.cols[c], tuple(range(c, w * h, w))) for c in range(w)]
    return (*rows, *cols)


def cell_name(puzzle: Nonogram, cell: int) -> str:
    """rXcY (1-based)."""
    r, c = divmod(cell, puzzle.width)
    return f"r{r + 1}c{c + 1}"


def var_name(puzzle: Nonogram, var: int) -> str:
    """The cell's name, rXcY."""
    return cell_name(puzzle, var)


def value_name(puzzle: Nonogram, var: int, value: int) -> str:
    """``filled`` or ``empty``."""
    return "filled" if value == FILLED else "empty"


def initial_state(puzzle: Nonogram) -> State[Nonogram]:
    """Every cell open; a clue that cannot fit its line is a Contradiction."""
    for line in lines_of(puzzle):
        need = sum(line.clue) + len(line.clue) - 1
        if need > len(line.cells):
            raise Contradiction(
                f"{line.name} is {len(line.cells)} cells long, too short for its clue "
                f"{clue_text(line.clue)} ({need} cells needed)"
            )
    return State(puzzle, [D_OPEN] * puzzle.n)


def is_solved(state: State[Nonogram]) -> bool:
    """Whether every cell is known (filled or empty).

    A state's cells only ever narrow, so the look resumes at the first open cell it found
    last time on this state (kept in ``state.memo``, which a copy starts without)."""
    memo = state.memo
    try:
        memo["nonogram open"] = state.domains.index(D_OPEN, memo.get("nonogram open", 0))
    except ValueError:
        return True
    return False


def check_solution(puzzle: Nonogram, values: list[int]) -> None:
    """Raise Contradiction naming the first line whose blocks do not match its clue."""
    if len(values) != puzzle.n:
        raise Contradiction(f"expected {puzzle.n} cells, got {len(values)}")
    # The grid as one text of 0s and 1s, each row a slice of it, each column a stride.
    grid = "".join(["1" if v == FILLED else "0" for v in values])
    w, h = puzzle.width, puzzle.height
    texts = [grid[r * w : r * w + w] for r in range(h)] + [grid[c::w] for c in range(w)]
    for line, bits in zip(lines_of(puzzle), texts, strict=True):
        got = clues_of(bits)
        if got != line.clue:
            raise Contradiction(
                f"{line.name} shows {clue_text(got)} but its clue is {clue_text(line.clue)}"
            )


def solution_text(puzzle: Nonogram, values: list[int]) -> str:
    """Rows of ``#`` (filled) and ``.`` (empty), separated by ``/``."""
    return "/".join(_row_text(puzzle, values, r) for r in range(puzzle.height))


def solution_grid(puzzle: Nonogram, values: list[int]) -> str:
    """The picture: one line per row, ``#`` filled and ``.`` empty."""
    return "\n".join(_row_text(puzzle, values, r) for r in range(puzzle.height))


def _row_text(puzzle: Nonogram, values: list[int], r: int) -> str:
    w = puzzle.width
    return "".join("#" if v == FILLED else "." for v in values[r * w : r * w + w])


def goal_values(puzzle: Nonogram) -> list[int] | None:
    """The stored solution (from the text), one value per cell, or None when there is none."""
    if not puzzle.goal:
        return None
    return [FILLED if ch == "1" else EMPTY for row in puzzle.goal for ch in row]


def from_picture(rows: list[str], form: str = "grid", name: str = "") -> Nonogram:
    """The nonogram whose solution is the picture ``rows`` (strings of ``0``/``1``)."""
    height, width = len(rows), len(rows[0])
    cols = ["".join(row[c] for row in rows) for c in range(width)]
    return Nonogram(
        width,
        height,
        tuple(clues_of(r) for r in rows),
        tuple(clues_of(c) for c in cols),
        form=form,
        name=name,
        goal=tuple(rows),
    )
