"""What a solve reports, as plain values: the status names, the work of the search that gave
the answer, and the rating a batch writes and sends between processes (no Log, no Family).

Kept apart from ``deduce.solving`` (which re-exports every name) so that the record's shape
can be read, pickled and tested without the engine.
"""

from __future__ import annotations

from typing import Any, Final, Literal

import attrs

from deduce.grade import Grade
from deduce.search import SearchResult

#: Exactly one solution.
UNIQUE: Final = "unique"
#: Two or more solutions (two were found).
MULTIPLE: Final = "multiple"
#: No solution.
NONE: Final = "none"
#: Not decided: a bound stopped the search, or guessing was not allowed, before it could tell.
UNKNOWN: Final = "unknown"
STATUSES = (UNIQUE, MULTIPLE, NONE, UNKNOWN)
#: The text could not be read (a Rating of a batch only: a solve raises ParseError instead).
ERROR: Final = "error"

#: What a solve can say (``Result.status``), for a type checker.
SolveStatus = Literal["unique", "multiple", "none", "unknown"]
#: What a Rating can say: a solve's status, or ``error``.
Status = Literal[SolveStatus, "error"]


@attrs.frozen
class SearchTally:
    """The work of the search that gave a solve's answer: ``method`` (``plain``, or
    ``learn`` for search that learns from its conflicts), its ``guesses`` and ``nodes``, and
    the clauses it ``learned`` (0 for plain search)."""

    method: str
    guesses: int
    nodes: int
    learned: int = 0

    @classmethod
    def of(cls, found: SearchResult) -> SearchTally:
        """The tally of a search's result."""
        return cls(found.method, found.guesses, found.nodes, found.learned)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (the record's ``search``)."""
        return {
            "method": self.method,
            "guesses": self.guesses,
            "nodes": self.nodes,
            "learned": self.learned,
        }


@attrs.frozen
class Rating:
    """How hard a puzzle is, and whether it is a fair one: what ``deduce.rate`` returns and
    what a batch sends between processes (plain strings and numbers, no Log).

    ``grade`` is None when the puzzle has no single solution (``status`` ``multiple`` or
    ``none``): such a puzzle is not hard, it is broken. With ``unknown`` (a time limit
    stopped the solve) the grade is that of the part that was done. ``note`` is what
    followed the puzzle on its input line (a rating file's own columns), kept for the output.
    """

    family: str
    puzzle: str
    status: Status
    grade: Grade | None
    solution: str | None = None
    steps: int = 0
    seconds: float = 0.0
    error: str | None = None
    note: str = ""
    search: SearchTally | None = None

    @property
    def level(self) -> str | None:
        """The grade's level, None when the puzzle has no single solution."""
        return None if self.grade is None else self.grade.level

    @property
    def unique(self) -> bool:
        """Whether the puzzle was shown to have exactly one solution."""
        return self.status == UNIQUE

    def to_dict(self) -> dict[str, Any]:
        """The JSON record of ``solve --json`` and ``rate``, the same for every family;
        ``note`` only when the input line had one."""
        record: dict[str, Any] = {
            "family": self.family,
            "puzzle": self.puzzle,
            "status": self.status,
            "solution": self.solution,
            "grade": None if self.grade is None else self.grade.to_dict(),
            "steps": self.steps,
            "seconds": round(self.seconds, 4),
            "error": self.error,
            "search": None if self.search is None else self.search.to_dict(),
        }
        if self.note:
            record["note"] = self.note
        return record
