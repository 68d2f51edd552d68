"""Rules over named units, for any family whose variables take distinct values in groups.

The way Simon Tatham's collection shares one Latin-square solver among Unequal, Keen and
Towers, a family hands these rules its units (``Units``, made once per puzzle: see
``model`` for the glossary of unit, place, crossing and parallel units) and gets full
houses, naked and hidden singles, naked and hidden subsets, intersection removal and fish,
with sentences a player can check. Each rule is a function from the family's ``units_of``
(a state's ``Units``) to a finder for a ``Technique`` row; the family gives the weight.

Every rule reads a unit (a cell, a value) again only after it changed (``deduce.journal``),
so a family pays for what changed, as the project's own rules do.
"""

from deduce.rules.units.fish import FISH, fish
from deduce.rules.units.model import Find, Unit, Units, UnitsOf, names, values_named
from deduce.rules.units.singles import full_house, hidden_single, naked_single
from deduce.rules.units.subsets import (
    SUBSETS,
    hidden_subset,
    intersection_removal,
    naked_subset,
)

__all__ = [
    "FISH",
    "SUBSETS",
    "Find",
    "Unit",
    "Units",
    "UnitsOf",
    "fish",
    "full_house",
    "hidden_single",
    "hidden_subset",
    "intersection_removal",
    "naked_single",
    "naked_subset",
    "names",
    "values_named",
]
