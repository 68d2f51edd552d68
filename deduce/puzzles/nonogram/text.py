"""The text forms of a nonogram, read and written back in the form they came in.

- **JSON line** (the corpus form): ``{"width": 5, "height": 10, "rows": [[2], [2, 1], ...],
  "cols": [...], "solution": ["01100", ...]}``; ``solution`` and ``name`` are optional, other
  fields are ignored.
- **.non** (Steve Simpson's format): ``width N`` and ``height N`` lines, then ``rows`` and
  ``columns`` blocks with one clue per line, numbers separated by commas (``0`` for an empty
  line); ``title``, ``goal`` (the solution as ``0``/``1``) and other keys are optional.
- **Tatham's Pattern game ID**: ``WxH:`` then the column clues and then the row clues, lines
  separated by ``/`` and the numbers of one line by ``.`` (an empty line is left empty), e.g.
  ``5x5:2/3.1/4/2/1/3/1.1/5/2/1``.
- **A picture**: one line per row, ``#`` filled and ``.`` empty; the clues are read off it
  (for setters: is this picture a fair puzzle?).
"""

from __future__ import annotations

import json
import re
from typing import Any

from deduce.errors import ParseError
from deduce.jsontext import check_depth
from deduce.puzzles.nonogram.model import Nonogram, clues_of, from_picture

MAX_SIDE = 200
_TATHAM = re.compile(r"^(\d+)x(\d+):(.*)$", re.S)
_PICTURE = re.compile(r"^[#.]+$")


def parse(text: str) -> Nonogram:
    """Read a nonogram in any of the four forms; ParseError names what is wrong and where."""
    t = text.strip()
    if not t:
        raise ParseError("empty input: no puzzle given")
    if t.startswith("{"):
        return _parse_json(t)
    if _TATHAM.match(t):
        return _parse_tatham(t)
    lines = [ln.strip() for ln in t.splitlines() if ln.strip()]
    if all(_PICTURE.match(ln) for ln in lines):
        return _parse_picture(lines)
    if re.search(r"^\s*(width|height|rows|columns)\b", t, re.M):
        return _parse_non(t)
    raise ParseError(
        "not a nonogram: expected a JSON line, a .non text, a Pattern game ID (WxH:...) "
        "or a picture of # and ."
    )


