"""Turning what a user typed (a file, a puzzle string, standard input) into puzzle records.

A source holds one puzzle (a multi-line grid the family recognizes whole) or one puzzle per
line (one-line forms, JSON lines, game IDs; in TSV files the first field, after a header).
Records are read as they come, so a file of a million lines starts producing results at once
and memory stays flat: a source is only tried as one multi-line puzzle when all of it fits
in ``WHOLE_LINES`` lines, and no line longer than ``MAX_LINE`` characters is ever held. A
line may carry notes after its puzzle (``<81 chars> ED=7.2/1.2/1.2``): they are kept on the
record. Each record keeps where it came from, so an error can say "line 7: ...".
"""

from __future__ import annotations

import itertools
import os
import re
import sys
from collections.abc import Iterable, Iterator
from typing import IO, Any

import attrs

from deduce import api
from deduce.errors import ParseError
from deduce.family import Family
from deduce.registry import detect_family, diagnose, get_family

#: The longest line read, in characters (a 200x200 nonogram's JSON line is about 20,000).
MAX_LINE = 1_000_000
#: A source of at most this many lines, and at most ``MAX_LINE`` characters in all, may be
#: one multi-line puzzle (a 200x200 ``.non`` text has about 410 lines, 3,000 characters); a
#: longer one is one puzzle per line (and never held whole: 1,000 long lines are a gigabyte).
WHOLE_LINES = 1_000

_COMMENT = ("//", "%", "# ")
_PATHLIKE = re.compile(r"[^\s:]+")


@attrs.frozen
class Record:
    """One puzzle's text, where it came from (``line 7`` or ``the input``), and any notes
    that followed it on its line (or an error found while reading it)."""

    text: str
    where: str
    note: str = ""
    problem: str = ""


def read_source(source: str, puzzle: bool = True) -> tuple[str, bool]:
    """The whole text behind ``source`` (a path, ``-`` for standard input, or the text
    itself), and whether it came from a file or stream. For one puzzle (``explain``), or with
    ``puzzle=False`` another grid (a player's progress); batches use ``records``."""
    handle = _open(source)
    if handle is None:
        return (_checked_argument(source) if puzzle else source), False
    with handle:
        text = _read_bounded(handle, source)
    return text.lstrip("\ufeff"), True


def records(source: str, family: str | None = None) -> Iterator[Record]:
    """The puzzles of ``source``, read as they come: the whole text if it is one puzzle (and
    short), else one per line. ParseError for an empty source or one that cannot be read."""
    handle = _open(source)
    if handle is None:
        yield from split_records(_checked_argument(source), family)
        return
    with handle:
        lines = _lines(handle, source)
        head = _head(lines)
        if len(head) <= WHOLE_LINES and sum(len(text) for text, _ in head) <= MAX_LINE:
            yield from split_records("".join(text for text, _ in head), family, head)
            return
        found = False
        for record in _per_line(itertools.chain(head, lines)):
            found = True
            yield record
        if not found:
            raise ParseError("empty input: no puzzle given")


def _head(lines: Iterator[tuple[str, str]]) -> list[tuple[str, str]]:
    """The first lines of a source, up to one more than could be one puzzle
    (``WHOLE_LINES`` lines, ``MAX_LINE`` characters)."""
    head, size = [], 0
    for line in lines:
        head.append(line)
        size += len(line[0])
        if len(head) > WHOLE_LINES or size > MAX_LINE:
            break
    return head


def split_records(
    text: str, family: str | None = None, lines: list[tuple[str, str]] | None = None
) -> list[Record]:
    """The puzzles in ``text``: the whole text if it is one puzzle, else one per line."""
    fam = get_family(family) if family else None
    stripped = text.strip().lstrip("\ufeff").strip()
    if not stripped:
        raise ParseError("empty input: no puzzle given")
    if len(stripped) > MAX_LINE and "\n" not in stripped:
        raise ParseError(f"the input is longer than {MAX_LINE:,} characters")
    if "\n" not in stripped or _whole(stripped, fam):
        return [Record(stripped, "the input")]
    found = list(_per_line(lines or [(ln, "") for ln in text.splitlines()]))
    if not found:
        raise ParseError("empty input: no puzzle given")
    return found


def _per_line(lines: Iterable[tuple[str, str]]) -> Iterator[Record]:
    """One record per line that is not blank, a comment or a header row."""
    for number, (raw, problem) in enumerate(lines, start=1):
        line = raw.strip().lstrip("\ufeff")
        if problem:
            yield Record(line[:80], f"line {number}", problem=problem)
            continue
        if not line or line.startswith(_COMMENT):
            continue
        if number == 1 and "\t" in line and line.split("\t")[0].strip().isidentifier():
            continue  # a header row such as "puzzle<TAB>rating"
        yield Record(line, f"line {number}")


def _whole(text: str, family: Family[Any] | None) -> bool:
    """Whether ``text`` is one puzzle (else one per line). With the family named, a text whose
    first line is no puzzle of it is one puzzle too, so that its parse error is the one shown.
    JSON lines (two or more lines that each hold an object) are one puzzle per line."""
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    if len(lines) > 1 and all(ln.startswith("{") and ln.endswith("}") for ln in lines[:3]):
        return False
    if family is not None:
        return family.detect(text) or not family.detect(text.splitlines()[0])
    try:
        detect_family(text)
    except ParseError:
        return False
    return True


