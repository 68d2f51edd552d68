"""Counting the models of a formula, up to a limit, with a CDCL SAT solver (python-sat).

A solver that learns keeps every clause it learned between calls, so the count goes: find a
model, block it (a clause that excludes that assignment of the deciding variables), ask
again, with the solver's preferred values set to the model just found (a second solution
of a puzzle usually differs from the first in a few cells, and a solver that starts from the
first finds it in a few conflicts). Extra ``attempts`` (the formula with more clauses, such
as "the picture is symmetric") take turns with the formula itself, a slice of conflicts each:
a model of an attempt is a model of the formula, and whichever finds one first ends the
turns.

The library is optional: ``available()`` says whether it is installed, and everything that
needs it asks first. CaDiCaL 1.9.5 is the solver: measured on the nonogram corpus it is the
steadiest on hard instances (docs/search.md); python-sat cannot interrupt it, but it stops
after a budget of conflicts, so the time limit is read between slices of conflicts. Where
a family gives a second formula of the same solutions, Kissat 4.0.4 takes over the search
for a first model once CaDiCaL has spent ``HANDOVER`` conflicts without one (faase: CaDiCaL
none in 15 minutes, Kissat one in about 160 s; docs/search.md).
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from deduce import clock
from deduce.sat import kissat
from deduce.sat.cnf import Cnf

#: The solver python-sat runs (see the module's docstring).
SOLVER = "cadical195"
#: The solver whose unit propagation ``implied`` asks: Glucose 4's ``propagate`` is about
#: 50 times as fast as CaDiCaL's in python-sat (LalaFrogKK's 1,248 calls: 0.035 s, 1.6 s).
PROPAGATOR = "glucose4"
#: Conflicts a solver runs before it hands the turn on (and the clock is read).
SLICE = 2000
#: Conflicts CaDiCaL spends looking for a first model before Kissat is handed the
#: family's other formula (``first``), when there is one: above what every corpus puzzle
#: CaDiCaL decides needs to count to two (icga2016-600: 71,759), below what faase runs to
#: in a minute.
HANDOVER = 100_000


def available() -> bool:
    """Whether a SAT library is installed (python-sat, imported as ``pysat``)."""
    try:
        importlib.import_module("pysat.solvers")
    except ImportError:
        return False
    return True


@attrs.frozen
class Count:
    """What a count found: whether it ``complete``d (False: a budget stopped it first), and
    the solver's work: ``decisions`` (guesses), ``conflicts`` (each one a learned clause) and
    ``propagations`` (values set by unit propagation); ``kissat`` when Kissat, whose counts
    python-sat does not report, was handed the search for a first model."""

    complete: bool
    decisions: int = 0
    conflicts: int = 0
    propagations: int = 0
    kissat: bool = False

    @property
    def nodes(self) -> int:
        """Points where propagation ran from a new assignment: the root, every decision and
        every conflict (after which the solver jumps back and propagates what it learned)."""
        return 1 + self.decisions + self.conflicts


def count(
    cnf: Cnf,
    decide: Sequence[int],
    found: Callable[[list[int]], int],
    limit: int = 2,
    *,
    attempts: Sequence[Sequence[list[int]]] = (),
    first: Callable[[], list[list[int]]] | None = None,
    max_nodes: int | None = None,
    deadline: float | None = None,
) -> Count:
    """Find models of ``cnf`` until ``limit`` solutions are known or there are no more.

    ``decide`` lists the variables whose values make a solution (the others follow from
    them); ``found(model)`` is told every model (a list of literals, one per variable) and
    returns how many different solutions are known so far (a model can show more than one,
    such as a picture and its mirror image). Every model is then excluded by a clause over
    ``decide``. ``attempts`` are sets of extra clauses tried alongside, until one of them
    or the formula finds a first model. ``first`` builds another formula of the same
    solutions, its variables ``decide`` numbered alike: when CaDiCaL has spent ``HANDOVER``
    conflicts without a first model (and no ``max_nodes`` bounds the count: Kissat's work
    cannot be counted), Kissat looks for one in it (``deduce.sat.kissat``), and the count
    goes on from its model as from CaDiCaL's. ``max_nodes`` (``Count.nodes``) and ``deadline`` (a
    ``time.monotonic()`` value) bound the work, read after every slice of conflicts; so does
    the solve's own deadline (``deduce.clock``), which raises TimeUp.
    """
    library: Any = importlib.import_module("pysat.solvers")
    turns = _Turns(library.Solver(name=SOLVER, bootstrap_with=cnf.clauses))
    for extra in attempts:
        turns.runs.append(library.Solver(name=SOLVER, bootstrap_with=[*cnf.clauses, *extra]))
    known = 0
    handover = HANDOVER if first is not None and max_nodes is None and kissat.available() else None
    try:
        while known < limit:
            outcome = turns.next_model(max_nodes, deadline, handover if known == 0 else None)
            if outcome is None and turns.kissat and first is not None and handover is not None:
                handover = None
                outcome = _from_kissat(turns.main, first, decide, deadline)
            if outcome is None:
                return turns.tally(complete=False)
            run, model = outcome
            if model is None:  # no (more) models: of the formula itself, or of an attempt
                if run is turns.main:
                    break
                turns.retire(run)
                continue
            known = found(model)
            while len(turns.runs) > 1:  # the attempts have done their work
                turns.retire(turns.runs[-1])
            values = set(model)
            turns.main.add_clause([-v if v in values else v for v in decide])
            turns.main.set_phases(model)
        return turns.tally(complete=True)
    finally:
        for run in turns.runs:
            run.delete()


def _from_kissat(
    main: Any, first: Callable[[], list[list[int]]], decide: Sequence[int], deadline: float | None
) -> tuple[Any, list[int] | None] | None:
    """Kissat's answer on the ``first`` formula, as ``next_model`` gives CaDiCaL's: (the
    main run, the model over ``decide``, or None when there is none); None at the deadline."""
    answer = kissat.first_model(first(), deadline)
    if answer is None:
        return None
    if answer is False:
        return main, None
    assert not isinstance(answer, bool)
    keep = set(decide)
    return main, [lit for lit in answer if abs(lit) in keep]


def implied(cnf: Cnf, variables: Sequence[int]) -> list[list[int]]:
    """The binary clauses unit propagation on ``cnf`` proves between ``variables``: for every
    one of them set either way, each other one it forces gives the clause "not this value,
    or that one" (a value that fails gives the unit clause against it). On a nonogram's
    automaton formula that propagation is the complete line solver, so these are what line
    logic proves from each single cell: probing's implications, handed to a solver that
    does not find them itself from another formula."""
    library: Any = importlib.import_module("pysat.solvers")
    keep = set(variables)
    out: list[list[int]] = []
    with library.Solver(name=PROPAGATOR, bootstrap_with=cnf.clauses) as solver:
        for var in variables:
            for lit in (var, -var):
                clock.check()
                ok, forced = solver.propagate(assumptions=[lit])
                if not ok:
                    out.append([-lit])
                    continue
                out += ([-lit, other] for other in forced if abs(other) in keep and other != lit)
    return out


class _Turns:
    """The solvers taking turns (the formula's own first), and the work of those retired."""

    def __init__(self, main: Any) -> None:
        self.main = main
        self.runs = [main]
        self.retired = [0, 0, 0]
        self.kissat = False

    def retire(self, run: Any) -> None:
        """Stop ``run`` for good, keeping its counts."""
        stats = run.accum_stats()
        for i, key in enumerate(_KEYS):
            self.retired[i] += stats.get(key, 0)
        self.runs.remove(run)
        run.delete()

    def tally(self, complete: bool) -> Count:
        """The work done so far, as a Count."""
        totals = list(self.retired)
        for run in self.runs:
            stats = run.accum_stats()
            for i, key in enumerate(_KEYS):
                totals[i] += stats.get(key, 0)
        decisions, conflicts, propagations = totals
        return Count(complete, decisions, conflicts, propagations, kissat=self.kissat)

    def next_model(
        self, max_nodes: int | None, deadline: float | None, handover: int | None = None
    ) -> tuple[Any, list[int] | None] | None:
        """A slice of conflicts for each run in turn until one of them decides: (the run,
        its model or None when it has none); None when a bound is reached first, or when
        the main run has spent ``handover`` conflicts (then ``kissat`` is set)."""
        while True:
            for run in self.runs:
                run.conf_budget(SLICE)
                answer = run.solve_limited()
                if answer is not None:
                    return run, run.get_model() if answer else None
                clock.check()
                if deadline is not None and time.monotonic() >= deadline:
                    return None
                if max_nodes is not None and self.tally(False).nodes >= max_nodes:
                    return None
            if handover is not None and self.main.accum_stats()["conflicts"] >= handover:
                self.kissat = True
                return None


_KEYS = ("decisions", "conflicts", "propagations")
