"""The Path generator: fair puzzles (unique solution) in the JSON-lines form, at the level
asked for, reproducible from a seed."""

import pytest

from deduce import api
from deduce.errors import ParseError
from deduce.puzzles.path.generate import generate as make_puzzles
from deduce.puzzles.path.generate import parse_size
from deduce.registry import get_family

PATH = get_family("path")


def generate(*args, **kwargs):
    """The Path generator, given its family."""
    return make_puzzles(PATH, *args, **kwargs)


def test_generated_puzzles_are_unique_and_reproducible():
    stats: dict = {}
    made = list(generate(3, seed=7, size="6x5", stats=stats))
    assert made == list(generate(3, seed=7, size="6x5"))
    assert stats["tried"] >= 3
    for line in made:
        result = api.solve(line, "path")
        assert result.status == api.UNIQUE
        assert (result.puzzle.data.rows, result.puzzle.data.cols) == (6, 5)


def test_difficulty_is_the_rated_level():
    for line in generate(2, seed=3, difficulty="easy"):
        assert api.rate(line, "path").level == "easy"


def test_sizes():
    assert parse_size(None) == (6, 6)
    assert parse_size("7") == (7, 7)
    assert parse_size("4x9") == (4, 9)
    with pytest.raises(ParseError):
        parse_size("big")
