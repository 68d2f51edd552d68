"""Signpost: the model, a position for each rule with its exact conclusion, soundness.

Positions come from Simon Tatham's Signpost generator (../shared/corpora/signpost/, MIT);
chain fit and reachability never get their turn on those (easier rules finish first), so
they are shown on a small hand-made row.
"""

from __future__ import annotations

import csv

import pytest

import deduce
from deduce.engine import next_step
from deduce.errors import ParseError
from deduce.puzzles.signpost import model
from deduce.rules.signpost.numbers import chain_fit, reachability
from tests.conftest import corpus_file
from tests.soundness import assert_sound, rule_round

SIGNPOST = deduce.get_family("signpost")
SEED = "5x5:1cceefcfggeeccghcac3e12hch10ah25a"
SEED_SOLUTION = "1 20 9 2 21/23 14 13 22 24/15 5 7 6 8/18 19 11 3 12/16 17 10 4 25"

CASES = [
    (
        "distinct numbers",
        "4x4:1deeeeacgbbcgcbh16a",
        0,
        (),
        tuple((cell, 1) for cell in range(1, 15)),
        "r1c1 holds 1, so no other cell can: r1c2, r1c3, r1c4, r2c1, r2c2, r2c3, r2c4, r3c1, r3c2, r3c3 and more.",
    ),
    (
        "one predecessor each",
        "4x4:1deeeeacgbbcgcbh16a",
        5,
        (),
        ((19, 7), (29, 7)),
        "r2c4 already follows r2c3, so no other cell leads to it: r1c4, r4c2.",
    ),
    (
        "single number",
        "4x4:1deeeeacgbbcgcbh16a",
        12,
        ((1, 3),),
        (),
        "r1c2 can only be 3, so it is 3.",
    ),
    (
        "only successor",
        "4x4:1deeeeacgbbcgcbh16a",
        8,
        ((16, 5),),
        (),
        "r2c2 is the only cell along the arrow of r1c1 that can follow it, so they are linked.",
    ),
    (
        "only predecessor",
        "4x4:1deeeeacgbbcgcbh16a",
        1,
        ((21, 1),),
        (),
        "r2c2 is the only cell that can point at r1c2, so they are linked.",
    ),
    (
        "numbering along links",
        "4x4:1deeeeacgbbcgcbh16a",
        3,
        (),
        ((4, 15), (12, 2)),
        "The linked cells r2c1 → r4c1 hold consecutive numbers, so r2c1 is not 15; r4c1 is not 2.",
    ),
    (
        "only cell for a number",
        "4x4:1cfeeedbfcfhacca16a",
        16,
        ((13, 7),),
        (),
        "7 fits in no cell but r4c2, so r4c2 is 7.",
    ),
    (
        "next number",
        "4x4:1deeeeacgbbcgcbh16a",
        4,
        (),
        ((16, 15),),
        "r1c1 cannot lead to r4c4: it cannot hold a number one more than r1c1.",
    ),
    (
        "no loops",
        "4x4:1ddgedbffcbfaach16a",
        20,
        (),
        ((20, 14),),
        "r2c1 cannot point back at r4c3: that would close the chain r4c3 → r2c1 into a loop.",
    ),
]


def test_seed_example_solves_without_guessing():
    result = deduce.solve(SEED)
    assert result.status == "unique" and result.solved_by_rules
    assert result.solution_text == SEED_SOLUTION
    assert result.solution_text.startswith("1 20 9 2 21")


@pytest.mark.parametrize(
    ("rule", "text", "rounds", "placements", "eliminations", "explanation"), CASES
)
def test_rule_fires_first_with_its_exact_conclusion(
    rule, text, rounds, placements, eliminations, explanation
):
    state = SIGNPOST.initial_state(SIGNPOST.parse(text))
    for _ in range(rounds):
        rule_round(SIGNPOST, state)
    found, step = next_step(state, SIGNPOST.rules)
    assert found.name == rule
    assert (step.placements, step.eliminations, step.explanation) == (
        placements,
        eliminations,
        explanation,
    )


