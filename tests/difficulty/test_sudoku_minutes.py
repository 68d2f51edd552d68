"""The Sudoku grade's minutes, score and level on a fixed sample, to the last digit: the
waves are counted for every solve, so they are made as cheap as they can be, and a change
made for speed must not move a single minute (``tests/fixtures/sudoku/README.md``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import deduce

SAMPLE = Path(__file__).resolve().parent.parent / "fixtures" / "sudoku" / "minutes.jsonl"
RECORDS = [json.loads(line) for line in SAMPLE.read_text().splitlines()]


def test_the_sample_spans_every_level_and_several_sizes():
    assert {r["level"] for r in RECORDS} == set(deduce.get_family("sudoku").levels)
    assert {len(r["puzzle"].strip()) for r in RECORDS} >= {16, 36, 81, 256}


@pytest.mark.parametrize("record", RECORDS, ids=[str(i) for i in range(len(RECORDS))])
def test_the_grade_is_what_it_was_to_the_last_digit(record):
    grade = deduce.solve(record["puzzle"], "sudoku").grade
    assert (grade.level, grade.minutes, grade.score) == (
        record["level"],
        record["minutes"],
        record["score"],
    )
