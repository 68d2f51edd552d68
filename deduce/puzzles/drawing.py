"""Terminal drawing shared by the families: a grid of styled cells, highlighted for a step.

A family's ``render(puzzle, state, step)`` builds, for each cell, its text and its role in the
step (``placement``, ``elimination``, ``premise`` or none), and hands the rows to ``draw_grid``.
The colours are the same for every family and readable for colour-blind players (blue /
orange / yellow, never red against green alone).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

#: Role -> rich style. Placements blue, eliminations orange with strike-through, premises yellow.
STYLES: dict[str, str] = {
    "placement": "bold white on dodger_blue2",
    "elimination": "bold black on dark_orange",
    "premise": "black on khaki1",
    "given": "bold",
    "": "",
}


def draw_grid(
    rows: Sequence[Sequence[tuple[str, str]]],
    col_sep: Sequence[int] = (),
    row_sep: Sequence[int] = (),
    width: int | None = None,
) -> Text:
    """Draw rows of ``(text, role)`` cells, each padded to ``width``.

    A cell's text may hold several lines (Sudoku pencil marks drawn as a small square);
    every cell of a row is then as tall as the tallest. ``col_sep`` and ``row_sep`` list the
    column / row indexes before which a separator is drawn (Sudoku boxes, Path counts).
    """
    if width is None:
        width = max(
            (len(line) for row in rows for t, _ in row for line in t.split("\n")), default=1
        )
    out = Text()
    total = len(rows[0]) if rows else 0
    for r, row in enumerate(rows):
        if r in row_sep:
            line = ""
            for c in range(total):
                if c in col_sep:
                    line += "+"
                line += "-" * (width + 2)
            out.append(line + "\n")
        cells = [(t.split("\n"), role) for t, role in row]
        height = max((len(lines) for lines, _ in cells), default=1)
        for k in range(height):
            for c, (lines, role) in enumerate(cells):
                if c in col_sep:
                    out.append("|")
                text = lines[k] if k < len(lines) else ""
                out.append(f" {text:^{width}} ", style=STYLES.get(role, role))
            out.append("\n")
    return out


def step_roles(step: object | None) -> dict[int, str]:
    """Variable -> role for a step: placements first, then eliminations, then premises."""
    roles: dict[int, str] = {}
    if step is None:
        return roles
    for var in getattr(step, "premises", ()):
        roles[var] = "premise"
    for var, _ in getattr(step, "eliminations", ()):
        roles[var] = "elimination"
    for var, _ in getattr(step, "placements", ()):
        roles[var] = "placement"
    return roles


#: Role -> the characters either side of a cell's text where colour cannot show (piped output,
#: ``NO_COLOR``): as HoDoKu's text grids mark cells with brackets and ``*``.
MARKERS: dict[str, tuple[str, str]] = {
    "placement": ("[", "]"),
    "elimination": ("(", ")"),
    "premise": ("*", " "),
}


def with_markers(text: Text) -> Text:
    """``text`` (a grid from ``draw_grid`` or a family's ``render``) with each highlighted
    cell's padding replaced by its role's markers, so the roles read without colour: ``[4]``
    settled, ``(4 6)`` loses candidates, ``*7`` looked at. A cell drawn without padding gets
    its markers on the blanks beside it."""
    by_style = {STYLES[role]: pair for role, pair in MARKERS.items()}
    chars = list(text.plain)
    for span in text.spans:
        pair = by_style.get(str(span.style))
        if pair is None or span.end <= span.start:
            continue
        left = span.start if chars[span.start] == " " else span.start - 1
        right = span.end - 1 if chars[span.end - 1] == " " else span.end
        if 0 <= left < len(chars) and chars[left] == " ":
            chars[left] = pair[0]
        if right < len(chars) and chars[right] == " ":
            chars[right] = pair[1]
    out = Text("".join(chars))
    for span in text.spans:
        out.stylize(span.style, span.start, span.end)
    return out
