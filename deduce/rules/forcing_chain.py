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
from functools import partial
from typing import Any

import attrs

from deduce.engine import apply_step, next_step
from deduce.errors import Contradiction
from deduce.rule import Rule, Technique
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
    player would try, in the order they would try them, in tiers (the most telling first:
    a tier is followed to every length before the next is tried); ``on_place``, ``var_name`` and
    ``value_name`` are the family's (what applying a step needs, ``deduce.engine.Placing``);
    ``solved`` tells a finished grid (where a chain stops: no contradiction). A chain is
    followed at most ``lengths[-1]`` easy steps; every supposition is followed
    ``lengths[0]`` steps first, then those still open ``lengths[1]``, and so on.
    ``per_step`` is the difficulty a chain gains per easy step, over the rule's weight.
    One call makes at most ``steps_per_variable`` easy steps per variable of the grid, and
    never more than ``most_steps``, all chains together (past that it finds nothing): a bound
    on the work, polynomial (each easy step costs a pass of the easy rules over the grid, so a
    budget growing with the grid would make a big sparse board's calls cost its square).
    """

    easy: tuple[Rule, ...]
    suppositions: Callable[[State[Any]], Iterable[Iterable[tuple[int, int]]]]
    var_name: Callable[[Any, int], str]
    value_name: Callable[[Any, int, int], str]
    on_place: Callable[[State[Any], int, int], None] | None = None
    solved: Callable[[State[Any]], bool] = State.all_single
    lengths: tuple[int, ...] = (1, 2, 4, 8, 16, 32)
    per_step: float = 0.05
    steps_per_variable: int = 8
    most_steps: int = 300


class Chain:
    """One supposition followed so far: ``var`` supposed to hold ``value``, the grid
    ``hypo`` as the chain has left it, the easy ``steps`` made (in order), and the
    ``contradiction`` that ended them (None while there is none; ``done`` once the chain
    can go no further: a contradiction, nothing easy left, or the grid solved)."""

    __slots__ = ("contradiction", "done", "hypo", "steps", "value", "var")

    def __init__(self, chains: Chains, state: State[Any], var: int, value: int) -> None:
        self.var, self.value = var, value
        self.hypo = state.copy()
        self.steps: list[Step] = []
        self.contradiction: str | None = None
        self.done = False
        try:
            apply_step(chains, self.hypo, Step(SUPPOSITION, "", placements=((var, value),)))
        except Contradiction as exc:
            self.contradiction, self.done = str(exc), True

    def extend(self, chains: Chains, most: int) -> int:
        """Go on until the chain has ``most`` easy steps (or is done), each the easiest
        progressing one on the grid as the chain has left it (``deduce.engine.next_step``);
        returns how many steps it made."""
        hypo, made = self.hypo, self.steps
        before = len(made)
        try:
            while not self.done and len(made) < most:
                found = None if chains.solved(hypo) else next_step(hypo, chains.easy)
                if found is None:
                    self.done = True
                    break
                made.append(found[1])
                apply_step(chains, hypo, found[1])
        except Contradiction as exc:
            self.contradiction, self.done = str(exc), True
        return len(made) - before


def shortest(chains: Chains, state: State[Any]) -> Chain | None:
    """The first supposition refuted by a chain of at most ``lengths[0]`` easy steps, else
    of ``lengths[1]``, and so on, asking the family's tiers of suppositions one after
    another (each tier at every length before the next); None when none is refuted within
    ``lengths[-1]`` steps. A chain still open at one length is taken up where it stopped at
    the next."""
    budget = min(chains.steps_per_variable * len(state.domains), chains.most_steps)
    for tier in chains.suppositions(state):
        pending = [Chain(chains, state, v, x) for v, x in tier if state.domains[v] >> x & 1]
        for most in chains.lengths:
            for chain in pending:
                budget -= chain.extend(chains, most)
                if chain.contradiction is not None:
                    return chain
                if budget < 0:
                    return None
            pending = [chain for chain in pending if not chain.done]
    return None


def refuted(state: State[Any], chains: Chains, weight: float) -> Iterator[Step]:
    """The step removing the value whose supposition the family's ``chains`` refute first
    (``shortest``), weighing ``weight`` plus ``chains.per_step`` for every easy step of its
    chain (a longer chain is harder to see)."""
    chain = shortest(chains, state)
    if chain is not None:
        difficulty = round(weight + chains.per_step * len(chain.steps), 3)
        yield chain_step(chains, state, chain, difficulty)


def technique(chains: Chains, weight: float, description: str) -> Technique:
    """The forcing-chain row of a family's table (``refuted`` with the family's ``chains``),
    weighing ``weight``; search does not use it (a guess costs less at every node)."""
    return Technique(
        NAME, weight, partial(refuted, chains=chains), description, search=False, weigh="weight"
    )


def chain_step(chains: Chains, state: State[Any], chain: Chain, difficulty: float) -> Step:
    """The step of a refuted supposition: the sentence says what was supposed, how many easy
    steps of which rules followed, and the contradiction; ``substeps`` spell it out."""
    puzzle, var, value = state.puzzle, chain.var, chain.value
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
                f"A contradiction: {chain.contradiction}.",
                kind=CONTRADICTION,
            ),
        ),
    )
