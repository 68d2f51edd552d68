"""The rules that look again only where the grid changed give what looking everywhere gives.

Sudoku's rules keep records on the State of where they found nothing (``deduce.memo.quiet``,
``quiet_values``), tables kept from the journal of changes (``entries_to_fill``,
``value_places``) and the cheap Hall-set test before the matching (``rules/sudoku/hall.py``).
At every step of real solves, each rule asked on the live state (records and all) must give
the very steps, in the very order, that it gives on a fresh copy of the state (no records:
everything looked at afresh), and the same contradiction.
"""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import deduce
from deduce.engine import apply_step, next_step
from deduce.errors import Contradiction
from deduce.graphs.bipartite import perfect_matching, unmatchable_edges
from deduce.rules.sudoku import RULES, SINGLES
from deduce.rules.sudoku.hall import hall_sets_possible
from deduce.rules.sudoku.singles import unit_digit_places
from deduce.state import State
from deduce.step import Step
from tests.conftest import corpus_file

# Rules whose every step is worked out, cheap enough to list at each step of a solve.
LISTED = [r for r in RULES if r.weight < 6.5]


def answers(rule, state: State) -> list[tuple] | str:
    """Everything ``rule`` says on ``state``: its steps, or the contradiction it raises."""
    try:
        return [(s.rule, s.explanation, s.placements, s.eliminations) for s in rule.find(state)]
    except Contradiction as exc:
        return f"contradiction: {exc}"


def follow(text: str, limit: int = 400) -> None:
    """Solve ``text`` with the rules, step by step, checking every listed rule at each step."""
    family = deduce.get_family("sudoku")
    state = family.initial_state(family.parse(text))
    for _ in range(limit):
        for rule in LISTED:
            assert answers(rule, state) == answers(rule, state.copy()), (text, rule.name)
        found = next_step(state, family.rules, known_unique=True)
        if found is None:
            return
        apply_step(family, state, found[1])


def puzzles(name: str, count: int, column: int = 0) -> list[str]:
    lines = corpus_file("sudoku", name).read_text().splitlines()
    rows = [ln.split("\t")[column] for ln in lines if ln and not ln.startswith("#")]
    if name.endswith(".tsv"):
        rows = rows[1:]
    return rows[:count]


@pytest.mark.parametrize(
    "name,count,column",
    [("easy50.txt", 6, 0), ("top95.txt", 4, 0), ("tatham_solo_9x9.tsv", 12, 2)],
)
def test_rules_with_records_agree_with_a_fresh_look(name, count, column):
    for text in puzzles(name, count, column)[::2]:
        follow(text)


@pytest.mark.slow
def test_rules_with_records_agree_on_the_calibration_set():
    for text in puzzles("reference_ratings_calibration.tsv", 20):
        follow(text)


def test_records_follow_a_search_that_rules_a_value_out():
    """Search narrows a state by hand (``State.remove``) after its rules ran on it: the
    journal carries that too."""
    family = deduce.get_family("sudoku")
    text = puzzles("top95.txt", 1)[0]
    state = family.initial_state(family.parse(text))
    while (found := next_step(state, family.rules[:1])) is not None:
        apply_step(family, state, found[1])
    cell = next(c for c, d in enumerate(state.domains) if not state.fixed[c] and d & (d - 1))
    state.remove(cell, state.domains[cell] & -state.domains[cell])
    for rule in LISTED:
        assert answers(rule, state) == answers(rule, state.copy()), rule.name


