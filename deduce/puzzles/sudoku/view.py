"""How a Sudoku state looks to a player: the terminal picture, and a player's grid read back.

``render`` draws the pencil-mark grid with a step highlighted. ``parse_progress`` reads the
grid a player has in front of them (givens, their own digits, optionally pencil marks) so
``deduce hint`` can check it and suggest the next step.
"""

from __future__ import annotations

import math
import re
from typing import Any

from rich.text import Text

from deduce.errors import Contradiction, ParseError
from deduce.puzzles.borders import HEAVY, LIGHT, draw_walls
from deduce.puzzles.drawing import draw_grid, step_roles
from deduce.puzzles.picture import Cell, Picture
from deduce.puzzles.sudoku.marks import progress_tokens
from deduce.puzzles.sudoku.model import (
    SYMBOLS,
    Geometry,
    Sudoku,
    initial_state,
    on_place,
    symbol,
)
from deduce.puzzles.sudoku.text import parse
from deduce.state import State
from deduce.step import Step


def render(puzzle: Sudoku, state: State[Sudoku], step: Step | None = None) -> Text:
    """The grid of ``state`` with digits and pencil marks, ``step``'s cells highlighted; a
    jigsaw's regions walled in heavy lines, cell by cell."""
    geo = puzzle.geo
    n = geo.n
    rows, width = cells(puzzle, state, step), marks_shape(geo)[0] if n <= 9 else 1
    if geo.regions is not None:
        regions = geo.regions
        return draw_walls(rows, lambda a, b: HEAVY if regions[a] != regions[b] else LIGHT, width)
    col_sep = tuple(range(geo.box_w, n, geo.box_w))
    row_sep = tuple(range(geo.box_h, n, geo.box_h))
    return draw_grid(rows, col_sep=col_sep, row_sep=row_sep, width=width)


def cells(puzzle: Sudoku, state: State[Sudoku], step: Step | None) -> list[list[tuple[str, str]]]:
    """Every row's cells as ``(text, role)``: a digit (centred in its square of marks), the
    pencil marks as a small square (up to 9x9; a dot beyond), and the cell's role in ``step``
    (``given`` otherwise, for a given)."""
    geo = puzzle.geo
    n = geo.n
    roles = step_roles(step)
    show_marks = n <= 9
    w, h = marks_shape(geo)
    rows = []
    for r in range(n):
        row = []
        for c in range(n):
            cell = r * n + c
            d = state.domains[cell]
            if state.fixed[cell]:
                text = symbol(d.bit_length() - 1)
                if show_marks:
                    text = "\n".join(("", text, "")[:h]) if h > 2 else text
            elif show_marks:
                text = _marks(d, w, h)
            else:
                text = "."
            row.append((text, roles.get(cell, "given" if puzzle.givens[cell] else "")))
        rows.append(row)
    return rows


