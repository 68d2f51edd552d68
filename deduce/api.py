"""The public API: load, solve, check, rate, explain, hint, mistakes, generate, and the JSON
schemas.

Everything a puzzle app needs without the CLI: results are plain values, the Log is the
explanation, and the Grade says how hard the puzzle is.
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Iterable, Iterator, Sequence
from importlib.resources import files
from typing import TYPE_CHECKING, Any

from deduce import arguments, solving
from deduce.engine import next_step as engine_next_step
from deduce.errors import ArgumentError, ArgumentTypeError, ParseError
from deduce.family import Family
from deduce.jsontext import check_numbers
from deduce.puzzles.generating import TRIES_PER_PUZZLE
from deduce.registry import detect_family, get_family
from deduce.rule import Rule
from deduce.search import choose_variable
from deduce.show.hints import Hint, Mistake, step_hint
from deduce.show.mistakes import find_mistakes, mistakes_text
from deduce.solving import ERROR, MULTIPLE, NONE, UNIQUE, UNKNOWN, Puzzle, Rating, Result
from deduce.state import State
from deduce.step import Log, Step

if TYPE_CHECKING:
    from deduce.cli.dask import DaskClient

__all__ = [
    "MULTIPLE",
    "NONE",
    "UNIQUE",
    "UNKNOWN",
    "Hint",
    "Mistake",
    "Puzzle",
    "Rating",
    "Result",
]

#: The longest puzzle text read (characters): a 200x200 nonogram's JSON line is ~20,000.
MAX_TEXT = 1_000_000


def load(text: str, family: str | Family[Any] | None = None) -> Puzzle:
    """Parse puzzle ``text``; the family is detected from the text unless named.

    Raises ParseError with a one-line message naming the problem and its position (when no
    family takes the text: what the closest family objects to), ArgumentTypeError when
    ``text`` is not a string.
    """
    if isinstance(text, (bytes, bytearray)):
        raise ArgumentTypeError("puzzle text must be a str, not bytes (decode it first)")
    if not isinstance(text, str):
        raise ArgumentTypeError(f"puzzle text must be a str, not {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise ParseError(f"the puzzle text is longer than {MAX_TEXT:,} characters")
    check_numbers(text)
    text = text.lstrip("\ufeff").strip("\n")
    if not text.strip():
        raise ParseError("empty input: no puzzle given")
    try:
        fam = _family(family) if family is not None else detect_family(text)
        return Puzzle.read(fam, text)
    except ParseError:
        body = _without_leading_comments(text)
        if body == text or not body.strip():
            raise
    fam = _family(family) if family is not None else detect_family(body)
    return Puzzle.read(fam, body)


def _without_leading_comments(text: str) -> str:
    """``text`` without its leading ``# `` comment lines (as the example files and many puzzle
    files start); tried only when the whole text does not parse, since a nonogram picture's row
    may start with ``# ``."""
    lines = text.splitlines()
    while lines and lines[0].startswith("# "):
        lines.pop(0)
    return "\n".join(lines)


def _family(family: str | Family[Any]) -> Family[Any]:
    if isinstance(family, Family):
        return family
    if not isinstance(family, str):
        raise ArgumentTypeError(
            f"family must be a family name or a Family, not {type(family).__name__}"
        )
    return get_family(family)


def _as_puzzle(puzzle: Puzzle | str, family: str | Family[Any] | None) -> Puzzle:
    if isinstance(puzzle, Puzzle):
        return puzzle
    if family is not None:
        _family(family)  # a wrong family argument is named before the text is read
    return load(puzzle, family)


def solve(
    puzzle: Puzzle | str,
    family: str | Family[Any] | None = None,
    *,
    rules: Sequence[Rule] | None = None,
    guess: bool = True,
    max_nodes: int | None = None,
    max_seconds: float | None = None,
    search: str = "auto",
) -> Result:
    """Solve with the family's rules (easiest first), falling back to search when stuck.

    Counts solutions up to two, so the status says whether the puzzle is fair: ``unique``,
    ``multiple``, ``none``, or ``unknown`` when a bound stopped the solve (or guessing was
    not allowed) before it could tell. ``rules`` replaces the family's rule list (to measure
    what a subset can do); ``guess=False`` stops at the rules' fixpoint; ``max_nodes`` bounds
    the search and ``max_seconds`` the whole solve. ``search``: ``plain`` (backtracking),
    ``learn`` (a SAT solver that learns from conflicts) or ``auto`` (plain, then learn after a
    budget; docs/search.md). ParseError for bad text, ArgumentError(TypeError) for arguments.
    """
    arguments.bound("max_nodes", max_nodes, int, 1)
    arguments.bound("max_seconds", max_seconds, float, 0)
    if rules is not None and not all(isinstance(r, Rule) for r in rules):
        raise ArgumentTypeError("rules must be a sequence of Rule")
    return solving.solve(
        _as_puzzle(puzzle, family),
        rules=rules,
        guess=bool(guess),
        max_nodes=max_nodes,
        max_seconds=max_seconds,
        search=search,
    )


