"""Step (one deduction or one search move) and Log (the ordered record of a solve).

A Log is the product of a solve: it explains the solution, it is what a grade is computed
from, and it round-trips through JSON so a solve can be replayed, rendered or graded later.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

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
    return tuple((int(a), int(b)) for a, b in value)


def _tally_of(value: Any) -> tuple[tuple[str, int], ...]:
    if isinstance(value, dict):
        value = value.items()
    return tuple((str(k), int(v)) for k, v in value)


def _strs(values: Any) -> tuple[str, ...]:
    return tuple(str(v) for v in values)


def _ints(value: Any) -> tuple[int, ...]:
    return tuple(int(v) for v in value)


def _steps(value: Any) -> tuple[Step, ...]:
    return tuple(s if isinstance(s, Step) else Step.from_dict(s) for s in value)


_set = object.__setattr__
_new = object.__new__


class Said(NamedTuple):
    """A step's sentence not written yet: ``render(*facts)`` writes it, when it is read.

    Most solves read no sentence (rating, search, generation), so a rule that makes many
    steps hands the engine the facts its sentence needs and the function that words them,
    and pays for the words only when ``Step.explanation`` is read. The facts must be values
    that do not change afterwards (numbers, tuples, strings, a frozen board): never the
    State, whose grid moves on. ``render`` should be a module-level function (a pickled
    Step carries its text, so a lambda works too, but costs a render when pickled). A named
    tuple: made at a third of the cost of a frozen attrs class, at every step.
    """

    render: Callable[..., str]
    facts: tuple[Any, ...] = ()

    def __str__(self) -> str:
        return self.render(*self.facts)


def _text(said: str | Said) -> str:
    """The sentence ``said`` stands for (what Steps compare and hash by)."""
    return said if type(said) is str else str(said)


@attrs.frozen
class Names:
    """How a puzzle names its variables and values (``r3c4``, ``7``), so a Log's JSON can
    carry the names a player reads beside the indices a program reads."""

    var: Callable[[int], str]
    value: Callable[[int, int], str]


@attrs.frozen(init=False)
class Step:
    """What one rule application (or one search move) concluded.

    Made one way: ``Step(rule, explanation, placements=..., ...)``, the fields as tuples (a
    list or a dict is turned into one, at a cost). ``explanation`` is the sentence, or a
    ``Said`` (the facts and the function that words them) when the rule makes steps often:
    ``step.explanation`` writes it when first read, and Steps compare by the written text.

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
    said: str | Said = attrs.field(alias="explanation", eq=_text)
    placements: tuple[tuple[int, int], ...] = ()
    eliminations: tuple[tuple[int, int], ...] = ()
    premises: tuple[int, ...] = ()
    links: tuple[tuple[int, int], ...] = ()
    link_labels: tuple[str, ...] = ()
    link_kinds: tuple[str, ...] = ()
    region: str = ""
    difficulty: float = 0.0
    kind: str = DEDUCTION
    depth: int = 0
    tally: tuple[tuple[str, int], ...] = ()
    substeps: tuple[Step, ...] = ()

    def __init__(
        self,
        rule: str,
        explanation: str | Said,
        placements: tuple[tuple[int, int], ...] = (),
        eliminations: tuple[tuple[int, int], ...] = (),
        premises: tuple[int, ...] = (),
        links: tuple[tuple[int, int], ...] = (),
        link_labels: tuple[str, ...] = (),
        link_kinds: tuple[str, ...] = (),
        region: str = "",
        difficulty: float = 0.0,
        kind: str = DEDUCTION,
        depth: int = 0,
        tally: tuple[tuple[str, int], ...] = (),
        substeps: tuple[Step, ...] = (),
    ) -> None:
        # The one way to make a Step. Fields already tuples (what typed rules pass) are kept
        # as they are, after one test; anything else (lists, a dict tally, dicts for
        # substeps) is made into tuples.
        if not (
            type(placements) is tuple and type(eliminations) is tuple
            and type(premises) is tuple and type(links) is tuple
            and type(link_labels) is tuple and type(link_kinds) is tuple
            and type(tally) is tuple and type(substeps) is tuple
        ):  # fmt: skip
            placements, eliminations, links = (
                _pairs(placements),
                _pairs(eliminations),
                _pairs(links),
            )
            premises, link_labels, link_kinds = (
                _ints(premises),
                _strs(link_labels),
                _strs(link_kinds),
            )
            tally, substeps = _tally_of(tally), _steps(substeps)
        _rule(self, rule)
        _said(self, explanation)
        _placements(self, placements)
        _eliminations(self, eliminations)
        _premises(self, premises)
        _links(self, links)
        _link_labels(self, link_labels)
        _link_kinds(self, link_kinds)
        _region(self, region)
        _difficulty(self, difficulty)
        _kind(self, kind)
        _depth(self, depth)
        _tally(self, tally)
        _substeps(self, substeps)

    @property
    def explanation(self) -> str:
        """The step's sentence, written now if the rule gave a ``Said`` (once: the text
        then stands in its place)."""
        said = self.said
        if type(said) is str:
            return said
        text = str(said)
        _said(self, text)  # the same sentence, now written out
        return text

    def __getstate__(self) -> tuple[Any, ...]:
        """What pickling keeps: the fields, the sentence written out (a process pool sends
        steps; the function behind a ``Said`` need not travel)."""
        return tuple(
            self.explanation if name == "said" else getattr(self, name) for name in _FIELDS
        )

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        for name, value in zip(_FIELDS, state, strict=True):
            _set(self, name, value)

    @property
    def guess_count(self) -> int:
        """How many guesses the step stands for: its tally's ``guesses`` for a search step
        that has one, 1 for any other guess, 0 for everything else."""
        if self.kind != GUESS:
            return 0
        return dict(self.tally).get("guesses", 1)

    def stamped(self, rule: str, difficulty: float, depth: int) -> Step:
        """This step with ``rule``, ``difficulty`` and ``depth`` set (what the engine fills
        in), its sentence still unwritten if it was: a copy, its other fields shared, made
        slot by slot (its fields are in shape already: no call of ``__init__``)."""
        other: Step = _new(Step)
        _rule(other, rule)
        _said(other, self.said)
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
        _tally(other, self.tally)
        _substeps(other, self.substeps)
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
            explanation=str(data["explanation"]),
            placements=_pairs(data.get("placements", ())),
            eliminations=_pairs(data.get("eliminations", ())),
            premises=_ints(data.get("premises", ())),
            links=_pairs(data.get("links", ())),
            link_labels=_strs(data.get("link_labels", ())),
            link_kinds=_strs(data.get("link_kinds", ())),
            region=str(data.get("region", "")),
            difficulty=float(data.get("difficulty", 0.0)),
            kind=str(data.get("kind", DEDUCTION)),
            depth=int(data.get("depth", 0)),
            tally=_tally_of(data.get("tally", ())),
            substeps=_steps(data.get("substeps", ())),
        )


#: Step's fields in order (what a pickled Step holds).
_FIELDS = tuple(a.name for a in attrs.fields(Step))
# Each field's slot setter: how ``Step.__init__`` fills a frozen Step at half the cost of
# ``object.__setattr__`` (measured: 1.1 against 2.0 microseconds a Step).
(
    _rule,
    _said,
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
    _tally,
    _substeps,
) = (Step.__dict__[name].__set__ for name in _FIELDS)


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
