"""Signpost rules, easiest first, in the family's table (``TABLE``: the one place their
weights and the grade's thresholds are written; ``deduce rules signpost`` lists them).

Tatham's test of which links are possible, one reason at a time (see ``links``): a cell with
one way on or one way in left, consecutive numbers, no loops, the gap a chain must fit. His
generator keeps the puzzles these finish. Then ranges (see ``ranges``): where a chain's run
fits among the free numbers, and ranges narrowed along the arrows (heavier for each extra
round). Numbering along links is bookkeeping after a guessed link: every other rule writes the
numbers a link gives. The link rules weigh close together: which reason a link needs matters
less to how hard a solve is than how many links there are and how hard each is to find
(bench/signpost_grade.py).

Signpost's levels are reached by a solve's length and work (``deduce.difficulty.signpost``), not
by its hardest rule: a rule's level is the least a solve using it gets.
"""

from __future__ import annotations

from functools import partial

from deduce.rule import Rule, Table, Technique
from deduce.rules.signpost.chains import numbering_along_links
from deduce.rules.signpost.links import links
from deduce.rules.signpost.ranges import ranges_along_arrows, where_a_chain_fits
from deduce.rules.signpost.settled import ARROW, GAP, LOOP, NUMBERS

#: Search propagates with numbering and Tatham's link test. The range rules are for the log a
#: player reads; inside a search, where the log is a guess's consequences, the cheaper link
#: test and more guesses cost less than ranges at every node.
TABLE = Table(
    levels=((0.0, "easy"), (5.0, "medium"), (6.4, "hard"), (7.5, "expert")),
    rows=(
        Technique(
            "numbering along links",
            0.5,
            numbering_along_links,
            "Linked cells hold consecutive numbers: a chain with a number is numbered whole.",
            level="easy",
        ),
        Technique(
            "only way on",
            1.0,
            partial(links, tier=ARROW, forms=("on",)),
            "One cell left along the arrow: link them.",
            level="easy",
            weigh="weight",
            named=True,
        ),
        Technique(
            "only way in",
            1.05,
            partial(links, tier=ARROW, forms=("in", "last")),
            "One cell left pointing at a cell: link them.",
            level="easy",
            weigh="weight",
            named=True,
        ),
        Technique(
            "consecutive numbers",
            1.1,
            partial(links, tier=NUMBERS, forms=("on", "in", "last")),
            "Numbered cells link only to the next number: one link left.",
            level="easy",
            weigh="weight",
            named=True,
        ),
        Technique(
            "no loops",
            1.15,
            partial(links, tier=LOOP, forms=("on", "in", "last")),
            "A chain's last cell cannot lead back to its first.",
            level="easy",
            weigh="weight",
            named=True,
        ),
        Technique(
            "gap fit",
            1.2,
            partial(links, tier=GAP, forms=("on", "in", "last")),
            "A chain must fit in the free numbers next to the number it joins.",
            level="easy",
            weigh="weight",
            named=True,
        ),
        Technique(
            "where a chain fits",
            3.0,
            where_a_chain_fits,
            "A chain's run of numbers must fit among the free numbers.",
            level="hard",
            search=False,
        ),
        Technique(
            "ranges along arrows",
            3.3,
            ranges_along_arrows,
            "Ranges narrowed along the arrows, round after round (heavier per round).",
            level="hard",
            search=False,
            weigh="weight",
        ),
    ),
)

RULES: tuple[Rule, ...] = TABLE.rules
SEARCH_RULES: tuple[Rule, ...] = TABLE.search_rules
