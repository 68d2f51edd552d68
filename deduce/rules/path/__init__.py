"""Path puzzle rules, easiest first, in the family's table (``TABLE``: the one place their
weights and the grade's thresholds are written; ``deduce rules path`` lists them). Weights
run from looking at one cell to seeing how the whole open grid hangs together; a forcing
chain is the last rule before search."""

from __future__ import annotations

from deduce.puzzles.path.model import is_solved, on_place, value_name, var_name
from deduce.rule import Rule, Table, Technique
from deduce.rules import forcing_chain
from deduce.rules.path.arrangements import line_arrangements, pair_arrangements
from deduce.rules.path.chains import suppositions
from deduce.rules.path.connectivity import cut_cell, dead_end_pocket, unreachable
from deduce.rules.path.counts import full_line, line_needs_all
from deduce.rules.path.degree import (
    dead_end,
    edge_uses_cells,
    forced_edges,
    full_cell,
    unused_cell_edges,
)
from deduce.rules.path.edge_count import line_edge_count
from deduce.rules.path.line_loops import loop_free_arrangements
from deduce.rules.path.loops import doors_not_joined_early, no_loop
from deduce.rules.path.parity import band_parity
from deduce.rules.path.pockets import loop_pocket
from deduce.rules.path.theorems import count_sums, doors_in_one_line

#: The rules a forcing chain may follow: those up to this weight (one line at a time).
EASY = 4.4

BEFORE_CHAINS: tuple[Technique, ...] = (
    Technique(
        "count sums",
        1.0,
        count_sums,
        "Theorem 1: with every count given, row and column counts must add up alike.",
    ),
    Technique(
        "doors in one line",
        1.0,
        doors_in_one_line,
        "Theorem 2: doors in one row (column) leave no row (column) a count of 1.",
    ),
    Technique(
        "edge uses its cells", 1.0, edge_uses_cells, "An edge on the path uses both its cells."
    ),
    Technique(
        "unused cell has no edges",
        1.0,
        unused_cell_edges,
        "No path edge touches an unused cell.",
    ),
    Technique(
        "full cell",
        1.2,
        full_cell,
        "A cell with its two path edges (a door with one) has no other edge.",
    ),
    Technique(
        "forced edges",
        1.5,
        forced_edges,
        "A used cell with exactly the edges it needs left uses them all.",
    ),
    Technique(
        "dead end",
        1.5,
        dead_end,
        "A cell with fewer than two possible edges (a door: none) cannot be used.",
    ),
    Technique(
        "full line",
        2.0,
        full_line,
        "A row or column with its count of used cells uses no other cell.",
    ),
    Technique(
        "line needs all",
        2.0,
        line_needs_all,
        "A row or column whose undecided cells are exactly what it still needs uses them all.",
    ),
    Technique(
        "no loop",
        2.5,
        no_loop,
        "An edge between two cells of one piece of path would close a loop.",
    ),
    Technique(
        "doors not joined early",
        3.0,
        doors_not_joined_early,
        "Joining the two doors' pieces is allowed only when that finishes a full solution.",
    ),
    Technique(
        "unreachable cells",
        3.5,
        unreachable,
        "Cells that cannot reach the doors through open edges are unused.",
    ),
    Technique(
        "band parity",
        4.0,
        band_parity,
        "The path crosses a band of rows or columns an even number of times unless one door "
        "is inside; a band that must be visited is crossed at least twice.",
    ),
    Technique(
        "line edge count",
        4.2,
        line_edge_count,
        "A clued row or column holds twice its count in ends of path edges (a door one): two "
        "for each edge along it, one for each edge across its border.",
    ),
    Technique(
        "line arrangements",
        4.4,
        line_arrangements,
        "A clued row or column settles what all ways to place its used cells, each still "
        "able to get its path edges, agree on.",
    ),
    Technique(
        "dead-end pocket",
        4.5,
        dead_end_pocket,
        "Cells reachable only through one cell and holding no door are unused.",
    ),
    Technique(
        "loop pocket",
        4.5,
        loop_pocket,
        "Cells reachable only from one piece of path and holding no door are unused: a visit "
        "would leave into the piece it came from and close a loop.",
        search=False,
    ),
    Technique(
        "loop-free arrangements",
        4.55,
        loop_free_arrangements,
        "A clued line with few ways to place its used cells drops the ways whose edges close "
        "a loop with the path drawn, and settles what the ways left agree on.",
        search=False,
    ),
    Technique(
        "pair arrangements",
        4.6,
        pair_arrangements,
        "Two neighbouring clued rows or columns settle what all ways to place their used "
        "cells together, each still able to get its path edges, agree on.",
    ),
    Technique(
        "cut cell",
        5.0,
        cut_cell,
        "A cell every route between the doors passes through is used, and a lone edge from it "
        "toward a door is on.",
    ),
)

#: How Path forcing chains are made: a cell of a tight clued line supposed used,
#: followed by the rules up to ``EASY``, every supposition 4 steps, then those still open 16.
CHAINS = forcing_chain.Chains(
    easy=tuple(t.rule for t in BEFORE_CHAINS if t.weight <= EASY),
    suppositions=suppositions,
    var_name=var_name,
    value_name=value_name,
    on_place=on_place,
    solved=is_solved,
    lengths=(4, 16),
)

#: Search propagates with every rule but three: the forcing chain, a search of its own, and
#: the two loop rules (loop pocket, loop-free arrangements), which cost search a sixth more
#: time on the corpus for 12 fewer search nodes in 1,074 (``bench/path.py``).
TABLE = Table(
    levels=((0.0, "easy"), (2.5, "medium"), (3.5, "hard"), (4.5, "expert")),
    rows=(
        *BEFORE_CHAINS,
        forcing_chain.technique(
            CHAINS,
            5.5,
            "Suppose the path through a cell of a tight line: when easy steps from there "
            "contradict themselves, the cell is unused.",
        ),
    ),
)

RULES: tuple[Rule, ...] = TABLE.rules
SEARCH_RULES: tuple[Rule, ...] = TABLE.search_rules
