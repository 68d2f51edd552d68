"""Search's dead ends cite only moves the log shows (issue 34).

Search propagates with the singles closure, which finds a guess's singles and the
contradiction they run into in one call; those singles are not logged. The dead end's
sentence must then say that singles were followed rather than state a contradiction the
logged grid does not hold.
"""

from __future__ import annotations

import re

import deduce
from deduce.show.replay import replay
from deduce.step import CONTRADICTION, GUESS

SUDOKU = deduce.get_family("sudoku")
#: top95's seventh puzzle, whose plain search runs into dead ends.
TOP95_7 = "6.2.5.........3.4..........43...8....1....2........7..5..27...........81...6....."
NO_PLACE = re.compile(r"(row|column|box) (\d+) has no place left for (\d+)")


def _has_place(state, kind: str, index: int, digit: int) -> bool:
    geo = state.puzzle.geo
    units = {"row": geo.rows, "column": geo.cols, "box": geo.boxes}[kind]
    return any(state.domains[c] >> digit & 1 for c in units[index - 1])


def test_a_dead_end_says_the_singles_were_followed_when_the_log_does_not_show_them():
    result = deduce.solve(TOP95_7, search="plain")
    ends = 0
    for state, step in replay(SUDOKU, result.puzzle.data, result.log):
        if step.kind != CONTRADICTION or step.explanation.startswith("Guessing"):
            continue
        ends += 1
        found = NO_PLACE.search(step.explanation)
        if found and _has_place(state, found[1], int(found[2]), int(found[3])):
            assert step.explanation.startswith("The singles that follow lead to a dead end: ")
    assert ends and any(s.kind == GUESS for s in result.log)