def reference_closure(state: State) -> list[tuple]:
    """The singles closure as it was first written: every unit and every cell looked at on
    every pass (the reference the journal-reading one must equal)."""
    family = deduce.get_family("sudoku")
    geo = state.puzzle.geo
    scratch = state.copy()
    out = []
    progress = True
    while progress:
        progress = False
        for kind, units in (("box", geo.boxes), ("row", geo.rows), ("column", geo.cols)):
            for unit in units:
                placed, once, twice = unit_digit_places(scratch, unit)
                if geo.full & ~(placed | once):
                    return [*out, "contradiction"]
                single = once & ~twice & ~placed
                for digit in range(1, geo.n + 1):
                    if not single >> digit & 1:
                        continue
                    cells = [
                        c for c in unit if not scratch.fixed[c] and scratch.domains[c] >> digit & 1
                    ]
                    if not cells:
                        continue
                    out.append((f"hidden single ({kind})", ((cells[0], digit),)))
                    try:
                        apply_step(family, scratch, Step("x", "", placements=out[-1][1]))
                    except Contradiction:
                        return [*out, "contradiction"]
                    progress = True
        for cell in range(len(scratch.domains)):
            d = scratch.domains[cell]
            if not scratch.fixed[cell] and not d & (d - 1):
                out.append(("naked single", ((cell, d.bit_length() - 1),)))
                try:
                    apply_step(family, scratch, Step("x", "", placements=out[-1][1]))
                except Contradiction:
                    return [*out, "contradiction"]
                progress = True
    return out


def closure(state: State) -> list:
    out: list = []
    try:
        for step in SINGLES.rule.find(state):
            out.append((step.rule, step.placements))
    except Contradiction:
        out.append("contradiction")
    return out


def test_singles_closure_equals_looking_everywhere_on_every_pass():
    family = deduce.get_family("sudoku")
    rng = random.Random(7)
    texts = puzzles("top95.txt", 12) + puzzles("easy50.txt", 4)
    for text in texts:
        state = family.initial_state(family.parse(text))
        for _ in range(6):  # guesses as search makes them, some wrong
            open_cells = [c for c, d in enumerate(state.domains) if not state.fixed[c]]
            if not open_cells:
                break
            assert closure(state) == reference_closure(state), text
            cell = rng.choice(open_cells)
            digits = [v for v in range(1, 10) if state.domains[cell] >> v & 1]
            guess = Step("guess", "", placements=((cell, rng.choice(digits)),))
            try:
                apply_step(family, state, guess)
            except Contradiction:
                break


def test_stamped_is_the_step_the_constructor_makes():
    import attrs

    step = Step("r", "e", [[1, 2]], [(3, 4)], [5, 6], region="row 1", difficulty=1.5)
    assert step == Step("r", "e", ((1, 2),), ((3, 4),), (5, 6), region="row 1", difficulty=1.5)
    assert step.placements == ((1, 2),) and type(step.premises) is tuple
    full = Step(
        "r", "e", ((1, 2),), (), (5,), ((1, 5),), ("3",), ("strong",), "x", 2.0, "guess", 2,
        (("guesses", 3),), (Step("s", "inner", ((2, 1),)),),
    )  # fmt: skip
    assert len(attrs.fields(Step)) == 14, "a new Step field: give it a value here too"
    assert full.stamped("q", 3.0, 4) == attrs.evolve(full, rule="q", difficulty=3.0, depth=4)


@given(
    st.integers(min_value=1, max_value=6).flatmap(
        lambda m: st.lists(st.integers(min_value=0, max_value=(1 << m) - 1), min_size=m, max_size=m)
    )
)
def test_no_small_hall_set_means_the_matching_finds_nothing(left):
    """When the bitmask test finds no Hall set, a perfect matching exists and every edge lies
    on one (what the matching and strong components would say at more cost)."""
    m = len(left)
    right = [sum(1 << i for i in range(m) if left[i] >> j & 1) for j in range(m)]
    if hall_sets_possible(left, right):
        return
    match = perfect_matching(left, (1 << m) - 1)
    assert match is not None
    assert not unmatchable_edges(left, match)


def test_the_hall_test_finds_every_small_case_exhaustively():
    """All 3x3 bipartite graphs: the test says "possible" whenever the matching would find
    a missing perfect matching or an unusable edge."""
    for left in itertools.product(range(8), repeat=3):
        right = [sum(1 << i for i in range(3) if left[i] >> j & 1) for j in range(3)]
        match = perfect_matching(list(left), 7)
        trouble = match is None or bool(unmatchable_edges(list(left), match))
        if trouble:
            assert hall_sets_possible(list(left), right), left