def marks_shape(geo: Geometry) -> tuple[int, int]:
    """The (width, height) of a cell's square of pencil marks: a box's shape, or for a
    jigsaw's regions the squarest that holds N marks (3x3 for 9, 3x2 for 6)."""
    if geo.regions is None:
        return geo.box_w, geo.box_h
    w = math.isqrt(geo.n - 1) + 1
    return w, -(-geo.n // w)


def _marks(mask: int, w: int, h: int) -> str:
    """Pencil marks as a small w×h square, digit v at its usual place (1 top left)."""
    lines = []
    for r in range(h):
        lines.append(
            "".join(symbol(v) if mask >> v & 1 else " " for v in range(r * w + 1, r * w + w + 1))
        )
    return "\n".join(lines)


def picture(puzzle: Sudoku, state: State[Sudoku], step: Step | None = None) -> Picture:
    """The step on the pencil-mark grid, highlighted on the candidates themselves: the
    candidates its pattern rests on (``premise``), the ones it removes (``elimination``) and
    the digit it places (``placement``); its cells tinted by role; its chain as arrows from
    candidate to candidate, strong links solid and weak ones dashed."""
    geo = puzzle.geo
    n = geo.n
    placed = {cell: v for cell, v in step.placements} if step else {}
    removed = set(step.eliminations) if step else set()
    premises = set(step.premises) if step else set()
    pattern = _pattern(state, step) if step else {}
    cells = []
    for cell in range(n * n):
        d = state.domains[cell]
        role = "placement" if cell in placed else "premise" if cell in premises else ""
        if state.fixed[cell]:
            cells.append(
                Cell(text=symbol(d.bit_length() - 1), role=role, given=bool(puzzle.givens[cell]))
            )
            continue
        marks = []
        for v in range(1, n + 1):
            if not d >> v & 1:
                marks.append((" ", ""))
            elif (cell, v) in removed:
                marks.append((symbol(v), "elimination"))
            elif placed.get(cell) == v:
                marks.append((symbol(v), "placement"))
            elif pattern.get(cell, 0) >> v & 1:
                marks.append((symbol(v), "premise"))
            else:
                marks.append((symbol(v), ""))
        if not role and any((cell, v) in removed for v in range(1, n + 1)):
            role = "elimination"
        cells.append(Cell(marks=tuple(marks), role=role))
    return Picture(
        rows=n,
        cols=n,
        cells=tuple(cells),
        marks_cols=marks_shape(geo)[0],
        # a jigsaw's regions are no bands of rows and columns: their borders cell by cell
        thick_rows=tuple(range(geo.box_h, n, geo.box_h)) if geo.regions is None else (),
        thick_cols=tuple(range(geo.box_w, n, geo.box_w)) if geo.regions is None else (),
        regions=tuple(geo.regions) if geo.regions is not None else (),
        diagonals=geo.diagonals,
        links=_links(step),
        caption=step.explanation if step else "",
    )


def _pattern(state: State[Sudoku], step: Step) -> dict[int, int]:
    """Premise cell -> mask of the candidates the step's pattern rests on there: in a cell
    the step also removes candidates from, the ones it keeps (a hidden subset) or, for a step
    with a chain, only the digits of the links that end there (an X-Chain's target keeps its
    other candidates uncoloured); elsewhere the digits the step is about (those it places or
    removes, and its chain's digits)."""
    digits = 0
    for _, v in (*step.placements, *step.eliminations):
        digits |= 1 << v
    for label in step.link_labels:
        if label and label[0] in SYMBOLS:
            digits |= 1 << (SYMBOLS.index(label[0]) + 1)
    removed: dict[int, int] = {}
    for cell, v in step.eliminations:
        removed[cell] = removed.get(cell, 0) | 1 << v
    chain: dict[int, int] = {}  # cell -> the digits of the chain's links that end there
    for (a, b), label in zip(step.links, step.link_labels, strict=False):
        if label and label[0] in SYMBOLS:
            bit = 1 << (SYMBOLS.index(label[0]) + 1)
            chain[a], chain[b] = chain.get(a, 0) | bit, chain.get(b, 0) | bit
    out = {}
    for cell in step.premises:
        if state.fixed[cell]:
            continue
        d = state.domains[cell]
        if cell in removed:  # a hidden subset keeps these; a chain uses only its links' digits
            out[cell] = d & ~removed[cell] & (chain.get(cell, 0) if step.links else -1)
        else:
            out[cell] = d & digits
    return out


#: The kind of every link of a chain found in these graphs: a bilocation link joins a digit's
#: only two places in a unit (one of them holds it: strong); a bivalue link joins two cells of
#: a unit that share a digit (not both hold it: weak).
GRAPH_LINK_KINDS = {"bilocation": "strong", "bivalue": "weak"}


def _links(step: Step | None) -> tuple[tuple[Any, ...], ...]:
    """The step's chain as lines, each with the digit of its link when the step names it and
    its kind: the step's own ``link_kinds``, else the kind every link of its graph has."""
    if step is None or not step.links:
        return ()
    labels = (
        step.link_labels if len(step.link_labels) == len(step.links) else ("",) * len(step.links)
    )
    if len(step.link_kinds) == len(step.links):
        kinds = step.link_kinds
    else:
        graph = next((k for k in GRAPH_LINK_KINDS if step.rule.startswith(k)), "")
        kinds = (GRAPH_LINK_KINDS.get(graph, ""),) * len(step.links)
    return tuple(
        (a, b, "chain", label, kind)
        for (a, b), label, kind in zip(step.links, labels, kinds, strict=True)
    )


def parse_progress(puzzle: Sudoku, text: str) -> State[Sudoku]:
    """The state of a player's grid: the givens, their placed digits and their pencil marks.

    ``text`` is either a puzzle in any Sudoku form (the givens plus the player's digits; a
    pencil-mark grid, sukaku or HoDoKu line also gives the marks), or
    N² whitespace-separated tokens in reading order: ``.`` or ``0`` for an empty cell with no
    marks, one symbol for a placed digit, several symbols for the pencil marks the player still
    allows in that cell (``157``). What the player wrote is kept in ``state.extra``:
    ``entries`` (cell -> mask of the digits they allow there), ``entered`` (those cells) and
    ``clashes`` (cell -> a cell before it in a shared unit holding the same digit), so a
    mistake is blamed on the entry as written, not on its consequences. Entries that clash, or
    leave a cell no digit, stop the reading there (``state.extra["broken"]`` says why): such a grid always has a wrong entry to name.
    Raises ParseError on a size mismatch, a bad symbol or a changed given.
    """
    n = puzzle.n
    tokens = re.sub(r"[|+]", " ", text).split()
    tokens = [t for t in tokens if not re.fullmatch(r"[-=_]+", t)]
    cells = len(tokens) > 1 and all(len(t) <= n for t in tokens)  # a cell's marks at most
    if len(tokens) != n * n and cells and "\n" not in text.strip():
        raise ParseError(
            f"the grid has {len(tokens)} tokens, expected {n * n} (one per cell of the "
            f"{n}x{n} puzzle, in reading order)"
        )
    if len(tokens) != n * n:
        grid = parse(text, check=False)
        if grid.n != n:
            raise ParseError(f"the grid is {grid.n}x{grid.n} but the puzzle is {n}x{n}")
        tokens = progress_tokens(grid)
    entries: dict[int, int] = {}
    for cell, tok in enumerate(tokens):
        where = f"r{cell // n + 1}c{cell % n + 1}"
        if tok in (".", "0"):
            continue
        mask = 0
        for ch in tok.upper():
            index = SYMBOLS.find(ch)
            if index < 0 or index >= n:
                raise ParseError(f"bad symbol {ch!r} at {where}: expected 1-{SYMBOLS[n - 1]} or .")
            mask |= 1 << (index + 1)
        given = puzzle.givens[cell]
        if given:
            if mask != 1 << given:
                shown = "".join(symbol(v) for v in range(1, n + 1) if mask >> v & 1)
                raise ParseError(f"{where} is a given {symbol(given)}, not {shown}")
            continue
        entries[cell] = mask
    state = initial_state(puzzle)
    state.extra["entries"] = entries
    state.extra["entered"] = frozenset(entries)
    state.extra["clashes"] = _clashes(puzzle, entries)
    try:
        for cell, mask in entries.items():
            if mask & (mask - 1) == 0 and not state.fixed[cell]:
                v = mask.bit_length() - 1
                state.restrict(
                    cell, mask, f"r{cell // n + 1}c{cell % n + 1} = {symbol(v)} fits nowhere"
                )
                state.fixed[cell] = True
                on_place(state, cell, v)
        for cell, mask in entries.items():
            if mask & (mask - 1) and not state.fixed[cell]:
                where = f"r{cell // n + 1}c{cell % n + 1}"
                state.restrict(
                    cell, mask, f"the pencil marks of {where} leave it no possible digit"
                )
    except Contradiction as exc:
        state.extra["broken"] = str(exc)
    return state


def _clashes(puzzle: Sudoku, entries: dict[int, int]) -> dict[int, int]:
    """Entered digits that repeat a given or another entered digit in a shared row, column or
    box: cell -> the cell it repeats (a given first, else the first in reading order)."""
    holder = {cell: 1 << v for cell, v in enumerate(puzzle.givens) if v}
    holder.update((cell, m) for cell, m in entries.items() if m & (m - 1) == 0)
    out: dict[int, int] = {}
    for cell, mask in entries.items():
        if mask & (mask - 1) == 0:
            same = [p for p in puzzle.geo.peers[cell] if holder.get(p) == mask]
            if same:
                out[cell] = min(same, key=lambda p: (not puzzle.givens[p], p))
    return out
