"""Sudoku rules, easiest first. Weights follow the Sudoku Explainer scale (1.0-10.0).

Local rules (Eppstein section 3.1): singles, locked candidates, subsets and fish, and the two
matching rules that subsume subsets and fish of every size. Nonlocal rules (sections 3.2-3.5):
cycles and conflicting chains in the bilocation and bivalue graphs, found through the
nonrepetitive transformation of ``deduce.graphs.nonrepetitive``. ``LOCAL_RULES`` are the
first kind, ``RULES`` both, ordered by weight.
"""

from __future__ import annotations

from functools import partial

from deduce.rule import Rule
from deduce.rules.sudoku import bilocation, bivalue, conflicts, forcing, paths
from deduce.rules.sudoku.intersections import claiming, pointing
from deduce.rules.sudoku.matching import digit_matching, fish, subsets, unit_matching
from deduce.rules.sudoku.singles import hidden_singles, naked_singles, singles_closure

LOCAL_RULES: tuple[Rule, ...] = (
    Rule(
        "hidden single (box)",
        1.2,
        partial(hidden_singles, kind="box"),
        "A digit with one place left in a box.",
    ),
    Rule(
        "hidden single (row)",
        1.5,
        partial(hidden_singles, kind="row"),
        "A digit with one place left in a row.",
    ),
    Rule(
        "hidden single (column)",
        1.5,
        partial(hidden_singles, kind="column"),
        "A digit with one place left in a column.",
    ),
    Rule("naked single", 2.3, naked_singles, "A cell with one candidate left."),
    Rule(
        "pointing",
        2.6,
        pointing,
        "In a box, a digit confined to one line leaves the rest of the line.",
    ),
    Rule(
        "claiming",
        2.8,
        claiming,
        "In a line, a digit confined to one box leaves the rest of the box.",
    ),
    Rule(
        "naked pair",
        3.0,
        partial(subsets, kind="naked", size=2),
        "Two cells holding only the same two digits.",
    ),
    Rule(
        "X-wing",
        3.2,
        partial(fish, size=2),
        "A digit confined to the same two rows in two columns (or vice versa).",
    ),
    Rule(
        "hidden pair",
        3.4,
        partial(subsets, kind="hidden", size=2),
        "Two digits confined to the same two cells.",
    ),
    Rule(
        "naked triple",
        3.6,
        partial(subsets, kind="naked", size=3),
        "Three cells holding only three digits.",
    ),
    Rule(
        "swordfish", 3.8, partial(fish, size=3), "A digit confined to three rows in three columns."
    ),
    Rule(
        "hidden triple",
        4.0,
        partial(subsets, kind="hidden", size=3),
        "Three digits confined to three cells.",
    ),
    Rule(
        "naked quad",
        5.0,
        partial(subsets, kind="naked", size=4),
        "Four cells holding only four digits.",
    ),
    Rule("jellyfish", 5.2, partial(fish, size=4), "A digit confined to four rows in four columns."),
    Rule(
        "hidden quad",
        5.4,
        partial(subsets, kind="hidden", size=4),
        "Four digits confined to four cells.",
    ),
    Rule(
        "digit matching",
        5.6,
        digit_matching,
        "First matching rule: placements of a digit no rows×columns perfect matching uses (any fish).",
    ),
    Rule(
        "unit matching",
        5.7,
        unit_matching,
        "Second matching rule: candidates no digits×cells perfect matching of the unit uses (any subset).",
    ),
)

#: The nonlocal rules. Each step is one chain a player can check on its own; the Eppstein rules
#: take one step at a time (then the easier rules get another go), the two implication-graph
#: rules every candidate their one computation forces.
NONLOCAL_RULES: tuple[Rule, ...] = (
    Rule(
        "X-chain",
        6.5,
        forcing.x_chains,
        "A chain of one digit's links (its two places in a unit, its one place in a unit) from "
        "a candidate's denial to itself, or from it to its denial: turbot fish, X-cycles.",
    ),
    Rule(
        "bivalue nonrepetitive cycle",
        6.6,
        bivalue.nonrepetitive_cycles,
        "A closed chain of two-candidate cells, consecutive links on different digits: each "
        "link's digit leaves the cells that see both its ends.",
    ),
    Rule(
        "bilocation nonrepetitive cycle",
        6.7,
        bilocation.nonrepetitive_cycles,
        "A closed chain of links (a digit's only two places in a unit), consecutive links on "
        "different digits: each cell on it holds one of its two link digits.",
    ),
    Rule(
        "bivalue repetitive cycle",
        6.8,
        bivalue.repetitive_cycles,
        "A closed chain of two-candidate cells repeating one digit at one cell: that cell is "
        "its other digit.",
    ),
    Rule(
        "bilocation repetitive cycle",
        6.9,
        bilocation.repetitive_cycles,
        "A closed chain of links repeating one digit at one cell: that cell holds the digit.",
    ),
    Rule(
        "bivalue path",
        7.0,
        paths.bivalue_paths,
        "A chain of two-candidate cells from a cell holding d to a cell it would leave with d "
        "(an XY-chain): d leaves the cells that see both ends.",
    ),
    Rule(
        "bilocation path",
        7.1,
        paths.bilocation_paths,
        "A chain of links starting and ending on digit d: d leaves the cells that see both ends.",
    ),
    Rule(
        "conflicting paths (bivalue)",
        7.2,
        conflicts.bivalue_conflicts,
        "Chains of two-candidate cells from one cell and digit whose ends cannot all hold: "
        "the cell is its other digit.",
    ),
    Rule(
        "conflicting paths (bilocation)",
        7.4,
        conflicts.bilocation_conflicts,
        "Chains of links from one cell and digit whose ends cannot all hold: the cell holds "
        "the digit.",
    ),
    Rule(
        "conflicting paths (mixed)",
        7.6,
        conflicts.mixed_conflicts,
        "Chains of links and of two-candidate cells from one two-candidate cell whose ends "
        "cannot all hold.",
    ),
    Rule(
        "forcing chain",
        7.8,
        forcing.forcing_chains,
        "A chain of two-candidate links (cells with two digits, digits with two places, mixed "
        "freely) from a candidate's denial to itself, or from it to its denial.",
    ),
)

RULES: tuple[Rule, ...] = tuple(sorted(LOCAL_RULES + NONLOCAL_RULES, key=lambda r: r.weight))

#: The rules search propagates with at every node: the singles, followed to their fixpoint
#: in one call. Measured on top95 and the forum's hardest: more nodes than with every rule,
#: but each so much cheaper that search is several times faster (bench/sudoku_rate.py). The
#: rules-only part of a solve uses all RULES.
SEARCH_RULES: tuple[Rule, ...] = (
    Rule(
        "singles",
        1.2,
        singles_closure,
        "Hidden and naked singles, one after another until none is left (for search).",
        sequence=True,
    ),
)
