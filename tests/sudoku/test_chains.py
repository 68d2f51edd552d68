"""Sudoku's pattern and chain rules: a position where each fires and nothing easier does, with
its exact conclusion; the graphs they read; and the ways they report an impossible position.

The positions are in tests/fixtures/sudoku/rule_positions.jsonl (sources in the README there;
``record_positions.py`` beside it wrote them).
"""

from __future__ import annotations

import pytest

import deduce
from deduce.engine import apply_step, next_step
from deduce.errors import Contradiction
from deduce.graphs.nonrepetitive import cyclic_edges
from deduce.puzzles.sudoku.view import parse_progress
from deduce.rules.sudoku import LOCAL_RULES, NONLOCAL_RULES, PATTERN_RULES, RULES
from deduce.rules.sudoku.bilocation import nonrepetitive_cycles
from deduce.rules.sudoku.bivalue import nonrepetitive_cycles as bivalue_cycles
from deduce.rules.sudoku.bivalue import repetitive_cycles as bivalue_repetitive
from deduce.rules.sudoku.forcing import forcing_chains
from deduce.rules.sudoku.graphs import (
    bilocation_edges,
    bipartite_bivalue_edges,
    bivalue_edges,
)
from deduce.rules.sudoku.notation import bilocation_chain, bivalue_chain, bivalue_from, eureka
from tests.sudoku.chain_positions import POSITIONS, position

SUDOKU = deduce.get_family("sudoku")


def case_for(rule: str) -> dict:
    """The recorded position of ``rule``."""
    return next(c for c in POSITIONS if c["rule"] == rule)


@pytest.mark.parametrize("case", POSITIONS, ids=[c["rule"] for c in POSITIONS])
def test_rule_fires_first_with_its_exact_conclusion(case):
    _, state = position(case)
    # Every recorded puzzle has one solution, so the uniqueness rules may take part.
    found, step = next_step(state, SUDOKU.rules, known_unique=True)
    assert found.name == case["rule"]  # and so no easier rule makes progress here
    assert [list(p) for p in step.placements] == case["placements"]
    assert [list(e) for e in step.eliminations] == case["eliminations"]
    assert step.explanation == case["explanation"]
    assert step.rule == found.name and step.difficulty >= found.weight
    if found.name != "BUG+1":  # one cell: nothing to link
        assert step.links and len(step.link_labels) == len(step.links)
    if not found.assumes_unique:  # a chain: each link strong or weak, drawn solid or dashed
        assert len(step.link_kinds) == len(step.links)
        assert set(step.link_kinds) <= {"strong", "weak"}


@pytest.mark.parametrize("case", POSITIONS, ids=[c["rule"] for c in POSITIONS])
def test_positions_are_reached_from_their_puzzles_and_agree_with_the_solution(case):
    puzzle, state = position(case)
    solution = deduce.solve(case["puzzle"]).solution
    for cell, domain in enumerate(state.domains):
        assert domain >> solution[cell] & 1, f"the position rules out the solution at {cell}"
    replayed = SUDOKU.initial_state(puzzle)
    for _ in range(case["rounds"]):
        _, step = next_step(replayed, SUDOKU.rules, known_unique=True)
        apply_step(SUDOKU, replayed, step)
    assert replayed.domains == state.domains


def test_every_pattern_and_chain_rule_has_a_position():
    assert [c["rule"] for c in POSITIONS] == [r.name for r in PATTERN_RULES + NONLOCAL_RULES]


def test_rule_lists():
    names = [r.name for r in RULES]
    assert sorted(names) == sorted(r.name for r in LOCAL_RULES + PATTERN_RULES + NONLOCAL_RULES)
    weights = [r.weight for r in RULES]
    assert weights == sorted(weights)
    assert min(r.weight for r in NONLOCAL_RULES) > max(r.weight for r in LOCAL_RULES)
    assert min(r.weight for r in NONLOCAL_RULES) > max(r.weight for r in PATTERN_RULES)
    assert SUDOKU.rules == RULES
    assert {r.name for r in RULES if r.assumes_unique} == {
        "Unique Rectangle type 1",
        "Unique Rectangle type 2",
        "Unique Rectangle type 3",
        "Unique Rectangle type 4",
        "BUG+1",
    }


