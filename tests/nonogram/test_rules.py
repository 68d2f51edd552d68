"""Nonogram rules: a position for each where it fires and nothing easier does, with the exact
conclusion; every line rule checked against all placements of random small lines.

The positions come from solving small random pictures (drawn here as ``#``/``.`` pictures,
the state as ``#`` filled, ``.`` empty, ``?`` open) and taking a state where the engine's
easiest-first order picked the rule.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deduce.errors import Contradiction
from deduce.puzzles.nonogram.model import D_EMPTY, D_FILLED, D_OPEN, clues_of
from deduce.rules.nonogram.forcing import edge_forcing_line, joining_line
from deduce.rules.nonogram.lines import cells_of, masks_of, solve_line
from deduce.rules.nonogram.simple import boxes, completed, spaces
from deduce.testing import round_steps
from tests.nonogram.positions import NONOGRAM, placements_of, state_of

CASES = [
    (
        "simple boxes",
        ["#..#", "##.#", "#...", "#..."],
        ["????", "????", "????", "????"],
        ((4, 1), (5, 1), (7, 1)),
        "Row 2 (2 1): each block covers the same cells in its leftmost and its rightmost "
        "place, so r2c1, r2c2 and r2c4 are filled.",
    ),
    (
        "simple spaces",
        ["#..#", "##.#", "#...", "#..."],
        ["#???", "##?#", "#???", "#???"],
        ((6, 0),),
        "Row 2 (2 1): no block can reach it from its leftmost to its rightmost place, so "
        "r2c3 is empty.",
    ),
    (
        "completed line",
        ["#..#", "##.#", "#...", "#..."],
        ["#?.#", "##.#", "#?.?", "#?.?"],
        ((1, 0),),
        "Row 1 (1 1): all 2 of its filled cells are found, so r1c2 is empty.",
    ),
    (
        "edge forcing",
        ["..#.", "#..#", "...#", "###."],
        ["?.??", "#.??", "?.??", "?##?"],
        ((12, 1), (0, 0), (8, 0)),
        "Column 1 (1 1): the first filled cell r2c1 can only belong to the first block (1), "
        "so r4c1 is filled and r1c1 and r3c1 are empty.",
    ),
    (
        "joining and splitting",
        ["#..#", "..#.", "###.", "#.##", ".#.."],
        ["??.#", "???.", "###.", "#.##", "???."],
        ((4, 0), (16, 0)),
        "Column 1 (1 2): the run r3c1 to r4c1 is already as long as the longest block that "
        "can cover it (2), so r2c1 and r5c1 are empty.",
    ),
    (
        "line solver",
        [".#..#...", "..#.####", "#.#..#..", "...####."],
        ["???.#.??", "??#?##??", "????.#.?", "...?###?"],
        ((9, 0),),
        "Row 2 (1 4): every placement of its blocks that fits the known cells agrees on "
        "them, so r2c2 is empty.",
    ),
    (
        "probing",
        [".#..", "#...", "#...", ".#.."],
        ["??..", "??..", "??..", "??.."],
        ((0, 0),),
        "If r1c1 were filled, 3 line deductions (row 1, column 1 and column 2) would leave "
        "row 2 no way to show 1, so r1c1 is empty.",
    ),
]


@pytest.mark.parametrize(("rule", "picture", "grid", "placements", "sentence"), CASES)
def test_rule_fires_where_nothing_easier_does(rule, picture, grid, placements, sentence):
    state = state_of(picture, grid)
    found = round_steps(state, NONOGRAM.rules)
    assert found is not None
    chosen, steps = found
    assert chosen.name == rule
    assert steps[0].placements == placements
    assert steps[0].explanation == sentence
    assert steps[0].rule == rule


def test_rules_are_ordered_by_weight():
    weights = [r.weight for r in NONOGRAM.rules]
    assert weights == sorted(weights)
    assert [r.name for r in NONOGRAM.rules][-2:] == ["line solver", "probing"]


def test_a_line_that_cannot_be_completed_is_a_contradiction():
    state = state_of(["#.", ".#"], ["##", "??"])
    with pytest.raises(Contradiction, match="row 1 cannot show its clue 1"):
        round_steps(state, NONOGRAM.rules)


def on_bytes(rule):
    """A line rule on masks as a function of (clue, cells as domain masks), for the checks."""

    def on_cells(clue, cells):
        found = rule(clue, len(cells), *masks_of(cells))
        return None if found is None else cells_of(len(cells), found[0], found[1])

    on_cells.__name__ = rule.__name__
    return on_cells


LINE_RULES = [
    *map(on_bytes, [boxes, spaces, completed, edge_forcing_line, joining_line]),
    solve_line,
]


@settings(max_examples=400, deadline=None)
@given(
    truth=st.text("01", min_size=1, max_size=9),
    mask=st.lists(st.sampled_from([0, 0, 1]), min_size=9, max_size=9),
)
def test_line_rules_never_contradict_a_placement(truth, mask):
    """Every conclusion of every line rule holds in every placement (soundness), and the line
    solver settles exactly the cells all placements agree on (completeness)."""
    clue = clues_of(truth)
    cells = bytes(
        (D_FILLED if b == "1" else D_EMPTY) if m else D_OPEN
        for b, m in zip(truth, mask, strict=False)
    )
    words = placements_of(clue, cells)
    assert words
    for func in LINE_RULES:
        after = func(clue, cells)
        assert after is not None, func.__name__
        for word in words:
            for i, b in enumerate(word):
                assert after[i] & (D_FILLED if b == "1" else D_EMPTY), (func.__name__, clue, cells)
    exact = bytes(
        (D_FILLED if any(w[i] == "1" for w in words) else 0)
        | (D_EMPTY if any(w[i] == "0" for w in words) else 0)
        for i in range(len(cells))
    )
    assert solve_line(clue, cells) == exact


@settings(max_examples=200, deadline=None)
@given(
    clue=st.lists(st.integers(1, 3), max_size=3).map(tuple),
    cells=st.lists(st.sampled_from([D_EMPTY, D_FILLED, D_OPEN]), min_size=1, max_size=8),
)
def test_line_rules_find_no_fit_only_when_there_is_none(clue, cells):
    cells = bytes(cells)
    fits = bool(placements_of(clue, cells))
    assert (solve_line(clue, cells) is not None) == fits
    for func in LINE_RULES:
        if func(clue, cells) is None:
            assert not fits, func.__name__
