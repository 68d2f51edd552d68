"""HoDoKu library lines: a 9x9 position with the digits placed so far and the candidates
deleted, as HoDoKu's "Copy library format" writes it and its batch mode reads it.

A line has six or seven ``:`` (HoDoKu's own test for the form)::

    :0000:x:984........+25...4...+1+9.+4..:537 615::

Fields after the leading ``:``: the technique code of the step the line shows (``0000`` for
none), its candidate (``x`` for none), the 81 cells (a digit is a given, ``+`` before a digit
a digit placed since, ``.`` or ``0`` a blank), the deleted candidates (``drc`` triples, digit
then row then column, separated by spaces), and the step's eliminations and placements (not
read: they describe a step to be found, not the position). A blank cell's candidates are the
digits no placed or given peer holds, less those deleted.
"""

from __future__ import annotations

from deduce.errors import ParseError, WriteError
from deduce.jsontext import is_digits
from deduce.puzzles.sudoku.marks import cell_marks, cell_values
from deduce.puzzles.sudoku.model import Sudoku, cell_name, check_givens, geometry


def is_library_line(text: str) -> bool:
    """Whether ``text`` is one line with six or seven ``:`` that starts with ``:``."""
    line = text.strip()
    return "\n" not in line and line.startswith(":") and line.count(":") in (6, 7)


def parse_library_line(text: str, check: bool = True) -> Sudoku:
    """Read a HoDoKu library line (see the module docstring); ``check=False`` lets a digit
    repeat in a unit."""
    line = text.strip()
    if not is_library_line(line):
        raise ParseError("a HoDoKu library line starts with ':' and has six or seven ':'")
    fields = line.split(":")
    geo = geometry(3, 3)
    givens, placed = _cells(fields[3].strip())
    if check:
        check_givens(geo, [g or p for g, p in zip(givens, placed, strict=True)])
    deleted = _deleted(fields[4].strip())
    if not any(placed) and not deleted:
        return Sudoku(geo, tuple(givens), "hodoku")
    values = [g or p for g, p in zip(givens, placed, strict=True)]
    marks = []
    for cell, v in enumerate(values):
        if v:
            marks.append(1 << v)
            continue
        mask = geo.full
        for peer in geo.peers[cell]:
            if values[peer]:
                mask &= ~(1 << values[peer])
        for digit in deleted.get(cell, ()):
            mask &= ~(1 << digit)
        if not mask:
            raise ParseError(f"the deleted candidates leave {cell_name(geo, cell)} none")
        marks.append(mask)
    return Sudoku(geo, tuple(givens), "hodoku", tuple(placed), tuple(marks))


def _cells(text: str) -> tuple[list[int], list[int]]:
    givens: list[int] = []
    placed: list[int] = []
    plus = False
    for i, ch in enumerate(text):
        if ch == "+" and not plus:
            plus = True
            continue
        if ch in ".0" and not plus:
            givens.append(0)
            placed.append(0)
        elif "1" <= ch <= "9":
            givens.append(0 if plus else int(ch))
            placed.append(int(ch) if plus else 0)
        else:
            raise ParseError(f"bad character {ch!r} at position {i + 1} of the library cells")
        plus = False
    if len(givens) != 81:
        raise ParseError(f"a HoDoKu library line holds 81 cells, got {len(givens)}")
    return givens, placed


def _deleted(text: str) -> dict[int, list[int]]:
    found: dict[int, list[int]] = {}
    for item in text.split():
        if len(item) != 3 or not is_digits(item) or "0" in item:
            raise ParseError(
                f"bad deleted candidate {item!r}: expected digit, row and column (such as 537)"
            )
        digit, row, col = (int(ch) for ch in item)
        found.setdefault((row - 1) * 9 + col - 1, []).append(digit)
    return found


def to_library_line(puzzle: Sudoku) -> str:
    """The HoDoKu library line of the position: givens, ``+`` placed digits, deletions."""
    if puzzle.n != 9:
        raise WriteError(f"HoDoKu library lines are 9x9; this puzzle is {puzzle.n}x{puzzle.n}")
    geo = puzzle.geo
    marks = cell_marks(puzzle)
    values = cell_values(puzzle)
    cells = []
    for cell, v in enumerate(values):
        if puzzle.givens[cell]:
            cells.append(str(v))
        else:
            cells.append(f"+{v}" if v else ".")
    deleted = []
    for cell, v in enumerate(values):
        if v:
            continue
        seen = {values[p] for p in geo.peers[cell]}
        for digit in range(1, 10):
            if digit not in seen and not marks[cell] >> digit & 1:
                deleted.append(f"{digit}{cell // 9 + 1}{cell % 9 + 1}")
    return f":0000:x:{''.join(cells)}:{' '.join(deleted)}::"
