"""Probing explains itself with its chain, and what it finds depends on the grid alone."""

from __future__ import annotations

import json

import deduce
from deduce.engine import next_step
from deduce.families.nonogram import FAMILY as NONOGRAM
from deduce.puzzles.nonogram.model import D_EMPTY, D_FILLED, FILLED, lines_of
from deduce.rules.nonogram.lines import solve_line
from deduce.show.replay import replay
from deduce.step import CONTRADICTION, Step
from deduce.testing import round_steps
from tests.conftest import corpus_file
from tests.nonogram.positions import state_of

PICTURE = [".#..", "#...", "#...", ".#.."]
GRID = ["??..", "??..", "??..", "??.."]


def test_the_chain_is_the_shortest_story_to_the_contradiction():
    state = state_of(PICTURE, GRID)
    rule, steps = round_steps(state, NONOGRAM.rules)
    step = steps[0]
    assert rule.name == "probing"
    assert [(s.rule, s.explanation) for s in step.substeps] == [
        ("supposition", "Suppose r1c1 is filled."),
        ("line solver", "Row 1 (1): with r1c1 filled, r1c2 is empty."),
        ("line solver", "Column 1 (2): with r1c1 filled, r2c1 is filled."),
        ("line solver", "Column 2 (1 1): with r1c2 empty, r2c2 is filled."),
        (
            "contradiction",
            "Row 2 (1): with r2c1 and r2c2 filled, no placement of its blocks fits: a "
            "contradiction.",
        ),
    ]
    assert step.substeps[-1].kind == CONTRADICTION
    assert step.substeps[2].placements == ((4, FILLED),)
    assert step.links == ((0, 1), (0, 4), (1, 5))  # from each deduction's cause to its cell
    assert set(step.premises) >= {0, 1, 4, 5, 6, 7}  # the chain and the failing row 2


def follows(puzzle, grid: bytes, step: Step) -> bool:
    """Whether the substeps of a probing step hold one after another on ``grid``: each line
    deduction, given only the supposition and the cells the substeps before it settled,
    settles what it says, and the last line then has no placement."""
    lines = {line.name: line for line in lines_of(puzzle)}
    scratch = bytearray(grid)
    first, *middle, last = step.substeps
    for cell, value in first.placements:
        scratch[cell] = D_FILLED if value == FILLED else D_EMPTY
    for sub in middle:
        line = lines[sub.region]
        after = solve_line(line.clue, bytes(scratch[c] for c in line.cells))
        if after is None:
            return False
        for cell, value in sub.placements:
            if after[line.cells.index(cell)] != (D_FILLED if value == FILLED else D_EMPTY):
                return False
            scratch[cell] = after[line.cells.index(cell)]
    line = lines[last.region]
    return solve_line(line.clue, bytes(scratch[c] for c in line.cells)) is None


def test_the_chain_holds_one_step_after_another_on_a_corpus_puzzle():
    text = corpus_file("nonogram", "survey_bw.jsonl").read_text().splitlines()
    mum = next(line for line in text if "Mum" in line)
    result = deduce.solve(mum)
    checked = 0
    for state, step in replay(result.puzzle.family, result.puzzle.data, result.log):
        if step.rule == "probing":
            assert follows(result.puzzle.data, bytes(state.domains), step), step.explanation
            checked += 1
    assert checked >= 5


def test_a_probing_step_is_the_same_without_the_outcomes_carried_from_earlier_calls():
    """The carried outcomes only spare work: on a fresh copy of the grid (nothing carried),
    probing makes the same step, chain and all."""
    text = corpus_file("nonogram", "survey_bw.jsonl").read_text().splitlines()
    edge = next(line for line in text if "Edge" in line)
    result = deduce.solve(edge)
    family, puzzle = result.puzzle.family, result.puzzle.data
    seen = 0
    for state, step in replay(family, puzzle, result.log):
        if step.rule != "probing":
            continue
        fresh = family.initial_state(puzzle)
        fresh.domains[:] = state.domains
        again = next_step(fresh, family.rules)
        assert again is not None
        assert again[1].explanation == step.explanation
        assert again[1].substeps == step.substeps
        seen += 1
    assert seen >= 5


def test_a_probing_step_round_trips_through_json_with_its_chain():
    state = state_of(PICTURE, GRID)
    _, steps = round_steps(state, NONOGRAM.rules)
    data = json.loads(json.dumps(steps[0].to_dict()))
    assert len(data["substeps"]) == 5
    assert Step.from_dict(data) == steps[0]


def test_the_score_tells_two_puzzles_of_one_level_apart():
    """Inside one level the score follows the work: more line passes, more probes."""
    from deduce.difficulty.nonogram import passes
    from deduce.families.nonogram import SCALE

    assert SCALE.score is not None
    score = SCALE.score

    # a Tatham Pattern 10x10 (sgt-pattern --generate 1 10x10#abc) and the full 10x10 grid
    a = deduce.solve(
        "10x10:3/7/3.4/6.3/6.1/2/3/1.3/2.3/1.2/1.3.1/5/4/4/2.2.3/2.2.1.1/3.1/3.2/2.3/2.3"
    )
    b = deduce.solve("10x10:" + "/".join(["10"] * 20))  # every cell filled: one pass
    assert a.grade.level == b.grade.level == "line-simple"
    assert passes([s for s in b.log.steps if s.premises]) == 1
    assert passes([s for s in a.log.steps if s.premises]) > 2
    assert score(a.log) > score(b.log)
    chained = [
        Step("x", "", placements=((0, 1),), premises=(0, 1)),
        Step("y", "", placements=((5, 1),), premises=(0, 5)),
    ]
    assert passes(chained) == 2
