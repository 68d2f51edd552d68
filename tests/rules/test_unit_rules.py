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
    fish,
    full_house,
    hidden_single,
    hidden_subset,
    intersection_removal,
    naked_single,
    naked_subset,
)
from deduce.state import State
from deduce.testing import assert_sound, problems
from tests.conftest import FIXTURES, corpus_file


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
    lines = (tuple(range(n)), tuple(range(n, 2 * n)))  # rows, columns: the parallel groups
    return Units(tuple(rows + cols + regions), n, name, lambda v: str(v + 1), lines)


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
        Technique("full house", 0.9, full_house(units_of), "one open cell"),
        Technique("naked single", 1.0, naked_single(units_of), "one value left"),
        Technique("hidden single", 1.2, hidden_single(units_of), "one place left"),
        Technique("intersection removal", 1.7, intersection_removal(units_of), "crossing"),
        Technique("naked pair", 2.0, naked_subset(units_of, 2), "pair"),
        Technique("hidden pair", 2.2, hidden_subset(units_of, 2), "pair"),
        Technique("naked triple", 2.5, naked_subset(units_of, 3), "triple"),
        Technique("hidden triple", 2.7, hidden_subset(units_of, 3), "triple"),
        Technique("naked quad", 3.0, naked_subset(units_of, 4), "quad"),
        Technique("hidden quad", 3.2, hidden_subset(units_of, 4), "quad"),
        Technique("X-Wing", 3.4, fish(units_of, 2), "fish"),
        Technique("swordfish", 3.8, fish(units_of, 3), "fish"),
        Technique("jellyfish", 5.2, fish(units_of, 4), "fish"),
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


def test_a_full_house_fills_a_units_last_open_cell():
    state = _position({})
    for cell, digit in ((0, 2), (1, 4), (2, 1)):
        state.restrict(cell, 1 << (digit - 1))
        state.fixed[cell] = True
        state.note(cell, 0)
    step = _first(full_house(units_of), state)
    assert step.placements == ((3, 2),) and step.region == "row 1"
    assert step.explanation == "row 1 has one open cell, r1c4, and lacks only 3: r1c4 = 3."
    # Read again only once one of a unit's cells is written in: the rows it read stay clean.
    state.remove(3, 0b0001)
    assert [s.placements for s in full_house(units_of)(state)] == [((3, 2),)]


def test_an_x_wing_clears_its_value_from_the_rest_of_its_columns():
    # In rows 1 and 3, 1 is gone from columns 2 and 4: it sits in columns 1 and 3 there.
    jigsaw = tuple(range(4)) * 4  # regions are the columns: no crossing of rows and boxes
    state = _position({1: "234", 3: "234", 9: "234", 11: "234"}, jigsaw)
    step = _first(fish(units_of, 2), state)
    assert step.rule == "X-Wing" and step.region == "row 1 and row 3"
    assert step.eliminations == ((4, 0), (6, 0), (12, 0), (14, 0))
    assert step.premises == (0, 2, 8, 10)
    assert step.explanation == (
        "In row 1 and row 3, 1 fits only in column 1 and column 3 (r1c1, r1c3, r3c1 and "
        "r3c3), so column 1 and column 3 hold their 1 in row 1 and row 3: r2c1, r2c3, r4c1 "
        "and r4c3 lose it."
    )


def test_a_swordfish_needs_three_lines_each_with_two_or_three_places():
    # 6x6: in rows 1, 3 and 5, 1 fits only in columns 1, 3 and 5 (two places each).
    n, regions = 6, tuple(range(6)) * 6
    state = State(Grid(n, (0,) * 36, regions), [0b111111] * 36)
    allowed = {0: (0, 2), 2: (2, 4), 4: (0, 4)}
    for row, cols in allowed.items():
        for col in range(n):
            if col not in cols:
                state.domains[row * n + col] = 0b111110
    assert list(fish(units_of, 2)(state)) == []  # no two of those rows share their columns
    step = _first(fish(units_of, 3), state)
    assert step.rule == "swordfish"
    assert step.eliminations == tuple((r * n + c, 0) for r in (1, 3, 5) for c in (0, 2, 4))
    assert step.explanation.startswith(
        "In row 1, row 3 and row 5, 1 fits only in column 1, column 3 and column 5 "
        "(r1c1, r1c3, r3c3, r3c5, r5c1 and r5c5), so column 1, column 3 and column 5 hold"
    )


