"""The text forms of a Path puzzle: JSON lines (the corpus form) and the drawn grid.

JSON: one object per line with ``rows``, ``cols``, ``doors`` (``[[r, c], [r, c]]``, 0-based,
first door first), ``row_counts`` and ``col_counts`` (``-1`` = no clue) and optionally
``name``; other fields (a stored ``solution``, ``source``...) are ignored.

Grid: the column counts on the first line, then one line per row: its count, then a token
per cell: ``.`` for a cell, ``A`` for the first door, ``B`` for the second. ``-`` is a
missing count. A frame of ``+``, ``-`` and ``|`` may surround the cells::

         3  3  4  4  4  2
      +-------------------+
    2 |  .  .  .  .  .  . |
    4 |  .  .  .  .  .  . |
    2 |  .  .  .  .  .  . |
    5 |  .  .  .  .  .  . |
    5 |  .  .  .  .  .  . |
    2 |  A  .  .  .  .  B |
      +-------------------+
"""

from __future__ import annotations

import json
import re

from deduce.errors import ParseError
from deduce.jsontext import check_depth, is_digits
from deduce.puzzles.path.model import PathPuzzle

FIELDS = ("rows", "cols", "doors", "row_counts", "col_counts")
_FRAME = re.compile(r"^\s*\+-*\+\s*$")
MAX_SIDE = 40


def parse(text: str) -> PathPuzzle:
    """Read a Path puzzle in the JSON or the grid form; ParseError names what is wrong."""
    t = text.strip()
    if not t:
        raise ParseError("empty input: no puzzle given")
    if t.startswith("{"):
        return _parse_json(t)
    return _parse_grid(text)


def _int(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ParseError(f"{what} must be a whole number, not {value!r}")
    return value


def _parse_json(text: str) -> PathPuzzle:
    check_depth(text)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ParseError(f"bad JSON at line {exc.lineno} column {exc.colno}: {exc.msg}") from None
    if not isinstance(data, dict):
        raise ParseError("a Path puzzle in JSON must be an object")
    missing = [f for f in FIELDS if f not in data]
    if missing:
        raise ParseError(f"JSON puzzle lacks the field(s) {', '.join(missing)}")
    rows, cols = _int(data["rows"], "rows"), _int(data["cols"], "cols")
    doors = data["doors"]
    if not (isinstance(doors, list) and len(doors) == 2):
        raise ParseError("doors must be a list of two [row, col] pairs")
    pairs = []
    for k, door in enumerate(doors):
        if not (isinstance(door, list) and len(door) == 2):
            raise ParseError(f"door {k + 1} must be a [row, col] pair, not {door!r}")
        pairs.append((_int(door[0], f"door {k + 1} row"), _int(door[1], f"door {k + 1} col")))
    counts = []
    for field in ("row_counts", "col_counts"):
        value = data[field]
        if not isinstance(value, list):
            raise ParseError(f"{field} must be a list of numbers")
        counts.append(tuple(_int(v, f"{field}[{i}]") for i, v in enumerate(value)))
    name = data.get("name", "")
    return build(rows, cols, pairs, counts[0], counts[1], str(name) if name else "", "json")


def build(
    rows: int,
    cols: int,
    doors: list[tuple[int, int]],
    row_counts: tuple[int, ...],
    col_counts: tuple[int, ...],
    name: str = "",
    form: str = "grid",
) -> PathPuzzle:
    """A checked PathPuzzle: sizes, doors on the border and counts in range (else ParseError)."""
    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE) or rows * cols < 2:
        raise ParseError(
            f"bad size {rows}x{cols}: sides must be 1 to {MAX_SIDE}, two cells at least"
        )
    if len(row_counts) != rows:
        raise ParseError(f"{len(row_counts)} row counts for {rows} rows")
    if len(col_counts) != cols:
        raise ParseError(f"{len(col_counts)} column counts for {cols} columns")
    for k, (r, c) in enumerate(doors):
        if not (0 <= r < rows and 0 <= c < cols):
            raise ParseError(f"door {k + 1} at r{r + 1}c{c + 1} is outside the {rows}x{cols} grid")
        if r not in (0, rows - 1) and c not in (0, cols - 1):
            raise ParseError(f"door {k + 1} at r{r + 1}c{c + 1} is not on the border")
    if doors[0] == doors[1]:
        r, c = doors[0]
        raise ParseError(f"both doors are at r{r + 1}c{c + 1}")
    for i, v in enumerate(row_counts):
        if not -1 <= v <= cols:
            raise ParseError(f"row {i + 1} count {v} is out of range -1..{cols}")
    for j, v in enumerate(col_counts):
        if not -1 <= v <= rows:
            raise ParseError(f"column {j + 1} count {v} is out of range -1..{rows}")
    return PathPuzzle(
        rows,
        cols,
        (doors[0], doors[1]),
        tuple(row_counts),
        tuple(col_counts),
        name,
        form,
    )


