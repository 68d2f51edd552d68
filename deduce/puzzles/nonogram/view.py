"""How a nonogram state looks (the terminal grid and the step picture, clues around both),
and how a player's grid is read for ``hint --progress``.

Known filled cells are dark (``#`` in the terminal), known empty cells carry a dot. A step's
line (the premises) is drawn in the "looked at" colour with a dashed outline; the cells it
settles are blue when filled and orange when empty (the shared roles of
``deduce.puzzles.picture``: settled, ruled out). For probing, the probed cell is the settled one,
the premises are the two lines that contradicted, and an arrow runs from the probed cell to
where those lines cross.
"""

from __future__ import annotations

from rich.text import Text

from deduce.errors import ParseError
from deduce.puzzles.drawing import STYLES
from deduce.puzzles.nonogram.model import (
    D_EMPTY,
    D_FILLED,
    D_OPEN,
    FILLED,
    Nonogram,
    initial_state,
)
from deduce.puzzles.picture import Cell, Picture
from deduce.state import State
from deduce.step import Step

FILLED_MARK, EMPTY_MARK = "■", "·"


def _roles(step: Step | None) -> dict[int, str]:
    """Cell -> role: settled filled ``placement``, settled empty ``elimination``, read
    ``premise``."""
    roles: dict[int, str] = {}
    if step is None:
        return roles
    for cell in step.premises:
        roles[cell] = "premise"
    for cell, value in step.placements:
        roles[cell] = "placement" if value == FILLED else "elimination"
    for cell, value in step.eliminations:
        roles[cell] = "elimination" if value == FILLED else "placement"
    return roles


def picture(puzzle: Nonogram, state: State[Nonogram], step: Step | None = None) -> Picture:
    """The grid before ``step`` with its clues, the step's line and settled cells coloured."""
    roles = _roles(step)
    cells = []
    for cell, d in enumerate(state.domains):
        role = roles.get(cell, "")
        if role in ("placement", "elimination"):
            text = FILLED_MARK if role == "placement" else "×"
            cells.append(Cell(text=text, role=role))
        elif d == D_FILLED:
            cells.append(Cell(text=FILLED_MARK if role else "", role=role, fill="filled"))
        elif d == D_EMPTY:
            cells.append(Cell(text=EMPTY_MARK, role=role))
        else:
            cells.append(Cell(role=role))
    return Picture(
        rows=puzzle.height,
        cols=puzzle.width,
        cells=tuple(cells),
        thick_rows=tuple(range(5, puzzle.height, 5)),
        thick_cols=tuple(range(5, puzzle.width, 5)),
        top=tuple("\n".join(map(str, c)) or "0" for c in puzzle.cols),
        left=tuple(" ".join(map(str, c)) or "0" for c in puzzle.rows),
        outline=tuple(step.premises) if step else (),
        links=_chain(puzzle, step),
        caption=step.explanation if step else "",
    )


def _chain(puzzle: Nonogram, step: Step | None) -> tuple[tuple[int, int, str], ...]:
    """The arrows of a step: its own links when it has them; for a probe, from the probed cell
    to the cell where the two lines that contradicted cross (where the contradiction shows)."""
    if step is None:
        return ()
    if step.links:
        return tuple((a, b, "chain") for a, b in step.links)
    if len(step.placements) != 1:
        return ()
    premises, w = set(step.premises), puzzle.width
    rows = [r for r in range(puzzle.height) if all(r * w + c in premises for c in range(w))]
    cols = [c for c in range(w) if all(r * w + c in premises for r in range(puzzle.height))]
    if len(rows) != 1 or len(cols) != 1:
        return ()
    cell, crossing = step.placements[0][0], rows[0] * w + cols[0]
    return ((cell, crossing, "chain"),) if cell != crossing else ()


def render(puzzle: Nonogram, state: State[Nonogram], step: Step | None = None) -> Text:
    """The grid in the terminal: column clues above, row clues to the left, ``#`` filled,
    ``·`` empty, the step's cells highlighted."""
    roles = _roles(step)
    w = puzzle.width
    size = max([len(str(x)) for c in puzzle.cols for x in c] + [1])
    left = [" ".join(map(str, c)) or "0" for c in puzzle.rows]
    margin = max(len(s) for s in left)
    depth = max([len(c) for c in puzzle.cols] + [1])
    out = Text()
    for k in range(depth):
        out.append(" " * (margin + 1))
        for clue in puzzle.cols:
            item = clue[k - depth + len(clue)] if k >= depth - len(clue) else ""
            out.append(f"{item!s:>{size}} ")
        out.append("\n")
    for r in range(puzzle.height):
        out.append(f"{left[r]:>{margin}} ")
        for c in range(w):
            cell = r * w + c
            d = state.domains[cell]
            mark = "#" if d == D_FILLED else EMPTY_MARK if d == D_EMPTY else " "
            role = roles.get(cell, "")
            if role == "placement":
                mark = "#"
            elif role == "elimination":
                mark = "x"
            out.append(f"{mark:>{size}}", style=STYLES.get(role, ""))
            out.append(" ")
        out.append("\n")
    return out


#: How a player's grid marks a cell for ``hint --progress``: filled, crossed out (known
#: empty), or not decided yet.
PROGRESS_MARKS = {"#": D_FILLED, "x": D_EMPTY, "X": D_EMPTY, ".": D_OPEN, "?": D_OPEN}


def parse_progress(puzzle: Nonogram, text: str) -> State[Nonogram]:
    """The state of a player's grid: one line per row (or rows separated by ``/``), ``#`` for
    a filled cell, ``x`` for a cell crossed out as empty, ``.`` (or ``?``) for one not decided.

    The cells the player decided are kept in ``state.extra["entered"]`` so ``hint`` can name
    a wrong one. Raises ParseError naming the line and column of what does not fit.
    """
    rows = [r.strip() for r in text.strip().replace("/", "\n").splitlines() if r.strip()]
    if len(rows) != puzzle.height:
        raise ParseError(f"the grid has {len(rows)} rows but the puzzle has {puzzle.height}")
    domains = []
    for r, row in enumerate(rows, start=1):
        if len(row) != puzzle.width:
            raise ParseError(
                f"row {r} of the grid has {len(row)} cells but the puzzle is {puzzle.width} wide"
            )
        for c, mark in enumerate(row, start=1):
            if mark not in PROGRESS_MARKS:
                raise ParseError(
                    f"row {r}, column {c} of the grid: {mark!r} is not a mark "
                    "(# filled, x empty, . not decided)"
                )
            domains.append(PROGRESS_MARKS[mark])
    state = initial_state(puzzle)
    entered = frozenset(i for i, d in enumerate(domains) if d != D_OPEN)
    state.domains[:] = domains
    for i in entered:
        state.fixed[i] = True
    state.extra["entered"] = entered
    return state
