"""Puzzles many test files share: an easy and a hard Sudoku with their solutions, and easy
Sudokus made distinct by permuting digits (for runs that need many different puzzles)."""

from __future__ import annotations

import random

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
EASY_SOLUTION = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
# top95 #1 (magictour): hard for brute force, needs guessing with singles only.
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
HARD_SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"


def distinct_easy(count: int, seed: int = 1) -> list[str]:
    """``count`` different easy Sudoku lines: EASY with its digits permuted."""
    rng = random.Random(seed)
    lines: dict[str, None] = {}
    while len(lines) < count:
        digits = list("123456789")
        rng.shuffle(digits)
        lines[EASY.translate(str.maketrans("123456789", "".join(digits)))] = None
    return list(lines)
