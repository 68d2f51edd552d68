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
- The exchange forms of other programs, each in its own module: a **puzz.link / pzprjs URL**
  (``https://puzz.link/p?nonogram/5/5/...``, ``puzzlink.py``), **webpbn XML**
  (``webpbn.py``) and the **.g** text of the Olšáks' ``grid`` solver (``olsak.py``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import attrs

from deduce.errors import ParseError
from deduce.jsontext import check_depth
from deduce.puzzles.nonogram.clues import checked, checked_size
from deduce.puzzles.nonogram.model import FILLED, Nonogram, from_picture
from deduce.puzzles.nonogram.olsak import is_olsak, parse_olsak, to_olsak
from deduce.puzzles.nonogram.puzzlink import is_puzzlink, parse_puzzlink, to_puzzlink
from deduce.puzzles.nonogram.webpbn import is_webpbn, parse_webpbn, to_webpbn

_TATHAM = re.compile(r"^([0-9]{1,6})x([0-9]{1,6}):(.*)$", re.S)
_PICTURE = re.compile(r"^[#.]+$")
_TATHAM_CLUE = re.compile(r"[0-9]{1,6}(\.[0-9]{1,6})*")


def parse(text: str) -> Nonogram:
    """Read a nonogram in any of its forms; ParseError names what is wrong and where."""
    t = text.strip().lstrip("\ufeff")
    if not t:
        raise ParseError("empty input: no puzzle given")
    if t.startswith("{"):
        return _parse_json(t)
    if is_webpbn(t):
        return parse_webpbn(t)
    if is_puzzlink(t):
        return parse_puzzlink(t)
    if _TATHAM.match(t):
        return _parse_tatham(t)
    lines = [ln.strip() for ln in t.splitlines() if ln.strip()]
    if all(_PICTURE.match(ln) for ln in lines):
        return _parse_picture(lines)
    if is_olsak(t):
        return parse_olsak(t)
    if re.search(r"^\s*(width|height|rows|columns)\b", t, re.M):
        return _parse_non(t)
    raise ParseError(
        "not a nonogram: expected a JSON line, a .non text, a Pattern game ID (WxH:...), "
        "a picture of # and ., a puzz.link URL, webpbn XML or a .g text"
    )


def _parse_json(text: str) -> Nonogram:
    check_depth(text)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ParseError(f"bad JSON at line {exc.lineno} column {exc.colno}: {exc.msg}") from None
    except ValueError:  # a number of thousands of digits, which Python will not read
        raise ParseError("bad JSON: a number has too many digits") from None
    if not isinstance(data, dict):
        raise ParseError("a nonogram in JSON must be an object")
    missing = [f for f in ("width", "height", "rows", "cols") if f not in data]
    if missing:
        raise ParseError(f"the nonogram JSON lacks {', '.join(missing)}")
    width, height = checked_size(data["width"], data["height"])
    rows, cols = data["rows"], data["cols"]
    if not isinstance(rows, list) or not isinstance(cols, list):
        raise ParseError("rows and cols must be lists of clues")
    goal = data.get("solution") or ()
    if goal and (not isinstance(goal, list) or not all(isinstance(g, str) for g in goal)):
        raise ParseError("solution must be a list of strings of 0s and 1s, one per row")
    name = data.get("name")
    return checked(
        width, height, rows, cols, "json", name if isinstance(name, str) else "", tuple(goal)
    )


def _parse_tatham(text: str) -> Nonogram:
    m = _TATHAM.match(text)
    assert m is not None
    width, height = checked_size(int(m.group(1)), int(m.group(2)))
    parts = m.group(3).split("/")
    if len(parts) != width + height:
        raise ParseError(
            f"the game ID has {len(parts)} clues, expected {width + height} "
            f"({width} columns then {height} rows)"
        )
    clues: list[list[int]] = []
    for i, part in enumerate(parts):
        if part and not _TATHAM_CLUE.fullmatch(part):
            where = f"column {i + 1}" if i < width else f"row {i - width + 1}"
            raise ParseError(f"bad clue {part!r} for {where}: numbers separated by '.'")
        clues.append([int(x) for x in part.split(".")] if part else [])
    return checked(width, height, clues[width:], clues[:width], "tatham")


def _parse_picture(lines: list[str]) -> Nonogram:
    width = len(lines[0])
    for i, line in enumerate(lines):
        if len(line) != width:
            raise ParseError(f"picture line {i + 1} has {len(line)} cells, expected {width}")
    checked_size(width, len(lines))
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
        if re.fullmatch(r"[0-9\s,]+", line) and current:
            words = [x for x in re.split(r"[\s,]+", line) if x]
            if any(len(x) > 6 for x in words):
                raise ParseError(f"line {number} of the .non text: a number too long to be a clue")
            nums = [int(x) for x in words]
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
        if key not in values or not re.fullmatch(r"[0-9]{1,6}", values[key]):
            raise ParseError(f"the .non text needs a '{key} N' line")
    for key in ("rows", "columns"):
        if key not in blocks:
            raise ParseError(f"the .non text has no '{key}' block")
    width, height = checked_size(int(values["width"]), int(values["height"]))
    goal: tuple[str, ...] = ()
    if values.get("goal"):
        bits = re.sub(r"\s", "", values["goal"])
        if len(bits) != width * height or set(bits) - {"0", "1"}:
            raise ParseError(f"the goal must be {width * height} 0s and 1s")
        goal = tuple(bits[r * width : r * width + width] for r in range(height))
    return checked(
        width, height, blocks["rows"], blocks["columns"], "non", values.get("title", ""), goal
    )


def format_puzzle(puzzle: Nonogram) -> str:
    """The puzzle in the form it was read from (a round trip)."""
    if puzzle.form == "tatham":
        return to_tatham(puzzle)
    if puzzle.form == "non":
        return to_non(puzzle)
    writer = {"puzzlink": to_puzzlink, "webpbn": to_webpbn, "olsak": to_olsak}.get(puzzle.form)
    if writer is not None:
        return writer(puzzle)
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
    """Whether ``text`` is in one of the forms. A text that has a form's shape counts even
    when it does not parse, so its parse error (not "unknown family") is what a user sees; a
    ``.non`` text must parse, since its keys are common words."""
    t = text.strip().lstrip("\ufeff")
    if t.startswith("{"):
        return all(f'"{key}"' in t for key in ("width", "rows", "cols"))
    if re.fullmatch(r"[0-9]+x[0-9]+:[0-9./]*", t) or is_puzzlink(t) or is_webpbn(t) or is_olsak(t):
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
    t = text.strip().lstrip("\ufeff")
    if t.startswith("{"):
        return 0.9 if any(f'"{key}"' in t for key in ("width", "rows", "cols")) else 0.2
    if is_puzzlink(t) or is_webpbn(t):
        return 0.9
    if is_olsak(t):
        return 0.8
    if re.match(r"[0-9]+x[0-9]+:[0-9./]*$", t):
        return 0.8
    lines = [ln.strip() for ln in t.splitlines() if ln.strip()]
    if re.search(r"^\s*(rows|columns|width|height)\b", t, re.M):
        return 0.8
    if lines and all(re.fullmatch(r"[#.xX01 ]+", ln) for ln in lines) and "#" in t:
        return 0.7
    return 0.0


def with_goal(writer: Callable[[Nonogram], str]) -> Callable[[Nonogram, list[int]], str]:
    """A writer of solutions: ``writer`` given the puzzle with ``values`` (one per cell, 1 =
    filled) as its stored solution, for the forms that keep one (JSON, ``.non``, webpbn)."""

    def write(puzzle: Nonogram, values: list[int]) -> str:
        w = puzzle.width
        rows = tuple(
            "".join("1" if v == FILLED else "0" for v in values[r * w : r * w + w])
            for r in range(puzzle.height)
        )
        return writer(attrs.evolve(puzzle, goal=rows))

    return write