# --- the graphs -------------------------------------------------------------------------------


def _state(grid: str):
    puzzle = SUDOKU.parse("." * 81)
    return parse_progress(puzzle, grid)


def test_bilocation_and_bivalue_graphs_of_a_position():
    _, state = position(case_for("Continuous Nice Loop (bivalue)"))
    (step,) = list(bivalue_cycles(state))[:1]
    loop = [(a, b, int(d)) for (a, b), d in zip(step.links, step.link_labels, strict=True)]
    assert len(loop) >= 4 and loop[0][0] == loop[-1][1]
    bivalue = bivalue_edges(state)
    undirected = {(min(x, y), max(x, y), e) for x, y, e in bivalue}
    assert all((min(a, b), max(a, b), d) in undirected for a, b, d in loop)
    assert all(state.domains[c].bit_count() == 2 for a, b, _ in bivalue for c in (a, b))
    on_cycle = {frozenset((a, b)) for a, b, _ in cyclic_edges(bivalue)}
    assert all(frozenset((a, b)) in on_cycle for a, b, _ in loop)
    # The bipartite bivalue graph routes each link through a (unit, digit) vertex.
    flags = bipartite_bivalue_edges(state)
    assert all(isinstance(node, tuple) and flag == cell for cell, node, _, flag in flags)
    assert len(flags) <= 6 * sum(1 for d in state.domains if d.bit_count() == 2)
    # Bilocation: every edge is a digit's only two open places in some unit.
    for a, b, d in bilocation_edges(state):
        units = [u for u in SUDOKU.parse("." * 81).geo.units if a in u and b in u]
        assert any(
            [c for c in u if not state.fixed[c] and state.domains[c] >> d & 1] == sorted([a, b])
            for u in units
        )


def test_every_chain_kind_is_written_in_eureka_notation():
    geo = SUDOKU.parse("." * 81).geo
    cells = [(9, 5), (15, 6), (42, None)]  # r2c1 -5- r2c7 -6- r5c7
    # Strong links (digits with two places): = between cells, - inside one.
    assert eureka(geo, *bilocation_chain(cells)) == "(5)r2c1=(5-6)r2c7=(6)r5c7"
    # Two-candidate cells: = inside a cell, - between cells.
    assert eureka(geo, *bivalue_chain(cells, 3, 4)) == "(3=5)r2c1-(5=6)r2c7-(6=4)r5c7"
    assert eureka(geo, *bivalue_from(cells, 4)) == "(5)r2c1-(5=6)r2c7-(6=4)r5c7"
    assert eureka(geo, [(0, 5), (6, 5), (26, 5)], ["strong", "weak"]) == "(5)r1c1=(5)r1c7-(5)r3c9"


# --- impossible positions are reported, in words ----------------------------------------------


def _grid(**cells: str) -> str:
    """81 tokens, every candidate open except in the cells named (``r1c1="123"``)."""
    tokens = ["123456789"] * 81
    for name, marks in cells.items():
        r, c = name[1:].split("c")
        tokens[(int(r) - 1) * 9 + int(c) - 1] = marks
    return " ".join(tokens)


def test_a_cell_on_two_cycles_sharing_a_digit_must_be_that_digit():
    """Row 1 has 1 and 2 only in r1c1, r1c2; column 1 has 1 and 3 only in r1c1, r2c1. Two
    2-cycles through r1c1 turn 1/2 and 1/3: r1c1 is 1. (Eppstein's paper would call three
    cyclic digits at a cell an inconsistency; here it is a placement.)"""
    rest_of_row = {f"r1c{c}": "456789" for c in range(3, 10)}
    rest_of_column = {f"r{r}c1": "2456789" for r in range(3, 10)}
    state = _state(_grid(r1c1="123", r1c2="12", r2c1="13", **rest_of_row, **rest_of_column))
    steps = list(nonrepetitive_cycles(state))
    at_r1c1 = {(c, d) for s in steps for c, d in s.eliminations if c == 0}
    assert at_r1c1 == {(0, 2), (0, 3)}
    assert {s.explanation.split(" is a loop")[0] for s in steps} == {
        "(2)r1c1=(2-1)r1c2=(1-2)r1c1",
        "(3)r1c1=(3-1)r2c1=(1-3)r1c1",
    }


