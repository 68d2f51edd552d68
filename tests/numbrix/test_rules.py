"""Numbrix/Hidato rules: a position for each where it fires and nothing easier does, with its
exact conclusion; the seed's own examples; soundness on random boards.

The positions are small corpus puzzles (../shared/corpora/numbrix and hidato, sources named
beside each), written in the one-line grid form so the tests stand alone.
"""

from __future__ import annotations

import random

import pytest

import deduce
from deduce.engine import next_step
from deduce.puzzles.numbrix.generate import random_path
from tests.numbrix.positions import HIDATO, HIDATO_202, NUMBRIX, state_after
from tests.numbrix.sweep import sweep

HIDATO_71 = "11 0 6 0 0 1/0 10 0 5 3 0/0 9 0 4 0 30/0 36 0 0 0 0/0 0 21 24 0 26/17 0 22 0 0 0"

CASES = [
    (  # dandandrea/numbrix additional_boards/board1.txt
        "straight edge",
        "numbrix",
        "7 0 9/0 0 0/1 0 3",
        0,
        ((1, 8),),
        (),
        "r1c2 is the only cell next to both 7 at r1c1 and 9 at r1c3, so it is 8.",
    ),
    (  # AndrewStoddard/NumbrixGame PuzzleM
        "single option (filled cell)",
        "numbrix",
        "0 3/0 4",
        0,
        ((0, 2),),
        (),
        "3 at r1c2 still needs 2 next to it and r1c1 is its only free neighbour, so r1c1 is 2.",
    ),
    (  # angusfung/numbrix-hidato-AI test_case_numbrix.py a3
        "single option (empty cell)",
        "numbrix",
        "0 0 3/0 5 0/7 0 9/0 11 0",
        1,
        ((3, 6),),
        (),
        "5 at r2c2 and 7 at r3c1 meet at r2c1 or r3c2; only r2c1 is free, so it is 6.",
    ),
    (  # dandandrea/numbrix tournament5.txt
        "L-shape",
        "numbrix",
        "25 0 0 0 15/0 0 0 0 0/0 0 21 0 0/0 0 0 0 0/1 0 0 0 9",
        3,
        ((10, 23),),
        (),
        "24 at r2c1 needs 23 in r2c2 or r3c1; r2c2 must hold 17 or 19, which 18 at r1c2 still "
        "needs in its only two free neighbours, so r3c1 is 23.",
    ),
    (  # Jsterman/numbrix9 puzzles/simple_4x4.csv
        "neighbour leftover",
        "numbrix",
        "0 0 0 0/0 7 16 0/0 0 9 0/0 1 0 0",
        1,
        ((12, 2),),
        (),
        "r4c1 has one free neighbour, so its number must follow on from a written neighbour: "
        "only 2 (next to 1 at r4c2) can, so r4c1 is 2.",
    ),
    (  # angusfung/numbrix-hidato-AI test_case_numbrix.py a1
        "single number",
        "numbrix",
        "0 0 3/0 1 0/0 6 0",
        1,
        ((0, 9),),
        (),
        "r1c1 can only be 9, so it is 9.",
    ),
    (  # Diogo-V/numbrix-solver tests/input0.txt
        "only cell for a number",
        "numbrix",
        "0 0 0 0/0 2 0 0/0 0 0 0/7 0 0 10",
        1,
        ((13, 8),),
        (),
        "8 fits in no cell but r4c2, so r4c2 is 8.",
    ),
    (  # dandandrea/numbrix additional_boards/board4.txt
        "reachability",
        "numbrix",
        "0 0 0/0 0 0/0 0 7",
        0,
        (),
        tuple(
            (cell, k)
            for cell, ks in enumerate(["2456", "1356", "246", "1356", "246", "135", "246", "135"])
            for k in map(int, ks)
        ),
        "Counting steps through free cells for 1–6 (before 7 at r3c3), every step changing the "
        "square's colour: r1c1 can only be 1, 3 of them; r1c2, r2c1 can only be 2, 4 of them; "
        "r1c3, r2c2, r3c1 cannot be 2, 4, 6; r2c3, r3c2 cannot be 1, 3, 5.",
    ),
    (  # the same board, one round on
        "two ways out",
        "numbrix",
        "0 0 0/0 0 0/0 0 7",
        1,
        (),
        ((5, 2), (5, 4), (7, 2), (7, 4)),
        "7 at r3c3 has only two neighbours that can continue its number, r2c3 and r3c2, so both "
        "do and hold numbers one away from it: r2c3 cannot be 2, 4; r3c2 cannot be 2, 4.",
    ),
    (  # and one more
        "dead ends",
        "numbrix",
        "0 0 0/0 0 0/0 0 7",
        2,
        (),
        ((2, 3),),
        "r1c3 cannot be 3: no two of its neighbours can hold the numbers either side of it.",
    ),
    (  # angusfung/numbrix-hidato-AI test_case_hidato.py c3
        "isolated regions",
        "hidato",
        "0 0 14 0/1 0 0 13/3 0 9 0/4 0 6 0",
        8,
        (),
        ((5, 8), (9, 7), (9, 8), (13, 7), (13, 8)),
        "The 3 walled-off free cells r2c2–r4c2 must be filled exactly by whole runs of missing "
        "numbers that can reach them: 2 (1 cell, reaching no other region); 5 (1 cell, "
        "reaching no other region); 7, 8 (2 cells); 10 (1 cell). No choice of them with 7, 8 "
        "(between 6 at r4c3 and 9 at r3c3) adds up to 3, so none of those numbers is there.",
    ),
    (  # ist2122 input2 (../shared/corpora/numbrix/numbrix_public.jsonl)
        "BFS placement",
        "numbrix",
        "0 0 0 0 0 0/0 0 0 11 0 27/0 0 0 0 0 30/0 0 0 0 0 0/0 0 15 0 35 0/0 0 0 0 0 0",
        13,
        (),
        ((22, 34), (29, 34)),
        "There are only 2 ways to lay 32–34 (between 31 at r4c6 and 35 at r5c5) through free "
        "cells, r4c5→r4c4→r5c4 or r5c6→r6c6→r6c5: none of them puts 34 in r4c5 or r5c6.",
    ),
    (  # Janko Hidoku 71 (../shared/corpora/hidato/janko_hidoku_third.jsonl), issue 33
        "bottleneck",
        "hidato",
        HIDATO_71,
        8,
        (),
        ((8, 13), (8, 34)),
        "Every way to lay 7, 8 (between 6 at r1c3 and 9 at r3c2) passes r2c3: without it, the "
        "cells that can hold 7, 8 do not join 6 to 9. So r2c3 holds one of them and cannot be "
        "13, 34.",
    ),
    (  # Janko Hidoku 181
        "bottleneck",
        "hidato",
        "0 0 0 0 15 0/0 0 0 0 0 14/2 4 8 0 0 0/0 1 0 0 0 35/24 0 0 0 36 33/0 0 0 27 0 0",
        14,
        (),
        ((20, 9), (20, 10), (20, 11), (20, 29)),
        "Every way to lay 16–23 (between 15 at r1c5 and 24 at r5c1) passes r4c3: without it, "
        "the cells that can hold 16–23 do not join 15 to 24. So r4c3 holds one of them and "
        "cannot be 9–11, 29.",
    ),
    (  # Janko Hidoku 262: without the cell, the run has too few cells, though it joins up
        "bottleneck",
        "hidato",
        "9 0 4 0 18 0/0 10 0 0 0 0/11 0 0 0 0 0/12 14 0 27 0 1/0 36 0 28 0 0/35 0 0 0 24 0",
        17,
        (),
        ((20, 15),),
        "Every way to lay 29–34 (between 28 at r5c4 and 35 at r6c1) passes r4c3: without it, "
        "the cells that can hold 29–34 and join on to 28 are fewer than 6. So r4c3 holds one "
        "of them and cannot be 15.",
    ),
    (  # Janko Hidoku 211: six cells that can hold only six numbers
        "pigeonhole",
        "hidato",
        "0 0 0 0 0 0/0 7 13 0 0 1/0 0 0 0 0 36/0 11 16 0 33 0/0 0 0 28 34 0/0 22 0 0 0 0",
        8,
        (),
        (
            *((6, k) for k in (6, 8)),
            *((9, k) for k in (3, 4, 5)),
            *((10, k) for k in (2, 3, 4)),
            *((12, k) for k in (6, 8)),
            *((13, k) for k in (5, 6, 8)),
            *((14, k) for k in (4, 5, 6, 8)),
            *((15, k) for k in (3, 4, 5)),
            *((16, k) for k in (2, 3, 4)),
            *((21, k) for k in (3, 4, 5)),
        ),
        "r1c1–r1c6 can only hold 2–6, 8: 6 cells for 6 numbers, so those numbers are in no "
        "other cell: r2c1 cannot be 6, 8; r2c4 cannot be 3–5; r2c5 cannot be 2–4; r3c1 cannot "
        "be 6, 8; r3c2 cannot be 5, 6, 8; r3c3 cannot be 4–6, 8; r3c4 cannot be 3–5; r3c5 "
        "cannot be 2–4; r4c4 cannot be 3–5.",
    ),
    (  # Janko Hidoku 202
        "pigeonhole",
        "hidato",
        HIDATO_202,
        26,
        (),
        ((3, 33), (4, 33), (10, 33)),
        "30, 31, 34, 35 can only go in r1c4–r1c6, r2c5: 4 numbers for 4 cells, so they fill "
        "them and those cells hold no other number: r1c4 cannot be 33; r1c5 cannot be 33; r2c5 "
        "cannot be 33.",
    ),
    (  # Janko Hidoku 202
        "competing runs",
        "hidato",
        HIDATO_202,
        17,
        (),
        ((15, 13),),
        "12, 13 (between 11 at r5c6 and 14 at r3c5) can be laid only 5 ways: 1) r4c5→r3c4, 2) "
        "r4c5→r3c6, 3) r4c5→r4c6, 4) r4c6→r3c6, 5) r4c6→r4c5, and 15 (between 14 at r3c5 and "
        "16 at r4c4) only 2 ways: 1) r3c4, 2) r4c5. A cell holds one number, and 12–13's way 1 "
        "shares a cell with every way of 15: so none of the ways left puts 13 in r3c4.",
    ),
    (  # Janko Hidoku 202
        "forcing chain",
        "hidato",
        HIDATO_202,
        23,
        (),
        ((3, 29),),
        "Suppose r1c4 = 29: 2 easy steps (reachability, single number) lead to a contradiction: "
        "31 at r1c3 needs 30 next to it but has no free neighbours. So r1c4 = 29 is false.",
    ),
]


