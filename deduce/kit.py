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

Incremental rules: the engine's public way for a rule to ask what changed since it last looked
is being built (issue 31, part B); it will be exported here. Until then a rule re-reads the
grid it is given, which is always correct, only slower.
"""

from __future__ import annotations

from deduce.difficulty.scale import Scale, grade_log, work_score
from deduce.engine import makes_progress
from deduce.errors import Contradiction, ParseError, WriteError
from deduce.family import Family, Form
from deduce.grade import NEEDS_GUESSING, Grade
from deduce.puzzles.drawing import draw_grid, step_roles, with_markers
from deduce.puzzles.picture import COLOURS, Cell, Picture
from deduce.rule import Rule, Table, Technique
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
    "ParseError",
    "Picture",
    "Rule",
    "Scale",
    "State",
    "Step",
    "Table",
    "Technique",
    "WriteError",
    "bits",
    "draw_grid",
    "grade_log",
    "is_single",
    "makes_progress",
    "popcount",
    "single_value",
    "step_roles",
    "with_markers",
    "work_score",
]
