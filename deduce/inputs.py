"""Turning what a user typed (a file, a puzzle string, standard input) into puzzle records.

A file holds one puzzle (a multi-line grid the family recognizes whole) or one puzzle per
line (one-line forms, JSON lines, game IDs; in TSV files the first field, after a header).
Each record keeps where it came from, so an error can say "line 7: ...".
"""

from __future__ import annotations

import os
import sys

import attrs

from deduce.errors import ParseError
from deduce.family import Family
from deduce.registry import detect_family, get_family


@attrs.frozen
class Record:
    """One puzzle's text and where it came from (``line 7`` or ``the input``)."""

    text: str
    where: str


def read_source(source: str) -> tuple[str, bool]:
    """The text behind ``source`` (a path, ``-`` for standard input, or the puzzle itself).

    Returns the text and whether it came from a file or stream (as opposed to the argument).
    """
    if source == "-":
        return sys.stdin.read(), True
    if os.path.isfile(source):
        try:
            with open(source, encoding="utf-8") as handle:
                return handle.read(), True
        except (OSError, UnicodeDecodeError) as exc:
            raise ParseError(f"cannot read {source}: {exc}") from None
    if os.path.isdir(source):
        raise ParseError(f"{source} is a folder, not a puzzle file")
    return source, False


def _whole(text: str, family: Family | None) -> bool:
    """Whether ``text`` is one puzzle (else one per line). With the family named, a text whose
    first line is no puzzle of it is one puzzle too, so that its parse error is the one shown."""
    if family is not None:
        return family.detect(text) or not family.detect(text.splitlines()[0])
    try:
        detect_family(text)
    except ParseError:
        return False
    return True


def split_records(text: str, family: str | None = None) -> list[Record]:
    """The puzzles in ``text``: the whole text if it is one puzzle, else one per line."""
    fam = get_family(family) if family else None
    stripped = text.strip()
    if not stripped:
        raise ParseError("empty input: no puzzle given")
    lines = stripped.splitlines()
    if len(lines) == 1 or _whole(stripped, fam):
        return [Record(stripped, "the input")]
    records = []
    tsv = all("\t" in ln for ln in lines[: min(len(lines), 5)] if ln.strip())
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.strip()
        if not line or line.startswith(("//", "%", "# ")):
            continue
        if tsv:
            line = line.split("\t")[0].strip()
            if number == 1 and line.isidentifier():
                continue  # a header row such as "puzzle" or "game_id"
        records.append(Record(line, f"line {number}"))
    if not records:
        raise ParseError("empty input: no puzzle given")
    return records