@pytest.mark.parametrize(
    ("rule", "family", "text", "rounds", "placements", "eliminations", "explanation"),
    CASES,
    ids=[case[0] for case in CASES],
)
def test_rule_fires_first_with_its_exact_conclusion(
    rule, family, text, rounds, placements, eliminations, explanation
):
    fam = NUMBRIX if family == "numbrix" else HIDATO
    found, step = next_step(state_after(fam, text, rounds), fam.rules)
    assert found.name == rule
    assert (step.placements, step.eliminations, step.explanation) == (
        placements,
        eliminations,
        explanation,
    )


def test_a_forcing_chain_carries_its_chain_step_by_step():
    """The supposition, each easy step on the grid the ones before it leave, the
    contradiction; none of it applied to the grid, only the step's own elimination."""
    state = state_after(HIDATO, HIDATO_202, 23)
    _, step = next_step(state, HIDATO.rules)
    assert [s.explanation for s in step.substeps] == [
        "Suppose r1c4 = 29.",
        "Counting steps through free cells for 33–35 (between 32 at r2c4 and 36 at r2c6): r1c3 "
        "cannot hold any of them.",
        "r1c3 can only be 31, so it is 31.",
        "A contradiction: 31 at r1c3 needs 30 next to it but has no free neighbours.",
    ]
    assert step.substeps[-1].kind == "contradiction"
    assert step.difficulty > next(r.weight for r in HIDATO.rules if r.name == "forcing chain")
    assert state.domains[3] >> 29 & 1  # finding the chain changed nothing


