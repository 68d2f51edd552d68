"""The Jigsaw family: Sudoku with irregular regions in place of boxes (4×4 to 9×9), on
Sudoku's model and engine with Jigsaw's own text forms and table (``deduce.rules.jigsaw``).

The generator is ``deduce.puzzles.jigsaw.generate``. The picture
draws the regions as thick borders, and the terminal grid (Sudoku's ``render``) walls them in
heavy lines cell by cell.
"""

from __future__ import annotations

from functools import partial

import attrs

from deduce.difficulty import sudoku as difficulty
from deduce.difficulty import variants
from deduce.families import sudoku
from deduce.family import Family, Form
from deduce.puzzles.fpuzzles.writing import to_fpuzzles
from deduce.puzzles.jigsaw import generate, text
from deduce.puzzles.sudoku import search as sudoku_encoding
from deduce.puzzles.sudoku import xflags
from deduce.puzzles.sudoku.model import Sudoku, check_solution
from deduce.rules.jigsaw import RULES, SEARCH_RULES, TABLE
from deduce.sat import learner

FORMS: tuple[Form[Sudoku], ...] = (
    Form("json", "the corpus JSON line: size, givens, regions", text.to_json, text.to_json),
    Form(
        "text", "the grid, a blank line, then a region map of letters", text.to_text, text.to_text
    ),
    Form("tatham", "Simon Tatham's Solo jigsaw ID, 9j: then grid,blocks", text.to_tatham),
    Form("fpuzzles", "an f-puzzles link (each cell's region in it)", to_fpuzzles, to_fpuzzles),
)
_BY_NAME = {form.name: form for form in FORMS}

#: The grade scale, on the levels of the family's table (Sudoku's).
SCALE = difficulty.scale_on(TABLE.levels)


def _format(puzzle: Sudoku) -> str:
    return _BY_NAME[puzzle.form].write(puzzle)


#: Jigsaw's text forms (``deduce.puzzles.jigsaw.text.parse``), a Jigsaw-X refused
#: (``jigsaw-x`` reads it).
_parse = xflags.Refusing(text.parse, "jigsaw-x")
_detect = xflags.Unflagged(text.detect)


def _region_of(puzzle: Sudoku, cell: int) -> str:
    """The region holding ``cell``: where a hint sends a player without naming the cell."""
    return f"region {puzzle.geo.box_of(cell) + 1}"


FAMILY: Family[Sudoku] = attrs.evolve(
    sudoku.FAMILY,
    name="jigsaw",
    description="Jigsaw Sudoku, N×N with irregular regions (4×4 to 9×9)",
    parse=_parse,
    format=_format,
    detect=_detect,
    resembles=lambda t: 0.9 if text.detect(t) else 0.0,
    rules=RULES,
    search_rules=SEARCH_RULES,
    learn=learner(
        sudoku_encoding.encode,
        check_solution,
        after=sudoku.LEARN_AFTER,
        noun="open cell",
    ),
    grade=partial(variants.grade, scale=SCALE, parse=_parse),
    format_solution=text.write_solution,
    generate=generate.generate,
    parse_progress=None,
    levels=SCALE.levels,
    forms=FORMS,
    hint_area=_region_of,
)
