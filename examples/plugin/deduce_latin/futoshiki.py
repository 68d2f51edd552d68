"""Futoshiki (Simon Tatham's Unequal), a Latin square with inequality clues, built on the kit.

Built only on ``deduce.kit`` (checked by tests/test_example_family.py, with ``mypy --strict``
and ``deduce.testing``): the kit's unit rules do the Latin-square part (singles, subsets,
X-Wing and swordfish over the rows and columns), one rule of its own reads the clues, and its pictures draw each clue on the border between its two cells.

An N×N grid (N from 3 to 9) gets the digits 1..N once in every row and column, and where two
neighbouring cells have a clue between them, the digit on its wide side is the larger.

The text form is Tatham's Unequal game ID, ``N:`` then one entry per cell, row by row, each
ending in a comma: the given digit (``0`` for an empty cell) followed by the directions
(``U``, ``R``, ``D``, ``L``) of the neighbours the cell is greater than; ``4:0D,0L,0,...``.
Unequal's other mode (``Na:``, adjacent digits) is refused by name.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache

import attrs

from deduce.kit import (
    Cell,
    Contradiction,
    Family,
    Grade,
    Log,
    ParseError,
    Picture,
    Scale,
    State,
    Step,
    Table,
    Technique,
    Unit,
    Units,
    bits,
    fish,
    grade_log,
    hidden_single,
    hidden_subset,
    naked_single,
    naked_subset,
)

#: The directions of an ID's flags, in the order Unequal writes them, as (row, column) moves.
MOVES = {"U": (-1, 0), "R": (0, 1), "D": (1, 0), "L": (0, -1)}
_ID = re.compile(r"^(\d+)(a?):((?:\d+[URDL]*,)*)$")
_ENTRY = re.compile(r"(\d+)([URDL]*)")


@attrs.frozen
class Futoshiki:
    """A Futoshiki puzzle: its side, its givens (0 for empty, else the digit) and its clues,
    ``(greater, smaller)`` pairs of neighbouring cells."""

    n: int
    givens: tuple[int, ...]
    clues: tuple[tuple[int, int], ...]


def parse(text: str) -> Futoshiki:
    """An Unequal game ID (see the module's docstring)."""
    found = _ID.match(text.strip())
    if not found:
        raise ParseError("not an Unequal game ID (N: then digit-and-URDL entries, each with ',')")
    n, adjacent, body = int(found.group(1)), found.group(2), found.group(3)
    if adjacent:
        raise ParseError(f"Unequal's adjacent mode ({n}a:) is not Futoshiki: it is not read")
    if not 3 <= n <= 9:
        raise ParseError(f"a Futoshiki has 3 to 9 rows, not {n}")
    entries = body.rstrip(",").split(",")
    if len(entries) != n * n:
        raise ParseError(f"{len(entries)} entries for a {n}x{n} grid, expected {n * n}")
    givens: list[int] = []
    clues: list[tuple[int, int]] = []
    for cell, entry in enumerate(entries):
        parts = _ENTRY.fullmatch(entry)
        assert parts is not None  # the whole ID matched _ID
        digit, flags = parts.groups()
        if int(digit) > n:
            raise ParseError(f"entry {cell + 1} ({entry}): digit {digit} in a {n}x{n} grid")
        givens.append(int(digit))
        clues.extend((cell, _neighbour(n, cell, flag, entry)) for flag in flags)
    return Futoshiki(n, tuple(givens), tuple(clues))


def _neighbour(n: int, cell: int, flag: str, entry: str) -> int:
    (dr, dc), (r, c) = MOVES[flag], divmod(cell, n)
    if not (0 <= r + dr < n and 0 <= c + dc < n):
        raise ParseError(f"entry {cell + 1} ({entry}): its clue {flag} points off the grid")
    return (r + dr) * n + c + dc


def format_puzzle(puzzle: Futoshiki) -> str:
    """The Unequal game ID ``parse`` reads."""
    entries = []
    for cell, given in enumerate(puzzle.givens):
        smaller = {b for a, b in puzzle.clues if a == cell}
        flags = "".join(f for f in MOVES if _step(puzzle.n, cell, f) in smaller)
        entries.append(f"{given}{flags},")
    return f"{puzzle.n}:{''.join(entries)}"


def _step(n: int, cell: int, flag: str) -> int:
    (dr, dc), (r, c) = MOVES[flag], divmod(cell, n)
    return (r + dr) * n + c + dc if 0 <= r + dr < n and 0 <= c + dc < n else -1


def detect(text: str) -> bool:
    """Whether ``text`` has the shape of an Unequal game ID."""
    return bool(_ID.match(text.strip()))


@lru_cache(maxsize=64)
def _units(n: int) -> Units:
    rows = [Unit(f"row {r + 1}", tuple(r * n + c for c in range(n))) for r in range(n)]
    cols = [Unit(f"column {c + 1}", tuple(r * n + c for r in range(n))) for c in range(n)]
    lines = (tuple(range(n)), tuple(range(n, 2 * n)))  # rows and columns: parallel, for fish
    name = lambda cell: _name(n, cell)  # noqa: E731
    return Units(tuple(rows + cols), n, name, lambda v: str(v + 1), lines)


def units_of(state: State[Futoshiki]) -> Units:
    """The puzzle's rows and columns, for the kit's unit rules (made once per size)."""
    return _units(state.puzzle.n)


def _name(n: int, cell: int) -> str:
    return f"r{cell // n + 1}c{cell % n + 1}"


def var_name(puzzle: Futoshiki, cell: int) -> str:
    """``r2c3``."""
    return _name(puzzle.n, cell)


def value_name(puzzle: Futoshiki, cell: int, digit: int) -> str:
    """The digit as a player writes it."""
    return str(digit + 1)


def initial_state(puzzle: Futoshiki) -> State[Futoshiki]:
    """Every empty cell may hold any digit; the givens are placed and seen by their lines."""
    state = State(puzzle, [(1 << puzzle.n) - 1] * len(puzzle.givens))
    for cell, given in enumerate(puzzle.givens):
        if given:
            if not state.domains[cell] >> (given - 1) & 1:
                raise Contradiction(f"the given {given} at {var_name(puzzle, cell)} repeats")
            state.restrict(cell, 1 << (given - 1), f"the given at {var_name(puzzle, cell)}")
            state.fixed[cell] = True
            state.note(cell, 0)
            on_place(state, cell, given - 1)
    return state


def on_place(state: State[Futoshiki], cell: int, digit: int) -> None:
    """A placed digit leaves the other cells of its row and column."""
    for unit in units_of(state).units:
        if cell in unit.cells:
            for other in unit.cells:
                if other != cell:
                    state.remove(other, 1 << digit, f"{var_name(state.puzzle, other)} is empty")


def check_solution(puzzle: Futoshiki, values: list[int]) -> None:
    """Raise Contradiction naming a line that repeats a digit or a clue that is broken."""
    for unit in _units(puzzle.n).units:
        if len({values[c] for c in unit.cells}) != puzzle.n:
            raise Contradiction(f"{unit.name} repeats a digit")
    for big, small in puzzle.clues:
        if values[big] <= values[small]:
            raise Contradiction(f"{var_name(puzzle, big)} > {var_name(puzzle, small)} is broken")


def solution_text(puzzle: Futoshiki, values: list[int]) -> str:
    """The digits row by row, rows separated by ``/``."""
    n = puzzle.n
    return "/".join("".join(str(v + 1) for v in values[r * n : (r + 1) * n]) for r in range(n))


def inequality(state: State[Futoshiki]) -> Iterator[Step]:
    """A clue's greater cell is above the least digit its smaller cell can hold, and the
    smaller cell is below the greatest digit the greater one can hold."""
    puzzle, domains = state.puzzle, state.domains
    for big, small in puzzle.clues:
        low, high = _lowest(domains[small]), domains[big].bit_length() - 1
        too_low = [(big, v) for v in bits(domains[big]) if v <= low]
        if too_low:
            bound = f" and {var_name(puzzle, small)} is at least {low + 1}" if low else ""
            yield _clue_step(puzzle, (big, small), bound, too_low)
        too_high = [(small, v) for v in bits(domains[small]) if v >= high]
        if too_high:
            bound = f" and {var_name(puzzle, big)} is at most {high + 1}"
            yield _clue_step(puzzle, (big, small), bound * (high < puzzle.n - 1), too_high)


def _lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _clue_step(
    puzzle: Futoshiki, clue: tuple[int, int], bound: str, gone: list[tuple[int, int]]
) -> Step:
    pair = f"{var_name(puzzle, clue[0])} > {var_name(puzzle, clue[1])}"
    digits = [str(v + 1) for _, v in gone]
    listed = digits[0] if len(digits) == 1 else f"{', '.join(digits[:-1])} or {digits[-1]}"
    text = f"{pair}{bound}, so {var_name(puzzle, gone[0][0])} cannot be {listed}."
    return Step("inequality", text, eliminations=tuple(gone), premises=clue, region=pair)


def picture(puzzle: Futoshiki, state: State[Futoshiki], step: Step | None = None) -> Picture:
    """The grid with its candidates, the step's roles on them, and each clue on its border."""
    n = puzzle.n
    placed = dict(step.placements) if step else {}
    removed = set(step.eliminations) if step else set()
    premises = set(step.premises) if step else set()
    cells = []
    for cell, domain in enumerate(state.domains):
        role = "placement" if cell in placed else "premise" if cell in premises else ""
        if state.fixed[cell]:
            text = str(domain.bit_length())
            cells.append(Cell(text=text, role=role, given=bool(puzzle.givens[cell])))
            continue
        marks = tuple(_mark(cell, v, domain, placed, removed) for v in range(n))
        cells.append(Cell(marks=marks, role=role))
    return Picture(
        n,
        n,
        tuple(cells),
        caption=step.explanation if step else "",
        marks_cols=3,
        between=tuple(_clue(a, b) for a, b in puzzle.clues),
    )


def _mark(
    cell: int, v: int, domain: int, placed: dict[int, int], removed: set[tuple[int, int]]
) -> tuple[str, str]:
    if not domain >> v & 1:
        return (" ", "")
    role = "elimination" if (cell, v) in removed else "placement" if placed.get(cell) == v else ""
    return (str(v + 1), role)


def _clue(big: int, small: int) -> tuple[int, int, str]:
    """A clue read from its left (or upper) cell to the other, as ``between`` draws it."""
    return (small, big, "<") if small < big else (big, small, ">")


#: The family's table: its levels and its rules (the kit's unit rules and its own), with
#: their weights, written once.
TABLE = Table(
    levels=((0.0, "easy"), (1.5, "medium"), (2.0, "hard"), (3.0, "expert")),
    rows=(
        Technique("naked single", 1.0, naked_single(units_of), "a cell with one digit left"),
        Technique("inequality", 1.1, inequality, "a clue bounds its two cells by each other"),
        Technique(
            "hidden single", 1.5, hidden_single(units_of), "a digit with one place left in a line"
        ),
        Technique(
            "naked pair",
            2.0,
            naked_subset(units_of, 2),
            "two cells of a line with the same two digits left",
        ),
        Technique(
            "hidden pair",
            2.2,
            hidden_subset(units_of, 2),
            "two digits with the same two places left in a line",
        ),
        Technique(
            "naked triple",
            2.5,
            naked_subset(units_of, 3),
            "three cells of a line with three digits left between them",
        ),
        Technique(
            "hidden triple",
            2.7,
            hidden_subset(units_of, 3),
            "three digits with three places left between them in a line",
        ),
        Technique("X-Wing", 3.0, fish(units_of, 2), "a digit's places in two rows in two columns"),
        Technique(
            "swordfish", 3.4, fish(units_of, 3), "a digit's places in three rows in three columns"
        ),
    ),
)
SCALE = Scale(TABLE.levels)


def grade(log: Log) -> Grade:
    """The level of the hardest rule a solve needed (``needs-guessing`` when it searched)."""
    return grade_log(log, SCALE)


FAMILY = Family(
    name="futoshiki",
    description="Futoshiki (Tatham's Unequal): a Latin square with inequality clues",
    parse=parse,
    format=format_puzzle,
    detect=detect,
    initial_state=initial_state,
    rules=TABLE.rules,
    check_solution=check_solution,
    solution_text=solution_text,
    var_name=var_name,
    value_name=value_name,
    grade=grade,
    on_place=on_place,
    picture=picture,
    levels=SCALE.levels,
)
