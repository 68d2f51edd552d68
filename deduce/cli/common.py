"""What every command shares: exit statuses, reading the input's records, the one-line
messages, and how a solve's outcome becomes an exit status."""

from __future__ import annotations

import argparse
import itertools
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from deduce import api

# re-exported for the command modules
from deduce.cli.status import (
    EXIT_BAD_INPUT,
    EXIT_FAIL,
    EXIT_OK,
)
from deduce.errors import DeduceError
from deduce.inputs import Record, batch_family, load_record, noted, records

if TYPE_CHECKING:  # rich is imported only by the commands that print through it (``_out``)
    from rich.console import Console

CSV_FIELDS = (
    "family",
    "puzzle",
    "status",
    "level",
    "score",
    "minutes",
    "hardest_rule",
    "guesses",
    "steps",
    "seconds",
    "error",
    "note",
)


class UserError(DeduceError):
    """A problem with what the user asked for, reported as one line with exit status 2."""


def _out() -> Console:
    """rich's Console, except that a reader who left (``| head``) is not an error: rich
    would exit with status 1; the command ends with 0 (see ``deduce.cli._run``). rich is
    imported here, so that a command printing plain lines (``deduce solve``) never loads it."""
    from rich.console import Console

    class _Console(Console):
        def on_broken_pipe(self) -> None:
            self.quiet = True
            raise BrokenPipeError

    return _Console(highlight=False, soft_wrap=True)


def _records(args: argparse.Namespace, limit: int | None = None) -> list[Record]:
    """The input's records (at most ``limit``: a command that takes one puzzle reads two, one
    more than it needs to say that the input holds several); sets ``args.batch_family`` (see
    ``_stream``). The batch commands stream their records instead (``deduce.cli.batch``)."""
    return list(itertools.islice(_stream(args), limit))


def _stream(args: argparse.Namespace) -> Iterator[Record]:
    """The input's records as they are read; sets ``args.batch_family``, the family the
    first records tell, for the records that do not."""
    found = records(args.input, args.family)
    head = list(itertools.islice(found, 20))
    several = not args.family and len(head) > 1
    args.batch_family = batch_family(head) if several else None
    return itertools.chain(head, found)


def _load(record: Record, family: str | None, batch_family: str | None = None) -> api.Puzzle:
    """Parse one record (ParseError naming where it is and, when the family cannot be told,
    what the closest family objects to)."""
    puzzle, _ = load_record(record, family, batch_family)
    return puzzle


def _problem(result: api.Result) -> str | None:
    """Why a solved result is not a clean answer (no solution / several), else None."""
    if result.status == api.NONE:
        return result.reason or "no solution"
    if result.status == api.UNKNOWN:
        return result.reason
    if result.status == api.MULTIPLE:
        return _several(result) + _unique_as_x(result.puzzle)
    return None


def _several(result: api.Result) -> str:
    """Where two of a puzzle's solutions differ first."""
    fam, data = result.puzzle.family, result.puzzle.data
    a, b = result.solutions[0], result.solutions[1]
    for var, (x, y) in enumerate(zip(a, b, strict=True)):
        if x != y:
            name = fam.var_name(data, var)
            return (
                f"several solutions: {name} can be {fam.value_name(data, var, x)} "
                f"or {fam.value_name(data, var, y)}"
            )
    return "several solutions"


#: How long the check that a puzzle with several solutions has one as X may take.
X_CHECK_SECONDS = 2.0


def _unique_as_x(puzzle: api.Puzzle) -> str:
    """A pointer to the X family when ``puzzle``, with both diagonals as units too, has one
    solution: setters publish X puzzles without saying so (eight of Janko's Killer and Jigsaw
    corpus lines are). Else nothing."""
    from deduce.families.xsudoku import CROSSED  # only a puzzle with several solutions asks

    crossed = CROSSED.get(puzzle.family.name)
    if crossed is None:
        return ""
    try:
        as_x = api.solve(puzzle.text, crossed, max_seconds=X_CHECK_SECONDS)
    except DeduceError:  # a given repeats on a diagonal, or a form X grids do not have
        return ""
    if as_x.status != api.UNIQUE:
        return ""
    return f"; with both diagonals as units it has one: read it with --family {crossed}"


def _exit_status(result: api.Result) -> int:
    """0 for a clean answer, 1 when the search stopped before it could tell, 2 for a puzzle
    with no solution or several (bad input)."""
    if result.status == api.UNKNOWN:
        return EXIT_FAIL
    return EXIT_BAD_INPUT if result.status in (api.NONE, api.MULTIPLE) else EXIT_OK


def _error_record(record: Record, family: str | None, message: str) -> dict[str, Any]:
    record = noted(record)
    data: dict[str, Any] = {
        "family": family,
        "puzzle": record.text,
        "status": "error",
        "solution": None,
        "grade": None,
        "steps": 0,
        "seconds": 0.0,
        "error": message,
        "search": None,
    }
    if record.note:
        data["note"] = record.note
    return data
