"""The small corpus files whose every puzzle the project solves whole: the log-truth test and
``bench/log_hashes.py`` read this one list (``../shared/corpora/`` paths, with the column of a
TSV that holds the puzzle and the family when the text alone does not name it)."""

from __future__ import annotations

from pathlib import Path

#: (file under ../shared/corpora, TSV column or None for one puzzle a line, family or None).
SMALL_FILES: list[tuple[str, str | None, str | None]] = [
    ("sudoku/easy50.txt", None, None),
    ("sudoku/top95.txt", None, None),
    ("sudoku/norvig_hardest.txt", None, None),
    ("sudoku/tatham_solo_9x9.tsv", "game_id", None),
    ("sudoku/tatham_solo_other_sizes.tsv", "game_id", None),
    ("sudoku/reference_ratings_calibration.tsv", "puzzle", None),
    ("sudoku/sudoku_exchange_diabolical_sample40.tsv", "puzzle", None),
    ("sudoku/sudokuwiki_technique_examples.tsv", "puzzle", None),
    ("signpost/tatham_signpost.tsv", "game_id", None),
    ("path/path_puzzles.jsonl", None, None),
    ("numbrix/numbrix_public.jsonl", None, "numbrix"),
    ("hidato/hidato_public.jsonl", None, "hidato"),
    ("nonogram/nonogram_db.jsonl", None, None),
    ("nonogram/survey_bw.jsonl", None, None),
    ("nonogram/pynogram_examples.jsonl", None, None),
]


def read_puzzles(path: Path, column: str | None) -> list[tuple[int, str]]:
    """(line number, puzzle text) of every puzzle in the corpus file at ``path``."""
    lines = path.read_text(encoding="utf-8").splitlines()
    if column is None:
        return [(i, line) for i, line in enumerate(lines, start=1) if line.strip()]
    index = lines[0].split("\t").index(column)
    return [(i, line.split("\t")[index]) for i, line in enumerate(lines[1:], start=2) if line]