def test_cycles_that_leave_a_cell_no_digit_are_a_contradiction():
    """Row 1 has 1 and 2 only in r1c1, r1c2; column 1 has 3 and 4 only in r1c1, r2c1: r1c1
    lies on a cycle turning 1/2 and on one turning 3/4, and can be none of them."""
    grid = ["123456789"] * 81
    grid[0] = "1234"
    grid[1] = "12"
    grid[9] = "34"
    # Keep 1 and 2 out of the rest of row 1, and 3 and 4 out of the rest of column 1.
    for c in range(2, 9):
        grid[c] = "56789"
    for r in range(2, 9):
        grid[r * 9] = "56789"
    state = _state(" ".join(grid))
    with pytest.raises(Contradiction, match="r1c1 lies on nonrepetitive cycles"):
        list(nonrepetitive_cycles(state))


def test_forcing_chains_report_a_candidate_that_can_neither_hold_nor_not():
    grid = ["123456789"] * 81
    grid[0], grid[1], grid[2] = "12", "12", "12"  # three cells of row 1 share only 1 and 2
    state = _state(" ".join(grid))
    with pytest.raises(Contradiction, match="can neither be"):
        list(forcing_chains(state))


def test_the_step_picture_draws_the_chain_with_its_digits():
    from deduce.show.svg import to_svg

    puzzle, state = position(case_for("Continuous Nice Loop (bilocation)"))
    _, step = next_step(state, SUDOKU.rules, known_unique=True)
    svg = to_svg(SUDOKU.picture(puzzle, state, step))
    assert svg.count('class="link role-chain"') == len(step.links) == 5
    labels = svg.split('<g class="link-label">')[1:]
    assert sorted(part.split("</text>")[0].rsplit(">", 1)[1] for part in labels) == sorted(
        step.link_labels
    )
    # Digits and marks are drawn after the lines, so no line hides one.
    assert svg.rindex('class="link role-chain"') < svg.rindex('class="m"')


def test_the_documentation_lists_every_rule_above_the_local_ones():
    from tests.conftest import ROOT

    doc = (ROOT / "docs" / "sudoku.md").read_text()
    for rule in PATTERN_RULES + NONLOCAL_RULES:
        listed = (f"| {rule.weight} | {rule.name} |", f"| {rule.weight}+ | {rule.name} |")
        assert any(row in doc for row in listed), rule.name


def test_a_chain_that_contradicts_itself_on_the_way_round_is_explained_up_to_there():
    """A position of top95's sixth puzzle (as an earlier engine reached it): the witness of one
    bivalue repetitive cycle passes r9c1 twice, forcing it to 2 and then to 6; the sentence
    stops there."""
    puzzle = SUDOKU.parse(
        "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5...."
    )
    state = parse_progress(
        puzzle,
        "4 8 7 3 1 2 56 9 56 59 59 3 6 48 48 2 7 1 1 2 6 57 9 57 3 8 4 7 34 5 89 348 489 1 6 "
        "2 69 1 49 2 346 57 8 34 57 28 346 28 57 346 1 57 34 9 58 45 1 48 7 6 9 2 3 3 67 89 1 "
        "2 89 4 5 67 26 4679 24 49 5 3 67 1 8",
    )
    (step,) = [s for s in bivalue_repetitive(state) if s.placements == ((6, 6),)]
    assert step.rule == "Discontinuous Nice Loop (bivalue)"
    assert step.explanation.startswith("(5)r1c7-(5=7)r6c7-(7=6)r9c7-")
    assert step.explanation.endswith("and r9c1 would be both 2 and 6; so r1c7 = 6.")
    assert step.links[-1][1] == 72 and any(a == 72 for a, _ in step.links)  # r9c1 twice
