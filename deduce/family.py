"""Family: everything the engine, the CLI and the grader need to know about one puzzle type.

Each family's glue module, ``deduce/families/<name>.py``, builds one ``Family`` value from its
model (``deduce/puzzles/<name>.py``), its rules (``deduce/rules/<name>/``) and its grade scale
(``deduce/difficulty/<name>.py``). The registry maps family names to those modules, so a
family's code is imported only when it is used.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import attrs

from deduce.difficulty.grade import Grade
from deduce.errors import ParseError
from deduce.rule import Rule
from deduce.state import State
from deduce.step import Log, Step


@attrs.frozen
class Family:
    """The plain functions that make one puzzle family solvable by the engine.

    Required: ``parse`` (text to puzzle, raising ParseError), ``format`` (puzzle to text, a
    round trip), ``detect`` (does this text look like one of ours?), ``initial_state`` (raising
    Contradiction when the clues already break a rule), ``rules`` (easiest first),
    ``check_solution`` (raise Contradiction naming what a complete assignment breaks),
    ``solution_text`` (the one-line form of an assignment), ``var_name`` / ``value_name``
    (how a player names a variable and a value), and ``grade`` (a Grade from a Log).

    Optional: ``is_solved`` (default: every domain is a single value), ``on_place``
    (bookkeeping after a placement, e.g. Sudoku removes the digit from the cell's peers),
    ``branch_variables`` (which variables search may guess on), ``choose_guess`` (the
    variable and value search tries next, when a family knows better than "fewest values
    first, lowest value"), ``guess_strategies`` (several such choices: search then runs one
    search with each, taking turns, see ``deduce.search``), ``search_rules`` (the rules
    used inside search, default ``rules``), ``render`` (a rich renderable of a state with a
    step highlighted), ``generate`` (puzzle texts), ``parse_progress`` (a player's grid for
    ``hint``), ``solution_grid`` (a multi-line drawing of a solution) and ``format_solution``
    (a solution in the form the puzzle was given in), and ``picture`` (a
    ``deduce.picture.Picture`` of a state with a step drawn on it, for SVG and HTML).
    """

    name: str
    description: str
    parse: Callable[[str], Any]
    format: Callable[[Any], str]
    detect: Callable[[str], bool]
    initial_state: Callable[[Any], State]
    rules: tuple[Rule, ...]
    check_solution: Callable[[Any, list[int]], None]
    solution_text: Callable[[Any, list[int]], str]
    var_name: Callable[[Any, int], str]
    value_name: Callable[[Any, int, int], str]
    grade: Callable[[Log], Grade]
    is_solved: Callable[[State], bool] | None = None
    on_place: Callable[[State, int, int], None] | None = None
    branch_variables: Callable[[State], Iterable[int]] | None = None
    choose_guess: Callable[[State], tuple[int, int] | None] | None = None
    guess_strategies: tuple[Callable[[State], tuple[int, int] | None], ...] = ()
    search_rules: tuple[Rule, ...] | None = None
    render: Callable[[Any, State, Step | None], Any] | None = None
    generate: Callable[..., Iterator[str]] | None = None
    parse_progress: Callable[[Any, str], State] | None = None
    solution_grid: Callable[[Any, list[int]], str] | None = None
    format_solution: Callable[[Any, list[int]], str] | None = None
    picture: Callable[[Any, State, Step | None], Any] | None = None
    levels: tuple[str, ...] = ()

    def solved(self, state: State) -> bool:
        """Whether ``state`` is a finished solve (by the family's own test)."""
        if self.is_solved is not None:
            return self.is_solved(state)
        return state.all_single()

    def rule(self, name: str) -> Rule:
        """The rule called ``name``."""
        for r in self.rules:
            if r.name == name:
                return r
        raise KeyError(name)


#: Family name -> module that defines ``FAMILY`` (or a ``FAMILIES`` dict for shared modules).
REGISTRY: dict[str, str] = {
    "sudoku": "deduce.families.sudoku",
    "numbrix": "deduce.families.numbrix",
    "hidato": "deduce.families.numbrix",
    "signpost": "deduce.families.signpost",
    "path": "deduce.families.path",
    "nonogram": "deduce.families.nonogram",
}


_NAMES: list[str] = []


def family_names() -> list[str]:
    """The names of the families whose modules are installed."""
    if not _NAMES:
        _NAMES.extend(name for name in REGISTRY if _module(name) is not None)
    return list(_NAMES)


def _module(name: str) -> Any:
    try:
        return importlib.import_module(REGISTRY[name])
    except ModuleNotFoundError as exc:
        if exc.name == REGISTRY[name]:
            return None
        raise


def get_family(name: str) -> Family:
    """The Family called ``name`` (with any plugged-in rules added); ParseError if unknown."""
    key = name.strip().lower()
    module = _module(key) if key in REGISTRY else None
    if module is None:
        known = ", ".join(family_names())
        raise ParseError(f"unknown puzzle family {name!r} (known: {known})")
    family = module.FAMILIES[key] if hasattr(module, "FAMILIES") else module.FAMILY
    return _with_plugins(family)


def detect_family(text: str) -> Family:
    """The family whose ``detect`` accepts ``text``; ParseError when none does."""
    for name in family_names():
        family = get_family(name)
        if family.detect(text):
            return family
    raise ParseError("cannot tell the puzzle family from the text; name it with --family")


_PLUGGED: dict[str, Family] = {}


def _with_plugins(family: Family) -> Family:
    """Add rules registered by other distributions in the ``deduce.rules`` entry-point group.

    An entry point named ``<family>`` or ``<family>.<anything>`` loads a sequence of Rule.
    """
    if family.name in _PLUGGED:
        return _PLUGGED[family.name]
    from importlib.metadata import entry_points

    extra: list[Rule] = []
    for ep in entry_points(group="deduce.rules"):
        if ep.name.split(".")[0] == family.name:
            extra.extend(ep.load())
    if extra:
        rules = tuple(sorted((*family.rules, *extra), key=lambda r: r.weight))
        family = attrs.evolve(family, rules=rules)
    _PLUGGED[family.name] = family
    return family
