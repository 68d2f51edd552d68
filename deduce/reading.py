"""The lines of a source and the blocks they make, read as they come and bounded.

A source is a file, a FIFO or process substitution (``<(cat f)``), or standard input; its
bytes are decoded line by line, so a line that is not UTF-8 is that line's problem (named
with its number) and the lines after it are still read. No line longer than ``MAX_LINE``
characters is held. Lines group into **blocks**: runs of non-blank lines between blank
lines, the way a collection of multi-line puzzles is written; an XML document is one block
from its first line to the end of its root element, blank lines and all.
"""

from __future__ import annotations

import itertools
import os
import re
import stat
import sys
from collections.abc import Iterable, Iterator
from typing import IO

import attrs

from deduce.errors import ParseError

#: The longest line read, in characters (a 200x200 nonogram's JSON line is about 20,000).
MAX_LINE = 1_000_000
#: The most lines an XML document (a webpbn ``<puzzleset>``) may span: it is read whole.
DOCUMENT_LINES = 200_000
#: ... and the most characters it may hold.
DOCUMENT_CHARS = 50 * MAX_LINE

_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_ROOT = re.compile(r"<([A-Za-z_][\w.:-]*)")


@attrs.frozen
class Line:
    """One line of a source: its number (from 1), its text without the line break, and the
    problem that kept it from being read (too long, not UTF-8), if any."""

    number: int
    text: str
    problem: str = ""


@attrs.frozen
class Block:
    """Lines read together: a run between blank lines (``whole``), or a piece of a run too
    long to be one puzzle (not ``whole``: one puzzle a line), or a ``problem`` that kept its
    first line (the line to name) from being read."""

    lines: tuple[Line, ...]
    whole: bool = True
    problem: str = ""


def open_source(source: str) -> IO[bytes] | IO[str] | None:
    """A handle on ``source`` (a file, FIFO or character device by name, or ``-`` for
    standard input), or None when ``source`` is no such thing (it is then the text itself)."""
    if not isinstance(source, str):
        raise ParseError(f"an input is a path or puzzle text, not {type(source).__name__}")
    if source == "-":
        return getattr(sys.stdin, "buffer", sys.stdin)
    if "\n" in source or len(source) > 4096:
        return None
    try:
        mode = os.stat(source).st_mode
    except (OSError, ValueError):
        return None
    if stat.S_ISDIR(mode):
        raise ParseError(f"{source} is a folder, not a puzzle file")
    try:
        return open(source, "rb")
    except OSError as exc:
        raise ParseError(f"cannot read {source}: {exc.strerror or exc}") from None


def read_lines(handle: IO[bytes] | IO[str], name: str) -> Iterator[Line]:
    """The lines of ``handle``, each decoded alone: one too long or not UTF-8 carries its
    problem (its text cut short) and the next line is read as usual."""
    number = 0
    where = "standard input" if name == "-" else name
    while True:
        try:
            raw = handle.readline(4 * MAX_LINE + 1)
        except UnicodeDecodeError as exc:  # a text handle (a test's standard input)
            raise ParseError(f"cannot read {where}: not UTF-8 text ({exc.reason})") from None
        if not raw:
            return
        number += 1
        if len(raw) > 4 * MAX_LINE and raw[-1:] not in (b"\n", "\n"):
            _skip_rest(handle)  # (cut there, its last character may be half a one)
            yield Line(number, _start(raw), f"the line is longer than {MAX_LINE:,} characters")
            continue
        if isinstance(raw, bytes):
            raw, problem = _decoded(raw)
            if problem:
                yield Line(number, raw[:80].strip(), problem)
                continue
        if number == 1:
            raw = raw.lstrip("\ufeff")
        if len(raw.rstrip("\r\n")) > MAX_LINE:
            if not raw.endswith("\n"):
                _skip_rest(handle)
            yield Line(number, raw[:80], f"the line is longer than {MAX_LINE:,} characters")
            continue
        yield Line(number, raw.rstrip("\r\n"))


