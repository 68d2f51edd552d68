"""Signpost: the model, a position for each rule with its exact conclusion, soundness.

Positions come from Simon Tatham's Signpost generator (../shared/corpora/signpost/, MIT) for
his link test's four tiers, and from puzzles made by ``deduce generate signpost`` past his test
(tests/fixtures/signpost/past_tatham.tsv) for the range rules: each is the state before a
step of the engine's own solve, and the test asks the engine again there.
"""

from __future__ import annotations

import csv
import random

import pytest

import deduce
from deduce.engine import apply_step, next_step
from deduce.errors import Contradiction, ParseError
from deduce.puzzles.signpost import model
from deduce.puzzles.signpost.board import board
from deduce.rules.signpost.settled import scratch, settled, why_not
from deduce.show.replay import replay
from deduce.state import bits
from deduce.step import Step
from deduce.testing import assert_sound, assert_sound_at_stalls
from tests.conftest import corpus_file, fixture_file

SIGNPOST = deduce.get_family("signpost")
SEED = "5x5:1cceefcfggeeccghcac3e12hch10ah25a"
SEED_SOLUTION = "1 20 9 2 21/23 14 13 22 24/15 5 7 6 8/18 19 11 3 12/16 17 10 4 25"

#: (rule, puzzle, index of the step in the engine's solve, placements, eliminations, sentence,
#: difficulty)
CASES = [
    (
        "only way on",
        "4x4:1deffcdged9behbga16a",
        0,
        ((24, 13),),
        (),
        ("r3c1 → r4c2: r4c2 is the only cell left along the arrow of r3c1."),
        1.111,
    ),
    (
        "only way in",
        "4x4:1deffcdged9behbga16a",
        3,
        ((27, 1),),
        (),
        ("r3c4 → r1c2: r3c4 is the only cell left that points at r1c2."),
        1.217,
    ),
    (
        "consecutive numbers",
        "4x4:1deffcdged9behbga16a",
        9,
        ((21, 15), (5, 15)),
        ((16, 15),),
        (
            "r2c2 → r4c4: r2c2 is the only cell pointing at r4c4 that can lead to it (r1c1 "
            "holds 1, not 15), so r2c2 is 15."
        ),
        2.1,
    ),
    (
        "consecutive numbers",
        "4x4:1deffcdged9behbga16a",
        12,
        ((19, 9), (3, 8)),
        ((19, 6),),
        (
            "r1c4 → r3c2: r3c2 is the only cell along the arrow of r1c4 that can follow it "
            "(r2c3 holds 10, and 9 is already at r3c2), so r1c4 is 8."
        ),
        1.433,
    ),
    (
        "no loops",
        "4x4:1eeefecaac7adfbah16a",
        8,
        ((25, 1), (1, 8), (13, 9)),
        ((29, 1),),
        (
            "r3c2 → r1c2: r3c2 is the only cell pointing at r1c2 that can lead to it (r4c2 "
            "would close the loop r1c2 → r4c2 → r1c2), so r1c2 is 8 and r4c2 9."
        ),
        2.15,
    ),
    (
        "gap fit",
        "5x5:1dedffe14cheabdfheacagfc4cba25a",
        11,
        ((45, 21), (20, 3)),
        ((26, 21),),
        (
            "r5c1 → r5c2: r5c1 is the only cell pointing at r5c2 that can lead to it (r1c2 "
            "ends a chain of 4 cells, more than the 2 free numbers before 4), so r5c1 is 3."
        ),
        2.2,
    ),
    (
        "where a chain fits",
        "5x5:1ecgcee14ece25bdcbdgeaaag4aaagg",
        18,
        ((44, 17), (17, 23)),
        ((47, 17),),
        (
            "r4c5 → r4c3: r4c3 can only hold 6, 13, 15, 23 (where the free numbers leave "
            "room), and of the cells pointing at it only r4c5 can hold the number before "
            "(r5c3 can only hold 6, 13, 15, 23), so r4c3 is 23."
        ),
        3.0,
    ),
    (
        "ranges along arrows",
        "5x5:dee15egdehhgb25agaadb1gaacbcga",
        14,
        ((39, 4),),
        ((39, 9),),
        (
            "r3c5 → r1c5: r3c5 can only hold 11-12, 21 (ranges narrowed along the arrows), "
            "and only r1c5 along its arrow can hold the number after (r2c5 can only hold 4, "
            "23)."
        ),
        3.3,
    ),
    (
        "ranges along arrows",
        "5x5:ecge7fcdfeeaa25ceac10aagac1b9hbg",
        14,
        ((8, 13),),
        (),
        (
            "r2c4 is 13: no other number is left for it (ranges narrowed along the arrows: "
            "the cells that can lead to it end chains at 7, 12; the cells along the arrow of "
            "r2c4 start chains at 3-5, 14-15)."
        ),
        3.3,
    ),
    (
        "ranges along arrows",
        "5x5:ecgefcdfeeaa25ceac10aagac1b9hbg",
        11,
        ((1, 11), (3, 12)),
        (),
        (
            "the chain r1c2 → r1c4 (2 cells) can only start at 11 (ranges narrowed along the "
            "arrows, 3 rounds: the cells that can lead to it end chains at 10, 20-21, 23; "
            "the cells along the arrow of r1c4 start chains at 2-5, 12-22), so r1c2 is 11 "
            "and r1c4 12."
        ),
        3.5,
    ),
]


