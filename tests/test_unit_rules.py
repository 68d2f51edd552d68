"""The kit's unit rules (``deduce.rules.units``): each fires on a test position with its exact
conclusion, and over real puzzles with irregular units (Janko's jigsaw Sudoku) and plain
Sudoku they never remove a value of the solution and solve what Sudoku's own rules of the
same kinds solve."""

from __future__ import annotations

import json

import attrs
import pytest

import deduce
from deduce.difficulty.scale import Scale, grade_log
from deduce.engine import propagate
from deduce.errors import Contradiction
from deduce.family import Family
from deduce.registry import get_family
from deduce.rule import Table, Technique
from deduce.rules.units import (
    Unit,
    Units,
    hidden_single,
    hidden_subset,
    intersection_removal,
    naked_single,
    naked_subset,
)
from deduce.state import State
from deduce.testing import assert_sound, problems
from tests.conftest import corpus_file


@attrs.frozen
class Grid:
    """An n×n grid whose rows, columns and regions (a region number per cell) hold 1..n once."""

    n: int
    givens: tuple[int, ...]
    regions: tuple[int, ...]


def _units(grid: Grid) -> Units:
    n = grid.n
    rows = [Unit(f"row {r + 1}", tuple(r * n + c for c in range(n))) for r in range(n)]
    cols = [Unit(f"column {c + 1}", tuple(r * n + c for r in range(n))) for c in range(n)]
    regions = [
        Unit(f"region {k + 1}", tuple(i for i, g in enumerate(grid.regions) if g == k))
        for k in range(n)
    ]
    name = lambda cell: f"r{cell // n + 1}c{cell % n + 1}"  # noqa: E731
    return Units(tuple(rows + cols + regions), n, name, lambda v: str(v + 1))


def units_of(state: State[Grid]) -> Units:
    return _units(state.puzzle)


def on_place(state: State[Grid], cell: int, value: int) -> None:
    for unit in units_of(state).units:
        if cell in unit.cells:
            for other in unit.cells:
                if other != cell:
                    state.remove(other, 1 << value, "empty")


def initial_state(grid: Grid) -> State[Grid]:
    state = State(grid, [(1 << grid.n) - 1] * grid.n**2)
    for cell, given in enumerate(grid.givens):
        if given:
            if not state.domains[cell] >> (given - 1) & 1:
                raise Contradiction(f"the given at {cell} repeats")
            state.restrict(cell, 1 << (given - 1))
            state.fixed[cell] = True
            state.note(cell, 0)
            on_place(state, cell, given - 1)
    return state


def check_solution(grid: Grid, values: list[int]) -> None:
    for unit in _units(grid).units:
        if len({values[c] for c in unit.cells}) != grid.n:
            raise Contradiction(f"{unit.name} repeats")


TABLE = Table(
    levels=((0.0, "easy"), (1.5, "hard")),
    rows=(
        Technique("naked single", 1.0, naked_single(units_of), "one value left"),
        Technique("hidden single", 1.2, hidden_single(units_of), "one place left"),
        Technique("intersection removal", 1.7, intersection_removal(units_of), "crossing"),
        Technique("naked pair", 2.0, naked_subset(units_of, 2), "pair"),
        Technique("hidden pair", 2.2, hidden_subset(units_of, 2), "pair"),
        Technique("naked triple", 2.5, naked_subset(units_of, 3), "triple"),
        Technique("hidden triple", 2.7, hidden_subset(units_of, 3), "triple"),
        Technique("naked quad", 3.0, naked_subset(units_of, 4), "quad"),
        Technique("hidden quad", 3.2, hidden_subset(units_of, 4), "quad"),
    ),
)
SCALE = Scale(TABLE.levels)


