"""Latin squares, a puzzle family plugged into deduce from outside (docs/families.md).

Built only on ``deduce.kit`` (and checked with ``deduce.testing``, tests/core/test_example_family.py;
``mypy --strict`` passes on it).

An N×N grid (N from 2 to 9) gets the digits 1..N so that each row and each column holds each
digit once. The text form is N lines of N characters, ``.`` for an empty cell. Variables are
the cells, values the digits 0..N-1 (shown as 1..N).
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs

from deduce.kit import (
    Contradiction,
    Family,
    Grade,
    Log,
    ParseError,
    Scale,
    State,
    Step,
    Table,
    Technique,
    grade_log,
)


@attrs.frozen
class Latin:
    """A Latin square puzzle: its side and its givens (0 for empty, else digit + 1)."""

    n: int
    givens: tuple[int, ...]


def parse(text: str) -> Latin:
    """N lines of N characters (``1``..``N`` or ``.``)."""
    rows = [line.strip() for line in text.strip().splitlines()]
    n = len(rows)
    if not 2 <= n <= 9:
        raise ParseError(f"a Latin square has 2 to 9 rows, not {n}")
    givens = []
    for r, row in enumerate(rows, start=1):
        if len(row) != n:
            raise ParseError(f"row {r} has {len(row)} cells, expected {n}")
        for c, ch in enumerate(row, start=1):
            if ch == ".":
                givens.append(0)
            elif ch.isdigit() and 1 <= int(ch) <= n:
                givens.append(int(ch))
            else:
                raise ParseError(f"bad character {ch!r} at r{r}c{c}: expected 1..{n} or '.'")
    return Latin(n, tuple(givens))


def format_puzzle(puzzle: Latin) -> str:
    """The text form ``parse`` reads."""
    n = puzzle.n
    cells = "".join(str(g) if g else "." for g in puzzle.givens)
    return "\n".join(cells[r * n : (r + 1) * n] for r in range(n))


def detect(text: str) -> bool:
    """Whether ``text`` is N lines of N characters from ``.`` and 1..N."""
    try:
        parse(text)
    except ParseError:
        return False
    return True


def lines(n: int) -> list[tuple[str, tuple[int, ...]]]:
    """Every row and column of an n×n grid, named."""
    rows = [(f"row {r + 1}", tuple(r * n + c for c in range(n))) for r in range(n)]
    cols = [(f"column {c + 1}", tuple(r * n + c for r in range(n))) for c in range(n)]
    return rows + cols


def initial_state(puzzle: Latin) -> State[Latin]:
    """Every empty cell may hold any digit; the givens are placed and seen by their lines."""
    full = (1 << puzzle.n) - 1
    state = State(puzzle, [full] * len(puzzle.givens))
    for cell, given in enumerate(puzzle.givens):
        if given:
            if not state.domains[cell] >> (given - 1) & 1:
                raise Contradiction(f"the given {given} at {var_name(puzzle, cell)} repeats")
            state.domains[cell] = 1 << (given - 1)
            state.fixed[cell] = True
            on_place(state, cell, given - 1)
    return state


def on_place(state: State[Latin], cell: int, digit: int) -> None:
    """A placed digit leaves the other cells of its row and column."""
    n = state.puzzle.n
    row, col = divmod(cell, n)
    for other in [row * n + c for c in range(n)] + [r * n + col for r in range(n)]:
        if other != cell:
            state.remove(other, 1 << digit, f"{var_name(state.puzzle, other)} has no digit left")


def var_name(puzzle: Latin, cell: int) -> str:
    """``r2c3``."""
    return f"r{cell // puzzle.n + 1}c{cell % puzzle.n + 1}"


def value_name(puzzle: Latin, cell: int, digit: int) -> str:
    """The digit as a player writes it."""
    return str(digit + 1)


def check_solution(puzzle: Latin, values: list[int]) -> None:
    """Raise Contradiction naming a line that repeats a digit."""
    for name, cells in lines(puzzle.n):
        if len({values[c] for c in cells}) != puzzle.n:
            raise Contradiction(f"{name} repeats a digit")


def solution_text(puzzle: Latin, values: list[int]) -> str:
    """The digits row by row, rows separated by ``/``."""
    n = puzzle.n
    return "/".join("".join(str(v + 1) for v in values[r * n : (r + 1) * n]) for r in range(n))


def naked_single(state: State[Latin]) -> Iterator[Step]:
    """An open cell with one digit left."""
    for cell, d in enumerate(state.domains):
        if not state.fixed[cell] and d and not d & (d - 1):
            digit = d.bit_length() - 1
            name = var_name(state.puzzle, cell)
            yield Step(
                "naked single",
                f"{name} can only be {digit + 1}: its row and column hold the others.",
                placements=((cell, digit),),
                premises=(cell,),
                region=name,
            )


def hidden_single(state: State[Latin]) -> Iterator[Step]:
    """A digit with one open place left in a row or column."""
    for name, cells in lines(state.puzzle.n):
        for digit in range(state.puzzle.n):
            places = [c for c in cells if state.domains[c] >> digit & 1]
            if not places:
                raise Contradiction(f"{name} has no place left for {digit + 1}")
            if len(places) == 1 and not state.fixed[places[0]]:
                cell = places[0]
                where = var_name(state.puzzle, cell)
                yield Step(
                    "hidden single",
                    f"In {name}, {digit + 1} fits only in {where}, so {where} = {digit + 1}.",
                    placements=((cell, digit),),
                    premises=cells,
                    region=name,
                )


#: The family's table: its levels (easy: naked singles only; medium: hidden singles needed)
#: and its rules, with their weights, written once.
TABLE = Table(
    levels=((0.0, "easy"), (1.5, "medium")),
    rows=(
        Technique("naked single", 1.0, naked_single, "a cell with one digit left"),
        Technique("hidden single", 1.5, hidden_single, "a digit with one place left in a line"),
    ),
)
SCALE = Scale(TABLE.levels)


def grade(log: Log) -> Grade:
    """The level of the hardest rule a solve needed (``needs-guessing`` when it searched);
    the score is that rule's weight, plus a little for how many steps came near it."""
    return grade_log(log, SCALE)


FAMILY = Family(
    name="latin",
    description="Latin square: each digit once in every row and column",
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
    levels=SCALE.levels,
)
