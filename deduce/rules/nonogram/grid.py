"""The state side of line logic: each line of a state as masks (``Board``), a line rule asked
about the lines that may have changed (``scan``), its answer turned into a Step a player can
follow.

A step changes a few cells, so the engine's easiest-rule-first loop asks each rule again only
about the lines those cells cross (and the lines where it found something): a look-up or a few
operations on ints per line, which keeps the loop cheap even on 80×70 grids.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from deduce.errors import Contradiction
from deduce.memo import PER_PUZZLE, bounded
from deduce.puzzles.nonogram.model import (
    D_EMPTY,
    D_FILLED,
    EMPTY,
    FILLED,
    Line,
    Nonogram,
    cell_name,
    clue_text,
    lines_of,
)
from deduce.rules.nonogram.lines import Masks, changed, masks_of, memo, solve
from deduce.state import State, bits
from deduce.step import Step


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


def title(line: Line) -> str:
    """``Row 3 (3 1)``: the line and its clue as the start of a sentence."""
    return f"{line.name[0].upper()}{line.name[1:]} ({clue_text(line.clue)})"


@bounded(PER_PUZZLE)
def cell_names(puzzle: Nonogram) -> tuple[str, ...]:
    """The name of every cell (``cell_name``), by cell: a step names several."""
    return tuple(cell_name(puzzle, cell) for cell in range(puzzle.n))


@bounded(PER_PUZZLE)
def line_names(puzzle: Nonogram) -> tuple[tuple[str, ...], ...]:
    """For every line (as ``lines_of``), the names of its cells in order."""
    names = cell_names(puzzle)
    return tuple(tuple(names[c] for c in line.cells) for line in lines_of(puzzle))


@bounded(PER_PUZZLE)
def titles(puzzle: Nonogram) -> tuple[str, ...]:
    """``title`` of every line (rows, then columns, as ``lines_of``)."""
    return tuple(title(line) for line in lines_of(puzzle))


def cell_list(puzzle: Nonogram, cells: Sequence[int]) -> str:
    """Cells named as a player would, consecutive ones of a line as a range: ``r3c4 to r3c7,
    r3c9``."""
    names = cell_names(puzzle)
    if len(cells) < 2:
        return names[cells[0]] if cells else ""
    step = 1 if len(cells) < 2 or cells[1] - cells[0] == 1 else puzzle.width
    groups: list[list[int]] = [[cells[0]]]
    for cell in cells[1:]:
        if cell - groups[-1][-1] == step:
            groups[-1].append(cell)
        else:
            groups.append([cell])
    parts = []
    for g in groups:
        if len(g) >= 3:
            parts.append(f"{names[g[0]]} to {names[g[-1]]}")
        else:
            parts.extend(names[c] for c in g)
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def conclusion(puzzle: Nonogram, filled: list[int], empty: list[int]) -> str:
    """``r3c4 and r3c5 are filled and r3c1 is empty``."""
    parts = []
    if filled:
        parts.append(f"{cell_list(puzzle, filled)} {'is' if len(filled) == 1 else 'are'} filled")
    if empty:
        parts.append(f"{cell_list(puzzle, empty)} {'is' if len(empty) == 1 else 'are'} empty")
    return " and ".join(parts)


def line_step(
    puzzle: Nonogram,
    line: Line,
    filled: int,
    empty: int,
    after: Outcome,
    reason: str,
    head: str = "",
) -> Step:
    """The Step settling the cells of ``line`` that ``after`` (its masks after a deduction)
    knows and (``filled``, ``empty``) did not.

    The explanation is ``"<Line (clue)>: <reason>, so <cells> are filled/empty."`` (``head``
    is the line's ``title`` when the caller has it); the premises are the line's cells (what
    the rule read).
    """
    names = tuple(cell_name(puzzle, cell) for cell in line.cells)
    return _line_step(line, names, line.is_row, filled, empty, after, reason, head or title(line))


def _line_step(
    line: Line,
    names: tuple[str, ...],
    row: bool,
    filled: int,
    empty: int,
    after: Outcome,
    reason: str,
    head: str,
    named: tuple[str, float] = ("", 0.0),
) -> Step:
    """``line_step`` given the names of the line's cells (by position) and its title; the
    step carries the rule's (name, weight) ``named``."""
    cells = line.cells
    new_filled = after[0] & ~filled
    new_empty = after[1] & ~empty
    settled = []
    rest = new_filled
    while rest:
        low = rest & -rest
        settled.append((cells[low.bit_length() - 1], FILLED))
        rest ^= low
    rest = new_empty
    while rest:
        low = rest & -rest
        settled.append((cells[low.bit_length() - 1], EMPTY))
        rest ^= low
    placements = tuple(settled)
    if new_filled:
        said = f"{_listed(names, new_filled, row)} {_are(new_filled)} filled"
        if new_empty:
            said += f" and {_listed(names, new_empty, row)} {_are(new_empty)} empty"
    else:
        said = f"{_listed(names, new_empty, row)} {_are(new_empty)} empty"
    return Step.made(
        named[0],
        f"{head}: {reason}, so {said}.",
        placements,
        premises=cells,
        region=line.name,
        difficulty=named[1],
    )


def _are(mask: int) -> str:
    return "is" if mask & (mask - 1) == 0 else "are"


def _listed(names: tuple[str, ...], mask: int, row: bool) -> str:
    """``cell_list`` of the cells of one line at the positions set in ``mask`` (``names``:
    the line's cell names by position): three or more in a row as a range. As ``cell_list``
    does, a row whose first two cells listed are not neighbours lists every cell alone."""
    low = mask & -mask
    if mask == low:
        return names[low.bit_length() - 1]
    parts: list[str] = []
    if row and not mask & low << 1:
        parts = [names[i] for i in bits(mask)]
    else:
        while mask:  # each run of set bits, found by the carry that clears it
            low = mask & -mask
            carried = mask + low
            end = carried & -carried
            a, b = low.bit_length() - 1, end.bit_length() - 1
            if b - a >= 3:
                parts.append(f"{names[a]} to {names[b - 1]}")
            else:
                parts.extend(names[a:b])
            mask = carried ^ end
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " and " + parts[-1]


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


def changed_lines(puzzle: Nonogram, old: bytes, new: bytes) -> set[int]:
    """The lines (rows, then columns) with a cell that differs between two grids."""
    w, h = puzzle.width, puzzle.height
    found = set()
    for cell in changed(old, new):
        r, c = divmod(cell, w)
        found.add(r)
        found.add(h + c)
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


#: What a line rule says about a line: the line after it, (filled, empty, ...), where any
#: further items are for the step's sentence (the facts edge forcing used).
Outcome = tuple[Any, ...]
#: A line rule on masks: (clue, length, filled, empty) -> its outcome, or None when the line
#: cannot show its clue.
LineRule = Callable[[tuple[int, ...], int, int, int], "Outcome | None"]
#: Makes the middle of a step's sentence: (the names of the line's cells by position, line,
#: filled, empty, the outcome).
Reason = Callable[[tuple[str, ...], Line, int, int, Outcome], str]
_MISSING = object()


def scan(
    state: State[Nonogram],
    kind: str,
    func: LineRule | None,
    reason: str | Reason,
    costly: bool = False,
    named: tuple[str, float] = ("", 0.0),
    also: str = "",
    counts: bool = False,
) -> Iterator[Step]:
    """One step for every line where ``func`` settles something, in the order rows then
    columns; ``reason`` is the sentence's middle, or makes it from (the line's cell names,
    line, filled, empty, the line after). Raises Contradiction for a line that cannot be
    completed.

    A line function depends on its line alone, so only the lines whose cells changed since
    the last scan of ``kind`` found nothing there, and the lines where it found something,
    need asking again (``Board.pending``): the answer is the same as a full scan's.

    A ``costly`` function is asked only where the complete line solver (``solved``)
    settles something: where it settles nothing (the usual case), no sound line rule can,
    and none is worked out. Its answers are remembered per (clue, cells). ``func`` None is
    the line solver itself. ``named`` is the rule's (name, weight), which its steps carry.

    ``also`` names another kind whose answer ``func`` works out on the way: where its
    outcome has a third item that is true, that kind finds nothing on the line as it is,
    and the line is no longer pending for it (what its own scan would do there).

    ``counts`` says that ``func`` settles nothing on a line whose known filled cells and
    open-or-filled cells both number other than its clue's total (the completed line):
    such a line is passed over without a call.
    """
    found = board(state)
    pending = found.pending
    todo = pending.get(kind)
    if todo is None:
        todo = pending[kind] = (1 << len(found.lines)) - 1
    if costly:
        return _scan_costly(state, found, kind, func, reason, named, todo)
    if counts:
        todo = _uncounted(found, kind, todo)
    return _scan(found, kind, func, reason, named, todo, also)  # type: ignore[arg-type]


def _uncounted(found: Board, kind: str, todo: int) -> int:
    """The lines of ``todo`` other than those with fewer known filled cells and more
    open-or-filled cells than the clue's total, where the completed line settles nothing
    (and finds no contradiction): those are no longer pending for ``kind``."""
    filled, empty, sizes, totals = found.filled, found.empty, found.sizes, found.totals
    quiet = 0
    left = todo
    while left:
        low = left & -left
        left ^= low
        index = low.bit_length() - 1
        if filled[index].bit_count() < totals[index] < sizes[index] - empty[index].bit_count():
            quiet |= low
    found.pending[kind] &= ~quiet
    return todo ^ quiet


def _scan(
    found: Board,
    kind: str,
    func: LineRule,
    reason: str | Reason,
    named: tuple[str, float],
    todo: int,
    also: str,
) -> Iterator[Step]:
    """``scan`` of a cheap line function, asked on every line of ``todo``."""
    pending = found.pending
    filled, empty, clues, sizes = found.filled, found.empty, found.clues, found.sizes
    quiet = spared = 0
    while todo:
        low = todo & -todo
        todo ^= low
        index = low.bit_length() - 1
        f, e = filled[index], empty[index]
        after = func(clues[index], sizes[index], f, e)
        if after is None:
            raise no_fit(found.lines[index])
        if after[0] == f and after[1] == e:
            quiet |= low
            if also and after[2]:
                spared |= low
            continue
        pending[kind] &= ~quiet
        quiet = 0
        yield _step_of(found, index, f, e, after, reason, named)
    pending[kind] &= ~quiet
    if spared and also in pending:
        pending[also] &= ~spared


def _scan_costly(
    state: State[Nonogram],
    found: Board,
    kind: str,
    func: LineRule | None,
    reason: str | Reason,
    named: tuple[str, float],
    todo: int,
) -> Iterator[Step]:
    """``scan`` of a costly line function (None: the line solver), asked on every line of
    ``todo`` where the solver's answer, when known, settles something."""
    kept = found.tables
    exact = kept.get("solver")
    if exact is None:
        exact = kept["solver"] = line_tables(state, "solver masks")
    tables = kept.get(kind, exact)
    if func is not None and tables is exact:
        tables = kept[kind] = line_tables(state, f"{kind} masks")
    pending = found.pending
    filled, empty, clues, sizes = found.filled, found.empty, found.clues, found.sizes
    quiet = 0
    while todo:
        low = todo & -todo
        todo ^= low
        index = low.bit_length() - 1
        f, e = filled[index], empty[index]
        n = sizes[index]
        if func is None:
            after = solved(exact[index], found, index, clues[index], n, f, e)
        else:
            table = tables[index]
            key = f | (e | 1 << n) << n  # lines.key_of
            after = table.get(key, _MISSING)
            if after is _MISSING:
                best = exact[index].get(key, _MISSING)
                if best is _MISSING:
                    last = found.solved[index]
                    if last is not None:
                        f0, e0, f1, e1 = last
                        if not (f0 & ~f or e0 & ~e or f & ~f1 or e & ~e1):
                            best = (f1, e1)
                if best is not _MISSING and best is not None and best[0] == f and best[1] == e:
                    after = best
                else:
                    after = table[key] = func(clues[index], n, f, e)
        if after is None:
            raise no_fit(found.lines[index])
        if after[0] == f and after[1] == e:
            quiet |= low
            continue
        pending[kind] &= ~quiet
        quiet = 0
        yield _step_of(found, index, f, e, after, reason, named)
    pending[kind] &= ~quiet


def _step_of(
    found: Board,
    index: int,
    f: int,
    e: int,
    after: Outcome,
    reason: str | Reason,
    named: tuple[str, float],
) -> Step:
    """The step of line ``index`` of ``found``, from (``f``, ``e``) to ``after``."""
    line = found.lines[index]
    names = found.names[index]
    why = reason if isinstance(reason, str) else reason(names, line, f, e, after)
    return _line_step(
        line, names, index < found.height, f, e, after, why, found.titles[index], named
    )


def solved(
    table: dict[int, Masks | None],
    found: Board,
    index: int,
    clue: tuple[int, ...],
    n: int,
    f: int,
    e: int,
) -> Masks | None:
    """The line solver's answer for line ``index`` of ``found`` (clue ``clue``, ``n`` cells,
    filled ``f`` and empty ``e``), from ``table`` (its memo for the clue, by the line's
    cells) or worked out and kept there.

    It settles exactly what every placement agrees on, so its answer also holds for the
    line's later contents that lie between what it was asked and what it answered (the same
    placements fit both): a line a simpler rule has just worked on is not solved again.
    """
    key = f | (e | 1 << n) << n  # lines.key_of
    if key in table:
        return table[key]
    answer: Masks | None
    last = found.solved[index]
    if last is not None:
        f0, e0, f1, e1 = last
        if not (f0 & ~f or e0 & ~e or f & ~f1 or e & ~e1):
            answer = table[key] = (f1, e1)
            return answer
    answer = table[key] = solve(clue, n, f, e)
    if answer is not None:
        found.solved[index] = (f, e, *answer)
    return answer