@given(
    st.integers(min_value=1, max_value=8).flatmap(
        lambda m: st.lists(st.integers(min_value=0, max_value=(1 << m) - 1), min_size=m, max_size=m)
    )
)
def test_the_sets_read_off_bitmask_reach_are_those_of_the_oriented_graph(adjacency):
    """``matching._smallest_sets`` (Warshall's closure on bitmasks, ``alternating_reach``)
    names, edge by edge, the sets the closures of the oriented graph and of its reverse name."""
    from deduce.graphs.bipartite import closure, oriented_graph, reverse
    from deduce.rules.sudoku.matching import _smallest_sets

    m = len(adjacency)
    match = perfect_matching(adjacency, (1 << m) - 1)
    if match is None:
        return
    succ = oriented_graph(adjacency, match)
    pred = reverse(succ)
    expected = []
    for i, j in unmatchable_edges(adjacency, match):
        lefts, rights = closure(succ, i), closure(pred, ~j)
        expected.append((i, {v for v in lefts if v >= 0}, {~v for v in rights if v < 0}))
    got = [
        (i, set(bits_of(lefts)), {match[u] for u in bits_of(hidden)})
        for i, lefts, hidden in _smallest_sets(adjacency, match)
    ]
    assert got == expected


def bits_of(mask: int) -> list[int]:
    return [i for i in range(mask.bit_length()) if mask >> i & 1]


def _forcing_states() -> list[State]:
    """Grids without a strong link (no cell with two candidates, no digit with two places in
    a unit): the empty grid, random narrowings of it, and one where 5 may go only in r1c1-3
    of row 1 (so r2c1 to r3c3 see every place of 5 in row 1)."""
    from deduce.rules.sudoku.forcing import any_strong_link

    family = deduce.get_family("sudoku")
    empty = family.initial_state(family.parse("." * 81))
    out = [empty]
    rng = random.Random(3)
    for _ in range(4):
        state = empty.copy()
        for _ in range(300):
            cell, digit = rng.randrange(81), rng.randrange(1, 10)
            trial = state.copy()
            trial.remove(cell, 1 << digit)
            if not any_strong_link(trial):
                state = trial
        out.append(state)
    row = empty.copy()
    for cell in range(3, 9):
        row.remove(cell, 1 << 5)
    out.append(row)
    return out


def test_without_a_strong_link_the_forcing_rules_skip_the_graph_and_lose_nothing():
    """What the implication graph says on grids without strong links: no candidate forced,
    no cell's candidates agreeing, and a unit's places agreeing only on the denials of a
    candidate that sees them all (what the rules test instead of building the graph)."""
    from deduce.rules.sudoku.forcing import any_strong_link, forced, forcing_chains, implications
    from deduce.rules.sudoku.multiple import (
        _forced_by_all,
        _seen_by_all_places,
        cell_forcing_chains,
        region_forcing_chains,
    )

    seen_by_all = []
    for state in _forcing_states():
        assert not any_strong_link(state)
        graph = implications(state)
        index = {literal: k for k, literal in enumerate(graph.literals)}
        assert forced(state, graph) == []
        assert list(forcing_chains(state)) == []
        for cell, d in enumerate(state.domains):
            options = [2 * index[(cell, v)] for v in range(1, 10) if d >> v & 1]
            assert _forced_by_all(graph, options) == []
        assert list(cell_forcing_chains(state)) == []
        agreeing = []
        for unit in state.puzzle.geo.units:
            for v in range(1, 10):
                places = [c for c in unit if state.domains[c] >> v & 1]
                if len(places) >= 3:
                    agreeing += _forced_by_all(graph, [2 * index[(c, v)] for c in places])
        assert all(node & 1 for node in agreeing)  # denials only
        assert bool(agreeing) == _seen_by_all_places(state)
        found = list(region_forcing_chains(state))
        assert bool(found) == bool(agreeing)
        seen_by_all.append(bool(found))
    assert seen_by_all[0] is False and seen_by_all[-1] is True
    family = deduce.get_family("sudoku")
    paired = family.initial_state(family.parse("." * 81))
    paired.remove(0, family.parse("." * 81).geo.full & ~0b110)  # r1c1 holds 1 or 2
    assert any_strong_link(paired)
