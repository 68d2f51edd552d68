"""The state side of line logic: read each line of a state as bytes, turn a line function's
answer into a Step a player can follow.

A scan asks one line function about every row and column. The answers are remembered per
(clue, cells) (``lines.memo``), so asking again after a step costs a slice and a dictionary
look-up per line, which keeps the engine's easiest-rule-first loop cheap even on 80×70 grids.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence

from deduce.errors import Contradiction
from deduce.memo import PER_PUZZLE, bounded
from deduce.puzzles.nonogram.model import (
    D_FILLED,
    EMPTY,
    FILLED,
    Line,
    Nonogram,
    cell_name,
    clue_text,
    lines_of,
)
from deduce.rules.nonogram.lines import LineFunction, changed, memo, remember, solver_answer
from deduce.state import State
from deduce.step import Step

#: Makes the middle of a step's sentence: (puzzle, line, cells before, cells after) -> text.
Reason = Callable[[Nonogram, Line, bytes, bytes], str]


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


def cell_list(puzzle: Nonogram, cells: Sequence[int]) -> str:
    """Cells named as a player would, consecutive ones of a line as a range: ``r3c4 to r3c7,
    r3c9``."""
    if not cells:
        return ""
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
            parts.append(f"{cell_name(puzzle, g[0])} to {cell_name(puzzle, g[-1])}")
        else:
            parts.extend(cell_name(puzzle, c) for c in g)
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def _are(count: int) -> str:
    return "is" if count == 1 else "are"


def conclusion(puzzle: Nonogram, filled: list[int], empty: list[int]) -> str:
    """``r3c4 and r3c5 are filled and r3c1 is empty``."""
    parts = []
    if filled:
        parts.append(f"{cell_list(puzzle, filled)} {_are(len(filled))} filled")
    if empty:
        parts.append(f"{cell_list(puzzle, empty)} {_are(len(empty))} empty")
    return " and ".join(parts)


def line_step(
    puzzle: Nonogram, line: Line, after: bytes, positions: tuple[int, ...], reason: str
) -> Step:
    """The Step settling ``positions`` of ``line`` to their values in ``after``.

    The explanation is ``"<Line (clue)>: <reason>, so <cells> are filled/empty."``; the
    premises are the line's cells (what the rule read).
    """
    cells = line.cells
    filled = [cells[i] for i in positions if after[i] == D_FILLED]
    empty = [cells[i] for i in positions if after[i] != D_FILLED]
    placements = tuple((c, FILLED) for c in filled) + tuple((c, EMPTY) for c in empty)
    return Step(
        "",
        f"{title(line)}: {reason}, so {conclusion(puzzle, filled, empty)}.",
        placements=placements,
        premises=cells,
        region=line.name,
    )


def no_fit(line: Line) -> Contradiction:
    """The contradiction of a line whose blocks cannot agree with its known cells."""
    return Contradiction(
        f"{line.name} cannot show its clue {clue_text(line.clue)}: "
        "no placement of its blocks fits the cells already known"
    )


def _cache(state: State) -> dict:
    cache = state.extra.get("tables")
    if cache is None:
        cache = state.extra["tables"] = {}
    return cache


def line_tables(state: State, kind: str) -> tuple[dict, ...]:
    """For every line, the memo of line function ``kind`` for its clue (looked up once per
    solve and kept in ``state.extra["tables"]``, a cache its copies share)."""
    cache = _cache(state)
    tables = cache.get(kind)
    if tables is None:
        tables = cache[kind] = tuple(memo(kind, line.clue) for line in lines_of(state.puzzle))
    return tables


def geometry(
    state: State,
) -> tuple[tuple[Line, ...], tuple[slice, ...], tuple[tuple[int, ...], ...]]:
    """(the lines, their slices, their crossings) of the state's puzzle, kept with the memo
    tables so a solve does not compare puzzles to find them."""
    cache = _cache(state)
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


def scan(state: State, kind: str, func: LineFunction, reason: str | Reason) -> Iterator[Step]:
    """One step for every line where ``func`` settles something, in the order rows then
    columns; ``reason`` is the sentence's middle, or makes it from (puzzle, line, cells
    before, cells after).
    Raises Contradiction for a line that cannot be completed.

    A line function depends on its line alone, so only the lines that changed since the last
    scan of ``kind`` and the lines that had something to settle there need asking again; the
    answer is the same as a full scan. Bookkeeping: ``state.extra[kind]`` holds the lines
    that had something to settle, ``state.extra["seen"]`` the grid the last scan of any kind
    saw, the grid before that, and for every kind the lines changed since its last scan.
    """
    puzzle = state.puzzle
    grid = bytes(bytearray(state.domains))  # several times faster than bytes() of a list
    lines, where, _ = geometry(state)
    tables = line_tables(state, kind)
    earlier, dirty = _changes(state, grid)
    if kind in dirty:
        todo: Iterable[int] = sorted(dirty[kind].union(state.extra[kind]))
    else:
        todo = range(len(lines))
    exact = line_tables(state, "solver") if kind != "solver" else tables
    found = []
    for index in todo:
        cells = grid[where[index]]
        hit = tables[index].get(cells)
        if hit is None:
            clue = lines[index].clue
            # The complete line solver settles every cell any line rule can: where it
            # settles nothing (the usual case), no simpler rule needs to be worked out.
            best = exact[index].get(cells) or solver_answer(clue, cells, earlier[where[index]])
            if best[0] is not None and not best[1]:
                hit = tables[index][cells] = best
            else:
                hit = tables[index].get(cells) or remember(tables[index], func, clue, cells)
        after, positions = hit
        if after is None:
            raise no_fit(lines[index])
        if positions:
            found.append(index)
            why = reason if isinstance(reason, str) else reason(puzzle, lines[index], cells, after)
            yield line_step(puzzle, lines[index], after, positions, why)
    state.extra[kind] = tuple(found)
    state.extra["seen"] = (grid, earlier, {**dirty, kind: frozenset()})


def _changes(state: State, grid: bytes) -> tuple[bytes, dict[str, frozenset[int]]]:
    """(the grid before the last change, for every kind the lines changed since its last
    scan), brought up to ``grid`` from ``state.extra["seen"]``; a kind that is missing has
    not been scanned yet. The lines that changed are worked out once for all kinds."""
    seen = state.extra.get("seen")
    if seen is None:
        return grid, {}
    last, earlier, dirty = seen
    if last == grid:
        return earlier, dirty
    moved = changed_lines(state.puzzle, last, grid)
    return last, {k: lines | moved for k, lines in dirty.items()}