def _size(width: Any, height: Any) -> tuple[int, int]:
    for what, value in (("width", width), ("height", height)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ParseError(f"the {what} must be a whole number, not {value!r}")
        if not 1 <= value <= MAX_SIDE:
            raise ParseError(f"bad {what} {value}: it must be 1 to {MAX_SIDE}")
    return width, height


def _clue(value: Any, where: str, length: int) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(
        isinstance(x, int) and not isinstance(x, bool) for x in value
    ):
        raise ParseError(f"the clue of {where} must be a list of whole numbers, not {value!r}")
    clue = tuple(x for x in value if x != 0) if value != [0] else ()
    if any(x < 0 for x in clue):
        raise ParseError(f"the clue of {where} has a negative number")
    if sum(clue) + len(clue) - 1 > length:
        raise ParseError(
            f"the clue {' '.join(map(str, clue))} of {where} does not fit in {length} cells"
        )
    return clue


def _checked(
    width: int,
    height: int,
    rows: list[Any],
    cols: list[Any],
    form: str,
    name: str = "",
    goal: tuple[str, ...] = (),
) -> Nonogram:
    if len(rows) != height:
        raise ParseError(f"{len(rows)} row clues given for a height of {height}")
    if len(cols) != width:
        raise ParseError(f"{len(cols)} column clues given for a width of {width}")
    row_clues = tuple(_clue(v, f"row {i + 1}", width) for i, v in enumerate(rows))
    col_clues = tuple(_clue(v, f"column {i + 1}", height) for i, v in enumerate(cols))
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
    return Nonogram(width, height, row_clues, col_clues, form=form, name=name, goal=goal)


def _parse_json(text: str) -> Nonogram:
    check_depth(text)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ParseError(f"bad JSON at line {exc.lineno} column {exc.colno}: {exc.msg}") from None
    if not isinstance(data, dict):
        raise ParseError("a nonogram in JSON must be an object")
    missing = [f for f in ("width", "height", "rows", "cols") if f not in data]
    if missing:
        raise ParseError(f"the nonogram JSON lacks {', '.join(missing)}")
    width, height = _size(data["width"], data["height"])
    rows, cols = data["rows"], data["cols"]
    if not isinstance(rows, list) or not isinstance(cols, list):
        raise ParseError("rows and cols must be lists of clues")
    goal = data.get("solution") or ()
    if goal and (not isinstance(goal, list) or not all(isinstance(g, str) for g in goal)):
        raise ParseError("solution must be a list of strings of 0s and 1s, one per row")
    name = data.get("name") if isinstance(data.get("name"), str) else ""
    return _checked(width, height, rows, cols, "json", name, tuple(goal))


def _parse_tatham(text: str) -> Nonogram:
    m = _TATHAM.match(text)
    assert m is not None
    width, height = _size(int(m.group(1)), int(m.group(2)))
    parts = m.group(3).split("/")
    if len(parts) != width + height:
        raise ParseError(
            f"the game ID has {len(parts)} clues, expected {width + height} "
            f"({width} columns then {height} rows)"
        )
    clues: list[list[int]] = []
    for i, part in enumerate(parts):
        where = f"column {i + 1}" if i < width else f"row {i - width + 1}"
        if part and not re.fullmatch(r"\d+(\.\d+)*", part):
            raise ParseError(f"bad clue {part!r} for {where}: numbers separated by '.'")
        clues.append([int(x) for x in part.split(".")] if part else [])
    return _checked(width, height, clues[width:], clues[:width], "tatham")


def _parse_picture(lines: list[str]) -> Nonogram:
    width = len(lines[0])
    for i, line in enumerate(lines):
        if len(line) != width:
            raise ParseError(f"picture line {i + 1} has {len(line)} cells, expected {width}")
    _size(width, len(lines))
    rows = [line.replace("#", "1").replace(".", "0") for line in lines]
    return from_picture(rows, "grid")


_NON_KEYS = re.compile(r"^(\w+)\s*(.*)$")


def _parse_non(text: str) -> Nonogram:
    values: dict[str, str] = {}
    blocks: dict[str, list[list[int]]] = {}
    current: str | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            current = None if not line and current and blocks[current] else current
            continue
        if re.fullmatch(r"[\d\s,]+", line) and current:
            nums = [int(x) for x in re.split(r"[\s,]+", line) if x]
            blocks[current].append([x for x in nums if x])
            continue
        m = _NON_KEYS.match(line)
        if not m:
            raise ParseError(f"line {number} of the .non text: cannot read {line!r}")
        key, rest = m.group(1).lower(), m.group(2).strip()
        if key in ("rows", "columns"):
            current = key
            blocks[key] = []
            continue
        current = None
        values[key] = rest.strip('"')
    for key in ("width", "height"):
        if key not in values or not values[key].isdigit():
            raise ParseError(f"the .non text needs a '{key} N' line")
    for key in ("rows", "columns"):
        if key not in blocks:
            raise ParseError(f"the .non text has no '{key}' block")
    width, height = _size(int(values["width"]), int(values["height"]))
    goal: tuple[str, ...] = ()
    if values.get("goal"):
        bits = re.sub(r"\s", "", values["goal"])
        if len(bits) != width * height or set(bits) - {"0", "1"}:
            raise ParseError(f"the goal must be {width * height} 0s and 1s")
        goal = tuple(bits[r * width : r * width + width] for r in range(height))
    return _checked(
        width, height, blocks["rows"], blocks["columns"], "non", values.get("title", ""), goal
    )


def format_puzzle(puzzle: Nonogram) -> str:
    """The puzzle in the form it was read from (a round trip)."""
    if puzzle.form == "tatham":
        return to_tatham(puzzle)
    if puzzle.form == "non":
        return to_non(puzzle)
    if puzzle.form == "grid" and puzzle.goal:
        return "\n".join(row.replace("1", "#").replace("0", ".") for row in puzzle.goal)
    return to_json(puzzle)


def to_json(puzzle: Nonogram) -> str:
    """The corpus JSON line."""
    data: dict[str, Any] = {}
    if puzzle.name:
        data["name"] = puzzle.name
    data.update(
        width=puzzle.width,
        height=puzzle.height,
        rows=[list(c) for c in puzzle.rows],
        cols=[list(c) for c in puzzle.cols],
    )
    if puzzle.goal:
        data["solution"] = list(puzzle.goal)
    return json.dumps(data, separators=(",", ":"))


def to_tatham(puzzle: Nonogram) -> str:
    """Tatham's Pattern game ID: column clues, then row clues."""
    parts = [".".join(map(str, c)) for c in (*puzzle.cols, *puzzle.rows)]
    return f"{puzzle.width}x{puzzle.height}:" + "/".join(parts)


def to_non(puzzle: Nonogram) -> str:
    """The ``.non`` text."""
    out = []
    if puzzle.name:
        out.append(f'title "{puzzle.name}"')
    out += [f"width {puzzle.width}", f"height {puzzle.height}", "", "rows"]
    out += [",".join(map(str, c)) or "0" for c in puzzle.rows]
    out += ["", "columns"]
    out += [",".join(map(str, c)) or "0" for c in puzzle.cols]
    if puzzle.goal:
        out += ["", f"goal {''.join(puzzle.goal)}"]
    return "\n".join(out)


def detect(text: str) -> bool:
    """Whether ``text`` is in one of the four forms. A text that has a form's shape counts
    even when it does not parse, so its parse error (not "unknown family") is what a user
    sees; a ``.non`` text must parse, since its keys are common words."""
    t = text.strip()
    if t.startswith("{"):
        return all(f'"{key}"' in t for key in ("width", "rows", "cols"))
    if re.fullmatch(r"\d+x\d+:[\d./]*", t):
        return True
    lines = [ln.strip() for ln in t.splitlines() if ln.strip()]
    if len(lines) > 1 and all(_PICTURE.match(ln) for ln in lines):
        return True
    if not re.search(r"^\s*rows\s*$", t, re.M):
        return False
    try:
        parse(t)
    except ParseError:
        return False
    return True


def resembles(text: str) -> float:
    """How much ``text`` looks like a nonogram (for ranking parse errors)."""
    t = text.strip()
    if t.startswith("{"):
        return 0.9 if any(f'"{key}"' in t for key in ("width", "rows", "cols")) else 0.2
    if re.match(r"\d+x\d+:[\d./]*$", t):
        return 0.8
    lines = [ln.strip() for ln in t.splitlines() if ln.strip()]
    if re.search(r"^\s*(rows|columns|width|height)\b", t, re.M):
        return 0.8
    if lines and all(re.fullmatch(r"[#.xX01 ]+", ln) for ln in lines) and "#" in t:
        return 0.7
    return 0.0
