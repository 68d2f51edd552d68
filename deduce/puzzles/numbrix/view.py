"""How a Numbrix/Hidato state looks: the terminal grid and the step picture; and a player's
grid read back, for ``hint``.

Written numbers are shown (givens in bold), holes grey; the path written so far is drawn as
light grey lines between consecutive numbers, and the links a step reasons along in the chain
colour. A step's premises are yellow, the cells it settles blue (with the number it writes), the
cells it removes candidates from orange, with those numbers as small marks; another free
cell shows its candidates as small marks when it has only a few left.
"""

from __future__ import annotations

from rich.text import Text

from deduce.errors import Contradiction, ParseError
from deduce.puzzles.drawing import draw_grid, step_roles
from deduce.puzzles.numbrix.model import HOLE, Numbrix, cell_name, initial_state
from deduce.puzzles.numbrix.text import parse
from deduce.puzzles.picture import Cell, Picture
from deduce.state import State, bits
from deduce.step import Step

#: A free cell shows its candidates as marks when it has at most this many.
MARKS = 6


def _number(state: State[Numbrix], cell: int) -> str:
    d = state.domains[cell]
    return str(d.bit_length() - 1) if state.fixed[cell] else ""


def render(puzzle: Numbrix, state: State[Numbrix], step: Step | None = None) -> Text:
    """The grid: written numbers, ``·`` for a free cell, ``█`` for a hole; the step's cells
    highlighted."""
    roles = step_roles(step)
    placed = dict(step.placements) if step else {}
    rows = []
    for r in range(puzzle.rows):
        row = []
        for c in range(puzzle.cols):
            cell = r * puzzle.cols + c
            if puzzle.geo.is_hole[cell]:
                row.append(("█", ""))
                continue
            text = _number(state, cell) or (str(placed[cell]) if cell in placed else "·")
            role = roles.get(cell) or ("given" if puzzle.givens[cell] > 0 else "")
            row.append((text, role))
        rows.append(row)
    return draw_grid(rows)


def _marks(state: State[Numbrix], cell: int, removed: int) -> tuple[tuple[str, str], ...]:
    """A free cell's small marks: the numbers the step removes from it (all orange, up to
    five and ``…``), else its candidates when it has only a few left."""
    if removed:
        shown = [(str(k), "elimination") for k in list(bits(removed))[: MARKS - 1]]
        if removed.bit_count() > MARKS - 1:
            shown.append(("…", ""))
        return tuple(shown)
    d = state.domains[cell]
    return tuple((str(k), "") for k in bits(d)) if d.bit_count() <= MARKS else ()


def path_links(puzzle: Numbrix, state: State[Numbrix]) -> list[tuple[int, int]]:
    """The links between consecutive written numbers: the path as far as it is known."""
    where = {state.domains[c].bit_length() - 1: c for c in puzzle.geo.cells if state.fixed[c]}
    return [(where[k], where[k + 1]) for k in sorted(where) if k + 1 in where]


def picture(puzzle: Numbrix, state: State[Numbrix], step: Step | None = None) -> Picture:
    """The step drawn on the grid as it was before the step."""
    placed = dict(step.placements) if step else {}
    removed: dict[int, int] = {}
    for cell, k in step.eliminations if step else ():
        removed[cell] = removed.get(cell, 0) | 1 << k
    premises = set(step.premises) if step else set()
    cells = []
    for cell in range(puzzle.rows * puzzle.cols):
        if puzzle.geo.is_hole[cell]:
            cells.append(Cell(fill="hole"))
            continue
        given = puzzle.givens[cell] > 0
        role = "placement" if cell in placed else "premise" if cell in premises else ""
        if state.fixed[cell]:
            cells.append(Cell(text=_number(state, cell), role=role, given=given))
        elif cell in placed:
            cells.append(Cell(text=str(placed[cell]), role=role))
        else:
            role = "elimination" if cell in removed else role
            cells.append(Cell(marks=_marks(state, cell, removed.get(cell, 0)), role=role))
    stepped = {frozenset(link) for link in step.links} if step else set()
    links = [
        (a, b, "used") for a, b in path_links(puzzle, state) if frozenset((a, b)) not in stepped
    ]
    links += [(a, b, "link") for a, b in (step.links if step else ())]
    return Picture(
        rows=puzzle.rows,
        cols=puzzle.cols,
        cells=tuple(cells),
        marks_cols=2,
        links=tuple(links),
        caption=step.explanation if step else "",
    )


def parse_progress(puzzle: Numbrix, text: str) -> State[Numbrix]:
    """The state of a player's grid: the puzzle's givens plus the numbers they wrote in, in
    any of the puzzle forms. The cells they filled are kept in ``state.extra["entered"]``,
    so ``hint`` blames a mistake on the entry, not on its consequences. Raises ParseError
    when the grid does not fit the puzzle; entries that break a rule leave the givens' state
    with ``state.extra["broken"]`` saying why (one of them is wrong, and hint names it)."""
    grid = parse(text, puzzle.king)
    if (grid.rows, grid.cols) != (puzzle.rows, puzzle.cols):
        raise ParseError(
            f"the grid is {grid.rows}x{grid.cols} but the puzzle is {puzzle.rows}x{puzzle.cols}"
        )
    for cell, (given, entry) in enumerate(zip(puzzle.givens, grid.givens, strict=True)):
        if given and entry != given:
            what = "a hole" if given == HOLE else f"a given {given}"
            raise ParseError(f"{cell_name(puzzle, cell)} is {what}, not {entry or 'blank'}")
        if entry == HOLE and given != HOLE:
            raise ParseError(f"{cell_name(puzzle, cell)} is not a hole")
    entries = {
        cell: 1 << v for cell, v in enumerate(grid.givens) if v > 0 and not puzzle.givens[cell]
    }
    try:
        state = initial_state(grid)
    except Contradiction as exc:  # a wrong entry: named by hint, which needs no state then
        state = initial_state(puzzle)
        state.extra["broken"] = str(exc)
    state.puzzle = puzzle
    state.extra["entries"] = entries
    state.extra["entered"] = frozenset(entries)
    return state
