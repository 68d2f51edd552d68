"""Numbrix and Hidato rules, easiest first, in the family's table (``TABLE``: the one place
their weights and the grade's thresholds are written; ``deduce rules numbrix`` lists them).

The seed's placement patterns among the written numbers (straight edge, single option,
L-shape, neighbour leftover); the singles read from the candidates; reachability by counting
steps, with the chessboard colour for Numbrix; dead ends; two ways out; bottlenecks, cells
every way of a run passes; isolated regions; pigeonhole, j numbers fitting only in j cells;
the seed's bounded path enumeration, BFS placement, for runs with few enough ways to list;
competing runs, two such runs laid out together; and last before search a forcing chain
(heavier per easy step of its chain).
"""

from __future__ import annotations

from deduce.puzzles.numbrix.model import is_solved, on_place, value_name, var_name
from deduce.rule import Rule, Table, Technique
from deduce.rules import forcing_chain
from deduce.rules.numbrix.bottleneck import bottlenecks
from deduce.rules.numbrix.chains import suppositions
from deduce.rules.numbrix.competing import competing_runs
from deduce.rules.numbrix.paths import bfs_placement
from deduce.rules.numbrix.pigeonhole import pigeonhole
from deduce.rules.numbrix.placement import (
    l_shape,
    neighbour_leftover,
    single_option_empty,
    single_option_filled,
    straight_edge,
)
from deduce.rules.numbrix.reach import reachability
from deduce.rules.numbrix.regions import dead_ends, isolated_regions, two_ways_out
from deduce.rules.numbrix.singles import only_cell_for_number, single_number

#: The rules a forcing chain may follow: those up to this weight.
EASY = 3.0

BEFORE_CHAINS: tuple[Technique, ...] = (
    Technique(
        "straight edge",
        1.0,
        straight_edge,
        "k-1 and k+1 have exactly one cell next to both: k goes there.",
    ),
    Technique(
        "single option (filled cell)",
        1.1,
        single_option_filled,
        "A written number still needing one neighbour has one free neighbour: it goes there.",
    ),
    Technique(
        "single option (empty cell)",
        1.2,
        single_option_empty,
        "Of the cells next to both k-1 and k+1 only one is free: k goes there.",
    ),
    Technique(
        "L-shape",
        1.5,
        l_shape,
        "Of a number's two free neighbours, one is claimed by a nearby number needing both of "
        "its own: the number goes to the other.",
    ),
    Technique(
        "neighbour leftover",
        1.7,
        neighbour_leftover,
        "An empty cell with at most one free neighbour continues a written neighbour's count; "
        "when only one number can (and 1 and the last cannot reach it), it is that.",
    ),
    Technique("single number", 2.0, single_number, "Only one number is left for this cell."),
    Technique("only cell for a number", 2.2, only_cell_for_number, "Only one cell is left for k."),
    Technique(
        "reachability",
        2.5,
        reachability,
        "k lies within |k-j| steps of the placed numbers j around it (through free cells; on "
        "the chessboard colour that parity gives, for Numbrix).",
    ),
    Technique(
        "dead ends",
        2.8,
        dead_ends,
        "k needs neighbours able to hold k-1 and k+1; a cell without them cannot be k.",
    ),
    Technique(
        "two ways out",
        3.0,
        two_ways_out,
        "A cell whose number can continue into only two neighbours is linked to both.",
    ),
    Technique(
        "bottleneck",
        3.1,
        bottlenecks,
        "A cell every way of laying a run of missing numbers passes holds one of its numbers.",
        search=False,
    ),
    Technique(
        "isolated regions",
        3.2,
        isolated_regions,
        "A walled-off region of free cells is filled exactly by whole runs of missing numbers.",
        search=False,
    ),
    Technique(
        "pigeonhole",
        3.3,
        pigeonhole,
        "j missing numbers that fit only in j cells fill them; j cells that can only hold j "
        "numbers take them all.",
        search=False,
    ),
    Technique(
        "BFS placement",
        3.5,
        bfs_placement,
        "List the paths a run of missing numbers can take (bounded): keep what all agree on.",
        search=False,
    ),
    Technique(
        "competing runs",
        3.6,
        competing_runs,
        "Two runs with few ways each that want the same cells: keep the pairs of ways that "
        "share no cell, and what they agree on.",
        search=False,
    ),
)

#: How Numbrix and Hidato forcing chains are made: a missing neighbour of a written number
#: supposed in one of its few places, followed by the rules up to ``EASY``.
CHAINS = forcing_chain.Chains(
    easy=tuple(t.rule for t in BEFORE_CHAINS if t.weight <= EASY),
    suppositions=suppositions,
    var_name=var_name,
    value_name=value_name,
    on_place=on_place,
    solved=is_solved,
)

#: Search propagates with every rule but those that look at the whole board's runs or
#: regions (bottleneck, isolated regions, pigeonhole, BFS placement, competing runs), which
#: rarely refute a guess sooner than the rest and cost more, and forcing chains, which are a
#: search of their own.
TABLE = Table(
    levels=((0.0, "easy"), (1.95, "medium"), (2.75, "hard"), (3.45, "expert")),
    rows=(
        *BEFORE_CHAINS,
        forcing_chain.technique(
            CHAINS,
            4.0,
            "Suppose a number in one of its few places: when easy steps from there contradict "
            "themselves, it is not there.",
        ),
    ),
)

RULES: tuple[Rule, ...] = TABLE.rules
SEARCH_RULES: tuple[Rule, ...] = TABLE.search_rules
