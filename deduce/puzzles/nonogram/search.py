"""A nonogram's stuck state as a formula, for search that learns (``deduce.sat``).

One boolean per open cell (true: filled). Every line is a regular constraint: its cells
spell a word of the clue's automaton (the minimal word ``1^a 0 1^b ... 1^z`` with extra 0s
allowed between and around the blocks, as the line solver reads it), encoded so that unit
propagation settles exactly what the complete line solver settles. Only the states a line
can be in at each cell, given its known cells, get a variable: the automaton is run
forwards and backwards over the known cells first, as the line solver does.

A picture whose clues turn (or mirror) into themselves has solutions that turn into
solutions: a solution that differs from its turned image shows a second one at once, and
the search first looks, taking turns with the plain formula, for a picture that is itself
that symmetric, as setters draw them (Knotty is found so in seconds, and not otherwise).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial

from deduce.errors import Contradiction
from deduce.memo import PER_PUZZLE, bounded
from deduce.puzzles.nonogram.blocks import order_formula
from deduce.puzzles.nonogram.model import (
    D_EMPTY,
    D_FILLED,
    D_OPEN,
    EMPTY,
    FILLED,
    Nonogram,
    clue_text,
    lines_of,
)
from deduce.puzzles.nonogram.swaps import swapped
from deduce.sat.cnf import Cnf, Transition, regular
from deduce.sat.learner import Choice, Encoding
from deduce.sat.solver import implied
from deduce.state import State

#: A nonogram clue's automaton: (states that read a 1 and move on, states that read their
#: separating 0 and move on, states that may read an extra 0 and stay, the accepting state).
Automaton = tuple[int, int, int, int]


def encode(state: State[Nonogram], automaton: Callable[[tuple[int, ...]], Automaton]) -> Encoding:
    """The open cells of ``state`` and its lines as a formula (Contradiction when a line has
    no placement that fits its known cells). ``automaton`` gives a clue's automaton (the
    line solver's, ``deduce.rules.nonogram.lines.automaton``)."""
    puzzle = state.puzzle
    grid = bytes(state.domains)
    cnf = Cnf()
    cell_var = {cell: cnf.new() for cell, d in enumerate(grid) if d == D_OPEN}
    for line in lines_of(puzzle):
        cells = bytes(grid[c] for c in line.cells)
        moves = _moves(automaton(line.clue), cells)
        if moves is None:
            raise Contradiction(
                f"{line.name} cannot show its clue {clue_text(line.clue)} in the cells known"
            )
        regular(cnf, [cell_var.get(c) for c in line.cells], moves)
    choices: tuple[Choice, ...] = tuple(
        (cell, ((FILLED, x), (EMPTY, -x))) for cell, x in cell_var.items()
    )
    images = symmetries(puzzle)
    attempt = _symmetric(grid, cell_var, images)
    return Encoding(
        cnf,
        choices,
        attempts=() if attempt is None else (attempt,),
        images=images,
        nearby=partial(swapped, puzzle),
        first=partial(_by_blocks, puzzle, grid, cell_var, cnf),
    )


def _by_blocks(
    puzzle: Nonogram, grid: bytes, cell_var: dict[int, int], cnf: Cnf
) -> list[list[int]]:
    """The second formula (``blocks.py``) with the binary clauses line logic proves from
    each single open cell on the first, ``cnf``."""
    second = order_formula(puzzle, grid, cell_var)
    return second.clauses + implied(cnf, list(cell_var.values()))


def _moves(auto: Automaton, cells: bytes) -> list[list[Transition]] | None:
    """For every cell of a line, the automaton's moves that some placement fitting the known
    ``cells`` takes there; None when no placement fits."""
    one, zero, stay, last = auto
    forward = [1]
    s = 1
    for v in cells:
        s = ((s & one) << 1 if v & D_FILLED else 0) | (
            (s & zero) << 1 | s & stay if v & D_EMPTY else 0
        )
        forward.append(s)
    if not s >> last & 1:
        return None
    moves: list[list[Transition]] = []
    b = 1 << last
    for i in range(len(cells) - 1, -1, -1):
        v = cells[i]
        here = forward[i]
        found: list[Transition] = []
        back = 0
        for j in _bits(here):
            if v & D_FILLED and one >> j & 1 and b >> (j + 1) & 1:
                found.append((j, 1, j + 1))
                back |= 1 << j
            if v & D_EMPTY:
                t = j + 1 if zero >> j & 1 else (j if stay >> j & 1 else -1)
                if t >= 0 and b >> t & 1:
                    found.append((j, 0, t))
                    back |= 1 << j
        moves.append(found)
        b = back
    moves.reverse()
    return moves


