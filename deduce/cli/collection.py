"""Puzzles written one after another so that they read back as the same collection.

One-line texts go one a line; a text of several lines (a drawn grid, a ``.non`` text) is
set off from its neighbours by a blank line, since a blank line is what separates puzzles
when they are read; a form whose file is one document (a webpbn ``<puzzleset>``, its
``Form.frame``) opens the document before the first puzzle and closes it after the last.
"""

from __future__ import annotations

from typing import Protocol

from deduce.registry import family_names, get_family


def frame_of(form: str | None) -> tuple[str, str]:
    """What opens and closes a file of the form called ``form`` in any family (empty for a
    form that has no document around its puzzles, or for None)."""
    for name in family_names() if form else ():
        for candidate in get_family(name).forms:
            if candidate.name == form and candidate.frame != ("", ""):
                return candidate.frame
    return ("", "")


class Writable(Protocol):
    """Where a collection is written: a text stream, or the command's output (``Sink``)."""

    def write(self, text: str, /) -> object: ...

    def flush(self) -> object: ...


class Collection:
    """A writer of puzzle texts to ``out``, in one form (``frame``: what opens and closes
    the form's document, empty for most forms). ``close`` ends the document."""

    def __init__(self, out: Writable, frame: tuple[str, str] = ("", "")) -> None:
        self.out, self.frame = out, frame
        self.count = 0
        self.spaced = False  # whether the text written last spans lines

    def add(self, text: str, flush: bool = True) -> None:
        """Write one puzzle's text (flushed, unless told not to, so that a reader sees it at
        once)."""
        opening, closing = self.frame
        if opening and text.startswith(opening) and text.endswith(closing):
            text = text[len(opening) : len(text) - len(closing)]
            if not self.count:
                self.out.write(opening)
        spaced = "\n" in text.strip()
        if self.count and (spaced or self.spaced):
            self.out.write("\n")
        self.out.write(text.rstrip("\n") + "\n")
        if flush:
            self.out.flush()
        self.count += 1
        self.spaced = spaced

    def close(self) -> None:
        """Close the document of a framed form (when anything was written)."""
        if self.count and self.frame[1]:
            self.out.write(self.frame[1].lstrip("\n") + "\n")
            self.out.flush()
