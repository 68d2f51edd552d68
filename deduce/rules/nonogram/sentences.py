"""What a nonogram line step says: the line's title, its cells named as a player names them
(three or more in a row as a range), and the Step settling the cells a line rule found.

Built once a step is found, from the line's cell names (kept per puzzle) and the masks of
what it settles, so a step costs the cells it names.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from deduce.memo import PER_PUZZLE, bounded
from deduce.puzzles.nonogram.model import (
    EMPTY,
    FILLED,
    Line,
    Nonogram,
    clue_text,
    lines_of,
)
from deduce.state import bits
from deduce.step import Said, Step

#: What a line rule says about a line: the line after it, (filled, empty, ...), where any
#: further items are for the step's sentence (the facts edge forcing used).
Outcome = tuple[Any, ...]
#: Makes the middle of a step's sentence, when it is read: (the names of the line's cells
#: by position, line, filled, empty, the outcome).
Reason = Callable[[tuple[str, ...], Line, int, int, Outcome], str]


def title(line: Line) -> str:
    """``Row 3 (3 1)``: the line and its clue as the start of a sentence."""
    return f"{line.name[0].upper()}{line.name[1:]} ({clue_text(line.clue)})"


@bounded(PER_PUZZLE)
def cell_names(puzzle: Nonogram) -> tuple[str, ...]:
    """The name of every cell (``cell_name``: ``r3c4``), by cell: a step names several."""
    w = puzzle.width
    return tuple([f"r{r}c{c}" for r in range(1, puzzle.height + 1) for c in range(1, w + 1)])


@bounded(PER_PUZZLE)
def line_names(puzzle: Nonogram) -> tuple[tuple[str, ...], ...]:
    """For every line (as ``lines_of``: rows, then columns), the names of its cells in
    order."""
    names = cell_names(puzzle)
    w = puzzle.width
    rows = [names[r * w : r * w + w] for r in range(puzzle.height)]
    return (*rows, *(names[c::w] for c in range(w)))


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
    line: Line,
    names: tuple[str, ...],
    row: bool,
    filled: int,
    empty: int,
    after: Outcome,
    reason: str | Reason,
    head: str,
    named: tuple[str, float] = ("", 0.0),
) -> Step:
    """The Step settling the cells of ``line`` that ``after`` (its masks after a deduction)
    knows and (``filled``, ``empty``) did not, made by rule ``named`` (name, weight).

    The explanation is ``"<head>: <reason>, so <cells> are filled/empty."``, ``head`` being
    the line's ``title`` and ``names`` its cells' names by position (``row``: whether it is
    a row, which decides how cells are listed, as ``cell_list`` does); the premises are the
    line's cells (what the rule read).
    """
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
    return Step(
        named[0],
        Said(
            _line_sentence,
            (names, row, new_filled, new_empty, head, reason, line, filled, empty, after),
        ),
        tuple(settled),
        premises=cells,
        region=line.name,
        difficulty=named[1],
    )


def _line_sentence(
    names: tuple[str, ...],
    row: bool,
    new_filled: int,
    new_empty: int,
    head: str,
    reason: str | Reason,
    *facts: Any,
) -> str:
    """``line_step``'s sentence: the cells at the positions in ``new_filled`` and
    ``new_empty``, and the reason (a text, or a ``Reason`` worded from ``names`` and the
    ``facts``: the line, its filled and empty cells before, its outcome)."""
    if new_filled:
        said = f"{_listed(names, new_filled, row)} {_are(new_filled)} filled"
        if new_empty:
            said += f" and {_listed(names, new_empty, row)} {_are(new_empty)} empty"
    else:
        said = f"{_listed(names, new_empty, row)} {_are(new_empty)} empty"
    why = reason if isinstance(reason, str) else reason(names, *facts)
    return f"{head}: {why}, so {said}."


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
