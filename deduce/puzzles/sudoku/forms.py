"""Every text form of a Sudoku by name: what ``deduce convert --to`` and ``--output-format``
write, and how a puzzle (or its solution) is written back in the form it came in.

Forms that hold only the givens refuse a puzzle with pencil marks (``WriteError``) rather
than drop them silently.
"""

from __future__ import annotations

from deduce.family import Form
from deduce.puzzles.fpuzzles.writing import to_fpuzzles
from deduce.puzzles.sudoku.hodoku import to_library_line
from deduce.puzzles.sudoku.links import to_puzzlink, to_sudokuwiki
from deduce.puzzles.sudoku.marks import givens_only, to_mark_grid, to_sukaku
from deduce.puzzles.sudoku.model import Sudoku
from deduce.puzzles.sudoku.text import to_grid, to_line, to_tatham


def _line(puzzle: Sudoku) -> str:
    givens_only(puzzle, "line")
    return to_line(puzzle)


def _grid(puzzle: Sudoku) -> str:
    givens_only(puzzle, "grid")
    return to_grid(puzzle)


def _tatham(puzzle: Sudoku) -> str:
    givens_only(puzzle, "tatham")
    return to_tatham(puzzle)


def _filled_library_line(puzzle: Sudoku, values: list[int]) -> str:
    return to_library_line(Sudoku(puzzle.geo, tuple(values), "hodoku"))


FORMS: tuple[Form[Sudoku], ...] = (
    Form("line", "one line of N² symbols, . for a blank (81 for a 9x9)", _line, to_line),
    Form("grid", "the grid drawn one row per line, boxes between | and -", _grid, to_grid),
    Form("tatham", "Simon Tatham's Solo game ID, such as 3x3:a1b2...", _tatham, to_tatham),
    Form(
        "puzzlink",
        "a puzz.link URL a player can open (sides 4, 6, 9, 16, 25)",
        to_puzzlink,
        to_puzzlink,
    ),
    Form(
        "sukaku",
        "729 characters: the nine candidates of each cell, . if gone",
        to_sukaku,
        to_sukaku,
    ),
    Form(
        "pmgrid",
        "the boxed pencil-mark grid HoDoKu and Sudoku Explainer print",
        to_mark_grid,
        to_mark_grid,
    ),
    Form(
        "hodoku",
        "a HoDoKu library line: givens, +placed digits, deleted candidates",
        to_library_line,
        _filled_library_line,
    ),
    Form(
        "sudokuwiki",
        "a SudokuWiki solver URL (bd=: 81 digits, or 162 characters with candidates)",
        to_sudokuwiki,
        to_sudokuwiki,
    ),
    Form("fpuzzles", "an f-puzzles link (SudokuPad opens it too)", to_fpuzzles, to_fpuzzles),
)
_BY_NAME = {form.name: form for form in FORMS}


def format_puzzle(puzzle: Sudoku) -> str:
    """The puzzle in the text form it was read from (a round trip)."""
    return _BY_NAME[puzzle.form].write(puzzle)


def format_solution(puzzle: Sudoku, values: list[int]) -> str:
    """A solution in the form the puzzle came in: a grid for a drawn grid or a pencil-mark
    grid, a Solo game ID for one, else the one-line form (a link or a sukaku of a solved grid
    says less to a reader than its digits; ``--output-format`` asks for one)."""
    if puzzle.form in ("grid", "pmgrid"):
        return to_grid(puzzle, values)
    if puzzle.form == "tatham":
        return to_tatham(puzzle, values)
    return to_line(puzzle, values)
