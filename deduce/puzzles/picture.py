"""Picture: a family-neutral drawing of one step on a grid (what the SVG and the page draw).

Each family turns (state before a step, the step) into a Picture: what every cell shows, the
role each cell or pencil mark plays in the step, the chains to draw between cells, and the
clues around the grid. One writer (``deduce.show.svg``) turns any Picture into SVG, so every family's pictures
share the colours, the legend and the markup an app (or a test) can rely on: every cell is a
``<rect>`` with ``data-cell="rXcY"`` and the class ``role-<role>``.
"""

from __future__ import annotations

from typing import Any

import attrs

#: Okabe-Ito colours, safe for the common colour-vision deficiencies.
COLOURS: dict[str, str] = {
    "placement": "#56B4E9",  # sky blue: what the step settles
    "elimination": "#E69F00",  # orange: what the step rules out
    "premise": "#F0E442",  # yellow: what the step looked at
    "guess": "#CC79A7",  # reddish purple: a value tried by search, not deduced
    "chain": "#0072B2",  # blue: a step's chain
    "link": "#0072B2",  # blue: chains and links
    "path": "#0072B2",  # a path edge
    "filled": "#333333",  # a filled nonogram cell
    "used": "#D9D9D9",  # a path cell in use, a linked signpost cell
    "hole": "#BBBBBB",  # not part of the puzzle
    "empty": "#FFFFFF",
}
#: Pale cell backgrounds for the roles, so the candidates drawn on them keep their contrast
#: (the step page colours whole cells lightly and the candidates themselves strongly).
TINTS: dict[str, str] = {
    "placement": "#D4ECFA",
    "elimination": "#FBE3C0",
    "premise": "#FFF5B8",
    "guess": "#F3D9E8",
}
LEGEND: tuple[tuple[str, str], ...] = (
    ("placement", "settled by this step"),
    ("elimination", "ruled out by this step"),
    ("premise", "looked at"),
    ("link", "chain / link"),
)


@attrs.frozen
class Cell:
    """What one cell shows: big ``text``, small ``marks`` (symbol, role) pairs, a role and a fill.

    A mark is usually one character (a Sudoku candidate); it may be longer (a Numbrix number).

    A mark's role ``premise`` is a candidate the step's pattern rests on.

    ``fill`` is ``""`` (white), ``"filled"`` (dark, e.g. a filled nonogram cell) or ``"hole"``.
    ``given`` cells are drawn in bold.
    """

    text: str = ""
    marks: tuple[tuple[str, str], ...] = ()
    role: str = ""
    fill: str = ""
    given: bool = False


@attrs.frozen
class Picture:
    """One step drawn on a ``rows`` × ``cols`` grid (cells row-major).

    ``thick_rows``/``thick_cols`` are the grid lines drawn thick (box borders; 0 and the edges
    are always thick). ``links`` are ``(cell, cell, role)`` lines between cell centres (chains,
    path edges, signpost links), optionally ``(cell, cell, role, label)`` with a short label
    drawn at the middle of the line (the digit of a Sudoku chain link), optionally then a kind,
    ``strong`` (drawn solid: one end holds) or ``weak`` (dashed: not both ends hold): role
    ``placement`` for a link the step makes, ``elimination`` (dashed) for one it rules out,
    ``chain`` for the step's chain (drawn with arrows), ``used``/``path`` for what the grid
    already holds; ``top``/``left``/``bottom``/``right`` label each column/row
    outside the grid (nonogram clues, path counts; ``\\n`` stacks a top label); ``outline``
    the cells of the line or unit a rule read. ``marks_cols`` is how many pencil marks fit
    on one line of a cell. ``between`` are clues drawn on the border of two neighbouring
    cells, ``(cell, cell, text)`` (a Futoshiki ``<`` read from the first cell to the second,
    a Kropki dot): the writers turn the text to follow the border.
    ``cages`` are ``(cells, label)`` groups drawn as a dashed outline inset in their cells,
    the label (a Killer cage's total) in the corner of the first cell. ``regions`` (a region
    number per cell, when the grid's regions are not bands of rows and columns: a jigsaw)
    draws a thick line wherever two neighbouring cells lie in different regions.
    ``diagonals`` (an X grid's) draws both diagonals of the grid as thin lines, corner to
    corner, under the digits.
    """

    rows: int
    cols: int
    cells: tuple[Cell, ...]
    caption: str = ""
    marks_cols: int = 3
    thick_rows: tuple[int, ...] = ()
    thick_cols: tuple[int, ...] = ()
    links: tuple[tuple[Any, ...], ...] = ()
    top: tuple[str, ...] = ()
    left: tuple[str, ...] = ()
    bottom: tuple[str, ...] = ()
    right: tuple[str, ...] = ()
    outline: tuple[int, ...] = ()
    between: tuple[tuple[int, int, str], ...] = ()
    cages: tuple[tuple[tuple[int, ...], str], ...] = ()
    regions: tuple[int, ...] = ()
    diagonals: bool = False

    def to_dict(self) -> dict[str, Any]:
        """A compact JSON-ready form (what the HTML page's script draws)."""
        cells = []
        for c in self.cells:
            item: list[Any] = [c.text, c.role, c.fill, int(c.given)]
            if c.marks:
                symbols = [s for s, _ in c.marks]
                # one string when every mark is one character (compact), else a list
                item.append("".join(symbols) if all(len(s) == 1 for s in symbols) else symbols)
                item.append("".join(_ROLE_CODE[r] for _, r in c.marks))
            cells.append(item)
        out: dict[str, Any] = {
            "r": self.rows,
            "c": self.cols,
            "cells": cells,
            "mc": self.marks_cols,
        }
        for key, value in (
            ("tr", self.thick_rows),
            ("tc", self.thick_cols),
            ("links", [list(x) for x in self.links]),
            ("top", self.top),
            ("left", self.left),
            ("bottom", self.bottom),
            ("right", self.right),
            ("outline", self.outline),
            ("bt", [list(x) for x in self.between]),
            ("cages", [[list(cells), label] for cells, label in self.cages]),
            ("rg", self.regions),
            ("dg", int(self.diagonals)),
            ("caption", self.caption),
        ):
            if value:
                out[key] = list(value) if isinstance(value, tuple) else value
        return out


_ROLE_CODE = {"": ".", "placement": "p", "elimination": "e", "premise": "q", "guess": "p"}
