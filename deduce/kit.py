"""The kit: what a family or rule author builds with, in one documented place.

A family written outside deduce (a plugin, see docs/families.md) imports from here and from
``deduce.testing`` only; every name below is typed (the package ships ``py.typed``) and keeps
its meaning across releases. They live in the modules that own them; the kit gathers them.

- **Values and state**: ``State`` (a puzzle's still-possible values, one bitmask a variable),
  the bit helpers ``bits``, ``single_value``, ``is_single`` and ``popcount``, and
  ``Contradiction``, which a rule raises when the grid cannot be completed.
- **Rules and logs**: ``Step`` (what one rule application concluded), ``Log``, the step kinds
  ``DEDUCTION``, ``GUESS`` and ``CONTRADICTION``; ``Rule`` (the engine's view of a rule);
  ``Technique`` and ``Table`` (a family's one table of rules, weights and levels, from which
  its rule list, search rules and grade scale are built); ``makes_progress`` (whether a step
  changes a state).
- **The family**: ``Family``, ``Form`` (a text form it writes), ``ParseError`` and
  ``WriteError`` (bad input or a form that cannot hold a puzzle).
- **Pictures**: ``Picture`` and ``Cell`` (the family-neutral drawing of a step the SVG writer
  and the page draw), ``COLOURS``; ``draw_grid``, ``step_roles`` and ``with_markers`` (the
  terminal drawing shared by the families).
- **Grading**: ``Scale`` (named levels on thresholds), ``grade_log`` (a log graded on a scale),
  ``work_score`` (hardest weight plus a share for the work), ``Grade`` and ``NEEDS_GUESSING``.

- **Incremental rules** (``deduce.journal``, the one mechanism the project's own rules use
  too): ``look`` gives a rule its ``Look`` (the parts it found clean when it last looked, made
  dirty again by every change the journal notes), ``look_by_value`` the same by value,
  ``changed`` the variables changed since the rule last asked, ``touch_of`` the parts each
  variable touches, ``value_places`` and ``value_versions`` where each value can still go and
  when that last changed; ``check`` (on with ``DEDUCE_DEBUG=1``) raises ``UnjournaledChange``
  when a domain was written without a note. ``RuleError`` is how an error in a rule is named.
  A rule that ignores them is still correct, only slower.
- **Unit rules** (``deduce.rules.units``), for a family whose variables take distinct values in
  named groups: ``Unit`` and ``Units`` (a puzzle's units, which of them are parallel lines,
  and how a player names cells and values), ``UnitsOf`` (a state's units, as a family gives
  them), and the rules made from them: ``full_house``, ``naked_single``, ``hidden_single``,
  ``naked_subset``, ``hidden_subset`` (pairs to quads), ``intersection_removal`` and ``fish``
  (X-Wing to jellyfish over parallel units). They read a unit (a cell, a value) again only
  after it changed.
"""

from __future__ import annotations

from deduce.difficulty.scale import Scale, grade_log, work_score
from deduce.engine import makes_progress
from deduce.errors import Contradiction, ParseError, RuleError, WriteError
from deduce.family import Family, Form
from deduce.grade import NEEDS_GUESSING, Grade
from deduce.journal import (
    Look,
    UnjournaledChange,
    changed,
    check,
    look,
    look_by_value,
    touch_of,
    value_places,
    value_versions,
)
from deduce.puzzles.drawing import draw_grid, step_roles, with_markers
from deduce.puzzles.picture import COLOURS, Cell, Picture
from deduce.rule import Rule, Table, Technique, searched
from deduce.rules.units import (
    Unit,
    Units,
    UnitsOf,
    fish,
    full_house,
    hidden_single,
    hidden_subset,
    intersection_removal,
    naked_single,
    naked_subset,
)
from deduce.state import State, bits, is_single, popcount, single_value
from deduce.step import CONTRADICTION, DEDUCTION, GUESS, Log, Step

__all__ = [
    "COLOURS",
    "CONTRADICTION",
    "DEDUCTION",
    "GUESS",
    "NEEDS_GUESSING",
    "Cell",
    "Contradiction",
    "Family",
    "Form",
    "Grade",
    "Log",
    "Look",
    "ParseError",
    "Picture",
    "Rule",
    "RuleError",
    "Scale",
    "State",
    "Step",
    "Table",
    "Technique",
    "Unit",
    "Units",
    "UnitsOf",
    "UnjournaledChange",
    "WriteError",
    "bits",
    "changed",
    "check",
    "draw_grid",
    "fish",
    "full_house",
    "grade_log",
    "hidden_single",
    "hidden_subset",
    "intersection_removal",
    "is_single",
    "look",
    "look_by_value",
    "makes_progress",
    "naked_single",
    "naked_subset",
    "popcount",
    "searched",
    "single_value",
    "step_roles",
    "touch_of",
    "value_places",
    "value_versions",
    "with_markers",
    "work_score",
]