def test_every_rule_is_shown_firing():
    assert {case[0] for case in CASES} == {r.name for r in NUMBRIX.rules}


def test_rules_are_ordered_easiest_first_and_weighted():
    weights = [r.weight for r in NUMBRIX.rules]
    assert weights == sorted(weights) and len(set(weights)) == len(weights)
    assert all(r.description for r in NUMBRIX.rules)
    assert HIDATO.rules == NUMBRIX.rules


def test_seed_example_solves_to_the_seed_solution():
    """Figures 1 and 2 of the seed (a vos Savant puzzle): the rules alone finish it."""
    puzzle = (
        "7 0 13 0 65 0 81 0 75/0 9 0 15 0 67 0 77 0/5 0 0 0 0 0 0 0 73/0 3 0 0 0 0 0 71 0/"
        "23 0 0 0 0 0 0 0 55/0 21 0 0 0 0 0 53 0/25 0 0 0 0 0 0 0 45/0 29 0 35 0 49 0 47 0/"
        "27 0 33 0 39 0 41 0 43"
    )
    result = deduce.solve(puzzle, "numbrix")
    assert result.status == "unique" and result.solved_by_rules
    assert result.solution_text == (
        "7 8 13 14 65 66 81 76 75/6 9 12 15 64 67 80 77 74/5 10 11 16 63 68 79 78 73/"
        "4 3 2 17 62 69 70 71 72/23 22 1 18 61 58 57 56 55/24 21 20 19 60 59 52 53 54/"
        "25 30 31 36 37 50 51 46 45/26 29 32 35 38 49 48 47 44/27 28 33 34 39 40 41 42 43"
    )


