"""Turning what a user typed (a file, a puzzle string, standard input) into puzzle records.

A source is a collection: multi-line puzzles (a drawn grid, a ``.non`` text) separated by
blank lines, one-line puzzles one a line (one-line forms, JSON lines, game IDs, links; in
TSV files the first field, after a header), or an XML document of several (a webpbn
``<puzzleset>``). Records are read as they come, so a file of a million lines starts
producing results at once and memory stays flat: only a block of at most ``WHOLE_LINES``
lines is tried as one multi-line puzzle, and no line longer than ``MAX_LINE`` characters is
ever held (``deduce.reading``). A line may carry notes after its puzzle (``<81 chars>
ED=7.2/1.2/1.2``): they are kept on the record. Each record keeps where it came from, so an
error can say "line 7: ...".
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

import attrs

from deduce import api
from deduce.errors import DeduceError, ParseError
from deduce.family import Family
from deduce.jsontext import check_numbers
from deduce.reading import MAX_LINE, Line, blocks, open_source, read_lines, text_lines
from deduce.registry import detect_family, diagnose, get_family

#: A block of at most this many lines may be one multi-line puzzle (a 200x200 ``.non`` text
#: has about 410); a longer one is one puzzle per line.
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
    handle = open_source(source)
    if handle is None:
        return (_checked_argument(source) if puzzle else source), False
    parts: list[str] = []
    with handle:
        for line in read_lines(handle, source):
            if line.problem:
                raise ParseError(f"line {line.number}: {line.problem}")
            parts.append(line.text)
            if len(parts) > WHOLE_LINES * 10:
                raise ParseError(
                    f"{source} has more than {WHOLE_LINES * 10:,} lines: too long for one puzzle"
                )
    return "\n".join(parts), True


def records(source: str, family: str | None = None) -> Iterator[Record]:
    """The puzzles of ``source``, read as they come: a block of lines between blank lines is
    one puzzle when it reads as one, else one puzzle a line (see ``collect``). ParseError for
    an empty source or one that cannot be read."""
    handle = open_source(source)
    if handle is None:
        yield from split_records(_checked_argument(source, family), family)
        return
    with handle:
        yield from _named(collect(read_lines(handle, source), family))


def split_records(text: str, family: str | None = None) -> list[Record]:
    """The puzzles in ``text`` given whole (see ``collect``)."""
    if len(text) > MAX_LINE and "\n" not in text.strip():
        raise ParseError(f"the input is longer than {MAX_LINE:,} characters")
    return list(_named(collect(text_lines(text), family)))


def _named(found: Iterator[Record]) -> Iterator[Record]:
    """``found``, its only record named ``the input`` (the whole input is that puzzle);
    ParseError when there is none."""
    first = next(found, None)
    if first is None:
        raise ParseError("empty input: no puzzle given")
    second = next(found, None)
    if second is None:
        yield first if first.problem else attrs.evolve(first, where="the input")
        return
    yield first
    yield second
    yield from found


def collect(lines: Iterable[Line], family: str | None = None) -> Iterator[Record]:
    """The records of ``lines``, as they come. A block (lines between blank lines) that reads
    as one puzzle is one record; consecutive blocks that are no puzzle alone join while they
    are short (a ``.non`` text has blank lines inside); any other block is one puzzle a line.
    A document that holds several puzzles (a webpbn ``<puzzleset>``) gives one record each."""
    reader = Grouping(get_family(family) if family else None)
    group: list[Line] = []
    for block in blocks(lines, WHOLE_LINES):
        if block.problem or not block.whole:
            yield from reader.settle(group)
            group = []
            if block.problem:
                first = block.lines[0]
                yield Record(first.text[:80], f"line {first.number}", problem=block.problem)
            else:
                yield from reader.per_line(block.lines)
            continue
        if group and reader.joins(block.lines):
            group += [Line(0, ""), *block.lines]
        else:
            yield from reader.settle(group)
            group = list(block.lines)
        if reader.finished(group):  # nothing can join it: settled now, not at the next block
            yield from reader.settle(group)
            group = []
    yield from reader.settle(group)


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


def noted(record: Record) -> Record:
    """``record`` with its notes split off as reading it would, for a record that was never
    read (its worker died on it, or it failed to parse): its row keeps its notes."""
    if record.note or record.text.startswith(("{", "[")):
        return record
    head, rest = _notes(record.text)
    return attrs.evolve(record, text=head, note=rest) if rest else record


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


class Grouping:
    """How the lines of one source become records, for ``collect``: which blocks are one
    puzzle, which join the next, which are one puzzle a line (``family``: the one named on
    the command line, else each text's own)."""

    def __init__(self, family: Family[Any] | None) -> None:
        self.family = family

    def settle(self, group: list[Line]) -> Iterator[Record]:
        """The records of a finished group of lines (its leading comment lines dropped)."""
        group = _body(group)
        if not group:
            return
        text = "\n".join(line.text for line in group)
        if (
            len(group) > 1
            and not self.one(text)
            and (self.family is None or self.puzzle(group[0].text))
        ):
            yield from self.per_line(group)
            return
        if len(group) == 1 and _skipped(group[0]):
            return
        yield from self.documents(text, group[0].number)

    def documents(self, text: str, number: int) -> Iterator[Record]:
        """One record for ``text``, or one per puzzle of a document that holds several."""
        parts: list[tuple[int, str]] = []
        if text.lstrip().startswith("<"):
            try:
                fam = self.family or detect_family(text)
                parts = fam.collection(text) if fam.collection else []
            except ParseError:
                parts = []
        if len(parts) < 2:
            yield Record(text.strip(), f"line {number}")
            return
        for offset, part in parts:
            yield Record(part, f"line {number + offset - 1}")

    def per_line(self, lines: Iterable[Line]) -> Iterator[Record]:
        """One record per line that is not blank, a comment or a header row."""
        for line in lines:
            if line.problem:
                yield Record(line.text, f"line {line.number}", problem=line.problem)
            elif _skipped(line):
                continue
            elif line.text.lstrip().startswith("<"):
                yield from self.documents(line.text, line.number)
            else:
                yield Record(line.text.strip(), f"line {line.number}")

    def finished(self, group: list[Line]) -> bool:
        """Whether no block can join ``group``: it is a puzzle, or begins with a one-line
        puzzle, or is as long as a puzzle may be (``WHOLE_LINES`` lines, ``MAX_LINE``
        characters)."""
        group = _body(group)
        too_long = len(group) >= WHOLE_LINES or sum(len(ln.text) for ln in group) > MAX_LINE
        if not group or too_long or self.puzzle(group[0].text):
            return bool(group)
        return len(group) > 1 and self.one("\n".join(line.text for line in group))

    def joins(self, block: tuple[Line, ...]) -> bool:
        """Whether ``block`` goes on the unfinished group before it: it is no puzzle alone,
        nor begins with a one-line puzzle (see ``finished``)."""
        if self.puzzle(block[0].text):
            return False
        return not self.one("\n".join(line.text for line in block))

    def one(self, text: str) -> bool:
        """Whether ``text`` (several lines) is one puzzle. JSON lines (lines that each hold an
        object) are one puzzle a line."""
        lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
        if len(lines) > 1 and all(ln.startswith("{") and ln.endswith("}") for ln in lines[:3]):
            return False
        return self.puzzle(text)

    def puzzle(self, text: str) -> bool:
        """Whether ``text`` reads as a puzzle (of the family named, when one is)."""
        try:
            check_numbers(text)
        except ParseError:
            return False  # each line is then told what is wrong with it
        if self.family is not None:
            return self.family.detect(text) or _parses(self.family, text)
        try:
            detect_family(_notes(text)[0] if "\n" not in text else text)
        except ParseError:
            return False
        return True


def _parses(family: Family[Any], text: str) -> bool:
    try:
        family.parse(_notes(text)[0])
    except DeduceError:
        return False
    return True


def _body(group: list[Line]) -> list[Line]:
    """``group`` without its leading comment lines (a file's ``# title`` above a grid)."""
    start = 0
    while start < len(group) and _skipped(group[start]):
        start += 1
    return group[start:]


def _skipped(line: Line) -> bool:
    """A blank line, a comment line or a header row (``puzzle<TAB>rating`` on line 1)."""
    text = line.text.strip()
    if not text or text.startswith(_COMMENT):
        return True
    return line.number == 1 and "\t" in text and text.split("\t")[0].strip().isidentifier()


# --- arguments ----------------------------------------------------------------------------


def _checked_argument(source: str, family: str | None = None) -> str:
    """The puzzle given as the argument itself; a missing file's name is "no such file"
    (unless the family named on the command line reads it as a puzzle)."""
    if len(source) > MAX_LINE:
        raise ParseError(f"the input is longer than {MAX_LINE:,} characters")
    if _PATHLIKE.fullmatch(source) and (
        "/" in source
        or "\\" in source
        or (source.count(".") <= 3 and re.search(r"\.[A-Za-z]\w{0,4}$", source))
    ):
        if family is not None:
            if not _parses(get_family(family), source):
                raise ParseError(f"no such file: {source}")
            return source
        try:
            detect_family(source)
        except ParseError:
            raise ParseError(f"no such file: {source}") from None
    return source


def looks_like_path(source: str) -> bool:
    """Whether ``source``, given where a grid or a file name may go, can only be a file's name
    (``grid.txt``, ``/tmp/grid``, ``./g``): used to say "no such file" when it reads as no
    grid either."""
    return bool(_PATHLIKE.fullmatch(source)) and (
        source.startswith(("/", "./", "../", "~"))
        or bool(re.search(r"\.[A-Za-z][A-Za-z0-9]{0,4}$", source))
    )
