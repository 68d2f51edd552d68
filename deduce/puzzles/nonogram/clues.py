"""The checks every nonogram reader applies, whatever the form: a size in range, clues that
are lists of whole numbers that fit their lines, row and column clues that fill the same
number of cells, and a stored solution that shows the clues. Each failure is a ParseError
naming the line at fault."""

from __future__ import annotations

from collections.abc import Sequence

from deduce.errors import ParseError
from deduce.puzzles.nonogram.model import Nonogram, clues_of

#: The longest side read, in cells.
MAX_SIDE = 200


def checked_size(width: object, height: object) -> tuple[int, int]:
    """``(width, height)`` when both are whole numbers from 1 to ``MAX_SIDE``."""
    sides: list[int] = []
    for what, value in (("width", width), ("height", height)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ParseError(f"the {what} must be a whole number, not {value!r}")
        if not 1 <= value <= MAX_SIDE:
            raise ParseError(f"bad {what} {value}: it must be 1 to {MAX_SIDE}")
        sides.append(value)
    return sides[0], sides[1]


def checked_clue(value: object, where: str, length: int) -> tuple[int, ...]:
    """The clue ``value`` of the line ``where`` (``row 3``): a list of whole numbers, zeros
    dropped (``[0]`` is an empty line), that fits in ``length`` cells."""
    if not isinstance(value, list | tuple) or not all(
        isinstance(x, int) and not isinstance(x, bool) for x in value
    ):
        raise ParseError(f"the clue of {where} must be a list of whole numbers, not {value!r}")
    numbers: list[int] = list(value)
    clue = tuple(x for x in numbers if x != 0)
    if any(x < 0 for x in clue):
        raise ParseError(f"the clue of {where} has a negative number")
    if sum(clue) + len(clue) - 1 > length:
        raise ParseError(
            f"the clue {' '.join(map(str, clue))} of {where} does not fit in {length} cells"
        )
    return clue


def checked(
    width: int,
    height: int,
    rows: Sequence[object],
    cols: Sequence[object],
    form: str,
    name: str = "",
    goal: tuple[str, ...] = (),
) -> Nonogram:
    """The nonogram of these clues (rows top to bottom, columns left to right), read from the
    form ``form``, once every check holds; ``goal`` is the stored solution as rows of
    ``0``/``1``."""
    if len(rows) != height:
        raise ParseError(f"{len(rows)} row clues given for a height of {height}")
    if len(cols) != width:
        raise ParseError(f"{len(cols)} column clues given for a width of {width}")
    row_clues = tuple(checked_clue(v, f"row {i + 1}", width) for i, v in enumerate(rows))
    col_clues = tuple(checked_clue(v, f"column {i + 1}", height) for i, v in enumerate(cols))
    if sum(map(sum, row_clues)) != sum(map(sum, col_clues)):
        raise ParseError(
            f"the row clues fill {sum(map(sum, row_clues))} cells but the column clues "
            f"{sum(map(sum, col_clues))}: they cannot both hold"
        )
    if goal:
        if len(goal) != height or any(len(row) != width or set(row) - {"0", "1"} for row in goal):
            raise ParseError(f"the stored solution must be {height} rows of {width} 0s and 1s")
        for i, row in enumerate(goal):
            if clues_of(row) != row_clues[i]:
                raise ParseError(f"the stored solution does not match the clue of row {i + 1}")
        for c in range(width):
            if clues_of("".join(row[c] for row in goal)) != col_clues[c]:
                raise ParseError(f"the stored solution does not match the clue of column {c + 1}")
    return Nonogram(width, height, row_clues, col_clues, form=form, name=name, goal=goal)