def _parse(text: str) -> Grid:
    record = json.loads(text)
    n = record["size"][0]
    givens = tuple(v for row in record["givens"] for v in row)
    if "regions" in record:
        numbers = [v for row in record["regions"] for v in row]
        order = sorted(set(numbers))
        regions = tuple(order.index(v) for v in numbers)
    else:
        w, h = {4: (2, 2), 6: (3, 2), 9: (3, 3)}[n]
        regions = tuple((r // h) * (n // w) + c // w for r in range(n) for c in range(n))
    return Grid(n, givens, regions)


GRID = Family(
    name="unit-grid",
    description="a grid of rows, columns and regions, for the kit's unit rules",
    parse=_parse,
    format=lambda grid: json.dumps(grid.givens),
    detect=lambda text: text.startswith("{"),
    initial_state=initial_state,
    rules=TABLE.rules,
    check_solution=check_solution,
    solution_text=lambda grid, values: "".join(str(v + 1) for v in values),
    var_name=lambda grid, cell: f"r{cell // grid.n + 1}c{cell % grid.n + 1}",
    value_name=lambda grid, cell, v: str(v + 1),
    grade=lambda log: grade_log(log, SCALE),
    on_place=on_place,
    levels=SCALE.levels,
)
BOXES4 = (0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3)


def _position(domains: dict[int, str], regions: tuple[int, ...] = BOXES4) -> State[Grid]:
    """A 4x4 state: every cell may hold 1-4 except those given (cell: its digits)."""
    state = State(Grid(4, (0,) * 16, regions), [0b1111] * 16)
    for cell, digits in domains.items():
        state.domains[cell] = sum(1 << (int(d) - 1) for d in digits)
    return state


def _first(find, state):  # type: ignore[no-untyped-def]
    return next(iter(find(state)))


def test_a_hidden_single_places_the_one_place_left():
    # 3 is gone from r1c1, r1c2 and r1c3: in row 1 it fits only in r1c4.
    state = _position({0: "124", 1: "124", 2: "124"})
    step = _first(hidden_single(units_of), state)
    assert step.placements == ((3, 2),) and step.eliminations == ()
    assert step.explanation == "In row 1, 3 fits only in r1c4, so r1c4 = 3."


def test_a_naked_pair_clears_its_values_from_the_unit():
    state = _position({0: "12", 1: "12"})
    step = _first(naked_subset(units_of, 2), state)
    assert step.rule == "naked pair" and step.region == "row 1"
    assert step.eliminations == ((2, 0), (2, 1), (3, 0), (3, 1))
    assert step.explanation == (
        "r1c1 and r1c2 hold only 1 and 2 between them, so the other cells of row 1 cannot "
        "be 1 or 2: r1c3 and r1c4 lose them."
    )


def test_a_hidden_pair_clears_the_other_values_from_its_cells():
    # 1 and 2 are gone from r1c3 and r1c4: in row 1 they fit only in r1c1 and r1c2.
    state = _position({2: "34", 3: "34"})
    step = _first(hidden_subset(units_of, 2), _position({2: "34", 3: "34"}))
    assert step.rule == "hidden pair"
    assert step.eliminations == ((0, 2), (0, 3), (1, 2), (1, 3))
    assert step.explanation == (
        "In row 1, 1 and 2 fit only in r1c1 and r1c2, so those cells hold nothing else: "
        "they lose 3 and 4."
    )
    assert state.domains[0] == 0b1111  # finding a step changes nothing


def test_intersection_removal_works_between_any_two_units():
    # In region 1 (the top-left box), 1 is gone from r2c1 and r2c2: it sits in row 1 there.
    state = _position({4: "234", 5: "234"})
    # (Row 2's 1 is confined to region 2 as well: the same removal seen from the other side.)
    found = {s.explanation: s.eliminations for s in intersection_removal(units_of)(state)}
    assert found == {
        "In row 2, 1 fits only in r2c3 and r2c4, which are also in region 2, so the rest of "
        "region 2 cannot be 1: r1c3 and r1c4 lose it.": ((2, 0), (3, 0)),
        "In region 1, 1 fits only in r1c1 and r1c2, which are also in row 1, so the rest of "
        "row 1 cannot be 1: r1c3 and r1c4 lose it.": ((2, 0), (3, 0)),
    }
    # An irregular region (cells 0, 1, 2, 4) crossing row 1 in three cells.
    jigsaw = (0, 0, 0, 1, 0, 1, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3)
    state = _position({4: "234"}, jigsaw)
    found = {s.explanation: s.eliminations for s in intersection_removal(units_of)(state)}
    assert found[
        "In region 1, 1 fits only in r1c1, r1c2 and r1c3, which are also in row 1, so the rest "
        "of row 1 cannot be 1: r1c4 loses it."
    ] == ((3, 0),)


def test_a_full_unit_with_no_place_for_a_value_is_a_contradiction():
    state = _position({0: "12", 1: "12", 2: "12", 3: "12"})
    with pytest.raises(Contradiction, match="row 1 has no place left for 3"):
        list(hidden_single(units_of)(state))


def _records(name: str, every: int) -> list[str]:
    path = corpus_file("sudoku", name)
    return path.read_text(encoding="utf-8").splitlines()[::every]


def _solution(line: str) -> list[int]:
    return [v - 1 for row in json.loads(line)["solution"] for v in row]


@pytest.mark.corpus
def test_the_unit_rules_are_sound_and_true_on_janko_jigsaws():
    """Irregular regions: every rule on every stall of a solve keeps the site's solution,
    and every logged step is true when read."""
    solved = 0
    for line in _records("janko_jigsaw_third.jsonl", 4):
        grid, solution = GRID.parse(line), _solution(line)
        assert_sound(GRID, grid, solution)
        result = deduce.solve(line, GRID)
        assert solution in result.solutions
        if result.status == "multiple":
            # A few of Janko's (652-673) also ask both diagonals to hold each digit once, which
            # the file does not mark: without them there is more than one solution.
            assert _diagonals_distinct(json.loads(line)["solution"]), line
        else:
            solved += result.solved_by_rules
        assert problems(GRID, grid, result.log) == []
    assert solved >= 40  # of 57: the rest need the law of leftovers, fish or chains


def _diagonals_distinct(rows: list[list[int]]) -> bool:
    n = len(rows)
    return all(len({rows[i][f(i)] for i in range(n)}) == n for f in (int, lambda i: n - 1 - i))


SUDOKU_KINDS = (
    "hidden single (box)",
    "hidden single (row)",
    "hidden single (column)",
    "naked single",
    "pointing",
    "claiming",
    *(f"{kind} {size}" for kind in ("naked", "hidden") for size in ("pair", "triple", "quad")),
)


@pytest.mark.corpus
def test_the_unit_rules_reach_sudokus_own_fixpoint():
    """On plain Sudoku the kit's rules and Sudoku's own singles, intersections and subsets
    leave the same candidates (a fixpoint of sound rules does not depend on their order)."""
    sudoku = get_family("sudoku")
    own = [r for r in sudoku.rules if r.name in SUDOKU_KINDS]
    assert len(own) == len(SUDOKU_KINDS)
    for text in corpus_file("sudoku", "top95.txt").read_text().split()[:30]:
        givens = [0 if ch in ".0" else int(ch) for ch in text]
        rows = [givens[r * 9 : r * 9 + 9] for r in range(9)]
        mine = GRID.initial_state(GRID.parse(json.dumps({"size": [9, 9], "givens": rows})))
        propagate(GRID, mine)
        theirs = sudoku.initial_state(sudoku.parse(text))
        propagate(sudoku, theirs, rules=own)
        assert mine.domains == [d >> 1 for d in theirs.domains], text