def test_seed_bfs_example_places_what_every_path_agrees_on():
    """The seed's figure 9, middle: both paths from 1 to 4 put 2 in the same cell."""
    from deduce.rules.numbrix.paths import bfs_placement

    state = NUMBRIX.initial_state(NUMBRIX.parse("1 0 0/6 0 4"))
    first, second = bfs_placement(state)
    assert (first.placements, first.eliminations, first.links) == (
        ((1, 2),),
        ((1, 3), (2, 2), (4, 2)),
        ((0, 1),),
    )
    assert first.explanation == (
        "There are only 2 ways to lay 2, 3 (between 1 at r1c1 and 4 at r2c3) through free "
        "cells, r1c2→r1c3 or r1c2→r2c2: all of them put 2 at r1c2; none of them puts 2 in "
        "r1c3 or r2c2; 3 in r1c2."
    )
    assert second.placements == ((4, 5),) and second.links == ((5, 4), (4, 3))


def test_bfs_placement_leaves_runs_with_too_many_paths_alone():
    """The enumeration's bound: over budget, a run is skipped rather than listed; a run with
    more ways than a step can list is left alone too."""
    from deduce.rules.numbrix import paths

    state = NUMBRIX.initial_state(NUMBRIX.parse("1 0 0/6 0 4"))
    assert paths.run_paths(state, paths.board(state).runs[0], budget=2) is None
    assert len(paths.run_paths(state, paths.board(state).runs[0], budget=3)) == 2
    # dandandrea/numbrix additional_boards/board5.txt: 20 ways to lay 4-14, none listed
    state = state_after(NUMBRIX, "0 0 0 15/0 0 0 0/0 3 0 0/0 0 0 0", 2)
    run = next(r for r in paths.board(state).runs if r.low == 4)
    assert len(paths.run_paths(state, run, budget=10_000)) == 20 > paths.MOST_WAYS
    assert not any(s.eliminations == ((6, 7),) for s in paths.bfs_placement(state))


@pytest.mark.parametrize("king", [False, True])
def test_no_rule_removes_a_true_value_on_random_boards(king):
    """Random paths (with holes for Hidato) and random clues: every rule at every state."""
    family = HIDATO if king else NUMBRIX
    rng = random.Random(5)
    for _ in range(12):
        width, height = rng.randint(3, 7), rng.randint(3, 7)
        path = random_path(width, height, king, rng)
        holes = set(path[: rng.randint(0, 3)]) if king else set()
        path = [c for c in path if c not in holes]
        number = {cell: k + 1 for k, cell in enumerate(path)}
        grid = []
        for cell in range(width * height):
            shown = cell in number and rng.random() < 0.3
            grid.append("#" if cell in holes else str(number[cell]) if shown else "0")
        text = "/".join(" ".join(grid[r * width : r * width + width]) for r in range(height))
        solution = [number.get(c, 0) for c in range(width * height)]
        sweep(family, family.parse(text), solution)
