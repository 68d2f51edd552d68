"""Numbrix and Hidato text forms: the corpus JSON line and the plain grid of numbers, read
(``parse``, ``detect_*``) and written (``format_puzzle``, ``solution_text``, ...)."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence

from deduce.errors import ParseError
from deduce.jsontext import check_depth, is_digits
from deduce.puzzles.numbrix.model import HOLE, MAX_SIDE, Numbrix

_TOKEN = re.compile(r"^(-?\d+|\.|#)$")
#: The most digits a number of a grid has (900 cells at most: 3 digits, with room to spare).
_DIGITS = 6


def _json_fields(text: str) -> dict[str, object] | None:
    t = text.strip()
    if not t.startswith("{"):
        return None
    check_depth(t)
    try:
        data = json.loads(t)
    except json.JSONDecodeError as exc:
        raise ParseError(f"bad JSON at character {exc.pos + 1}: {exc.msg}") from None
    if not isinstance(data, dict) or "grid" not in data:
        raise ParseError('not a Numbrix/Hidato JSON line: expected a "grid" field')
    return data


#: What a plain grid may begin with to name its game: ``hidato: 1 0 3/0 0 0/...``, or the
#: word alone on the line above a drawn grid. Written before a hole-free Hidato, which
#: nothing else in a plain grid tells from a Numbrix.
MARKS = ("hidato:", "numbrix:")


def _marked(text: str) -> tuple[str | None, str]:
    """The game a plain grid names with its mark (None when it has none), and the grid."""
    t = text.lstrip()
    for mark in MARKS:
        if t[: len(mark)].lower() == mark:
            return mark[:-1], t[len(mark) :]
    return None, text


def says_hidato(text: str) -> bool:
    """Whether the text marks itself as Hidato: a JSON ``family`` (or a ``name``) that says so,
    a ``hidato:`` mark before a plain grid, or a hole in the grid (Numbrix boards have none)."""
    game, _ = _marked(text)
    if game is not None:
        return game == "hidato"
    try:
        data = _json_fields(text)
    except ParseError:
        return False
    if data is not None:
        family = str(data.get("family") or "").lower()
        if family:
            return family == "hidato"
        if "hidato" in str(data.get("name") or "").lower():
            return True
        grid = data.get("grid")
        return isinstance(grid, list) and any(isinstance(row, list) and HOLE in row for row in grid)
    return "#" in text


def parse(text: str, king: bool = False) -> Numbrix:
    """Read a JSON line or a plain grid; ParseError names what is wrong and where."""
    data = _json_fields(text)
    if data is not None:
        family = str(data.get("family") or "").lower()
        game = "hidato" if king else "numbrix"
        if family and family in ("numbrix", "hidato") and family != game:
            raise ParseError(f"this is a {family.title()} puzzle (its family field says so)")
        rows_data = data["grid"]
        if not isinstance(rows_data, list) or not all(isinstance(r, list) for r in rows_data):
            raise ParseError('the "grid" field must be a list of rows')
        rows = [[_json_cell(v, r, c) for c, v in enumerate(row)] for r, row in enumerate(rows_data)]
        size = data.get("size")
        if size is not None and (
            not isinstance(size, list)
            or len(size) != 2
            or [len(rows), len(rows[0]) if rows else 0] != size
        ):
            raise ParseError(f'the "size" field {size} does not match the grid')
        return _build(rows, king, "json")
    marked, text = _marked(text)
    if marked is not None and marked != ("hidato" if king else "numbrix"):
        raise ParseError(f"this is a {marked.title()} puzzle (its {marked}: mark says so)")
    t = text.strip()
    if not t:
        raise ParseError("empty input: no puzzle given")
    lines = [ln for ln in t.splitlines() if ln.strip()]
    form = "grid"
    if len(lines) == 1 and "/" in lines[0]:
        lines, form = lines[0].split("/"), "line"
    rows = []
    for r, line in enumerate(lines):
        row = []
        for c, tok in enumerate(line.split()):
            if is_digits(tok.lstrip("-")) and len(tok) > _DIGITS:
                raise ParseError(
                    f"bad number at r{r + 1}c{c + 1}: {len(tok):,} digits, more than a grid "
                    f"of at most {MAX_SIDE}x{MAX_SIDE} cells needs"
                )
            if not _TOKEN.match(tok):
                raise ParseError(
                    f"bad token {tok!r} at r{r + 1}c{c + 1}: expected a number, 0 or . for a "
                    "blank, # for a hole"
                )
            if tok.startswith("-") and tok != "-1":
                raise ParseError(
                    f"bad number {tok} at r{r + 1}c{c + 1}: numbers are 1 or more (# or -1 for a hole)"
                )
            row.append(HOLE if tok in ("#", "-1") else 0 if tok == "." else int(tok))
        rows.append(row)
    return _build(rows, king, form)


def _json_cell(value: object, r: int, c: int) -> int:
    if type(value) is not int:
        raise ParseError(
            f"bad value {value!r} at r{r + 1}c{c + 1}: expected a number, 0 for a blank, -1 for a hole"
        )
    return HOLE if value < 0 else value


def _build(rows: list[list[int]], king: bool, form: str) -> Numbrix:
    if not rows or not rows[0]:
        raise ParseError("empty grid: no cells given")
    width = len(rows[0])
    for r, row in enumerate(rows):
        if len(row) != width:
            raise ParseError(f"row {r + 1} has {len(row)} cells, expected {width}")
    height = len(rows)
    if height > MAX_SIDE or width > MAX_SIDE:
        raise ParseError(f"grid {height}x{width} too large: each side at most {MAX_SIDE}")
    givens = tuple(v for row in rows for v in row)
    n = sum(1 for v in givens if v != HOLE)
    if n < 1:
        raise ParseError("the grid has no cells: every cell is a hole")
    seen: dict[int, int] = {}
    for cell, v in enumerate(givens):
        where = f"r{cell // width + 1}c{cell % width + 1}"
        if v > n:
            raise ParseError(f"bad number {v} at {where}: expected 1-{n}")
        if v > 0:
            if v in seen:
                first = f"r{seen[v] // width + 1}c{seen[v] % width + 1}"
                raise ParseError(f"number {v} is given twice ({first} and {where})")
            seen[v] = cell
    return Numbrix(height, width, givens, king, form)


def parse_numbrix(text: str) -> Numbrix:
    """Read a Numbrix puzzle (orthogonal steps)."""
    return parse(text, king=False)


def parse_hidato(text: str) -> Numbrix:
    """Read a Hidato puzzle (king steps, holes allowed)."""
    return parse(text, king=True)


def _readable(text: str, king: bool) -> bool:
    t = _marked(text)[1].strip()
    if not t.startswith("{") and not re.fullmatch(r"[\d.#/\s]+", t):
        return False
    if not t.startswith("{") and len(t.split()) < 2:
        return False
    try:
        parse(text, king)
    except ParseError:
        return False
    return True


def detect_numbrix(text: str) -> bool:
    """A JSON line or a grid of numbers that does not say it is Hidato."""
    return _readable(text, False) and not says_hidato(text)


def detect_hidato(text: str) -> bool:
    """A JSON line or a grid that says it is Hidato (family or name field, or holes)."""
    return _readable(text, True) and says_hidato(text)


def _token(v: int, blank: str = ".") -> str:
    return "#" if v == HOLE else blank if v == 0 else str(v)


def _grid_rows(puzzle: Numbrix, values: Sequence[int]) -> list[list[int]]:
    w = puzzle.cols
    return [list(values[r * w : r * w + w]) for r in range(puzzle.rows)]


def _aligned(puzzle: Numbrix, values: Sequence[int]) -> str:
    size = len(str(puzzle.n))
    return "\n".join(
        " ".join(f"{_token(v):>{size}}" for v in row) for row in _grid_rows(puzzle, values)
    )


def format_puzzle(puzzle: Numbrix) -> str:
    """The puzzle in the form it was read from (JSON line, grid, or one line with ``/``)."""
    if puzzle.form == "json":
        return json.dumps(
            {
                "family": puzzle.game,
                "size": [puzzle.rows, puzzle.cols],
                "grid": _grid_rows(puzzle, puzzle.givens),
            }
        )
    mark = _mark(puzzle)
    if puzzle.form == "line":
        return (mark and mark + " ") + "/".join(
            " ".join(_token(v, "0") for v in row) for row in _grid_rows(puzzle, puzzle.givens)
        )
    return (mark and mark + "\n") + _aligned(puzzle, puzzle.givens)


def _mark(puzzle: Numbrix) -> str:
    """The ``hidato:`` mark a plain grid needs to read back as a Hidato: on a Hidato with no
    hole (holes say Hidato already)."""
    return MARKS[0] if puzzle.king and not any(puzzle.geo.is_hole) else ""


def _with_holes(puzzle: Numbrix, values: list[int]) -> list[int]:
    return [HOLE if puzzle.geo.is_hole[c] else v for c, v in enumerate(values)]


def solution_text(puzzle: Numbrix, values: list[int]) -> str:
    """Numbers row by row, spaces between, ``/`` between rows, ``#`` for holes."""
    rows = _grid_rows(puzzle, _with_holes(puzzle, values))
    return "/".join(" ".join(_token(v) for v in row) for row in rows)


def solution_grid(puzzle: Numbrix, values: list[int]) -> str:
    """The solution as an aligned grid."""
    return _aligned(puzzle, _with_holes(puzzle, values))


def format_solution(puzzle: Numbrix, values: list[int]) -> str:
    """The solution in the puzzle's own form: a grid for a grid, else the one-line form."""
    if puzzle.form == "grid":
        return solution_grid(puzzle, values)
    return solution_text(puzzle, values)


def resembles(text: str) -> float:
    """How much ``text`` looks like a Numbrix or Hidato (for ranking parse errors)."""
    t = text.strip()
    if t.startswith("{"):
        return 0.9 if '"grid"' in t or '"size"' in t else 0.2
    tokens = t.replace("/", " ").split()
    if len(tokens) >= 4 and all(re.fullmatch(r"-?\d+|[.#_]", tok) for tok in tokens):
        return 0.7
    return 0.0
