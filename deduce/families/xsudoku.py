"""The X families: Sudoku-X, Killer-X and Jigsaw-X, each its plain family with both
diagonals as units too (``Geometry.diagonals``), the X table of its rules
(``deduce.rules.xsudoku``) and its text forms with the X flag (``deduce.puzzles.sudoku.xflags``).

A text with the flag (``3x3x:``, ``9jx:``, ``3x3xk:``, ``"diagonals": true``, a first word
``X``) is found to be one of these; named with ``--family``, a text without it is read as an
X grid too (a file of plain 81-character lines, say). Graded as the variants are, without
minutes (``deduce.difficulty.variants``); each has its plain family's generator on the X
grid (``generate_x``); no player's grid for ``hint``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

import attrs

from deduce.difficulty import sudoku as difficulty
from deduce.difficulty import variants
from deduce.errors import ParseError
from deduce.families import jigsaw, killer, sudoku
from deduce.family import Family, Form
from deduce.puzzles.jigsaw import generate as jigsaw_generate
from deduce.puzzles.killer import generate as killer_generate
from deduce.puzzles.sudoku import generate as sudoku_generate
from deduce.puzzles.sudoku import xflags
from deduce.rule import Table
from deduce.rules.xsudoku import JIGSAW_X, KILLER_X, SUDOKU_X

#: Sudoku's forms with a place for the X flag (a sukaku, a puzz.link or SudokuWiki link has
#: none): the X grid's.
_SUDOKU_FORMS = ("line", "grid", "tatham", "fpuzzles")


def _parse(base: Callable[[str], Any], forms: tuple[str, ...], text: str) -> Any:
    """The puzzle ``base`` (the plain family's parse) reads in ``text`` without its X flag,
    on an X grid; ParseError for a form not in ``forms`` (empty: every form)."""
    puzzle = base(xflags.unflagged(text))
    if forms and puzzle.form not in forms:
        raise ParseError(
            f"an X grid is read from a {', '.join(forms[:-1])} or {forms[-1]} form, "
            f"not a {puzzle.form}"
        )
    return xflags.with_diagonals(puzzle)


def _detect(base: Callable[[str], bool], text: str) -> bool:
    return xflags.flagged(text) and base(xflags.unflagged(text))


def _resembles(base: Callable[[str], float] | None, text: str) -> float:
    if base is None or not xflags.flagged(text):
        return 0.0
    return base(xflags.unflagged(text))


def _write(write: Callable[[Any], str], puzzle: Any) -> str:
    return xflags.flag(write(puzzle))


def _write_solution(write: Callable[[Any, list[int]], str], puzzle: Any, values: list[int]) -> str:
    return xflags.flag(write(puzzle, values))


def _form(form: Form[Any]) -> Form[Any]:
    """``form`` written with the X flag."""
    solution = form.write_solution
    return Form(
        form.name,
        f"{form.description}, with the X flag",
        partial(_write, form.write),
        partial(_write_solution, solution) if solution is not None else None,
    )


def crossed_family(
    base: Family[Any],
    name: str,
    table: Table,
    forms: tuple[str, ...] = (),
    generate: Callable[..., Iterator[str]] | None = None,
) -> Family[Any]:
    """The X family ``name`` of the plain family ``base``, whose rules are ``table``'s, whose
    forms are ``base``'s named in ``forms`` (empty: all of them) and whose generator is
    ``generate`` (None: none)."""
    scale = difficulty.scale_on(table.levels)
    read = partial(_parse, base.parse, forms)
    solution = base.format_solution
    return attrs.evolve(
        base,
        name=name,
        description=f"{base.description}, with both diagonals as units too (X)",
        parse=read,
        format=partial(_write, base.format),
        detect=partial(_detect, base.detect),
        resembles=partial(_resembles, base.resembles),
        rules=table.rules,
        search_rules=table.search_rules,
        grade=partial(variants.grade, scale=scale, parse=read),
        format_solution=partial(_write_solution, solution) if solution is not None else None,
        generate=generate,
        parse_progress=None,
        levels=scale.levels,
        forms=tuple(_form(f) for f in base.forms if not forms or f.name in forms),
    )


#: Each X family: its name, the plain family it crosses, its rules, the forms it keeps and
#: its generator.
_CROSSINGS = (
    ("sudoku-x", sudoku.FAMILY, SUDOKU_X, _SUDOKU_FORMS, sudoku_generate.generate_x),
    ("killer-x", killer.FAMILY, KILLER_X, (), killer_generate.generate_x),
    ("jigsaw-x", jigsaw.FAMILY, JIGSAW_X, (), jigsaw_generate.generate_x),
)

FAMILIES: dict[str, Family[Any]] = {
    name: crossed_family(base, name, table, forms, generate)
    for name, base, table, forms, generate in _CROSSINGS
}

#: The X family of each plain one, by name: where a puzzle with several solutions as it is
#: written may have one (an X puzzle whose setter did not say so).
CROSSED: dict[str, str] = {base.name: name for name, base, *_ in _CROSSINGS}