def check(
    puzzle: Puzzle | str,
    family: str | Family[Any] | None = None,
    *,
    max_seconds: float | None = None,
    search: str = "auto",
) -> Result:
    """Whether the puzzle has one solution, several or none, and if rules alone suffice."""
    return solve(puzzle, family, max_seconds=max_seconds, search=search)


def rate(
    puzzle: Puzzle | str,
    family: str | Family[Any] | None = None,
    *,
    max_seconds: float | None = None,
    search: str = "auto",
) -> Rating:
    """How hard the puzzle is, and whether it is fair: a small ``Rating`` (``status``; a
    ``grade``, None with several solutions or none; its ``level``); arguments as ``solve``'s."""
    return solve(puzzle, family, max_seconds=max_seconds, search=search).rating()


def rate_many(
    puzzles: Iterable[Puzzle | str],
    family: str | Family[Any] | None = None,
    *,
    max_seconds: float | None = None,
    client: DaskClient | None = None,
    chunk: int = 64,
) -> Iterator[Rating]:
    """The ``Rating`` of every puzzle, in order, read and given back as they come (an input
    of millions stays flat in memory). A puzzle that cannot be read gets a Rating with status
    ``error`` and the message, so one bad line does not stop a batch. With ``client`` (a
    ``distributed.Client``) the puzzles are rated on that Dask cluster, ``chunk`` at a time,
    a few chunks per worker in flight; a puzzle whose task keeps killing its worker gets a
    Rating with status ``error``, and a cluster that stops working raises
    ``deduce.cli.dask.ClusterLost`` (a DeduceError) after the Ratings already given."""
    given = arguments.puzzles(puzzles)
    arguments.client(client)
    arguments.bound("max_seconds", max_seconds, float, 0)
    arguments.bound("chunk", chunk, int, 1)
    name = None if family is None else _family(family).name
    texts = (p.text if isinstance(p, Puzzle) else p for p in given)
    if client is None:
        return (_rate_text(text, name, max_seconds) for text in texts)
    return _on_cluster(client, texts, name, max_seconds, chunk)


def _rate_text(text: str, family: str | None, max_seconds: float | None) -> Rating:
    try:
        return rate(text, family, max_seconds=max_seconds)
    except (ParseError, ArgumentError) as exc:
        shown = text if isinstance(text, str) else repr(text)
        return Rating(family or "", shown, ERROR, None, error=str(exc))


def rate_on_worker(how: tuple[str | None, float | None], text: str) -> Rating:
    """The Rating of one puzzle text, rated with ``how`` (family, max_seconds): what a
    cluster worker runs."""
    return _rate_text(text, *how)


def _on_cluster(
    client: DaskClient,
    texts: Iterator[str],
    family: str | None,
    max_seconds: float | None,
    chunk: int,
) -> Iterator[Rating]:
    from deduce.cli.dask import on_dask

    def crashed(text: str, why: str) -> Rating:
        return Rating(family or "", text, ERROR, None, error=why)

    found = on_dask(rate_on_worker, (family, max_seconds), texts, client, crashed, chunk)
    return (rating for _, rating in found)


def explain(puzzle: Puzzle | str, family: str | Family[Any] | None = None) -> Log:
    """The log of a solve: every step with its explanation, in order."""
    return solve(puzzle, family).log


def next_step(family: Family[Any], state: State[Any], known_unique: bool = False) -> Step | None:
    """The first step of the easiest rule that makes progress in ``state`` (None when stuck);
    rules that assume a unique solution take part only when the caller states
    ``known_unique``."""
    found = engine_next_step(state, family.rules, known_unique=known_unique)
    return found[1] if found else None


def read_progress(
    puzzle: Puzzle | str, progress: str, family: str | Family[Any] | None = None
) -> State[Any]:
    """The state of a player's grid (``progress``, in the family's progress form: see the
    README) for ``puzzle``. What the player wrote is kept in ``state.extra["entries"]``.

    Raises ParseError when the grid does not fit the puzzle.
    """
    if not isinstance(progress, str):
        raise ArgumentTypeError(
            f"progress must be the player's grid as text, not {type(progress).__name__}"
        )
    check_numbers(progress, "player's grid")
    p = _as_puzzle(puzzle, family)
    fam = p.family
    if fam.parse_progress is not None:
        return fam.parse_progress(p.data, progress)
    return fam.initial_state(fam.parse(progress))


def _solution(result: Result) -> list[int]:
    if result.status != UNIQUE or result.solution is None:
        raise ParseError(
            f"the puzzle has {'no solution' if result.status == NONE else 'several solutions'}"
            if result.status in (NONE, MULTIPLE)
            else f"the puzzle's solution was not found ({result.reason or 'stopped'})"
        )
    return result.solution


def mistakes(
    puzzle: Puzzle | str, progress: str, family: str | Family[Any] | None = None
) -> tuple[Mistake, ...]:
    """The player's wrong entries in ``progress``, each named as theirs ("your 9 at r3c3
    repeats the 9 at r7c3") without revealing the right value. Pencil marks are wrong only
    when they leave out the right value. Raises ParseError when the grid does not fit the
    puzzle or the puzzle has no single solution."""
    p = _as_puzzle(puzzle, family)
    state = read_progress(p, progress)
    return find_mistakes(p.family, p.data, state, _solution(solve(p)))