def test_parallel_units_must_be_full_and_disjoint():
    rows = (Unit("row 1", (0, 1)), Unit("cage", (1, 2), full=False))
    with pytest.raises(ValueError, match="full and disjoint: cage"):
        Units(rows, 2, str, str, ((0, 1),))


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
    assert solved >= 40  # of 57: the rest need the law of leftovers or chains


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
    "X-Wing",
    "swordfish",
    "jellyfish",
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


def _sudoku_units(state: State[object]) -> Units:
    """A Sudoku's rows, columns and boxes as the kit's Units, on Sudoku's own states (bit 0
    unused: values 1 to 9), rows and columns parallel: how Sudoku could use the kit."""
    geo = state.puzzle.geo  # type: ignore[attr-defined]
    named = tuple(Unit(name, unit) for name, unit in zip(geo.unit_names, geo.units, strict=True))
    lines = (tuple(range(geo.n)), tuple(range(geo.n, 2 * geo.n)))
    return Units(named, geo.n, geo.cell_names.__getitem__, str, lines, first=1)


KIT_ON_SUDOKU = Table(
    levels=((0.0, "easy"),),
    rows=(
        Technique("full house", 1.0, full_house(_sudoku_units), "one open cell"),
        Technique("naked single", 1.1, naked_single(_sudoku_units), "one value left"),
        Technique("hidden single", 1.2, hidden_single(_sudoku_units), "one place left"),
        Technique("crossing", 1.7, intersection_removal(_sudoku_units), "crossing"),
        *(
            Technique(f"{kind} {size}", 2.0 + k, find(_sudoku_units, size), kind)
            for k, (kind, find, size) in enumerate(
                (kind, find, size)
                for size in (2, 3, 4)
                for kind, find in (("naked", naked_subset), ("hidden", hidden_subset))
            )
        ),
        *(
            Technique(f"fish {size}", 9.0 + size, fish(_sudoku_units, size), "fish")
            for size in (2, 3, 4)
        ),
    ),
)


@pytest.mark.parametrize(
    "text",
    [
        line.split("\t")[0]
        for line in (FIXTURES / "sudoku" / "sudokuwiki_examples.tsv").read_text().splitlines()[1:]
    ],
)
def test_the_unit_rules_on_sudokus_own_states_reach_its_own_fixpoint(text):
    """The kit's rules run on Sudoku's own states (its model, its ``on_place``) and leave the
    candidates Sudoku's own singles, intersections, subsets and fish leave; every step keeps
    the solution."""
    sudoku = get_family("sudoku")
    own = [r for r in sudoku.rules if r.name in SUDOKU_KINDS]
    puzzle = sudoku.parse(text)
    mine, theirs = sudoku.initial_state(puzzle), sudoku.initial_state(puzzle)
    log = deduce.Log("sudoku", text)
    propagate(sudoku, mine, log, rules=KIT_ON_SUDOKU.rules)
    propagate(sudoku, theirs, rules=own)
    assert mine.domains == theirs.domains
    (solution,) = deduce.solve(text, sudoku).solutions
    for step in log.steps:
        assert all(solution[c] == v for c, v in step.placements), step.explanation
        assert all(solution[c] != v for c, v in step.eliminations), step.explanation


def test_a_unit_rule_yields_every_step_it_finds_and_sets_the_weight_it_is_given():
    # Row 1: 3 fits only in r1c4 and 4 only in r1c3; two hidden singles in one unit.
    state = _position({0: "12", 1: "12", 2: "124", 3: "123"})
    steps = list(hidden_single(units_of, weight=1.2)(state))
    assert [s.placements for s in steps if s.region == "row 1"] == [((3, 2),), ((2, 3),)]
    assert {s.difficulty for s in steps} == {1.2}
