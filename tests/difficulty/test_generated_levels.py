"""Generated puzzles of Path, Numbrix, Hidato and Signpost at every level: one solution, proved by
search counting to two from the clues (not assumed), and the requested level when re-rated;
a level no puzzle of a size has is refused up front, naming the size and the levels there."""

from __future__ import annotations

import pytest

import deduce
from deduce.solving import Puzzle, has_one_solution

#: (family, small size): every level is made at this size within a few hundred tries.
SIZES = [("path", "4x4"), ("numbrix", "5x5"), ("hidato", "4x4"), ("signpost", "5x5")]
CASES = [
    (family, size, level) for family, size in SIZES for level in deduce.get_family(family).levels
]


@pytest.mark.parametrize(("family", "size", "level"), CASES, ids=[f"{c[0]}-{c[2]}" for c in CASES])
def test_generated_puzzles_are_unique_and_rerate_to_the_level(family, size, level):
    fam = deduce.get_family(family)
    made = list(deduce.generate(family, size=size, count=2, seed=1, difficulty=level))
    assert len(made) == 2 and made[0] != made[1]
    for text in made:
        assert has_one_solution(Puzzle.read(fam, text), max_nodes=100_000)
        assert deduce.rate(text, family).level == level


@pytest.mark.parametrize(
    ("family", "size", "level", "said"),
    [
        (
            "path",
            "2x3",
            "expert",
            "path 2x3 has no expert puzzles: every puzzle of that size is easy, medium or hard",
        ),
        (
            "numbrix",
            "2x2",
            "medium",
            "numbrix 2x2 has no medium puzzles: every puzzle of that size is easy",
        ),
        ("hidato", "3x2", "needs-guessing", "hidato 3x2 has no needs-guessing puzzles"),
        (
            "signpost",
            "3x3",
            "hard",
            "signpost 3x3 has no hard puzzles: all 733,516 puzzles of that size with 1 and 9 "
            "given and one solution are easy or medium",
        ),
        ("signpost", "2x3", "medium", "signpost 2x3 has no medium puzzles"),
    ],
)
def test_a_level_the_size_cannot_have_is_refused_up_front(family, size, level, said):
    with pytest.raises(deduce.ParseError, match=said):
        next(iter(deduce.generate(family, size=size, count=1, seed=1, difficulty=level)))