def hint(
    puzzle: Puzzle | str,
    progress: str | None = None,
    level: int = 4,
    family: str | Family[Any] | None = None,
    *,
    max_seconds: float | None = None,
) -> Hint:
    """A hint for the player's grid ``progress`` (default: the givens), up to ``level``:
    1 where to look, 2 the technique, 3 the values and cells the step changes, 4 the whole
    deduction. The Hint holds the text and the cells to highlight at each level, and the step.

    Wrong entries come first: the hint then names them (``Hint.mistakes``) and says to fix
    them. Raises ParseError when the grid does not fit the puzzle or the puzzle has no single
    solution.
    """
    p = _as_puzzle(puzzle, family)
    result = solve(p, max_seconds=max_seconds)
    state = read_progress(p, progress) if progress is not None else p.family.initial_state(p.data)
    return hint_for(result, state, level)


def hint_for(result: Result, state: State[Any], level: int = 4) -> Hint:
    """The hint for a player's ``state`` of the puzzle ``result`` solved (see ``hint``)."""
    fam, data = result.puzzle.family, result.puzzle.data
    if isinstance(level, bool) or not isinstance(level, int):
        raise ArgumentTypeError(f"a hint level is a whole number, not {type(level).__name__}")
    if not 1 <= level <= 4:
        raise ArgumentError(f"a hint level is 1 to 4, not {level}")
    wrong = find_mistakes(fam, data, state, _solution(result))
    if wrong:
        cells = tuple(m.cell for m in wrong)
        return Hint(
            texts=(mistakes_text(wrong),),
            cells=(cells,),
            names=(tuple(m.name for m in wrong),),
            mistakes=wrong,
        )
    if fam.solved(state):
        return Hint(texts=("The grid is already solved.",), solved=True)
    step = next_step(fam, state, known_unique=True)  # _solution above: exactly one solution
    if step is None:
        var = choose_variable(fam, state)
        where = fam.var_name(data, var) if var is not None else "the grid"
        return Hint(
            texts=(
                "No technique deduce knows applies here: the next step needs a guess "
                f"(try {where}, it has the fewest possibilities).",
            ),
            cells=((var,),) if var is not None else (),
            names=((where,),) if var is not None else (),
        )
    return step_hint(fam, data, step, level, state)


def schema(name: str) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) deduce ships for ``"log"`` (a Log's JSON, what
    ``explain --json`` prints) or ``"record"`` (``Result.to_dict()``, a line of ``solve
    --json`` and ``rate --format jsonl``); the record's ``log`` refers to the log schema by its
    ``$id``, ``log.schema.json``."""
    arguments.schema(name)
    text = (files("deduce") / "schemas" / f"{name}.schema.json").read_text(encoding="utf-8")
    found: dict[str, Any] = json.loads(text)
    return found


def generate(
    family: str | Family[Any],
    count: int = 1,
    *,
    seed: int | None = None,
    difficulty: str | None = None,
    size: str | None = None,
    max_tries: int | None = None,
    **options: object,
) -> Iterator[str]:
    """Puzzle texts made by the family's generator, each with one solution (and, with
    ``difficulty``, exactly that level). Gives up after ``max_tries`` candidates (default
    200 per puzzle asked for), so a rare level never runs forever; ``options`` are the
    family's own (``density`` for nonograms). Arguments are checked here, before the first
    puzzle is asked for: ArgumentError / ArgumentTypeError name a bad one."""
    fam = _family(family)
    if fam.generate is None:
        raise ArgumentError(f"the {fam.name} family has no generator")
    if count is None:
        raise ArgumentTypeError("count must be a whole number, not None")
    arguments.bound("count", count, int, 1)
    arguments.bound("max_tries", max_tries, int, 1)
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise ArgumentTypeError(f"seed must be a whole number, not {type(seed).__name__}")
    if size is not None and not isinstance(size, str):
        raise ArgumentTypeError(f"size must be a string such as '9x9', not {type(size).__name__}")
    if difficulty is not None:
        if not isinstance(difficulty, str):
            raise ArgumentTypeError(f"difficulty must be a level name, not {type(difficulty)}")
        if fam.levels and difficulty not in fam.levels:
            raise ArgumentError(
                f"unknown {fam.name} level {difficulty!r} (levels: {', '.join(fam.levels)})"
            )
    accepted = inspect.signature(fam.generate).parameters
    takes_any = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in accepted.values())
    for key in options:
        if key not in accepted and key != "stats" and not takes_any:
            raise ArgumentError(f"the {fam.name} generator takes no option {key!r}")
    arguments.options(fam.name, fam.generate, options)
    return fam.generate(
        fam,
        count=count,
        seed=seed,
        difficulty=difficulty,
        size=size,
        max_tries=TRIES_PER_PUZZLE * count if max_tries is None else max_tries,
        **options,
    )
