"""deduce: solve grid logic puzzles the way a strong player does, and say how.

The public API: ``load`` a puzzle, ``solve`` it (solution, Log, Grade), ``check`` it
(unique / several / none, rules alone or guessing), ``rate`` it, ``explain`` it, ask for a
``hint``, and ``generate`` new ones.
"""

from deduce.api import Puzzle, Result, check, explain, generate, hint, load, rate, solve
from deduce.errors import Contradiction, DeduceError, ParseError
from deduce.family import Family
from deduce.grade import Grade
from deduce.registry import family_names, get_family
from deduce.rule import Rule
from deduce.state import State
from deduce.step import Log, Step

__all__ = [
    "Contradiction",
    "DeduceError",
    "Family",
    "Grade",
    "Log",
    "ParseError",
    "Puzzle",
    "Result",
    "Rule",
    "State",
    "Step",
    "check",
    "explain",
    "family_names",
    "generate",
    "get_family",
    "hint",
    "load",
    "rate",
    "solve",
]

__version__ = "0.1.0"
