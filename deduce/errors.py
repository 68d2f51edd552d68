"""The exceptions deduce raises, each carrying a message a person can read."""

from __future__ import annotations


class DeduceError(Exception):
    """Base class of every error deduce reports to a user (one line, no traceback)."""


class ParseError(DeduceError, ValueError):
    """Puzzle text that cannot be read: the message names the problem and where it is."""


class Contradiction(DeduceError):
    """A state with no solution: an empty domain or a broken constraint.

    The reason says which constraint broke, in a player's words ("row 3 has no place for 7").
    """


class WriteError(DeduceError, ValueError):
    """A puzzle that cannot be written in the form asked for (the form cannot hold what the
    puzzle holds: pencil marks, its size); the message says which forms can."""


class ArgumentError(DeduceError, ValueError):
    """An API argument with a wrong value (``count=0``, an unknown level): the message
    names the argument and what it takes."""


class ArgumentTypeError(ArgumentError, TypeError):
    """An API argument of the wrong type (``solve(None)``, ``family=3``)."""


class RuleError(Exception):
    """A rule raised where it should have yielded steps: its own bug, not the puzzle's. The
    message names the rule, where it came from (a plugin's distribution) and what it raised;
    the original exception is the ``__cause__`` (``--debug`` prints its traceback).

    A plugged-in rule that raises Contradiction is reported this way too: only the family's own
    rules may declare a puzzle impossible (a plugin's wrong one would make a valid puzzle
    "no solution")."""

    def __init__(self, rule: str, origin: str, error: BaseException) -> None:
        where = f"plugin {origin}" if origin else "built in"
        super().__init__(f"rule {rule!r} ({where}) failed: {type(error).__name__}: {error}")
        self.rule, self.origin, self.error = rule, origin, error
