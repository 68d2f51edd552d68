"""The SVG writer: any family's Picture of a step as one SVG image.

Every cell is a ``<rect>`` with ``data-cell="rXcY"`` and the class ``role-<role>``, so an app
(or a test) can find what a step highlighted.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from html import escape
from typing import Any

from deduce.puzzles.picture import COLOURS, LEGEND, Picture

CELL = 40
FONT = "font-family:'DejaVu Sans',Verdana,sans-serif"


def _margins(p: Picture) -> tuple[int, int, int, int]:
    def extent(labels: Sequence[str], per_line: int) -> int:
        if not labels:
            return 8
        longest = max((len(part) for lab in labels for part in lab.split("\n")), default=0)
        lines = max((lab.count("\n") + 1 for lab in labels), default=0)
        return 8 + per_line * (lines if per_line > 12 else max(longest, 1))

    top = extent(p.top, 14) if p.top else 8
    left = extent([lab.replace("\n", " ") for lab in p.left], 8) + (6 if p.left else 0)
    bottom = 22 if p.bottom else 8
    right = extent(p.right, 8) + (6 if p.right else 0)
    return top, left, bottom, right


def to_svg(p: Picture, legend: bool = True) -> str:
    """The SVG of a Picture: cells with their roles, marks, links, labels and a legend."""
    top, left, bottom, right = _margins(p)
    width = left + p.cols * CELL + right
    grid_h = top + p.rows * CELL + bottom
    items = _legend_layout(width) if legend else []
    legend_h = (max(row for _, _, row in items) + 1) * 20 + 6 if items else 0
    caption = textwrap.wrap(p.caption, max(20, (width - 12) // 7)) if p.caption else []
    height = grid_h + legend_h + 16 * len(caption) + 4
    out: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" style="{FONT}">',
        "<style>.m{font-size:10px}.d{font-size:22px}.g{font-weight:bold}.l{font-size:12px}</style>",
        f'<rect width="{width}" height="{height}" fill="#fff"/>',
    ]
    outline = set(p.outline)
    labelled = {min(cells) for cells, _ in p.cages}
    contents: list[str] = []  # digits and marks, drawn over the lines so none is hidden
    for index, cell in enumerate(p.cells):
        r, c = divmod(index, p.cols)
        x, y = left + c * CELL, top + r * CELL
        colour = COLOURS.get(cell.role) or COLOURS.get(cell.fill) or COLOURS["empty"]
        if cell.fill and not cell.role:
            colour = COLOURS[cell.fill]
        role = cell.role or cell.fill or "none"
        out.append(
            f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{colour}" '
            f'class="cell role-{role}" data-cell="r{r + 1}c{c + 1}"/>'
        )
        if index in outline:
            out.append(
                f'<rect x="{x + 2}" y="{y + 2}" width="{CELL - 4}" height="{CELL - 4}" fill="none" '
                f'stroke="{COLOURS["link"]}" stroke-width="2" stroke-dasharray="4 2"/>'
            )
        ink = "#fff" if cell.fill == "filled" and not cell.role else "#000"
        if cell.marks:
            room = LABEL_ROOM if index in labelled else 0  # below a cage's total
            contents.extend(_marks_svg(cell.marks, x, y, p.marks_cols, room))
        if cell.text:
            cls = "d g" if cell.given else "d"
            lift = 12 if cell.marks else 8
            contents.append(
                f'<text x="{x + CELL // 2}" y="{y + CELL // 2 + lift}" text-anchor="middle" '
                f'class="{cls}" fill="{ink}">{escape(cell.text)}</text>'
            )
    out.append(_grid_lines(p, left, top))
    out.extend(_between(p, left, top))
    out.extend(_cages(p, left, top))
    labels = []
    avoid = [_centre(p, i, left, top) for i, cell in enumerate(p.cells) if cell.text]
    board = (left + 3, top + 3, left + p.cols * CELL - 3, top + p.rows * CELL - 3)
    for (a, b, role, *label), shift in zip(p.links, _label_shifts(p.links), strict=True):
        (ax, ay), (bx, by) = _centre(p, a, left, top), _centre(p, b, left, top)
        colour = COLOURS.get(role, COLOURS["link"])
        weak = len(label) > 1 and label[1] == "weak"  # (label, kind): a weak link is dashed
        dash = ' stroke-dasharray="5 4"' if role == "elimination" or weak else ""
        thick = 5 if role in ("placement", "elimination") else 3
        shape = f'x1="{ax}" y1="{ay}" x2="{bx}" y2="{by}"'
        mid = ((ax + bx) / 2, (ay + by) / 2)
        if role == "chain":  # a curve that keeps clear of the digits, inside the board
            cx, cy = bend((ax, ay), (bx, by), avoid, board)
            shape = f'd="M{ax} {ay}Q{cx:.1f} {cy:.1f} {bx} {by}" fill="none"'
            mid = ((ax + 2 * cx + bx) / 4, (ay + 2 * cy + by) / 4)  # the curve's middle
        out.append(
            f'<{"path" if role == "chain" else "line"} {shape} stroke="{colour}" '
            f'stroke-width="{thick}"{dash} stroke-linecap="round" opacity="0.85" '
            f'class="link role-{role}"/>'
        )
        if label and label[0]:
            length = max(((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5, 1.0)
            x = mid[0] - shift * (by - ay) / length
            y = mid[1] + shift * (bx - ax) / length
            labels.append(
                f'<g class="link-label"><rect x="{x - 7:.0f}" y="{y - 8:.0f}" width="14" height="15" '
                f'rx="4" fill="#fff" stroke="{colour}" stroke-width="1.5"/><text x="{x:.0f}" '
                f'y="{y + 4:.0f}" text-anchor="middle" class="l g" fill="{colour}">'
                f"{escape(label[0])}</text></g>"
            )
    out.extend(contents)
    out.extend(labels)  # over every line, so no line hides a label
    out.extend(_labels(p, left, top))
    y = grid_h
    for line in caption:
        out.append(f'<text x="6" y="{y + 12}" class="l">{escape(line)}</text>')
        y += 16
    for (role, name), x, row in items:
        ly = y + row * 20
        out.append(
            f'<rect x="{x}" y="{ly + 6}" width="12" height="12" fill="{COLOURS[role]}" stroke="#000"/>'
        )
        out.append(f'<text x="{x + 16}" y="{ly + 16}" class="l">{escape(name)}</text>')
    out.append("</svg>")
    return "".join(out)


#: How far a chain's curve may bend off the straight line, as shares of the line's length.
BENDS = (0.15, -0.15, 0.3, -0.3, 0.45, -0.45, 0.08, -0.08, 0.0)


def bend(
    a: tuple[float, float],
    b: tuple[float, float],
    avoid: Sequence[tuple[float, float]],
    board: tuple[float, float, float, float],
) -> tuple[float, float]:
    """The control point of a chain link from ``a`` to ``b`` drawn as a quadratic curve: bent
    to the side, and as far, as passes the fewest of the points to ``avoid`` (the centres of
    cells holding a digit) within 13 units, the control point kept inside ``board`` so the
    curve is too (the page's script bends its curves the same way)."""
    (ax, ay), (bx, by) = a, b
    length = max(((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5, 1.0)
    nx, ny = -(by - ay) / length, (bx - ax) / length
    best, score = ((ax + bx) / 2, (ay + by) / 2), float("inf")
    for share in BENDS:
        off = share * length + (4 if share > 0 else -4 if share < 0 else 0)
        cx, cy = (ax + bx) / 2 + 2 * off * nx, (ay + by) / 2 + 2 * off * ny
        if not (board[0] <= cx <= board[2] and board[1] <= cy <= board[3]):
            continue
        hits = abs(share)
        for k in range(1, 11):
            t = 0.12 + 0.076 * (k - 1)
            x = (1 - t) ** 2 * ax + 2 * t * (1 - t) * cx + t * t * bx
            y = (1 - t) ** 2 * ay + 2 * t * (1 - t) * cy + t * t * by
            hits += sum(1 for qx, qy in avoid if (x - qx) ** 2 + (y - qy) ** 2 < 169)
        if hits < score:
            best, score = (cx, cy), hits
    return best


def _label_shifts(links: Sequence[tuple[Any, ...]]) -> list[float]:
    """How far each link's label sits off the middle of its line, across it: links joining
    the same two cells (a 2-cycle on two digits) get their labels side by side."""
    count: dict[frozenset[int], int] = {}
    for a, b, *_ in links:
        key = frozenset((a, b))
        count[key] = count.get(key, 0) + 1
    seen: dict[frozenset[int], int] = {}
    out: list[float] = []
    for a, b, *_ in links:
        key = frozenset((a, b))
        k = seen.get(key, 0)
        seen[key] = k + 1
        out.append((k - (count[key] - 1) / 2) * 16.0)
    return out


def _legend_layout(width: int) -> list[tuple[tuple[str, str], int, int]]:
    """Legend entries with their x and line, wrapped to ``width``."""
    items, x, row = [], 6, 0
    for role, label in LEGEND:
        size = 24 + 7 * len(label)
        if x > 6 and x + size > width:
            x, row = 6, row + 1
        items.append(((role, label), x, row))
        x += size
    return items


def _centre(p: Picture, cell: int, left: int, top: int) -> tuple[int, int]:
    r, c = divmod(cell, p.cols)
    return left + c * CELL + CELL // 2, top + r * CELL + CELL // 2


def _marks_svg(
    marks: Sequence[tuple[str, str]], x: int, y: int, per_row: int, room: int = 0
) -> list[str]:
    out = []
    rows = max(1, -(-len(marks) // per_row)) if per_row else 1
    step_x = CELL / (per_row + 0.5)
    step_y = (CELL - room) / (max(rows, 3) + 0.3)
    y += room
    for i, (symbol, role) in enumerate(marks):
        if not symbol.strip():
            continue
        mx = x + step_x * (i % per_row + 0.75)
        my = y + step_y * (i // per_row + 1)
        if role:
            wide = 6 * (len(symbol) - 1)  # a mark of several characters (a number above 9)
            out.append(
                f'<rect x="{mx - 4 - wide / 2:.0f}" y="{my - 9:.0f}" width="{9 + wide}" height="11" '
                f'fill="{COLOURS[role]}" class="mark role-{role}"/>'
            )
        out.append(
            f'<text x="{mx:.0f}" y="{my:.0f}" text-anchor="middle" class="m">{escape(symbol)}</text>'
        )
    return out


def _between(p: Picture, left: int, top: int) -> list[str]:
    """The clues on the borders between cells, on a white disc over the line."""
    out = []
    for a, b, text in p.between:
        (ax, ay), (bx, by) = _centre(p, a, left, top), _centre(p, b, left, top)
        x, y = (ax + bx) / 2, (ay + by) / 2
        turn = "" if ay == by else f' transform="rotate(90 {x:.0f} {y:.0f})"'
        out.append(
            f'<g class="between"><circle cx="{x:.0f}" cy="{y:.0f}" r="8" fill="#fff"/>'
            f'<text x="{x:.0f}" y="{y + 5:.0f}" text-anchor="middle" class="l g"{turn}>'
            f"{escape(text)}</text></g>"
        )
    return out


#: How far inside its cells a cage's outline runs, and how far a cage's first cell's pencil
#: marks move down to leave its total room.
INSET = 4
LABEL_ROOM = 6


def _cages(p: Picture, left: int, top: int) -> list[str]:
    """Each cage as a dashed outline inset in its cells, its label in its first cell's corner."""
    out = []
    for cells, label in p.cages:
        inside, path = set(cells), []
        for cell in cells:
            path.extend(_cage_sides(p, cell, inside, left, top))
        first = min(cells)
        x, y = left + first % p.cols * CELL + 1, top + first // p.cols * CELL + 1
        out.append(
            f'<g class="cage"><path d="{"".join(path)}" fill="none" stroke="#444" '
            f'stroke-width="1" stroke-dasharray="3 2"/><rect x="{x}" y="{y}" '
            f'width="{5 * len(label) + 3}" height="9" fill="#fff"/><text x="{x + 1}" '
            f'y="{y + 8}" style="font-size:8px">{escape(label)}</text></g>'
        )
    return out


def _cage_sides(p: Picture, cell: int, inside: set[int], left: int, top: int) -> list[str]:
    """The inset segments of ``cell``'s sides that border no cell of its cage."""
    r, c = divmod(cell, p.cols)
    x0, y0 = left + c * CELL + INSET, top + r * CELL + INSET
    x1, y1 = x0 + CELL - 2 * INSET, y0 + CELL - 2 * INSET
    sides = []
    if r == 0 or cell - p.cols not in inside:
        sides.append(f"M{x0} {y0}H{x1}")
    if r == p.rows - 1 or cell + p.cols not in inside:
        sides.append(f"M{x0} {y1}H{x1}")
    if c == 0 or cell - 1 not in inside:
        sides.append(f"M{x0} {y0}V{y1}")
    if c == p.cols - 1 or cell + 1 not in inside:
        sides.append(f"M{x1} {y0}V{y1}")
    return sides


def _grid_lines(p: Picture, left: int, top: int) -> str:
    thin: list[str] = []
    thick: list[str] = []
    for r in range(p.rows + 1):
        target = thick if r in (0, p.rows) or r in p.thick_rows else thin
        target.append(f"M{left} {top + r * CELL}h{p.cols * CELL}")
    for c in range(p.cols + 1):
        target = thick if c in (0, p.cols) or c in p.thick_cols else thin
        target.append(f"M{left + c * CELL} {top}v{p.rows * CELL}")
    thick.extend(_region_walls(p, left, top))
    return (
        f'<path d="{"".join(thin)}" stroke="#888" stroke-width="1" fill="none"/>'
        f'<path d="{"".join(thick)}" stroke="#000" stroke-width="2.5" fill="none"/>'
    ) + _diagonals(p, left, top)


def _diagonals(p: Picture, left: int, top: int) -> str:
    """An X grid's two diagonals, corner to corner (nothing for another grid)."""
    if not p.diagonals:
        return ""
    right, bottom = left + p.cols * CELL, top + p.rows * CELL
    return (
        f'<path d="M{left} {top}L{right} {bottom}M{right} {top}L{left} {bottom}" '
        'stroke="#888" stroke-width="1.5" fill="none" class="diagonals"/>'
    )


def _region_walls(p: Picture, left: int, top: int) -> list[str]:
    """The cell sides between two regions (a jigsaw's), as path segments."""
    walls, regions, cols = [], p.regions, p.cols
    for cell, region in enumerate(regions):
        r, c = divmod(cell, cols)
        x, y = left + c * CELL, top + r * CELL
        if c + 1 < cols and regions[cell + 1] != region:
            walls.append(f"M{x + CELL} {y}v{CELL}")
        if r + 1 < p.rows and regions[cell + cols] != region:
            walls.append(f"M{x} {y + CELL}h{CELL}")
    return walls


def _labels(p: Picture, left: int, top: int) -> list[str]:
    out = []
    for c, label in enumerate(p.top):
        parts = label.split("\n")
        for k, part in enumerate(parts):
            y = top - 6 - 14 * (len(parts) - 1 - k)
            out.append(
                f'<text x="{left + c * CELL + CELL // 2}" y="{y}" text-anchor="middle" class="l">{escape(part)}</text>'
            )
    for r, label in enumerate(p.left):
        out.append(
            f'<text x="{left - 6}" y="{top + r * CELL + CELL // 2 + 4}" text-anchor="end" class="l">'
            f"{escape(label.replace(chr(10), ' '))}</text>"
        )
    for c, label in enumerate(p.bottom):
        out.append(
            f'<text x="{left + c * CELL + CELL // 2}" y="{top + p.rows * CELL + 16}" text-anchor="middle" class="l">'
            f"{escape(label)}</text>"
        )
    for r, label in enumerate(p.right):
        out.append(
            f'<text x="{left + p.cols * CELL + 6}" y="{top + r * CELL + CELL // 2 + 4}" class="l">{escape(label)}</text>'
        )
    return out