def _start(raw: bytes | str) -> str:
    """The first characters of a line, to show where it is."""
    return raw[:80].decode("utf-8", "replace") if isinstance(raw, bytes) else raw[:80]


def _decoded(raw: bytes) -> tuple[str, str]:
    try:
        return raw.decode("utf-8"), ""
    except UnicodeDecodeError as exc:
        column = len(raw[: exc.start].decode("utf-8", "replace")) + 1
        bad = raw[exc.start : exc.start + 1].hex()
        text = raw.decode("utf-8", "replace")
        return text, f"not UTF-8 text: byte 0x{bad} at column {column} ({exc.reason})"


def _skip_rest(handle: IO[bytes] | IO[str]) -> None:
    """Read past the rest of a line too long to hold, a bounded piece at a time."""
    while True:
        more = handle.readline(MAX_LINE)
        if not more or more[-1:] in (b"\n", "\n"):
            return


def text_lines(text: str) -> list[Line]:
    """The lines of a text given whole (a puzzle typed as an argument), broken where a file's
    lines are (``\n``, ``\r\n``, ``\r``): not at the other characters ``str.splitlines``
    takes (``\x1e``, ``\u2028``, ...), which a JSON string may hold, so the same text
    reads as the same puzzles from an argument and from a file."""
    lines = _LINE_BREAK.split(text)
    if lines[-1] == "":
        lines.pop()
    return [Line(number, line) for number, line in enumerate(lines, start=1)]


def blocks(lines: Iterable[Line], longest: int) -> Iterator[Block]:
    """The runs of non-blank lines of ``lines``, split at blank lines (and at lines that could
    not be read, each a block of its own). A run of more than ``longest`` lines, or of more
    than ``MAX_LINE`` characters, comes in pieces that are not whole, so that memory stays
    flat; an XML document is one block."""
    run: list[Line] = []
    size = 0
    source = iter(lines)
    for line in source:
        if line.problem or not line.text.strip():
            if run:
                yield Block(tuple(run))
                run, size = [], 0
            if line.problem:
                yield Block((line,), problem=line.problem)
            continue
        if not run and line.text.lstrip().startswith("<"):
            yield _document(line, source)
            continue
        run.append(line)
        size += len(line.text)
        if len(run) > longest or size > MAX_LINE:
            yield Block(tuple(run), whole=False)
            run, size = [], 0
            for more in source:  # the rest of the long run, one line at a time
                if not more.text.strip() or more.problem:
                    if more.problem:
                        yield Block((more,), problem=more.problem)
                    break
                yield Block((more,), whole=False)
    if run:
        yield Block(tuple(run))


def _document(first: Line, rest: Iterator[Line]) -> Block:
    """An XML document that starts at ``first``: its lines to the end of its root element."""
    lines = [first]
    root = None
    size = 0
    for line in itertools.chain((first,), rest):  # (a generator would close ``rest``)
        if line is not first:
            lines.append(line)
        if line.problem:
            return Block((line,), problem=line.problem)
        if root is None:
            root = _root(line.text)
        if root is not None and _closes(root, "\n".join(ln.text for ln in lines[-2:])):
            return Block(tuple(lines))
        size += len(line.text)
        if len(lines) > DOCUMENT_LINES or size > DOCUMENT_CHARS:
            return Block(
                (first,),
                problem=f"an XML document of more than {DOCUMENT_LINES:,} lines"
                f" or {DOCUMENT_CHARS:,} characters",
            )
    return Block(tuple(lines))


def _root(text: str) -> str | None:
    """The name of the first element opened in ``text`` (past ``<?xml``, ``<!DOCTYPE``)."""
    found = _ROOT.search(re.sub(r"<[?!][^>]*>?", "", text))
    return found.group(1) if found else None


def _closes(root: str, text: str) -> bool:
    return f"</{root}>" in text or bool(re.search(rf"<{re.escape(root)}\b[^>]*/>", text))
