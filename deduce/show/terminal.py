"""Terminal output of an explanation: the legend of the highlight colours, and the grid made
readable where colour cannot show (piped output, ``NO_COLOR``)."""

from __future__ import annotations

from rich.console import Console, RenderableType
from rich.text import Text

from deduce.puzzles.drawing import MARKERS, STYLES, with_markers

_ROLES = (("placement", "placed"), ("elimination", "ruled out"), ("premise", "looked at"))


def plain(console: Console) -> bool:
    """Whether ``console`` shows no colour (not a terminal, or ``NO_COLOR`` set)."""
    return console.no_color or console.color_system is None


def legend(markers: bool = False) -> Text:
    """One line naming the highlight colours (or, with ``markers``, the marker characters)."""
    out = Text()
    for role, label in _ROLES:
        if markers:
            left, right = MARKERS[role]
            out.append(f"{left}{right.strip()} {label}")
        else:
            out.append(f" {label} ", style=STYLES[role])
        out.append("  ")
    return out


def for_console(console: Console, grid: RenderableType) -> RenderableType:
    """A family's rendered grid, with role markers when ``console`` shows no colour."""
    return with_markers(grid) if plain(console) and isinstance(grid, Text) else grid
