"""Kissat's part in search that learns: the block-start formula of a nonogram has exactly
the puzzle's solutions, the binary clauses unit propagation proves are the expected ones,
Kissat runs in a child process the deadline stops, and a count handed to it comes back
with checked solutions and a log that says Kissat found the first."""

from __future__ import annotations

import itertools
import json
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import deduce
import deduce.sat.solver as sat_solver
from deduce.puzzles.nonogram.blocks import order_formula
from deduce.puzzles.nonogram.model import D_EMPTY, D_FILLED, D_OPEN, Nonogram, clues_of
from deduce.sat.cnf import Cnf
from deduce.sat.kissat import first_model
from deduce.sat.learner import KISSAT_NOTE
from deduce.sat.solver import implied
from tests.conftest import corpus_file

pysat = pytest.importorskip("pysat.solvers", reason="python-sat is not installed")


def _pictures(width: int, height: int) -> list[str]:
    return ["".join(bits) for bits in itertools.product("01", repeat=width * height)]


def _puzzle(picture: str, width: int, height: int) -> Nonogram:
    rows = [picture[r * width : r * width + width] for r in range(height)]
    cols = ["".join(row[c] for row in rows) for c in range(width)]
    return Nonogram(width, height, tuple(map(clues_of, rows)), tuple(map(clues_of, cols)))


def _fits(picture: str, grid: bytes) -> bool:
    return all(
        d == D_OPEN or (d == D_FILLED) == (ch == "1") for ch, d in zip(picture, grid, strict=True)
    )


@settings(max_examples=40)
@given(
    st.integers(2, 3).flatmap(
        lambda w: st.tuples(
            st.just(w),
            st.integers(2, 3),
            st.data(),
        )
    )
)
def test_the_block_start_formula_has_exactly_the_solutions(args) -> None:
    width, height, data = args
    picture = data.draw(st.text("01", min_size=width * height, max_size=width * height))
    puzzle = _puzzle(picture, width, height)
    known = data.draw(st.lists(st.booleans(), min_size=width * height, max_size=width * height))
    grid = bytes(
        (D_FILLED if ch == "1" else D_EMPTY) if k else D_OPEN
        for ch, k in zip(picture, known, strict=True)
    )
    cell_var = {c: i + 1 for i, c in enumerate(c for c, d in enumerate(grid) if d == D_OPEN)}
    want = {
        p
        for p in _pictures(width, height)
        if _fits(p, grid) and _puzzle(p, width, height) == puzzle
    }
    got = set()
    with pysat.Solver(
        name="glucose4", bootstrap_with=order_formula(puzzle, grid, cell_var).clauses
    ) as s:
        while s.solve():
            true = {lit for lit in s.get_model() if lit > 0}
            got.add("".join(
                ("1" if cell_var[c] in true else "0") if c in cell_var else
                ("1" if grid[c] == D_FILLED else "0") for c in range(len(grid))
            ))  # fmt: skip
            if not cell_var:
                break
            s.add_clause([-v if v in true else v for v in cell_var.values()])
    assert got == want


def test_unit_propagation_gives_its_binary_clauses():
    # 1 forces 2 and not 4; 2 forces not 4; not 2 forces not 1; 4 forces not 2 and not 1
    cnf = Cnf(variables=4, clauses=[[-1, 2], [-2, 3], [-3, -4], [4, -1, 2]])
    clauses = implied(cnf, [1, 2, 4])
    assert sorted(map(sorted, clauses)) == sorted(
        map(sorted, [[-1, 2], [-1, -4], [-2, -4], [2, -1], [-4, -2], [-4, -1]])
    )


def test_kissat_answers_and_the_deadline_stops_it():
    assert first_model([[1, 2], [-1], [-2, 3]], None) == [-1, 2, 3]
    assert first_model([[1], [-1]], None) is False
    holes = 11  # twelve pigeons in eleven holes: far beyond a second for any CDCL solver
    var = lambda p, h: p * holes + h + 1  # noqa: E731
    clauses = [[var(p, h) for h in range(holes)] for p in range(holes + 1)]
    clauses += [
        [-var(p, h), -var(q, h)]
        for h in range(holes)
        for p in range(holes + 1)
        for q in range(p + 1, holes + 1)
    ]
    started = time.monotonic()
    assert first_model(clauses, time.monotonic() + 0.5) is None
    assert time.monotonic() - started < 20  # the child is killed, not waited for


def _lala_frog() -> str:
    """LalaFrogKK's line in the corpus: several solutions, found by search that learns."""
    return next(
        text
        for text in corpus_file("nonogram", "pynogram_examples.jsonl").read_text().splitlines()
        if json.loads(text)["name"] == "pynogram-LalaFrogKK"
    )


def test_a_count_handed_to_kissat_finds_checked_solutions(monkeypatch):
    line = _lala_frog()
    monkeypatch.setattr(sat_solver, "SLICE", 1)  # CaDiCaL gives up its turn at once
    monkeypatch.setattr(sat_solver, "HANDOVER", 0)
    result = deduce.solve(line, search="learn")
    assert result.status == "multiple"
    (step,) = [s for s in result.log.steps if s.rule == "learning search"]
    assert KISSAT_NOTE in step.explanation


def test_without_kissat_in_the_library_cadical_goes_on_alone(monkeypatch):
    line = _lala_frog()
    monkeypatch.setattr(sat_solver, "HANDOVER", 0)
    monkeypatch.setattr(sat_solver.kissat, "available", lambda: False)
    result = deduce.solve(line, search="learn")
    assert result.status == "multiple"
    (step,) = [s for s in result.log.steps if s.rule == "learning search"]
    assert KISSAT_NOTE not in step.explanation


def test_kissat_is_found_in_this_library():
    assert sat_solver.kissat.available()
