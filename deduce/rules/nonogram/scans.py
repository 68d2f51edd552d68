"""A line rule asked about the lines of a state that may have changed (``scan``), and its
answers turned into steps.

A step changes a few cells, so the engine's easiest-rule-first loop asks each rule again only
about the lines those cells cross (and the lines where it found something): a look-up or a few
operations on ints per line, which keeps the loop cheap even on 80×70 grids.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from deduce.puzzles.nonogram.model import Nonogram
from deduce.rules.nonogram.grid import Board, board, line_tables, no_fit
from deduce.rules.nonogram.lines import Masks, solve
from deduce.rules.nonogram.sentences import Outcome, Reason, line_step
from deduce.state import State
from deduce.step import Step

#: A line rule on masks: (clue, length, filled, empty) -> its outcome, or None when the line
#: cannot show its clue.
LineRule = Callable[[tuple[int, ...], int, int, int], "Outcome | None"]


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

    A ``costly`` function is not asked where the complete line solver's answer, when known
    (``solved``), settles nothing: there no sound line rule can. ``func`` None is the line
    solver itself, whose answers are remembered per (clue, cells). ``named`` is the rule's
    (name, weight), which its steps carry.

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
    if not todo:
        return iter(())
    if costly:
        return _scan_costly(state, found, kind, func, reason, named, todo)
    if counts:
        todo = _uncounted(found, kind, todo)
        if not todo:
            return iter(())
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
    ``todo`` but those where the solver's last answer for the line, which still holds, is
    the line as it is (``Board.solved``)."""
    exact = found.tables.get("solver")
    if exact is None:
        exact = found.tables["solver"] = line_tables(state, "solver masks")
    pending = found.pending
    filled, empty, clues, sizes = found.filled, found.empty, found.clues, found.sizes
    last_solved = found.solved
    quiet = 0
    while todo:
        low = todo & -todo
        todo ^= low
        index = low.bit_length() - 1
        f, e = filled[index], empty[index]
        after: Outcome | None
        if func is None:
            after = solved(exact[index], found, index, clues[index], sizes[index], f, e)
        else:
            # The solver answered this line once with what it is now (its answer holds for
            # the line's contents between what it was asked and what it answered): nothing
            # to settle. Otherwise the rule is asked; its answers are not remembered, since
            # a solve meets each line's contents about once.
            last = last_solved[index]
            if last is not None and last[2] == f and last[3] == e:
                quiet |= low
                continue
            after = func(clues[index], sizes[index], f, e)
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
    return line_step(
        line, names, index < found.height, f, e, after, reason, found.titles[index], named
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
    # The line as one int, its key in the memo table that lines of any length with the same
    # clue share: filled cells, the empty ones above them, a 1 above both.
    key = f | (e | 1 << n) << n
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
