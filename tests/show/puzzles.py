"""Puzzle texts the page and HTML tests share."""

from __future__ import annotations

# Puzzle 69 of Guenter Stertenbrink's top1465 (as in ../shared/corpora/sudoku/top1465.txt): its
# solve needs a continuous nice loop of strong links (Eppstein's nonrepetitive bilocation
# cycle, Lemma 6).
CYCLE = "3..8.1....5....6.9......4..5..7...8..4..6...........2.2..3.........9.1....7......"


# Letter "A" of Erik Demaine's Path Puzzles font (MIT), as in ../shared/corpora/path/.
PATH_A = (
    '{"rows": 6, "cols": 6, "doors": [[5, 0], [5, 5]], '
    '"row_counts": [2, 4, 2, 5, 5, 2], "col_counts": [3, 3, 4, 4, 4, 2]}'
)


# The worked example of ../shared/seeds/signpost-backtracking.txt (Simon Tatham's game ID).
SIGNPOST_SEED = "5x5:1cceefcfggeeccghcac3e12hch10ah25a"


# The seed's example (Marilyn vos Savant's Numbrix, figure 1 of numbrix-placement-rules.txt).
NUMBRIX_SEED = (
    "7 0 13 0 65 0 81 0 75/0 9 0 15 0 67 0 77 0/5 0 0 0 0 0 0 0 73/0 3 0 0 0 0 0 71 0/"
    "23 0 0 0 0 0 0 0 55/0 21 0 0 0 0 0 53 0/25 0 0 0 0 0 0 0 45/0 29 0 35 0 49 0 47 0/"
    "27 0 33 0 39 0 41 0 43"
)
