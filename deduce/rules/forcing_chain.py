"""Forcing chains: suppose one value, follow easy rules alone, and when they contradict
themselves the value is not there.

The last rule a family asks before search, in any family: a player who is stuck picks a
telling cell, writes in one of its values in pencil, follows the easy deductions that come
from it, and when they run into an impossibility, rubs the value out. That is not a guess:
the value is disproved, and the argument is short enough to check. One step of this rule
carries its whole chain in ``Step.substeps``: the supposition, every easy step that follows
(each the step the easiest progressing easy rule makes on the grid as the chain has left it,
so each is true when read on that grid), and the contradiction. Shorter chains are found
first: every supposition is followed a few steps, then those still open further
(``Chains.lengths``), so the step shown is one of the shortest there are within the bound.

What counts as easy, which suppositions a player would try, and in what order, is the
family's to say (``Chains``); the chain is found the same way for every family.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

import attrs

from deduce.engine import apply_step, next_step
from deduce.errors import Contradiction
from deduce.rule import Rule
from deduce.state import State
from deduce.step import CONTRADICTION, Step

#: The rule name a forcing-chain step carries, and its supposition's substep.
NAME = "forcing chain"
SUPPOSITION = "supposition"


@attrs.frozen
class Chains:
    """How one family makes forcing chains.

    ``easy`` are the rules a chain may use after its supposition (easiest first); a
    supposition is a (variable, value) pair, and ``suppositions(state)`` gives the ones a
    player would try, in the order they would try them; ``on_place``, ``var_name`` and
    ``value_name`` are the family's (what applying a step needs, ``deduce.engine.Placing``);
    ``solved`` tells a finished grid (where a chain stops: no contradiction). A chain is
    followed at most ``lengths[-1]`` easy steps; every supposition is followed
    ``lengths[0]`` steps first, then those still open ``lengths[1]``, and so on.
    ``per_step`` is the difficulty a chain gains per easy step, over the rule's weight.
    """

    easy: tuple[Rule, ...]
    suppositions: Callable[[State[Any]], Iterable[tuple[int, int]]]
    var_name: Callable[[Any, int], str]
    value_name: Callable[[Any, int, int], str]
    on_place: Callable[[State[Any], int, int], None] | None = None
    solved: Callable[[State[Any]], bool] = State.all_single
    lengths: tuple[int, ...] = (2, 4, 8, 16)
    per_step: float = 0.05


@attrs.frozen
class Chain:
    """What following one supposition found: the easy steps made (in order), and the
    contradiction that ended them (None when the chain stopped without one, ``done`` saying
    whether it stopped because nothing easy was left or the grid was solved)."""

    steps: tuple[Step, ...]
    contradiction: str | None
    done: bool


def follow(chains: Chains, state: State[Any], var: int, value: int, most: int) -> Chain:
    """Suppose ``var`` holds ``value`` on a copy of ``state`` and make at most ``most`` easy
    steps from there, each the easiest progressing one (``deduce.engine.next_step``)."""
    hypo = state.copy()
    made: list[Step] = []
    try:
        apply_step(chains, hypo, Step(SUPPOSITION, "", placements=((var, value),)))
        while len(made) < most:
            if chains.solved(hypo):
                return Chain(tuple(made), None, True)
            found = next_step(hypo, chains.easy)
            if found is None:
                return Chain(tuple(made), None, True)
            made.append(found[1])
            apply_step(chains, hypo, found[1])
    except Contradiction as exc:
        return Chain(tuple(made), str(exc), True)
    return Chain(tuple(made), None, False)


def shortest(chains: Chains, state: State[Any]) -> tuple[int, int, Chain] | None:
    """The first supposition (in the family's order) refuted by a chain of at most
    ``lengths[0]`` easy steps, else of ``lengths[1]``, and so on; None when none is within
    ``lengths[-1]``."""
    open_ = [(var, value) for var, value in chains.suppositions(state)]
    for most in chains.lengths:
        still = []
        for var, value in open_:
            if not state.domains[var] >> value & 1:
                continue
            chain = follow(chains, state, var, value, most)
            if chain.contradiction is not None:
                return var, value, chain
            if not chain.done:
                still.append((var, value))
        open_ = still
    return None


def rule(chains: Chains, weight: float, description: str) -> Rule:
    """The forcing-chain rule of a family: its steps remove a value whose supposition the
    family's ``chains`` refute (``shortest``), each weighing ``weight`` plus
    ``chains.per_step`` for every easy step of its chain (a longer chain is harder to see)."""

    def find(state: State[Any]) -> Iterator[Step]:
        found = shortest(chains, state)
        if found is not None:
            var, value, chain = found
            difficulty = round(weight + chains.per_step * len(chain.steps), 3)
            yield chain_step(chains, state, var, value, chain, difficulty)

    return Rule(NAME, weight, find, description)


def chain_step(
    chains: Chains, state: State[Any], var: int, value: int, chain: Chain, difficulty: float
) -> Step:
    """The step of a refuted supposition: the sentence says what was supposed, how many easy
    steps of which rules followed, and the contradiction; ``substeps`` spell it out."""
    puzzle = state.puzzle
    cell = chains.var_name(puzzle, var)
    said = f"{cell} = {chains.value_name(puzzle, var, value)}"
    count = len(chain.steps)
    rules = ", ".join(dict.fromkeys(s.rule for s in chain.steps))
    middle = (
        f"{count} easy step{'s' if count > 1 else ''} ({rules}) "
        f"lead{'' if count > 1 else 's'} to a contradiction: "
        if count
        else "at once "
    )
    assert chain.contradiction is not None
    text = f"Suppose {said}: {middle}{chain.contradiction}. So {said} is false."
    touched: dict[int, None] = {var: None}
    for step in chain.steps:
        touched.update(dict.fromkeys(v for v, _ in (*step.placements, *step.eliminations)))
    return Step(
        NAME,
        text,
        eliminations=((var, value),),
        premises=tuple(touched),
        region=cell,
        difficulty=difficulty,
        substeps=(
            Step(SUPPOSITION, f"Suppose {said}.", placements=((var, value),), region=cell),
            *chain.steps,
            Step(
                "contradiction",
                f"{chain.contradiction[:1].upper()}{chain.contradiction[1:]}: a contradiction.",
                kind=CONTRADICTION,
            ),
        ),
    )
