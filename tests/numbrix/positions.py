"""Numbrix and Hidato positions rule tests start from: a puzzle and the state a few engine rounds reach."""

from __future__ import annotations

import deduce
from deduce.testing import rule_round

NUMBRIX = deduce.get_family("numbrix")
HIDATO = deduce.get_family("hidato")

#: Janko Hidoku 202 (../shared/corpora/hidato/janko_hidoku_third.jsonl).
HIDATO_202 = "25 0 0 0 0 0/0 0 28 32 0 36/0 21 23 0 14 0/20 0 0 0 0 0/0 1 0 0 0 0/2 0 0 6 7 10"


def state_after(family, text, rounds):
    """The state after ``rounds`` rounds of the engine (each applies one rule's steps)."""
    state = family.initial_state(family.parse(text))
    for _ in range(rounds):
        rule_round(family, state)
    return state
