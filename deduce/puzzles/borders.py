"""Terminal grids with a border drawn cell by cell: box-drawing lines, heavy where two cells
belong to different regions (a jigsaw's, a Sudoku's boxes), light where they only lie in
different groups (a killer's cages), none inside a group; a label may sit on a cell's top
border (a cage's total).

``draw_grid`` (``deduce.puzzles.drawing``) draws separators between bands of rows and columns;
this draws any shape, at the cost of a line between every two cells.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping, Sequence

from rich.text import Text

from deduce.puzzles.drawing import STYLES

#: A wall's weight: none, light, heavy.
NONE, LIGHT, HEAVY = 0, 1, 2

#: Arms as (up, down, left, right), each a weight.
Arms = tuple[int, int, int, int]


def _junctions() -> dict[Arms, str]:
    """Every box-drawing character of light and heavy arms, by its arms (read from the
    characters' Unicode names: ``BOX DRAWINGS DOWN LIGHT AND RIGHT HEAVY``)."""
    directions: dict[str, tuple[int, ...]] = {"UP": (0,), "DOWN": (1,), "LEFT": (2,)}
    directions |= {"RIGHT": (3,), "HORIZONTAL": (2, 3), "VERTICAL": (0, 1)}
    weights = {"LIGHT": LIGHT, "HEAVY": HEAVY}
    table = {(NONE, NONE, NONE, NONE): " "}
    for code in range(0x2500, 0x2580):
        words = unicodedata.name(chr(code)).removeprefix("BOX DRAWINGS ")
        parts = [part.split() for part in words.split(" AND ")]
        if any(w not in directions and w not in weights for part in parts for w in part):
            continue  # dashed, double, arcs, diagonals
        said = [next((weights[w] for w in part if w in weights), None) for part in parts]
        arms = [NONE] * 4
        for part, weight in zip(parts, said, strict=True):
            for w in part:
                for arm in directions.get(w, ()):
                    arms[arm] = weight if weight is not None else next(x for x in said if x)
        table[arms[0], arms[1], arms[2], arms[3]] = chr(code)
    return table


JUNCTIONS = _junctions()


def draw_walls(
    rows: Sequence[Sequence[tuple[str, str]]],
    wall: Callable[[int, int], int],
    width: int,
    labels: Mapping[int, str] | None = None,
) -> Text:
    """Draw rows of ``(text, role)`` cells, each ``width`` wide plus a blank either side, with
    a wall between every two neighbouring cells (cells numbered in reading order) as heavy as
    ``wall(a, b)`` says, and a heavy frame. ``labels`` puts a short text at the start of a
    cell's top wall."""
    height, cols = len(rows), len(rows[0]) if rows else 0
    labels = labels or {}

    def weight(a: tuple[int, int], b: tuple[int, int]) -> int:
        inside = [0 <= r < height and 0 <= c < cols for r, c in (a, b)]
        if not all(inside):
            return HEAVY if any(inside) else NONE
        return wall(a[0] * cols + a[1], b[0] * cols + b[1])

    out = Text()
    for r in range(height + 1):
        out.append(_wall_line(r, cols, width, weight, labels) + "\n")
        if r == height:
            break
        cells = [(text.split("\n"), role) for text, role in rows[r]]
        tall = max((len(lines) for lines, _ in cells), default=1)
        for k in range(tall):
            for c, (lines, role) in enumerate(cells):
                out.append(JUNCTIONS[_vertical(weight((r, c - 1), (r, c)))])
                text = lines[k] if k < len(lines) else ""
                out.append(f" {text:^{width}} ", style=STYLES.get(role, role))
            out.append(JUNCTIONS[_vertical(weight((r, cols - 1), (r, cols)))] + "\n")
    return out


def _vertical(w: int) -> Arms:
    return (w, w, NONE, NONE)


def _wall_line(
    r: int,
    cols: int,
    width: int,
    weight: Callable[[tuple[int, int], tuple[int, int]], int],
    labels: Mapping[int, str],
) -> str:
    """The line of walls above row ``r``: junctions at the corners, the walls between."""
    line = []
    for c in range(cols + 1):
        up = weight((r - 1, c - 1), (r - 1, c))
        down = weight((r, c - 1), (r, c))
        left = weight((r - 1, c - 1), (r, c - 1))
        right = weight((r - 1, c), (r, c))
        line.append(JUNCTIONS[up, down, left, right])
        if c < cols:
            segment = JUNCTIONS[NONE, NONE, right, right] * (width + 2)
            label = labels.get(r * cols + c, "")
            line.append(label + segment[len(label) :])
    return "".join(line)
