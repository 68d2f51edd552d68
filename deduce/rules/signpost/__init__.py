"""Signpost rules, easiest first.

Weights: bookkeeping (0.5), Tatham's two link rules and singles (1.0-1.2), numbering along
links (1.5), the hidden single for numbers (1.8), number/arrow agreement (2.0), no loops
(2.2), chain fit (2.5), reachability counted in arrow steps (3.0).
"""

from __future__ import annotations

from deduce.rule import Rule
from deduce.rules.signpost.links import (
    no_loops,
    one_predecessor_each,
    only_predecessor,
    only_successor,
)
from deduce.rules.signpost.numbers import (
    chain_fit,
    distinct_numbers,
    next_number,
    numbering_along_chains,
    only_cell_for_number,
    reachability,
    single_number,
)

RULES: tuple[Rule, ...] = (
    Rule("distinct numbers", 0.5, distinct_numbers, "A placed number is in no other cell."),
    Rule("one predecessor each", 0.5, one_predecessor_each, "A cell follows at most one cell."),
    Rule("single number", 1.0, single_number, "A cell with one number left holds it."),
    Rule(
        "only successor",
        1.0,
        only_successor,
        "Only one cell along the arrow can follow: link them.",
    ),
    Rule(
        "only predecessor", 1.2, only_predecessor, "Only one cell can point at this one: link them."
    ),
    Rule(
        "numbering along links",
        1.5,
        numbering_along_chains,
        "Linked cells hold consecutive numbers.",
    ),
    Rule(
        "only cell for a number", 1.8, only_cell_for_number, "A number that fits in one cell only."
    ),
    Rule(
        "next number", 2.0, next_number, "The successor of k holds k+1: arrows and numbers agree."
    ),
    Rule("no loops", 2.2, no_loops, "A chain's last cell cannot point back at its first."),
    Rule("chain fit", 2.5, chain_fit, "A chain must fit in a run of free numbers."),
    Rule("reachability", 3.0, reachability, "Number a+t lies t arrow steps from a placed a."),
)
