"""Formulas in conjunctive normal form, built a constraint at a time.

Variables are numbered from 1; a literal is a variable (true) or its negation (a negative
number); a clause is a list of literals, one of which must hold. ``regular`` encodes "this
row of booleans spells a word of a regular language" (a nonogram line) so that unit
propagation alone removes every value no word allows (Quimper and Walsh's encoding of the
regular constraint, with a variable per state and per transition).
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

#: One move of an automaton at one position: (state before, symbol read, state after).
Transition = tuple[int, int, int]


@attrs.define
class Cnf:
    """A formula under construction: ``variables`` used so far, ``clauses`` added so far."""

    variables: int = 0
    clauses: list[list[int]] = attrs.Factory(list)

    def new(self) -> int:
        """A fresh variable."""
        self.variables += 1
        return self.variables

    def add(self, clause: list[int]) -> None:
        """Require that one of the literals of ``clause`` holds."""
        self.clauses.append(clause)

    def at_most_one(self, literals: Sequence[int]) -> None:
        """At most one of ``literals`` holds: pairwise for a few, else with a chain of
        auxiliary variables (the sequential counter, about 3 clauses a literal)."""
        n = len(literals)
        if n <= 6:
            for i in range(n):
                for j in range(i + 1, n):
                    self.clauses.append([-literals[i], -literals[j]])
            return
        prefix = self.new()  # "one of the literals so far holds"
        self.clauses.append([-literals[0], prefix])
        for lit in literals[1:-1]:
            after = self.new()
            self.clauses.append([-lit, after])
            self.clauses.append([-prefix, after])
            self.clauses.append([-prefix, -lit])
            prefix = after
        self.clauses.append([-prefix, -literals[-1]])

    def exactly_one(self, literals: Sequence[int]) -> None:
        """Exactly one of ``literals`` holds."""
        self.clauses.append(list(literals))
        self.at_most_one(literals)


def regular(cnf: Cnf, inputs: Sequence[int | None], moves: Sequence[Sequence[Transition]]) -> None:
    """Require that the row of booleans ``inputs`` spells a word the automaton accepts.

    ``inputs[i]`` is the literal that holds when symbol 1 is read at position i, or None when
    the symbol there is already known; ``moves[i]`` lists the transitions that can be taken
    at position i on some accepted word (the caller keeps only those reachable from the start
    and leading to acceptance, and at a known position only those reading its symbol). A
    state at a position where it is the only one possible needs no variable.

    Every state and transition has a variable; a transition implies its state before, its
    symbol and its state after; a state implies one of its transitions out and one of its
    transitions in, and a symbol one of the transitions that read it. Unit propagation on
    these clauses is as strong as a complete line solver (generalized arc consistency).
    """
    count = len(inputs)
    states: list[dict[int, int | None]] = []
    for i in range(count + 1):
        here = {m[0] for m in moves[i]} if i < count else {m[2] for m in moves[count - 1]}
        if len(here) == 1:
            states.append(dict.fromkeys(here))
        else:
            states.append({s: cnf.new() for s in sorted(here)})
    add = cnf.clauses.append
    for i in range(count):
        x = inputs[i]
        before, after = states[i], states[i + 1]
        out: dict[int, list[int | None]] = {}
        into: dict[int, list[int | None]] = {}
        read: dict[int, list[int | None]] = {0: [], 1: []}
        for s, symbol, t in moves[i]:
            parts = [lit for lit in (before[s], after[t]) if lit is not None]
            if x is not None:
                parts.append(x if symbol else -x)
            move: int | None
            if not parts:
                move = None
            elif len(parts) == 1:
                move = parts[0]
            else:
                move = cnf.new()
                for lit in parts:
                    add([-move, lit])
                add([move, *(-lit for lit in parts)])
            out.setdefault(s, []).append(move)
            into.setdefault(t, []).append(move)
            read[symbol].append(move)
        for s, state in before.items():
            _support(cnf, state, out.get(s, []))
        for t, state in after.items():
            _support(cnf, state, into.get(t, []))
        if x is not None:
            _support(cnf, x, read[1])
            _support(cnf, -x, read[0])


def _support(cnf: Cnf, lit: int | None, options: list[int | None]) -> None:
    """``lit`` (None: always true) implies one of ``options`` (None among them: always
    true, so nothing to require)."""
    if None in options:
        return
    clause = [o for o in options if o is not None]
    cnf.clauses.append(clause if lit is None else [-lit, *clause])
