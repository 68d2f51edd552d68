"""The nonogram generator, the step picture and the terminal grid."""

from __future__ import annotations

import pytest

import deduce
from deduce.cli import main
from deduce.errors import ParseError
from deduce.show.replay import replay
from deduce.show.svg import to_svg
from tests.conftest import fixture_file

NONOGRAM = deduce.get_family("nonogram")


def test_generated_puzzles_are_unique_and_repeatable():
    first = list(deduce.generate("nonogram", count=3, seed=7, size="8x6"))
    assert first == list(deduce.generate("nonogram", count=3, seed=7, size="8x6"))
    assert len(set(first)) == 3
    for text in first:
        assert text.startswith("8x6:")
        assert deduce.solve(text).status == "unique"


@pytest.mark.parametrize("level", ["line-simple", "needs-probing"])
def test_difficulty_picks_the_grade(level):
    (text,) = deduce.generate("nonogram", count=1, seed=3, size="9x9", difficulty=level)
    assert deduce.solve(text).grade.level == level


def test_density_shapes_the_pictures():
    sparse = next(deduce.generate("nonogram", seed=1, size="10x10", density=0.3))
    dense = next(deduce.generate("nonogram", seed=1, size="10x10", density=0.8))
    filled = lambda t: sum(int(x) for x in t.split(":")[1].replace("/", ".").split(".") if x)  # noqa: E731
    assert filled(sparse) < filled(dense)


@pytest.mark.parametrize(
    ("options", "message"),
    [({"size": "1x9"}, "each side must be 2 to 40"), ({"density": 1.5}, "bad density")],
)
def test_bad_generator_options(options, message):
    with pytest.raises(ParseError, match=message):
        next(deduce.generate("nonogram", **options))


def test_cli_density_only_for_generators_that_take_it(capsys):
    assert main(["generate", "nonogram", "--size", "6x6", "--seed", "2", "--density", "0.6"]) == 0
    assert capsys.readouterr().out.startswith("6x6:")
    assert main(["generate", "signpost", "--density", "0.5"]) == 2
    assert "takes no --density" in capsys.readouterr().err


def test_probing_picture_marks_the_cell_and_the_two_lines():
    edge = next(
        line
        for line in fixture_file("nonogram/survey_small.jsonl").read_text().splitlines()
        if "Edge" in line
    )
    result = deduce.solve(edge)
    state, step = next((s, t) for s, t in replay(NONOGRAM, result.puzzle.data, result.log))
    assert step.rule == "probing"
    picture = NONOGRAM.picture(result.puzzle.data, state, step)
    ((cell, value),) = step.placements
    roles = {i: c.role for i, c in enumerate(picture.cells) if c.role}
    assert roles.pop(cell) == ("placement" if value == 1 else "elimination")
    assert set(roles) == set(step.premises) - {cell}
    assert set(roles.values()) == {"premise"}
    assert picture.top[1] == "3" and picture.left[0] == "1"
    svg = to_svg(picture)
    assert 'data-cell="r1c6"' in svg and "role-premise" in svg
    text = NONOGRAM.render(result.puzzle.data, state, step).plain
    assert text.splitlines()[-1].split()[0] == "4"  # the last row's clue


@pytest.mark.slow
@pytest.mark.parametrize(
    ("level", "size", "seed"), [("deep-probing", "6x6", 2), ("needs-guessing", "10x10", 1)]
)
def test_climbed_levels_are_unique_and_rerate_to_the_level(level, size, seed):
    """The levels random pictures almost never reach are climbed to; what comes out has one
    solution (search counts to two) and grades to the level asked for. (A 6x6 picture that
    needs guessing is too rare for the climb to find in 200 tries, so that level is asked at
    the default size.)"""
    (text,) = deduce.generate("nonogram", count=1, seed=seed, size=size, difficulty=level)
    result = deduce.solve(text)
    assert result.status == "unique"
    assert result.grade.level == level


def test_the_climbs_quick_judge_agrees_with_the_full_one():
    """The climb judges pictures without the probes' chains: same status and level as the
    full solve on pictures of every level (a climb's start and its changes), and probing
    steps without substeps, where the full solve gives each its chain."""
    import random

    from deduce.puzzles.nonogram.generate import _change, judge, quick, random_picture

    rng = random.Random(4)
    rows = random_picture(8, 8, 0.42, rng)
    levels, probed = set(), 0
    for _ in range(60):
        _, full = judge(NONOGRAM, rows)
        _, fast = quick(NONOGRAM, rows)
        assert (fast.status, fast.effort.level) == (full.status, full.effort.level)
        levels.add((full.status, full.effort.level))
        probes = [s for s in full.log.steps if s.rule == "probing" and not s.depth]
        quick_probes = [s for s in fast.log.steps if s.rule == "probing" and not s.depth]
        assert [s.placements for s in quick_probes] == [s.placements for s in probes]
        assert all(s.substeps for s in probes) and not any(s.substeps for s in quick_probes)
        probed += bool(probes)
        rows = _change(rows, rng)
    assert probed and len(levels) >= 3


def test_a_level_a_size_cannot_have_is_refused_at_once(capsys):
    assert main(["generate", "nonogram", "--size", "3x3", "--difficulty", "needs-probing"]) == 2
    assert "nonogram 3x3 has no needs-probing puzzles" in capsys.readouterr().err
    with pytest.raises(ParseError, match="4x4 has no deep-probing"):
        next(deduce.generate("nonogram", size="4x4", difficulty="deep-probing"))


def test_the_small_sizes_refused_have_none_of_those_levels():
    """Every 3x3 picture, solved: none is of a level the generator refuses for 3x3."""
    from deduce.puzzles.nonogram.generate import MISSING, judge

    seen = set()
    for bits in range(1 << 9):
        text = format(bits, "09b")
        _, result = judge(NONOGRAM, [text[0:3], text[3:6], text[6:9]])
        if result.status == "unique":
            seen.add(result.grade.level)
    assert seen == set(NONOGRAM.levels) - MISSING[3, 3]
