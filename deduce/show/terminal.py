"""Terminal output of an explanation: the legend of the highlight colours."""

from __future__ import annotations

from rich.text import Text

from deduce.puzzles.drawing import STYLES


def legend() -> Text:
    """One line naming the highlight colours."""
    out = Text()
    for role, label in (
        ("placement", "placed"),
        ("elimination", "ruled out"),
        ("premise", "looked at"),
    ):
        out.append(f" {label} ", style=STYLES[role])
        out.append("  ")
    return out
