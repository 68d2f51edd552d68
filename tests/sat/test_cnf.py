"""The formulas of search that learns: the regular-language encoding of a nonogram line
admits exactly the placements the line allows, and unit propagation on it settles exactly
the cells the complete line solver settles."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from deduce.puzzles.nonogram.model import D_EMPTY, D_FILLED, D_OPEN, clues_of
from deduce.puzzles.nonogram.search import _moves
from deduce.rules.nonogram.lines import automaton, solve_line
from deduce.sat.cnf import Cnf, regular

pysat = pytest.importorskip("pysat.solvers", reason="python-sat is not installed")


def _line_formula(clue: tuple[int, ...], cells: bytes) -> tuple[Cnf, list[int | None]]:
    cnf = Cnf()
    inputs = [cnf.new() if v == D_OPEN else None for v in cells]
    moves = _moves(automaton(clue), cells)
    assert moves is not None
    regular(cnf, inputs, moves)
    return cnf, inputs


def _models(cnf: Cnf, inputs: list[int | None]) -> set[tuple[int, ...]]:
    shown = [x for x in inputs if x is not None]
    found = set()
    with pysat.Solver(name="glucose4", bootstrap_with=cnf.clauses) as solver:
        while solver.solve():
            true = {lit for lit in solver.get_model() if lit > 0}
            found.add(tuple(int(x in true) for x in shown))
            if not shown:
                break
            solver.add_clause([-x if x in true else x for x in shown])
    return found


def _fits(clue: tuple[int, ...], cells: bytes) -> set[tuple[int, ...]]:
    """Brute force: the fillings of the open cells that show ``clue``."""
    open_at = [i for i, v in enumerate(cells) if v == D_OPEN]
    found = set()
    for bits in itertools.product((0, 1), repeat=len(open_at)):
        line = [1 if v == D_FILLED else 0 for v in cells]
        for i, b in zip(open_at, bits, strict=True):
            line[i] = b
        if clues_of("".join(map(str, line))) == clue:
            found.add(bits)
    return found


lines = st.integers(1, 9).flatmap(
    lambda n: st.tuples(
        st.lists(st.sampled_from((0, 1)), min_size=n, max_size=n),
        st.lists(st.sampled_from((D_EMPTY, D_FILLED, D_OPEN, D_OPEN)), min_size=n, max_size=n),
    )
)


def _clue_and_cells(line: tuple[list[int], list[int]]) -> tuple[tuple[int, ...], bytes]:
    """A random line's clue, and its cells with the masked ones open: the known cells agree
    with a real filling, so the line has at least one placement."""
    truth, mask = line
    cells = bytes(
        D_OPEN if m == D_OPEN else (D_FILLED if t else D_EMPTY)
        for t, m in zip(truth, mask, strict=True)
    )
    return clues_of("".join(map(str, truth))), cells


@given(lines)
def test_the_line_formula_allows_exactly_the_placements_that_fit(line):
    clue, cells = _clue_and_cells(line)
    cnf, inputs = _line_formula(clue, cells)
    assert _models(cnf, inputs) == _fits(clue, cells)


@given(lines)
def test_unit_propagation_settles_what_the_line_solver_settles(line):
    clue, cells = _clue_and_cells(line)
    cnf, inputs = _line_formula(clue, cells)
    # every clause guarded by one selector, so that propagating from it reports all that
    # unit propagation sets (facts at the top level are not reported)
    selector = cnf.new()
    guarded = [[*clause, -selector] for clause in cnf.clauses]
    with pysat.Solver(name="glucose4", bootstrap_with=guarded) as solver:
        ok, implied = solver.propagate(assumptions=[selector])
    assert ok
    implied = set(implied)
    settled = solve_line(clue, cells)
    assert settled is not None
    for i, x in enumerate(inputs):
        if x is None:
            continue
        expected = {D_FILLED: x, D_EMPTY: -x}.get(settled[i])
        got = x if x in implied else -x if -x in implied else None
        assert got == expected, (clue, cells, i)


def test_a_line_that_cannot_show_its_clue_has_no_moves():
    assert _moves(automaton((3,)), bytes([D_OPEN, D_EMPTY, D_OPEN, D_OPEN])) is None


@pytest.mark.parametrize("size", [2, 6, 7, 12])
def test_exactly_one_allows_exactly_one(size):
    cnf = Cnf()
    xs = [cnf.new() for _ in range(size)]
    cnf.exactly_one(xs)
    models = _models(cnf, xs)
    assert models == {tuple(int(i == k) for i in range(size)) for k in range(size)}
