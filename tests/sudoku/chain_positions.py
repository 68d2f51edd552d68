"""The Sudoku chain positions (SudokuWiki's examples) tests replay, and the state each describes."""

from __future__ import annotations

import json

import deduce
from deduce.puzzles.sudoku.view import parse_progress
from tests.conftest import fixture_file

SUDOKU = deduce.get_family("sudoku")

POSITIONS = [
    json.loads(line)
    for line in fixture_file("sudoku/rule_positions.jsonl").read_text().splitlines()
    if line.strip()
]


def position(case):
    puzzle = SUDOKU.parse(case["puzzle"])
    return puzzle, parse_progress(puzzle, case["grid"])