def _count(token: str, where: str) -> int:
    if token == "-":
        return -1
    if not is_digits(token):
        raise ParseError(f"bad count {token!r} at {where}: expected a number or - for no clue")
    return int(token)


def _parse_grid(text: str) -> PathPuzzle:
    lines = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or _FRAME.match(line):
            continue
        lines.append((number, line.replace("|", " ").split()))
    if len(lines) < 2:
        raise ParseError("a Path grid needs a line of column counts and at least one row")
    head_no, head = lines[0]
    cols = len(head)
    col_counts = [_count(t, f"line {head_no} item {k + 1}") for k, t in enumerate(head)]
    row_counts: list[int] = []
    doors: dict[str, tuple[int, int]] = {}
    for r, (number, tokens) in enumerate(lines[1:]):
        if len(tokens) != cols + 1:
            raise ParseError(
                f"line {number} has {len(tokens)} items, expected a count and {cols} cells"
            )
        row_counts.append(_count(tokens[0], f"line {number} item 1"))
        for c, tok in enumerate(tokens[1:]):
            if tok in ("A", "B"):
                if tok in doors:
                    raise ParseError(f"second door {tok} at line {number} cell {c + 1}")
                doors[tok] = (r, c)
            elif tok != ".":
                raise ParseError(
                    f"bad cell {tok!r} at line {number} cell {c + 1}: expected ., A or B"
                )
    for tok in "AB":
        if tok not in doors:
            raise ParseError(f"no door {tok} in the grid")
    rows = len(row_counts)
    return build(rows, cols, [doors["A"], doors["B"]], tuple(row_counts), tuple(col_counts))


def to_json(puzzle: PathPuzzle) -> str:
    """The JSON-lines form (one line)."""
    data: dict[str, object] = {}
    if puzzle.name:
        data["name"] = puzzle.name
    data.update(
        rows=puzzle.rows,
        cols=puzzle.cols,
        doors=[list(d) for d in puzzle.doors],
        row_counts=list(puzzle.row_counts),
        col_counts=list(puzzle.col_counts),
    )
    return json.dumps(data)


def _clue(v: int) -> str:
    return "-" if v < 0 else str(v)


def draw(puzzle: PathPuzzle, cells: list[list[str]]) -> str:
    """The grid form around ``cells`` (one token per cell): counts, frame and cells."""
    width = max(2, *(len(_clue(v)) + 1 for v in (*puzzle.row_counts, *puzzle.col_counts)))
    label = max(len(_clue(v)) for v in puzzle.row_counts)
    pad = " " * (label + 2)
    lines = [pad + "".join(f"{_clue(v):>{width}}" for v in puzzle.col_counts)]
    frame = pad[:-1] + "+" + "-" * (width * puzzle.cols + 1) + "+"
    lines.append(frame)
    for r, row in enumerate(cells):
        body = "".join(f"{tok:>{width}}" for tok in row)
        lines.append(f"{_clue(puzzle.row_counts[r]):>{label}} |{body} |")
    lines.append(frame)
    return "\n".join(lines)


def to_grid(puzzle: PathPuzzle) -> str:
    """The drawn grid form: counts around the frame, doors as A and B."""
    cells = [["."] * puzzle.cols for _ in range(puzzle.rows)]
    for letter, (r, c) in zip("AB", puzzle.doors, strict=True):
        cells[r][c] = letter
    return draw(puzzle, cells)


def format_puzzle(puzzle: PathPuzzle) -> str:
    """The puzzle in the form it was read from."""
    return to_json(puzzle) if puzzle.form == "json" else to_grid(puzzle)


def detect(text: str) -> bool:
    """Whether ``text`` is a Path puzzle: a JSON object with the Path fields, or a grid with
    one door A and one door B (both forms must parse)."""
    t = text.strip()
    if t.startswith("{"):
        if not all(f'"{f}"' in t for f in FIELDS):
            return False
    elif not (re.search(r"\bA\b", t) and re.search(r"\bB\b", t)) or "\n" not in t:
        return False
    try:
        parse(t)
    except ParseError:
        return False
    return True


def resembles(text: str) -> float:
    """How much ``text`` looks like a Path puzzle (for ranking parse errors)."""
    t = text.strip()
    if t.startswith("{"):
        return 0.9 if any(f'"{f}"' in t for f in ("doors", "row_counts", "col_counts")) else 0.2
    has_doors = re.search(r"\bA\b", t) and re.search(r"\bB\b", t)
    return 0.7 if has_doors and "\n" in t else 0.0
