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
