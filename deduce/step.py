"""Step (one deduction or one search move) and Log (the ordered record of a solve).

A Log is the product of a solve: it explains the solution, it is what a grade is computed
from, and it round-trips through JSON so a solve can be replayed, rendered or graded later.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any

import attrs

from deduce.errors import ParseError
from deduce.jsontext import check_depth

#: A deduction made by a rule.
DEDUCTION = "deduction"
#: A search move: try one value for a variable.
GUESS = "guess"
#: A guessed branch that ran into a contradiction; ``explanation`` says which.
CONTRADICTION = "contradiction"


def _pairs(value: Any) -> tuple[tuple[int, int], ...]:
    if type(value) is tuple and (not value or type(value[0]) is tuple):
        return value  # already in shape: rules build tuples of (int, int)
    return tuple((int(a), int(b)) for a, b in value)


def _tally(value: Any) -> tuple[tuple[str, int], ...]:
    if isinstance(value, dict):
        value = value.items()
    return tuple((str(k), int(v)) for k, v in value)


def _steps(value: Any) -> tuple[Step, ...]:
    if type(value) is tuple:
        return value
    return tuple(s if isinstance(s, Step) else Step.from_dict(s) for s in value)


if TYPE_CHECKING:

    def _strs(values: Iterable[str]) -> tuple[str, ...]:
        """``tuple`` for the string fields, as mypy's attrs plugin can read it (it cannot
        tell what the generic ``tuple`` class converts to)."""

else:
    _strs = tuple  # the builtin itself: no wrapper, so no cost per Step


def _ints(value: Any) -> tuple[int, ...]:
    if type(value) is tuple:
        return value
    return tuple(int(v) for v in value)


@attrs.frozen
class Names:
    """How a puzzle names its variables and values (``r3c4``, ``7``), so a Log's JSON can
    carry the names a player reads beside the indices a program reads."""

    var: Callable[[int], str]
    value: Callable[[int, int], str]


@attrs.frozen
class Step:
    """What one rule application (or one search move) concluded.

    ``placements`` and ``eliminations`` are ``(variable, value)`` pairs; ``premises`` the
    variables the rule looked at (for highlighting); ``links`` pairs of variables to draw as a
    chain, and ``link_labels`` (when given, one per link) what to write beside each line, such
    as the digit of a Sudoku chain link, and ``link_kinds`` (when given, one per link) whether
    each link is ``strong`` (one of its two ends holds) or ``weak`` (not both hold), which the
    pictures draw solid or dashed (a log written before this field reads back with none);
    ``region`` where a player should look ("row 4");
    ``depth`` the search depth (0 when no guess is pending); ``tally`` the named counts of
    a search that stands for many moves in one step (a search that learns: its
    ``guesses``, ``nodes`` and clauses ``learned``), empty for every other step;
    ``substeps`` the argument inside the step, one small step each, in order (a nonogram
    probe's supposition, the line deductions it leads to and the line that then fails), for
    the pictures and the page to show one at a time; they are not applied to the grid, only
    the step's own conclusions are.
    """

    rule: str
    explanation: str
    placements: tuple[tuple[int, int], ...] = attrs.field(default=(), converter=_pairs)
    eliminations: tuple[tuple[int, int], ...] = attrs.field(default=(), converter=_pairs)
    premises: tuple[int, ...] = attrs.field(default=(), converter=_ints)
    links: tuple[tuple[int, int], ...] = attrs.field(default=(), converter=_pairs)
    link_labels: tuple[str, ...] = attrs.field(default=(), converter=_strs)
    link_kinds: tuple[str, ...] = attrs.field(default=(), converter=_strs)
    region: str = ""
    difficulty: float = 0.0
    kind: str = DEDUCTION
    depth: int = 0
    tally: tuple[tuple[str, int], ...] = attrs.field(default=(), converter=_tally)
    substeps: tuple[Step, ...] = attrs.field(default=(), converter=_steps)

    @property
    def guess_count(self) -> int:
        """How many guesses the step stands for: its tally's ``guesses`` for a search step
        that has one, 1 for any other guess, 0 for everything else."""
        if self.kind != GUESS:
            return 0
        return dict(self.tally).get("guesses", 1)

    @classmethod
    def made(
        cls,
        rule: str,
        explanation: str,
        placements: tuple[tuple[int, int], ...] = (),
        eliminations: tuple[tuple[int, int], ...] = (),
        premises: tuple[int, ...] = (),
        region: str = "",
        difficulty: float = 0.0,
    ) -> Step:
        """A deduction from fields already in shape (tuples of ints), made without the
        converters: for the rules that make a step at nearly every round of the engine. The
        same Step as ``Step(rule, explanation, placements=..., ...)``."""
        step: Step = _new(cls)
        _rule(step, rule)
        _explanation(step, explanation)
        _placements(step, placements)
        _eliminations(step, eliminations)
        _premises(step, premises)
        _links(step, ())
        _link_labels(step, ())
        _link_kinds(step, ())
        _region(step, region)
        _difficulty(step, difficulty)
        _kind(step, DEDUCTION)
        _depth(step, 0)
        _set_tally(step, ())
        _set_substeps(step, ())
        return step

    def stamped(self, rule: str, difficulty: float, depth: int) -> Step:
        """This step with ``rule``, ``difficulty`` and ``depth`` set (what the engine fills
        in): a fresh copy, its other fields shared, made without ``copy.copy``'s pickling
        protocol (it cost the engine 3% of a solve)."""
        other: Step = _new(Step)
        _rule(other, rule)
        _explanation(other, self.explanation)
        _placements(other, self.placements)
        _eliminations(other, self.eliminations)
        _premises(other, self.premises)
        _links(other, self.links)
        _link_labels(other, self.link_labels)
        _link_kinds(other, self.link_kinds)
        _region(other, self.region)
        _difficulty(other, difficulty)
        _kind(other, self.kind)
        _depth(other, depth)
        _set_tally(other, self.tally)
        _set_substeps(other, self.substeps)
        return other

    def to_dict(self, names: Names | None = None) -> dict[str, Any]:
        """A JSON-ready dict (tuples become lists; empty fields are left out). With ``names``,
        ``"names"`` mirrors placements, eliminations, premises and links with the names a
        player reads: ``[[30, 7]]`` beside ``[["r4c4", "7"]]``."""
        out: dict[str, Any] = {"rule": self.rule, "explanation": self.explanation}
        for name in ("placements", "eliminations", "links"):
            value = getattr(self, name)
            if value:
                out[name] = [list(p) for p in value]
        if self.premises:
            out["premises"] = list(self.premises)
        if self.link_labels:
            out["link_labels"] = list(self.link_labels)
        if self.link_kinds:
            out["link_kinds"] = list(self.link_kinds)
        if self.region:
            out["region"] = self.region
        out["difficulty"] = self.difficulty
        if self.kind != DEDUCTION:
            out["kind"] = self.kind
        if self.depth:
            out["depth"] = self.depth
        if self.tally:
            out["tally"] = dict(self.tally)
        if self.substeps:
            out["substeps"] = [s.to_dict(names) for s in self.substeps]
        if names is not None:
            named = self.names(names)
            if named:
                out["names"] = named
        return out

    def names(self, names: Names) -> dict[str, list[Any]]:
        """The step's variables (and values) by name, keyed like ``to_dict``'s lists."""
        out: dict[str, list[Any]] = {}
        for key in ("placements", "eliminations"):
            pairs = getattr(self, key)
            if pairs:
                out[key] = [[names.var(v), names.value(v, x)] for v, x in pairs]
        if self.premises:
            out["premises"] = [names.var(v) for v in self.premises]
        if self.links:
            out["links"] = [[names.var(a), names.var(b)] for a, b in self.links]
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Step:
        """The Step that ``to_dict`` wrote."""
        return cls(
            rule=data["rule"],
            explanation=data["explanation"],
            placements=data.get("placements", ()),
            eliminations=data.get("eliminations", ()),
            premises=data.get("premises", ()),
            links=data.get("links", ()),
            link_labels=data.get("link_labels", ()),
            link_kinds=data.get("link_kinds", ()),
            region=data.get("region", ""),
            difficulty=float(data.get("difficulty", 0.0)),
            kind=data.get("kind", DEDUCTION),
            depth=int(data.get("depth", 0)),
            tally=data.get("tally", ()),
            substeps=data.get("substeps", ()),
        )


# Each field's slot, set directly: how ``Step.made`` and ``Step.stamped`` build a frozen Step
# at half the cost of attrs' ``__init__`` (measured: 1.8 against 3.7 microseconds).
_new = object.__new__
(
    _rule,
    _explanation,
    _placements,
    _eliminations,
    _premises,
    _links,
    _link_labels,
    _link_kinds,
    _region,
    _difficulty,
    _kind,
    _depth,
    _set_tally,
    _set_substeps,
) = (Step.__dict__[a.name].__set__ for a in attrs.fields(Step))


@attrs.define(repr=False)
class Log:
    """The ordered steps of one solve of one puzzle, search moves included.

    ``names``, when the solve knew the puzzle, lets the JSON name cells as a player does;
    a Log read back from JSON has none (the names are not needed to replay or grade it).
    """

    family: str
    puzzle: str
    steps: list[Step] = attrs.Factory(list)
    names: Names | None = attrs.field(default=None, eq=False)

    def __repr__(self) -> str:
        return f"Log(family={self.family!r}, steps={len(self.steps)})"

    def append(self, step: Step) -> None:
        """Record one more step."""
        self.steps.append(step)

    def __iter__(self) -> Iterator[Step]:
        return iter(self.steps)

    def __len__(self) -> int:
        return len(self.steps)

    def deductions(self) -> list[Step]:
        """The steps made by rules (not guesses or contradictions)."""
        return [s for s in self.steps if s.kind == DEDUCTION]

    def guesses(self) -> list[Step]:
        """The search moves."""
        return [s for s in self.steps if s.kind == GUESS]

    def guess_count(self) -> int:
        """How many guesses the search made (a learning search's step counts its own)."""
        return sum(s.guess_count for s in self.steps)

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready form (``deduce.schema("log")`` describes it)."""
        return {
            "family": self.family,
            "puzzle": self.puzzle,
            "steps": [s.to_dict(self.names) for s in self.steps],
        }

    def to_json(self) -> str:
        """Serialize to a JSON text that ``from_json`` reads back."""
        return json.dumps(self.to_dict())

    @classmethod
    def from_json(cls, text: str) -> Log:
        """The Log that ``to_json`` wrote; ParseError names what is missing or malformed."""
        if not isinstance(text, (str, bytes, bytearray)):
            raise ParseError(f"a log is JSON text, not {type(text).__name__}")
        check_depth(text if isinstance(text, str) else text.decode("utf-8", "replace"), "log")
        try:
            data = json.loads(text)
        except ValueError as exc:
            raise ParseError(f"bad log JSON: {exc}") from None
        if not isinstance(data, dict):
            raise ParseError("bad log JSON: expected an object with family, puzzle and steps")
        missing = [k for k in ("family", "puzzle", "steps") if k not in data]
        if missing:
            raise ParseError(f"bad log JSON: missing {', '.join(missing)}")
        try:
            return cls(
                family=str(data["family"]),
                puzzle=str(data["puzzle"]),
                steps=[Step.from_dict(s) for s in data["steps"]],
            )
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise ParseError(f"bad log JSON: a step is malformed ({exc!r})") from None
