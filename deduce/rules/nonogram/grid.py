"""The state side of line logic: each line of a state as masks (``Board``), kept up to date
from the state's journal, with the lines each kind of scan (``deduce.rules.nonogram.scans``)
must ask again, and the puzzle's geometry and memo tables at hand.

A step changes a few cells, so the engine's easiest-rule-first loop asks each rule again only
about the lines those cells cross (and the lines where it found something): a look-up or a few
operations on ints per line, which keeps the loop cheap even on 80×70 grids.
"""

from __future__ import annotations

from typing import Any

from deduce.errors import Contradiction
from deduce.memo import PER_PUZZLE, bounded
from deduce.puzzles.nonogram.model import (
    D_EMPTY,
    D_FILLED,
    Line,
    Nonogram,
    clue_text,
    lines_of,
)
from deduce.rules.nonogram.lines import masks_of, memo
from deduce.rules.nonogram.sentences import cell_list as cell_list  # for chain.py
from deduce.rules.nonogram.sentences import conclusion as conclusion
from deduce.rules.nonogram.sentences import line_names, titles
from deduce.rules.nonogram.sentences import title as title
from deduce.state import State


@bounded(PER_PUZZLE)
def slices(puzzle: Nonogram) -> tuple[slice, ...]:
    """For every line (rows, then columns), the slice of the grid's bytes it reads."""
    w, n = puzzle.width, puzzle.n
    rows = [slice(r * w, r * w + w) for r in range(puzzle.height)]
    cols = [slice(c, n, w) for c in range(w)]
    return (*rows, *cols)


@bounded(PER_PUZZLE)
def crossing(puzzle: Nonogram) -> tuple[tuple[int, ...], ...]:
    """For every line, the index of the line crossing it at each of its positions."""
    h = puzzle.height
    rows = [tuple(h + c for c in range(puzzle.width)) for _ in range(h)]
    cols = [tuple(range(h)) for _ in range(puzzle.width)]
    return (*rows, *cols)


def no_fit(line: Line) -> Contradiction:
    """The contradiction of a line whose blocks cannot agree with its known cells."""
    return Contradiction(
        f"{line.name} cannot show its clue {clue_text(line.clue)}: "
        "no placement of its blocks fits the cells already known"
    )


def _cache(state: State[Nonogram]) -> dict[str, Any]:
    cache: dict[str, Any] | None = state.extra.get("tables")
    if cache is None:
        cache = state.extra["tables"] = {}
    return cache


def line_tables(state: State[Nonogram], kind: str) -> tuple[dict[Any, Any], ...]:
    """For every line, the memo of line function ``kind`` for its clue (looked up once per
    solve and kept in ``state.extra["tables"]``, a cache its copies share)."""
    cache = _cache(state)
    tables: tuple[dict[Any, Any], ...] | None = cache.get(kind)
    if tables is None:
        tables = cache[kind] = tuple(memo(kind, line.clue) for line in lines_of(state.puzzle))
    return tables


def geometry(
    state: State[Nonogram],
) -> tuple[tuple[Line, ...], tuple[slice, ...], tuple[tuple[int, ...], ...]]:
    """(the lines, their slices, their crossings) of the state's puzzle, kept with the memo
    tables so a solve does not compare puzzles to find them."""
    cache = _cache(state)
    found: tuple[tuple[Line, ...], tuple[slice, ...], tuple[tuple[int, ...], ...]] | None
    found = cache.get("geometry")
    if found is None:
        puzzle = state.puzzle
        found = cache["geometry"] = (lines_of(puzzle), slices(puzzle), crossing(puzzle))
    return found


class Board:
    """One state's lines as masks, kept up to date from the state's journal of changes
    (``State.changes``): each line's filled and empty cells (rows, then columns, as
    ``lines_of``), and for every kind of scan the lines it has to ask again (``pending``,
    bit ``i`` for line ``i``): the lines whose cells changed since it found nothing there,
    and the lines where it found something.

    It lives in ``state.memo`` (a copy of the state starts without one and builds its own
    from the domains), so a step costs the lines its cells cross, not a pass over the grid.
    """

    __slots__ = (
        "clues",
        "empty",
        "filled",
        "height",
        "lines",
        "names",
        "pending",
        "sizes",
        "solved",
        "tables",
        "titles",
        "totals",
        "version",
        "width",
    )

    def __init__(self, state: State[Nonogram]) -> None:
        puzzle = state.puzzle
        #: The puzzle's lines and their ``title``s, at hand for every scan.
        self.lines = geometry(state)[0]
        self.titles = titles(puzzle)
        self.names = line_names(puzzle)
        self.width, self.height = puzzle.width, puzzle.height
        self.clues = [line.clue for line in self.lines]
        self.sizes = [len(line.cells) for line in self.lines]
        self.totals = [sum(clue) for clue in self.clues]
        w, h = puzzle.width, puzzle.height
        grid = bytes(bytearray(state.domains))
        rows = [grid[r * w : r * w + w] for r in range(h)]
        cols = [grid[c::w] for c in range(w)]
        self.filled: list[int] = []
        self.empty: list[int] = []
        for cells in (*rows, *cols):
            filled, empty = masks_of(cells)
            self.filled.append(filled)
            self.empty.append(empty)
        self.pending: dict[str, int] = {}
        #: For every kind of costly scan, its memo tables (``line_tables``) at hand.
        self.tables: dict[str, tuple[dict[Any, Any], ...]] = {}
        #: For every line, the last line solver answer worked out for it: (filled, empty
        #: asked, filled, empty answered), or None.
        self.solved: list[tuple[int, int, int, int] | None] = [None] * (w + h)
        self.version = len(state.changes)

    def catch_up(self, state: State[Nonogram]) -> None:
        """Bring the masks up to the state's journal: the cells changed since ``version``
        set their bits, and their lines are pending again for every kind (for the kinds
        in ``BY_EMPTY``, only the lines that gained an empty cell)."""
        w, h = self.width, self.height
        domains = state.domains
        filled, empty = self.filled, self.empty
        moved = moved_empty = 0
        for var in state.changes[self.version :]:
            r, c = divmod(var, w)
            col = h + c
            d = domains[var]
            if d == D_FILLED:
                filled[r] |= 1 << c
                filled[col] |= 1 << r
                moved |= 1 << r | 1 << col
            elif d == D_EMPTY:
                empty[r] |= 1 << c
                empty[col] |= 1 << r
                moved_empty |= 1 << r | 1 << col
        pending = self.pending
        if moved_empty:
            moved |= moved_empty
            for kind in pending:
                pending[kind] |= moved_empty if kind in BY_EMPTY else moved
        else:
            for kind in pending:
                if kind not in BY_EMPTY:
                    pending[kind] |= moved
        self.version = len(state.changes)


#: The kinds of scan whose answer on a line depends on its empty cells alone, once it has
#: found nothing there: simple boxes and simple spaces read only the packings (which avoid
#: the empty cells), and what they settle is already known, so known filled cells added
#: later change nothing (a filled cell is never also empty). A line that only gained filled
#: cells is not asked again.
BY_EMPTY = frozenset({"boxes", "spaces"})


def board(state: State[Nonogram]) -> Board:
    """The state's ``Board``, brought up to date."""
    found: Board | None = state.memo.get("nonogram board")
    if found is None:
        found = state.memo["nonogram board"] = Board(state)
    elif found.version != len(state.changes):
        found.catch_up(state)
    return found
