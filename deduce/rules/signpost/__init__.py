"""Signpost rules, easiest first.

Tatham's test of which links are possible, one reason at a time (see ``links``): a cell with
one way on or one way in left (1.0, 1.1), consecutive numbers (1.3), no loops (1.5), the gap
a chain must fit (1.7). His generator keeps the puzzles these finish. Then ranges (see
``ranges``): where a chain's run fits among the free numbers (2.0), and ranges narrowed along
the arrows (2.3, and 0.1 more per extra round). Numbering along links (0.5) is bookkeeping
after a guessed link: every other rule writes the numbers a link gives.
"""

from __future__ import annotations

from deduce.rule import Rule
from deduce.rules.signpost.chains import numbering_along_links
from deduce.rules.signpost.links import (
    WEIGHTS,
    consecutive_numbers,
    gap_fit,
    no_loops,
    only_way_in,
    only_way_on,
)
from deduce.rules.signpost.ranges import ranges_along_arrows, where_a_chain_fits

RULES: tuple[Rule, ...] = (
    Rule(
        "numbering along links",
        0.5,
        numbering_along_links,
        "Linked cells hold consecutive numbers: a chain with a number is numbered whole.",
    ),
    Rule(
        "only way on",
        WEIGHTS["only way on"],
        only_way_on,
        "One cell left along the arrow: link them.",
    ),
    Rule(
        "only way in",
        WEIGHTS["only way in"],
        only_way_in,
        "One cell left pointing at a cell: link them.",
    ),
    Rule(
        "consecutive numbers",
        WEIGHTS["consecutive numbers"],
        consecutive_numbers,
        "Numbered cells link only to the next number: one link left.",
    ),
    Rule(
        "no loops",
        WEIGHTS["no loops"],
        no_loops,
        "A chain's last cell cannot lead back to its first.",
    ),
    Rule(
        "gap fit",
        WEIGHTS["gap fit"],
        gap_fit,
        "A chain must fit in the free numbers next to the number it joins.",
    ),
    Rule(
        "where a chain fits",
        3.0,
        where_a_chain_fits,
        "A chain's run of numbers must fit among the free numbers.",
    ),
    Rule(
        "ranges along arrows",
        3.3,
        ranges_along_arrows,
        "Ranges narrowed along the arrows, round after round (heavier per round).",
    ),
)

#: What search propagates with at every node: numbering and Tatham's link test. The range
#: rules are for the log a player reads; inside a search, where the log is a guess's
#: consequences, the cheaper link test and more guesses cost less than ranges at every node.
SEARCH_RULES: tuple[Rule, ...] = RULES[:6]