def load_record(
    record: Record, family: str | None, batch_family: str | None = None
) -> tuple[api.Puzzle, Record]:
    """Parse ``record`` (ParseError naming its line); returns the puzzle and the record with
    its notes split off. A line whose family the text alone does not tell is diagnosed with
    the family of the rest of the batch counting as closest."""
    if record.problem:
        raise ParseError(f"{record.where}: {record.problem}")
    try:
        return _load(record, family, batch_family)
    except ParseError as exc:
        raise ParseError(f"{record.where}: {exc}") from None


def _load(
    record: Record, family: str | None, batch_family: str | None
) -> tuple[api.Puzzle, Record]:
    text = record.text
    head, rest = _notes(text) if not text.startswith(("{", "[")) else (text, "")
    if rest:  # the first field alone, when it is a puzzle, is the puzzle: the rest are notes
        try:
            return api.load(head, family), attrs.evolve(record, text=head, note=rest)
        except ParseError:
            pass
    try:
        return api.load(text, family), record
    except ParseError as first:
        if family is not None or "cannot tell the puzzle family" not in str(first):
            raise
        if batch_family is not None:
            raise ParseError(diagnose(text, prefer=batch_family)) from None
        raise


#: A puzzle followed by notes after a space is one token at least this long (a 4x4 Sudoku
#: line is 16 characters); shorter first words are a part of a puzzle that has spaces.
NOTED_PUZZLE = 10


def _notes(text: str) -> tuple[str, str]:
    """The first field of a line and the notes after it (after a tab, or after whitespace
    when the first word is long enough to be a puzzle of its own)."""
    if "\n" in text:
        return text, ""
    if "\t" in text:
        head, _, rest = text.partition("\t")
        return head.strip(), rest.strip()
    parts = text.split(None, 1)
    if len(parts) == 2 and len(parts[0]) >= NOTED_PUZZLE:
        return parts[0], parts[1].strip()
    return text, ""


def batch_family(found: list[Record]) -> str | None:
    """The family of the first of ``found`` whose text tells it (None when none does)."""
    for record in found:
        try:
            return detect_family(_notes(record.text)[0] if record.text else "").name
        except ParseError:
            try:
                return detect_family(record.text).name
            except ParseError:
                continue
    return None


# --- reading ------------------------------------------------------------------------------


def _open(source: str) -> IO[str] | None:
    """A text handle on ``source`` (a file or ``-``), or None when ``source`` is the text."""
    if not isinstance(source, str):
        raise ParseError(f"an input is a path or puzzle text, not {type(source).__name__}")
    if source == "-":
        return sys.stdin
    if "\n" in source or len(source) > 4096:
        return None
    if os.path.isdir(source):
        raise ParseError(f"{source} is a folder, not a puzzle file")
    if os.path.isfile(source):
        try:
            return open(source, encoding="utf-8-sig")
        except OSError as exc:
            raise ParseError(f"cannot read {source}: {exc.strerror or exc}") from None
    return None


def _checked_argument(source: str) -> str:
    """The puzzle given as the argument itself; a missing file's name is "no such file"."""
    if len(source) > MAX_LINE:
        raise ParseError(f"the input is longer than {MAX_LINE:,} characters")
    if _PATHLIKE.fullmatch(source) and (
        "/" in source
        or "\\" in source
        or (source.count(".") <= 3 and re.search(r"\.[A-Za-z]\w{0,4}$", source))
    ):
        try:
            detect_family(source)
        except ParseError:
            raise ParseError(f"no such file: {source}") from None
    return source


def _lines(handle: IO[str], name: str) -> Iterator[tuple[str, str]]:
    """The lines of ``handle`` with a problem for each one too long to read (its text cut)."""
    number = 0
    try:
        while True:
            line = handle.readline(MAX_LINE + 1)
            if not line:
                return
            number += 1
            if len(line) > MAX_LINE and not line.endswith("\n"):
                while True:  # skip the rest of the long line, a bounded piece at a time
                    more = handle.readline(MAX_LINE)
                    if not more or more.endswith("\n"):
                        break
                yield line[:80], f"the line is longer than {MAX_LINE:,} characters"
                continue
            yield line, ""
    except UnicodeDecodeError as exc:
        where = "standard input" if name == "-" else name
        raise ParseError(
            f"cannot read {where}: not UTF-8 text after line {number} ({exc.reason})"
        ) from None


def _read_bounded(handle: IO[str], name: str) -> str:
    parts: list[str] = []
    for line, problem in _lines(handle, name):
        if problem:
            raise ParseError(f"line {len(parts) + 1}: {problem}")
        parts.append(line)
        if len(parts) > WHOLE_LINES * 10:
            raise ParseError(
                f"{name} has more than {WHOLE_LINES * 10:,} lines: too long for one puzzle"
            )
    return "".join(parts)
