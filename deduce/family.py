"""Family: everything the engine, the CLI and the grader need to know about one puzzle type.

Each family's glue module, ``deduce/families/<name>.py``, builds one ``Family`` value from its
model (``deduce/puzzles/<name>/``), its rules (``deduce/rules/<name>/``) and its grade scale
(``deduce/difficulty/<name>.py``). ``deduce.registry`` maps family names to those modules, so a
family's code is imported only when it is used; this module knows no family.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, Generic, Protocol

import attrs

from deduce.errors import ParseError
from deduce.grade import Grade
from deduce.rule import Rule
from deduce.state import P, State
from deduce.step import Log, Step


class Learn(Protocol):
    """The search hook of a family that can write a stuck state as a formula: search that
    learns from its conflicts (``deduce.sat.learner.Learner`` is the one every family uses).

    ``after`` is how many nodes plain search spends before an automatic search hands over;
    ``available()`` whether the SAT library is installed; ``describe(n)`` names what the
    formula ranges over ("1,521 open cells"); calling it counts the solutions of a state up
    to ``limit`` within ``max_nodes`` and a ``time.monotonic()`` ``deadline``, and returns a
    ``deduce.search.SearchResult`` (typed Any here: the search module imports this one).
    """

    @property
    def after(self) -> int: ...

    def available(self) -> bool: ...

    def describe(self, count: int) -> str: ...

    def __call__(
        self, state: State[Any], limit: int, max_nodes: int | None, deadline: float | None
    ) -> Any: ...


@attrs.frozen
class Form(Generic[P]):
    """One text form a family writes, by name: what ``deduce convert --to NAME`` and
    ``--output-format NAME`` use.

    ``write`` gives the puzzle in this form (raising ``WriteError`` when the form cannot hold
    what the puzzle holds, such as pencil marks in a form made for givens);
    ``write_solution`` a solved grid in it, when the form can show one. ``frame`` is, for a
    form whose file holds a collection in one document (a webpbn ``<puzzleset>``), the text
    that opens and closes that document: every text ``write`` gives starts and ends with it,
    and a collection writes it once around the puzzles.
    """

    name: str
    description: str
    write: Callable[[P], str]
    write_solution: Callable[[P, list[int]], str] | None = None
    frame: tuple[str, str] = ("", "")


@attrs.frozen(repr=False)
class Family(Generic[P]):
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
    used inside search, default ``rules``), ``learn`` (the search hook: search that learns
    from its conflicts, for a family that can encode a stuck state, see ``Learn``), ``render`` (a rich renderable of a state with a
    step highlighted), ``generate`` (puzzle texts), ``parse_progress`` (a player's grid for
    ``hint``), ``solution_grid`` (a multi-line drawing of a solution) and ``format_solution``
    (a solution in the form the puzzle was given in), ``picture`` (a
    ``deduce.puzzles.picture.Picture`` of a state with a step drawn on it, for SVG and HTML),
    ``levels`` (the grade levels, easiest first) and ``forms`` (the text forms it writes by
    name, see ``Form``; the first is the usual one).
    ``P`` is the family's puzzle type (``Family[Sudoku]``).
    """

    name: str
    description: str
    parse: Callable[[str], P]
    format: Callable[[P], str]
    detect: Callable[[str], bool]
    initial_state: Callable[[P], State[P]]
    rules: tuple[Rule, ...]
    check_solution: Callable[[P, list[int]], None]
    solution_text: Callable[[P, list[int]], str]
    var_name: Callable[[P, int], str]
    value_name: Callable[[P, int, int], str]
    grade: Callable[[Log], Grade]
    is_solved: Callable[[State[P]], bool] | None = None
    on_place: Callable[[State[P], int, int], None] | None = None
    branch_variables: Callable[[State[P]], Iterable[int]] | None = None
    choose_guess: Callable[[State[P]], tuple[int, int] | None] | None = None
    guess_strategies: tuple[Callable[[State[P]], tuple[int, int] | None], ...] = ()
    search_rules: tuple[Rule, ...] | None = None
    learn: Learn | None = None
    render: Callable[[P, State[P], Step | None], Any] | None = None
    generate: Callable[..., Iterator[str]] | None = None
    parse_progress: Callable[[P, str], State[P]] | None = None
    solution_grid: Callable[[P, list[int]], str] | None = None
    format_solution: Callable[[P, list[int]], str] | None = None
    picture: Callable[[P, State[P], Step | None], Any] | None = None
    levels: tuple[str, ...] = ()
    forms: tuple[Form[P], ...] = ()
    #: A place wider than variable ``v`` to send a player to without naming ``v`` (a
    #: Sudoku's box): where a hint's first level looks when the step's region is the answer.
    hint_area: Callable[[P, int], str] | None = None
    #: The puzzles of a text that holds several in one document (a webpbn ``<puzzleset>``):
    #: each one's text and the line (from 1) it starts on; ParseError for a bad document.
    collection: Callable[[str], list[tuple[int, str]]] | None = None
    #: How much ``text`` looks like this family's forms, 0 to 1, when no family accepts it:
    #: the closest family's parse error is the one a user is shown first.
    resembles: Callable[[str], float] | None = None
    #: How another process finds this family again: a function of the name that returns it
    #: (the registry sets its own ``get_family``). Pickling then stores that function (by
    #: reference) and the name, so a ``Puzzle`` or ``Result`` travels small and comes back as
    #: the receiving process's own, equal, Family. None: pickled by value.
    loader: Callable[[str], Family[Any]] | None = attrs.field(default=None, eq=False, repr=False)

    def __repr__(self) -> str:
        return f"Family({self.name!r})"

    def form(self, name: str) -> Form[P]:
        """The text form called ``name``; ParseError naming the forms there are."""
        for form in self.forms:
            if form.name == name.strip().lower():
                return form
        known = ", ".join(f.name for f in self.forms) or "none"
        raise ParseError(f"the {self.name} family has no text form {name!r} (forms: {known})")

    def __reduce_ex__(self, protocol: Any) -> Any:
        if self.loader is None:
            return super().__reduce_ex__(protocol)
        return (self.loader, (self.name,))

    def solved(self, state: State[P]) -> bool:
        """Whether ``state`` is a finished solve (by the family's own test)."""
        if self.is_solved is not None:
            return self.is_solved(state)
        return state.all_single()
