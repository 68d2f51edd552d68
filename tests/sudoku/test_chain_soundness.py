"""The nonlocal rules never remove a true digit: swept over the Sudoku corpora.

For each puzzle the solution is found once by search. The engine then solves with every rule;
wherever it reaches the nonlocal rules (the local ones are stuck), every nonlocal rule is asked
for all its steps, and each is checked against the solution; where all rules are stuck, a true
digit is written in and the sweep goes on. A rule that finds a position impossible while it
has a solution fails too.

CI sweeps every file, the largest ones with a stride (about half a minute in all); set
``DEDUCE_FULL_SWEEP=1`` to sweep every puzzle of every file (several minutes).
"""

from __future__ import annotations

import os

import pytest

import deduce
from deduce.rules.sudoku import NONLOCAL_RULES, RULES
from deduce.search import search
from deduce.testing import assert_sound_at_stalls
from tests.sudoku.grids import corpus_lines

SUDOKU = deduce.get_family("sudoku")
FULL = bool(os.environ.get("DEDUCE_FULL_SWEEP"))

#: (file, stride in CI)
FILES = [
    ("top95.txt", 1),
    ("norvig_hardest.txt", 1),
    ("reference_ratings_calibration.tsv", 1),
    ("sudoku_exchange_diabolical_sample40.tsv", 1),
    ("sudokuwiki_technique_examples.tsv", 1),
    ("tatham_solo_9x9.tsv", 1),
    ("tatham_solo_other_sizes.tsv", 1),
    ("easy50.txt", 1),
    ("forum_hardest_1106.txt", 6),
    ("top1465.txt", 30),
    ("forum_hardest_1905_11plus_first5000.txt", 250),
    ("royle17_first5000.txt", 250),
]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "stride"), FILES)
def test_nonlocal_rules_never_remove_a_true_digit(name, stride):
    fired: set[str] = set()
    for text in corpus_lines(name, step=1 if FULL else stride):
        puzzle = SUDOKU.parse(text)
        found = search(SUDOKU, SUDOKU.initial_state(puzzle), limit=1)
        assert found.solutions, f"no solution found for {text}"
        fired |= assert_sound_at_stalls(SUDOKU, puzzle, found.solutions[0], RULES, NONLOCAL_RULES)
    if name in ("top95.txt", "reference_ratings_calibration.tsv"):
        # The hard sets exercise every nonlocal rule.
        assert {r.name for r in NONLOCAL_RULES} <= fired