def before_step(text: str, index: int):
    """The state before step ``index`` of the engine's solve of ``text``."""
    result = deduce.solve(text)
    puzzle = result.puzzle.data
    for number, (state, _) in enumerate(replay(SIGNPOST, puzzle, result.log)):
        if number == index:
            return state
    raise AssertionError(f"the solve has no step {index}")


@pytest.mark.parametrize(
    ("rule", "text", "index", "placements", "eliminations", "explanation", "difficulty"), CASES
)
def test_rule_fires_first_with_its_exact_conclusion(
    rule, text, index, placements, eliminations, explanation, difficulty
):
    state = before_step(text, index)
    found, step = next_step(state, SIGNPOST.rules)
    assert (found.name, step.rule) == (rule, rule)
    assert (step.placements, step.eliminations, step.explanation) == (
        placements,
        eliminations,
        explanation,
    )
    assert step.difficulty == difficulty


def test_a_guessed_link_is_numbered_along_its_chain():
    """Every rule writes in the numbers its link gives; a link search guesses does not, and
    numbering along links, asked first, does."""
    text = "4x4:1deffcdged9behbga16a"
    state = SIGNPOST.initial_state(SIGNPOST.parse(text))
    n = 16
    apply_step(SIGNPOST, state, Step("guess", "", placements=((n + 0, 5),)))  # r1c1 → r2c2
    found, step = next_step(state, SIGNPOST.rules)
    assert found.name == "numbering along links"
    assert step.placements == ((5, 2),)
    assert step.explanation == (
        "The linked cells r1c1 → r2c2 hold consecutive numbers, anchored at r1c1 (1), so r2c2 is 2."
    )


def test_every_rule_is_shown_firing():
    covered = {case[0] for case in CASES} | {"numbering along links"}
    assert covered == {r.name for r in SIGNPOST.rules}


def test_the_seed_example_solves_without_guessing_in_one_step_per_link():
    result = deduce.solve(SEED)
    assert result.status == "unique" and result.solved_by_rules
    assert result.solution_text == SEED_SOLUTION
    steps = result.log.deductions()
    assert len(steps) <= 24  # 24 links, fewer when the givens make some
    assert all(s.placements and any(v >= 25 for v, _ in s.placements) for s in steps)


def test_no_number_is_written_before_the_step_that_gives_it():
    """A number comes with the link or the range that proves it, named in the same sentence:
    no step writes a number without a reason of its own, none only eliminates numbers."""
    texts = [SEED, *(row["game_id"] for row in _past_tatham())]
    for text in texts:
        result = deduce.solve(text)
        n = result.puzzle.data.n
        for step in result.log.deductions():
            if step.depth:
                continue
            assert not [v for v, _ in step.eliminations if v < n], step.explanation
            numbers = [(v, k) for v, k in step.placements if v < n]
            if not numbers:
                continue
            cell, k = numbers[0]
            named = SIGNPOST.var_name(result.puzzle.data, cell)
            assert named in step.explanation and str(k) in step.explanation, step.explanation
            reason = step.explanation.split(", so ")[0]
            assert any(v >= n for v, _ in step.placements) or "(" in reason, step.explanation


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


def _past_tatham():
    lines = fixture_file("signpost/past_tatham.tsv").read_text().splitlines()
    rows = [line for line in lines if not line.startswith("#")]
    return list(csv.DictReader(rows, delimiter="\t"))


def _values(puzzle, solution: str) -> list[int]:
    numbers = [int(v) for line in solution.split("/") for v in line.split()]
    where = {k: cell for cell, k in enumerate(numbers)}
    return numbers + [where.get(k + 1, puzzle.n) for k in numbers]


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
    fired: set[str] = set()
    for row in _corpus()[::2]:
        puzzle = SIGNPOST.parse(row["game_id"])
        fired |= assert_sound(SIGNPOST, puzzle, _values(puzzle, row["solution"]))
    assert fired == {r.name for r in SIGNPOST.rules}


