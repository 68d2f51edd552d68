"""deduce: solve grid logic puzzles the way a strong player does, and say how.

The public API: ``load`` a puzzle, ``solve`` it (solution, Log, Grade), ``check`` it
(unique / several / none, rules alone or guessing), ``rate`` it, ``explain`` it, ask for a
``hint`` (and the player's ``mistakes``), and ``generate`` new ones; ``schema`` gives the
JSON Schemas of the Log and the record, and ``deduce.__version__`` the installed version.
Names are imported on first use, so ``import deduce`` (and the command's start) costs only
what is used.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from deduce.api import (
        Hint,
        Mistake,
        Puzzle,
        Rating,
        Result,
        check,
        explain,
        generate,
        hint,
        load,
        mistakes,
        rate,
        rate_many,
        schema,
        solve,
    )
    from deduce.errors import (
        ArgumentError,
        ArgumentTypeError,
        Contradiction,
        DeduceError,
        ParseError,
    )
    from deduce.family import Family
    from deduce.grade import Grade
    from deduce.rating import SolveStatus, Status
    from deduce.registry import family_names, get_family
    from deduce.rule import Rule
    from deduce.state import State
    from deduce.step import Log, Step

    __version__: str

#: Public name -> the module that defines it.
_HOMES = {
    "Contradiction": "deduce.errors",
    "DeduceError": "deduce.errors",
    "ParseError": "deduce.errors",
    "ArgumentError": "deduce.errors",
    "ArgumentTypeError": "deduce.errors",
    "Family": "deduce.family",
    "Grade": "deduce.grade",
    "SolveStatus": "deduce.rating",
    "Status": "deduce.rating",
    "Log": "deduce.step",
    "Step": "deduce.step",
    "Rule": "deduce.rule",
    "State": "deduce.state",
    "family_names": "deduce.registry",
    "get_family": "deduce.registry",
    **dict.fromkeys(
        (
            "Hint",
            "Mistake",
            "Puzzle",
            "Rating",
            "Result",
            "check",
            "explain",
            "generate",
            "hint",
            "load",
            "mistakes",
            "rate",
            "schema",
            "rate_many",
            "solve",
        ),
        "deduce.api",
    ),
}

__all__ = [
    "ArgumentError",
    "ArgumentTypeError",
    "Contradiction",
    "DeduceError",
    "Family",
    "Grade",
    "Hint",
    "Log",
    "Mistake",
    "ParseError",
    "Puzzle",
    "Rating",
    "Result",
    "Rule",
    "SolveStatus",
    "State",
    "Status",
    "Step",
    "check",
    "explain",
    "family_names",
    "generate",
    "get_family",
    "hint",
    "load",
    "mistakes",
    "rate",
    "rate_many",
    "schema",
    "solve",
]


#: The name deduce is installed by (``pip install deduce-puzzles``): the package index's
#: ``deduce`` is another project (de-identification of Dutch medical text). The import name
#: and the command stay ``deduce``.
DISTRIBUTION = "deduce-puzzles"


def _version() -> str:
    """The installed distribution's version (pyproject.toml is its one home)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(DISTRIBUTION)
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "0+unknown"


def __getattr__(name: str) -> Any:
    if name == "__version__":
        return _version()
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'deduce' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_HOMES])