ROW = "5x1:ccccc"  # five cells in a row, every arrow east: the only numbering is 1 2 3 4 5


def test_chain_fit_on_a_hand_made_row():
    state = SIGNPOST.initial_state(SIGNPOST.parse(ROW))
    state.domains[2] = 1 << 3  # r1c3 = 3
    state.domains[5 + 0] = 1 << 1  # r1c1 -> r1c2 linked
    (step,) = chain_fit(state)
    # starts 2 and 3 run into the 3; start 5 runs off the end; only 1 and 4 remain
    assert step.eliminations == ((0, 2), (1, 3), (0, 3), (1, 4), (0, 5))


def test_reachability_on_a_hand_made_row():
    state = SIGNPOST.initial_state(SIGNPOST.parse(ROW))
    state.domains[0] = 1 << 1  # r1c1 = 1
    steps = [s for s in reachability(state) if "after 1" in s.explanation]
    (step,) = steps
    assert step.eliminations == ((1, 3), (1, 4), (2, 4), (1, 5), (2, 5), (3, 5))


def test_every_rule_is_shown_firing():
    covered = {case[0] for case in CASES} | {"chain fit", "reachability"}
    assert covered == {r.name for r in SIGNPOST.rules}


def test_game_id_round_trips():
    assert model.format_puzzle(model.parse(SEED)) == SEED


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("5x5:1cce", "the description has 3 cells, expected 25"),
        ("2x2:1cz", "bad character 'z' at character 3"),
        ("2x2:5cc2ea", "bad number 5 at character 1: expected 1-4"),
        ("2x2:1c1eea", "number 1 is given twice"),
        ("2x1:c1c", "r1c2 is given 1 but its arrow leaves the grid"),
        ("hello", "not a Signpost game ID"),
    ],
)
def test_bad_game_ids_name_the_problem(text, message):
    with pytest.raises(ParseError, match=message):
        model.parse(text)


def test_detection_tells_signpost_from_sudoku():
    assert deduce.load(SEED).family.name == "signpost"
    assert deduce.load("2x2:3_1l2_1").family.name == "sudoku"


def _corpus():
    with corpus_file("signpost", "tatham_signpost.tsv").open() as handle:
        return list(csv.DictReader(handle, delimiter="\t"))


@pytest.mark.slow
def test_every_corpus_puzzle_solves_to_its_solution_without_guessing():
    for row in _corpus():
        result = deduce.solve(row["game_id"])
        assert result.status == "unique", row["game_id"]
        assert result.solved_by_rules, row["game_id"]
        assert result.solution_text == row["solution"]


@pytest.mark.slow
def test_no_rule_removes_a_true_value():
    """Every rule, asked at every state of a solve, agrees with the stored solution."""
    for row in _corpus()[::2]:
        puzzle = SIGNPOST.parse(row["game_id"])
        numbers = [int(v) for line in row["solution"].split("/") for v in line.split()]
        where = {k: cell for cell, k in enumerate(numbers)}
        successors = [where.get(k + 1, puzzle.n) for k in numbers]
        assert_sound(SIGNPOST, puzzle, numbers + successors)


def test_generator_makes_unique_puzzles_the_rules_finish():
    from deduce.puzzles.signpost.generate import generate

    stats: dict = {}
    made = list(generate(SIGNPOST, count=3, seed=11, size="4x4", stats=stats))
    assert len(made) == 3 and stats["tried"] >= 3
    for text in made:
        result = deduce.solve(text)
        assert result.status == "unique" and result.solved_by_rules
    assert (
        list(generate(SIGNPOST, count=3, seed=11, size="4x4")) == made
    )  # the seed makes it repeatable


def test_generator_can_aim_at_a_level():
    from deduce.puzzles.signpost.generate import generate

    (text,) = generate(SIGNPOST, count=1, seed=4, size="5x5", difficulty="medium")
    assert deduce.solve(text).grade.level == "medium"