def _bits(mask: int) -> Iterator[int]:
    j = 0
    while mask:
        if mask & 1:
            yield j
        mask >>= 1
        j += 1


@bounded(PER_PUZZLE)
def symmetries(puzzle: Nonogram) -> tuple[tuple[int, ...], ...]:
    """The turns and mirror images of the picture that turn its clues into themselves, as
    permutations of the cells (``image[cell]``), empty lines along the border left aside
    (their cells are empty in every solution and stay where they are)."""
    r0, r1, c0, c1 = _trimmed(puzzle)
    h, w = r1 - r0, c1 - c0
    if h <= 0 or w <= 0:
        return ()
    maps: list[Callable[[int, int], tuple[int, int]]] = [
        lambda r, c: (h - 1 - r, w - 1 - c),
        lambda r, c: (h - 1 - r, c),
        lambda r, c: (r, w - 1 - c),
    ]
    if h == w:
        maps += [
            lambda r, c: (c, h - 1 - r),
            lambda r, c: (w - 1 - c, r),
            lambda r, c: (c, r),
            lambda r, c: (w - 1 - c, h - 1 - r),
        ]
    found = []
    width = puzzle.width
    for move in maps:
        image = list(range(puzzle.n))
        for r in range(h):
            for c in range(w):
                rr, cc = move(r, c)
                image[(r0 + r) * width + c0 + c] = (r0 + rr) * width + c0 + cc
        if _keeps_clues(puzzle, image, (r0, r1, c0, c1)):
            found.append(tuple(image))
    return tuple(found)


def _trimmed(puzzle: Nonogram) -> tuple[int, int, int, int]:
    """Rows r0..r1-1 and columns c0..c1-1: the grid without its empty border lines."""
    r0, r1, c0, c1 = 0, puzzle.height, 0, puzzle.width
    while r0 < r1 and not puzzle.rows[r0]:
        r0 += 1
    while r1 > r0 and not puzzle.rows[r1 - 1]:
        r1 -= 1
    while c0 < c1 and not puzzle.cols[c0]:
        c0 += 1
    while c1 > c0 and not puzzle.cols[c1 - 1]:
        c1 -= 1
    return r0, r1, c0, c1


def _keeps_clues(puzzle: Nonogram, image: list[int], box: tuple[int, int, int, int]) -> bool:
    """Whether moving every solution's cells by ``image`` shows the same clues: inside the
    ``box`` (rows r0..r1-1, columns c0..c1-1; outside it every cell is empty) each line's
    cells come from one line, whose clue (read in the order the cells come) is the same."""
    r0, r1, c0, c1 = box
    source = [0] * puzzle.n
    for cell, target in enumerate(image):
        source[target] = cell
    width = puzzle.width
    lines = [(puzzle.rows[r], [r * width + c for c in range(c0, c1)]) for r in range(r0, r1)]
    lines += [(puzzle.cols[c], [r * width + c for r in range(r0, r1)]) for c in range(c0, c1)]
    for want, cells in lines:
        came = [source[c] for c in cells]
        rows = {c // width for c in came}
        if len(rows) == 1:
            clue, order = puzzle.rows[rows.pop()], [c % width for c in came]
        else:
            cols = {c % width for c in came}
            if len(cols) != 1:
                return False
            clue, order = puzzle.cols[cols.pop()], [c // width for c in came]
        if order != sorted(order):
            clue = clue[::-1]
        if clue != want:
            return False
    return True


def _symmetric(
    grid: bytes, cell_var: dict[int, int], images: tuple[tuple[int, ...], ...]
) -> tuple[list[int], ...] | None:
    """Clauses saying the picture is its own image under every one of ``images``; None when
    there is none, or when the known cells already break that symmetry."""
    if not images:
        return None
    clauses: list[list[int]] = []
    for image in images:
        for cell, target in enumerate(image):
            if target == cell:
                continue
            a, b = cell_var.get(cell), cell_var.get(target)
            if a is not None and b is not None:
                clauses += [[-a, b], [a, -b]]
            elif a is not None:
                clauses.append([a if grid[target] == D_FILLED else -a])
            elif b is not None:
                clauses.append([b if grid[cell] == D_FILLED else -b])
            elif grid[cell] != grid[target]:
                return None
    return tuple(clauses)
