"""Terminal output of an explanation: sentences wrapped to the terminal's width, the legend
of the highlight colours, and the grid made readable where colour cannot show (piped
output, ``NO_COLOR``). Which steps draw the grid: ``deduce.cli.walkthrough``."""

from __future__ import annotations

import re

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


def _pieces(text: str) -> list[tuple[str, bool]]:
    """The words of ``text`` with whether a space goes before each; a chain longer than a
    short line is cut between its candidates (no space there), never inside one."""
    out: list[tuple[str, bool]] = []
    for word in text.split(" "):
        parts = _split_chain(word) if len(word) > 30 else [word]
        out.extend((part, i == 0) for i, part in enumerate(parts))
    return out


def _split_chain(word: str) -> list[str]:
    """``(5)r1c1=(5)r1c7-(5)r3c9`` as ``(5)r1c1=``, ``(5)r1c7-``, ``(5)r3c9``."""
    return [part for part in re.split(r"(?<=[=-])(?=\()", word) if part]


def wrap(text: str, width: int | None, indent: str = "", hanging: str = "") -> list[str]:
    """``text`` in lines of at most ``width`` characters (when a word fits), the first
    starting with ``indent`` and the rest with ``hanging``; breaking only between words, or
    between two candidates of a long chain. ``width`` None: one line."""
    if width is None:
        return [indent + text]
    lines: list[str] = []
    line = indent
    start = len(indent)
    for piece, spaced in _pieces(text):
        joined = f"{line} {piece}" if spaced and len(line) > start else line + piece
        if len(joined) > width and len(line) > start:
            lines.append(line)
            line, start = hanging + piece, len(hanging)
        else:
            line = joined
    lines.append(line)
    return lines


def width_of(console: Console) -> int | None:
    """The width to wrap sentences to: the terminal's, or None when the output is not a
    terminal (a file or a pipe gets each sentence on one line, for grep)."""
    return console.width if console.is_terminal else None


def print_wrapped(console: Console, text: str, bold: str = "", indent: str = "") -> None:
    """Print ``bold`` (a label, in bold) and ``text`` after it, wrapped to the terminal,
    later lines indented under the text."""
    head = f"{bold}: " if bold else ""
    lines = wrap(head + text, width_of(console), indent, indent + "   ")
    first = Text(lines[0])
    if bold:
        first.stylize("bold", len(indent), len(indent) + len(bold))
    console.print(first, soft_wrap=True)
    for line in lines[1:]:
        console.print(Text(line), soft_wrap=True)