def test_no_rule_removes_a_true_value_past_tatham():
    """The same on puzzles his test cannot finish: where the link rules stall, every rule is
    asked for every step it finds, and when all stall the solution's link is written in."""
    fired: set[str] = set()
    for row in _past_tatham():
        puzzle = SIGNPOST.parse(row["game_id"])
        fired |= assert_sound_at_stalls(
            SIGNPOST, puzzle, _values(puzzle, row["solution"]), SIGNPOST.rules, SIGNPOST.rules[6:]
        )
    assert "ranges along arrows" in fired


@pytest.mark.slow
def test_no_rule_removes_a_true_value_with_fewer_givens():
    """Corpus puzzles with only every third given kept (most have several solutions then;
    the stored one is still one of them, so no rule may remove its values)."""
    rng = random.Random(5)
    for row in _corpus()[1::4]:
        puzzle = SIGNPOST.parse(row["game_id"])
        givens = list(puzzle.givens)
        for cell, k in enumerate(givens):
            if k and rng.random() < 0.67:
                givens[cell] = 0
        fewer = model.Signpost(puzzle.width, puzzle.height, puzzle.arrows, tuple(givens))
        assert_sound_at_stalls(
            SIGNPOST, fewer, _values(puzzle, row["solution"]), SIGNPOST.rules, SIGNPOST.rules[6:]
        )


def _same(state) -> None:
    if board(state).loose:
        return  # a guessed link not yet numbered along: the link rules wait for that
    try:
        kept = settled(state)
    except Contradiction:
        with pytest.raises(Contradiction):
            scratch(state)
        return
    fresh = scratch(state)
    for name in ("options", "on", "into", "on_tier", "in_tier"):
        assert getattr(kept, name) == getattr(fresh, name), name
    b = board(state)
    for a, options in enumerate(fresh.options):  # the fast reasons are why_not's, one by one
        if options is not None:
            assert options == tuple((a, x, why_not(b, a, x)) for x in bits(fresh.succ[a]))


def test_settled_links_kept_up_to_date_equal_those_found_afresh():
    """The settled links are brought up to date step by step (and through search's guesses);
    at every state of these solves they equal the ones computed from nothing."""
    texts = [SEED, *(row["game_id"] for row in _past_tatham())]
    for text in texts:
        result = deduce.solve(text)
        for state, _ in replay(SIGNPOST, result.puzzle.data, result.log):
            _same(state)
            assert board(state).placed & 1 == 0


def test_the_board_follows_the_links_and_numbers_written_in():
    state = SIGNPOST.initial_state(SIGNPOST.parse(SEED))
    b = board(state)
    assert b.num[0] == 1 and b.where[25] == 24 and b.nxt[24] == 25  # the last cell leads nowhere
    apply_step(SIGNPOST, state, Step("t", "", placements=((25 + 0, 3), (3, 2))))  # r1c1 → r1c4
    b = board(state)
    assert (b.nxt[0], b.prv[3], b.end[0], b.end[3], b.size[0], b.num[3]) == (3, 0, 3, 0, 2, 2)
    assert not state.domains[25 + 8] >> 3 & 1  # r2c4 no longer points at the taken r1c4


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


def test_rounds_count_what_waits_on_what():
    """A step's round is one more than the latest round of the steps that set its premises."""
    from deduce.difficulty.signpost import rounds
    from deduce.step import Log

    log = Log(
        "signpost",
        "",
        [
            Step("a", "", placements=((20, 3),), premises=(20,), difficulty=1.0),  # round 1
            Step("b", "", placements=((21, 4),), premises=(21,), difficulty=1.0),  # round 1
            Step("c", "", placements=((22, 5),), premises=(20, 22), difficulty=1.0),  # round 2
            Step("d", "", placements=((23, 6),), premises=(22, 21), difficulty=1.0),  # round 3
        ],
    )
    assert rounds(log) == 3


@pytest.mark.slow
def test_tathams_puzzles_spread_over_three_levels_rising_with_his_sizes():
    """No level holds more than 60% of the 160, and the median score rises with the size."""
    import collections
    import statistics

    levels: collections.Counter[str] = collections.Counter()
    scores: dict[int, list[float]] = collections.defaultdict(list)
    for row in _corpus():
        grade = deduce.solve(row["game_id"]).grade
        levels[grade.level] += 1
        scores[SIGNPOST.parse(row["game_id"]).n].append(grade.score)
    assert len(levels) >= 3 and max(levels.values()) <= 0.6 * sum(levels.values())
    medians = [statistics.median(scores[n]) for n in sorted(scores)]
    assert medians == sorted(medians)
