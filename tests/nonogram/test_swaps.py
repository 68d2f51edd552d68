"""Second solutions one 2x2 swap away (``deduce.puzzles.nonogram.swaps``): the exact swap on
a small picture, and on random pictures the same answer as trying every square."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from deduce.errors import Contradiction
from deduce.puzzles.nonogram.model import EMPTY, FILLED, Nonogram, check_solution, clues_of
from deduce.puzzles.nonogram.swaps import swapped


def _puzzle(rows: list[str]) -> tuple[Nonogram, list[int]]:
    """The puzzle whose solution is the picture ``rows`` (``#`` filled), and that solution."""
    cols = ["".join(r[c] for r in rows) for c in range(len(rows[0]))]
    clue = lambda text: clues_of(text.replace("#", "1").replace(".", "0"))  # noqa: E731
    puzzle = Nonogram(len(rows[0]), len(rows), tuple(map(clue, rows)), tuple(map(clue, cols)))
    return puzzle, [FILLED if ch == "#" else EMPTY for ch in "".join(rows)]


def _every_square(puzzle: Nonogram, values: list[int]) -> bool:
    """Whether some 2x2 swap of the solution is a solution, trying every square."""
    w = puzzle.width
    for r1 in range(puzzle.height):
        for r2 in range(r1 + 1, puzzle.height):
            for c1 in range(w):
                for c2 in range(c1 + 1, w):
                    a, b = r1 * w + c1, r1 * w + c2
                    c, d = r2 * w + c1, r2 * w + c2
                    if values[a] == values[d] != values[b] == values[c]:
                        out = values.copy()
                        out[a], out[b], out[c], out[d] = values[b], values[a], values[d], values[c]
                        try:
                            check_solution(puzzle, out)
                        except Contradiction:
                            continue
                        return True
    return False


def test_two_blocks_of_one_trade_corners():
    puzzle, values = _puzzle(["#..", "..#", "..."])
    assert swapped(puzzle, values) == _puzzle(["..#", "#..", "..."])[1]


def test_a_picture_whose_lines_pin_every_cell_has_no_swap():
    puzzle, values = _puzzle(["##.", ".##", "#.#"])
    assert swapped(puzzle, values) is None


@given(
    st.integers(2, 6).flatmap(
        lambda w: st.lists(st.text("#.", min_size=w, max_size=w), min_size=2, max_size=6)
    )
)
def test_a_swap_is_found_exactly_when_some_square_swaps(rows: list[str]) -> None:
    puzzle, values = _puzzle(rows)
    found = swapped(puzzle, values)
    assert (found is not None) == _every_square(puzzle, values)
    if found is not None:
        check_solution(puzzle, found)
        assert sum(a != b for a, b in zip(found, values, strict=True)) == 4
