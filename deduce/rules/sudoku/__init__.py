"""Sudoku rules, easiest first. Weights follow the Sudoku Explainer scale (1.0-10.0).

Local rules (Eppstein section 3.1): singles, locked candidates, subsets and fish, and the two
matching rules that subsume subsets and fish of every size. Pattern rules: the middle band of
wings, single-digit patterns and uniqueness techniques. Nonlocal rules (sections 3.2-3.5, and
beyond): chains, loops and conflicting chains in the bilocation and bivalue graphs, found
through the nonrepetitive transformation of ``deduce.graphs.nonrepetitive``, and the forcing
chains of the 2-SAT instance. ``TABLE`` is the one place Sudoku's weights and levels are
written: its rows are the three kinds (``LOCAL``, ``PATTERN``, ``NONLOCAL``; their rules
``LOCAL_RULES``, ``PATTERN_RULES``, ``NONLOCAL_RULES``) and the singles search propagates with;
``RULES`` are the rules of a solve, ordered by weight.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial

from deduce.rule import Rule, Table, Technique
from deduce.rules.sudoku import (
    bilocation,
    bivalue,
    conflicts,
    forcing,
    multiple,
    paths,
    single_digit,
    uniqueness,
    wings,
)
from deduce.rules.sudoku.intersections import claiming, pointing
from deduce.rules.sudoku.matching import digit_matching, fish, subsets, unit_matching
from deduce.rules.sudoku.singles import hidden_singles, naked_singles, singles_closure
from deduce.step import Step

#: The singles. Search's closure of the singles weighs its steps as these do.
_HIDDEN_BOX = Technique(
    "hidden single (box)",
    1.2,
    partial(hidden_singles, kind="box"),
    "A digit with one place left in a box.",
    search=False,
    weigh="weight",
    resumable=True,
)
_HIDDEN_ROW = Technique(
    "hidden single (row)",
    1.5,
    partial(hidden_singles, kind="row"),
    "A digit with one place left in a row.",
    search=False,
    weigh="weight",
)
_HIDDEN_COLUMN = Technique(
    "hidden single (column)",
    1.5,
    partial(hidden_singles, kind="column"),
    "A digit with one place left in a column.",
    search=False,
    weigh="weight",
)
_NAKED = Technique(
    "naked single",
    2.3,
    naked_singles,
    "A cell with one candidate left.",
    search=False,
    weigh="weight",
)

#: The rules the matching rules' steps weigh as (a set or fish of that size) come first.
_BEFORE_MATCHING: tuple[Technique, ...] = (
    _HIDDEN_BOX,
    _HIDDEN_ROW,
    _HIDDEN_COLUMN,
    _NAKED,
    Technique(
        "pointing",
        2.6,
        pointing,
        "In a box, a digit confined to one line leaves the rest of the line.",
        search=False,
        weigh="weight",
    ),
    Technique(
        "claiming",
        2.8,
        claiming,
        "In a line, a digit confined to one box leaves the rest of the box.",
        search=False,
        weigh="weight",
    ),
    *(
        Technique(name, weight, partial(find, **kind), description, search=False, weigh="weight")
        for name, weight, find, kind, description in (
            ("naked pair", 3.0, subsets, {"kind": "naked", "size": 2},
             "Two cells holding only the same two digits."),
            ("X-Wing", 3.2, fish, {"size": 2},
             "A digit confined to the same two rows in two columns (or vice versa)."),
            ("hidden pair", 3.4, subsets, {"kind": "hidden", "size": 2},
             "Two digits confined to the same two cells."),
            ("naked triple", 3.6, subsets, {"kind": "naked", "size": 3},
             "Three cells holding only three digits."),
            ("swordfish", 3.8, fish, {"size": 3}, "A digit confined to three rows in three columns."),
            ("hidden triple", 4.0, subsets, {"kind": "hidden", "size": 3},
             "Three digits confined to three cells."),
            ("naked quad", 5.0, subsets, {"kind": "naked", "size": 4},
             "Four cells holding only four digits."),
            ("jellyfish", 5.2, fish, {"size": 4}, "A digit confined to four rows in four columns."),
            ("hidden quad", 5.4, subsets, {"kind": "hidden", "size": 4},
             "Four digits confined to four cells."),
        )
    ),
)  # fmt: skip
_SET_WEIGHTS = {t.name: t.weight for t in _BEFORE_MATCHING}
_DIGIT_MATCHING = Technique(
    "digit matching",
    5.6,
    partial(digit_matching, weights=_SET_WEIGHTS),
    "First matching rule: placements of a digit no rows×columns perfect matching uses (any fish).",
    search=False,
    weigh="weight",
)

LOCAL: tuple[Technique, ...] = (
    *_BEFORE_MATCHING,
    _DIGIT_MATCHING,
    Technique(
        "unit matching",
        5.7,
        partial(unit_matching, weights=_SET_WEIGHTS, beyond=_DIGIT_MATCHING.weight),
        "Second matching rule: candidates no digits×cells perfect matching of the unit uses (any subset).",
        search=False,
    ),
)

#: Unique rectangles of types 2 to 4 weigh as type 1 does, type 3 more for a larger set.
_RECTANGLE = Technique(
    "Unique Rectangle type 1",
    4.5,
    uniqueness.type_1,
    "Assuming one solution: three corners of a rectangle hold only x|y, the fourth is neither.",
    search=False,
    assumes_unique=True,
)

#: The middle band: wings, single-digit patterns and uniqueness techniques, at the weights
#: Sudoku Explainer gives them (Sukaku Explainer for those the classic SE lacks). One step a
#: call: each is one pattern a player checks on its own.
PATTERN: tuple[Technique, ...] = (
    Technique(
        "Skyscraper",
        4.0,
        single_digit.skyscrapers,
        "Two strong links of a digit in parallel lines, inner ends in one line: the digit "
        "leaves the cells that see both outer ends.",
        search=False,
    ),
    Technique(
        "2-String Kite",
        4.1,
        single_digit.two_string_kites,
        "A strong link in a row and one in a column, inner ends in one box: the digit leaves "
        "the cells that see both outer ends.",
        search=False,
    ),
    Technique(
        "Turbot Fish",
        4.2,
        single_digit.turbot_fish,
        "Any other two strong links of a digit whose inner ends see each other.",
        search=False,
    ),
    Technique(
        "XY-Wing",
        4.2,
        wings.xy_wings,
        "A pivot x|y seeing pincers x|z and y|z: z leaves the cells that see both pincers.",
        search=False,
    ),
    Technique(
        "Empty Rectangle",
        4.3,
        single_digit.empty_rectangles,
        "A box whose digit lies in one row and one column, and a strong link outside it.",
        search=False,
    ),
    Technique(
        "XYZ-Wing",
        4.4,
        wings.xyz_wings,
        "A pivot x|y|z seeing pincers x|z and y|z: z leaves the cells that see all three.",
        search=False,
    ),
    Technique(
        "W-Wing",
        4.4,
        wings.w_wings,
        "Two x|y cells joined by a strong link on x: y leaves the cells that see both.",
        search=False,
    ),
    _RECTANGLE,
    Technique(
        "Unique Rectangle type 2",
        _RECTANGLE.weight,
        uniqueness.type_2,
        "Assuming one solution: the other two corners share one extra digit z, which leaves "
        "the cells that see both.",
        search=False,
        assumes_unique=True,
    ),
    Technique(
        "Unique Rectangle type 4",
        _RECTANGLE.weight,
        uniqueness.type_4,
        "Assuming one solution: x has no other place in a unit the other two corners share, "
        "so they lose y.",
        search=False,
        assumes_unique=True,
    ),
    Technique(
        "Unique Rectangle type 3",
        4.6,
        partial(uniqueness.type_3, base=_RECTANGLE.weight),
        "Assuming one solution: the other two corners' extra digits form a naked set with "
        f"cells of a unit they share ({_RECTANGLE.weight} + 0.1 per digit of the set beyond "
        "the first).",
        search=False,
        assumes_unique=True,
    ),
    Technique(
        "BUG+1",
        5.6,
        uniqueness.bug_plus_one,
        "Assuming one solution: all cells two-candidate but one, each digit twice per unit but "
        "one digit in that cell's units: it goes there.",
        search=False,
        assumes_unique=True,
    ),
)


def _chain(
    name: str, weight: float, find: Callable[..., Iterable[Step]], description: str
) -> Technique:
    """A chain rule: its steps weigh ``weight`` plus Sudoku Explainer's increment for their
    length (``lengths.length_increment``); the shortest chain comes first."""
    return Technique(
        name,
        weight,
        find,
        f"{description} Weight {weight} plus 0.1 per rung of SE's length ladder.",
        search=False,
        weigh="base",
    )


#: The nonlocal rules, by the names players give them (Eppstein's names in their sentences).
#: Each step is one chain a player can check on its own, the shortest first.
NONLOCAL: tuple[Technique, ...] = (
    _chain(
        "X-Cycle",
        6.5,
        forcing.x_cycles,
        "A loop of one digit's links with two strong links at one cell: the digit goes there.",
    ),
    _chain(
        "X-Chain",
        6.6,
        forcing.x_chains,
        "A chain of one digit's strong links: the digit leaves the cells that see both ends.",
    ),
    _chain(
        "Continuous Nice Loop (bivalue)",
        6.6,
        bivalue.nonrepetitive_cycles,
        "A closed chain of two-candidate cells, consecutive links on different digits: each "
        "link's digit leaves the cells that see both its ends (Eppstein's nonrepetitive "
        "bivalue cycle).",
    ),
    _chain(
        "Continuous Nice Loop (bilocation)",
        6.7,
        bilocation.nonrepetitive_cycles,
        "A closed chain of strong links, consecutive links on different digits: each cell on "
        "it holds one of its two link digits (Eppstein's nonrepetitive bilocation cycle).",
    ),
    _chain(
        "Discontinuous Nice Loop (bivalue)",
        6.8,
        bivalue.repetitive_cycles,
        "A closed chain of two-candidate cells repeating one digit at one cell: that cell is "
        "its other digit (Eppstein's repetitive bivalue cycle).",
    ),
    _chain(
        "Discontinuous Nice Loop (bilocation)",
        6.9,
        bilocation.repetitive_cycles,
        "A closed chain of strong links repeating one digit at one cell: that cell holds the "
        "digit (Eppstein's repetitive bilocation cycle).",
    ),
    _chain(
        "XY-Chain",
        7.0,
        paths.bivalue_paths,
        "A chain of two-candidate cells from a cell holding d to a cell it would leave with d: "
        "d leaves the cells that see both ends (Eppstein's bivalue path).",
    ),
    _chain(
        "AIC",
        7.1,
        paths.bilocation_paths,
        "An alternating inference chain of strong links starting and ending on digit d: d "
        "leaves the cells that see both ends (Eppstein's bilocation path).",
    ),
    _chain(
        "Forcing Chain Contradiction (bivalue)",
        7.2,
        conflicts.bivalue_conflicts,
        "Chains of two-candidate cells from one cell and digit whose ends cannot all hold: "
        "the cell is its other digit (Eppstein's conflicting paths).",
    ),
    _chain(
        "Forcing Chain Contradiction (bilocation)",
        7.4,
        conflicts.bilocation_conflicts,
        "Chains of strong links from one cell and digit whose ends cannot all hold: the cell "
        "holds the digit (Eppstein's Lemma 8).",
    ),
    _chain(
        "Forcing Chain Contradiction (mixed)",
        7.6,
        conflicts.mixed_conflicts,
        "Chains of strong links and of two-candidate cells from one two-candidate cell whose "
        "ends cannot all hold.",
    ),
    _chain(
        "Forcing Chain",
        7.8,
        forcing.forcing_chains,
        "A chain of two-candidate links (cells with two digits, digits with two places, mixed "
        "freely) from a candidate's denial to itself, or from it to its denial.",
    ),
    _chain(
        "Cell Forcing Chains",
        8.2,
        multiple.cell_forcing_chains,
        "Chains from every candidate of a cell that agree on one conclusion.",
    ),
    _chain(
        "Region Forcing Chains",
        8.2,
        multiple.region_forcing_chains,
        "Chains from every place of a digit in a row, column or box that agree on one conclusion.",
    ),
)

#: The names of the three hidden single rows (a family whose third unit is no box renames
#: the box's row, and passes the name on to search's closure as ``box_name``).
HIDDEN_SINGLES = (_HIDDEN_BOX, _HIDDEN_ROW, _HIDDEN_COLUMN)

#: Search propagates with the singles alone, followed to their fixpoint in one call.
#: Measured on top95 and the forum's hardest: more nodes than with every rule, but each so
#: much cheaper that search is several times faster (bench/sudoku_rate.py).
SINGLES = Technique(
    "singles",
    _HIDDEN_BOX.weight,
    partial(
        singles_closure,
        box=_HIDDEN_BOX.weight,
        row=_HIDDEN_ROW.weight,
        column=_HIDDEN_COLUMN.weight,
        naked=_NAKED.weight,
    ),
    "Hidden and naked singles, one after another until none is left (for search).",
    solve=False,
    sequence=True,
)

#: Sudoku's table. Levels by the rules a solve needs (see ``deduce.difficulty.sudoku``).
TABLE = Table(
    levels=((0.0, "easy"), (2.6, "medium"), (3.6, "hard"), (6.0, "expert"), (7.8, "extreme")),
    rows=(*LOCAL, *PATTERN, *NONLOCAL, SINGLES),
)

LOCAL_RULES: tuple[Rule, ...] = tuple(t.rule for t in LOCAL)
PATTERN_RULES: tuple[Rule, ...] = tuple(t.rule for t in PATTERN)
NONLOCAL_RULES: tuple[Rule, ...] = tuple(t.rule for t in NONLOCAL)
RULES: tuple[Rule, ...] = TABLE.rules
SEARCH_RULES: tuple[Rule, ...] = TABLE.search_rules
