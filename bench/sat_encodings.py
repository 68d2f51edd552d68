"""Nonogram encodings and SAT solvers on one hard puzzle (issue 21's faase), measured.

Usage: python bench/sat_encodings.py NAME [--enc gac|order|starts|gac+order|gac+starts|product]
                                     [--solver cadical195] [--probe] [--phase empty|filled]
                                     [--oneshot] [--lone BUDGET] [--cap SECONDS]

NAME is a puzzle's name in the nonogram corpus files (``faase``, ``pynogram-frans_faase``).
From the empty grid: ``--probe`` first runs failed-literal probing to its fixpoint with the
SAT library's own unit propagation (``propagate`` per open cell and value; on the GAC
encoding a refuted literal is exactly a cell the project's probing refutes); then the
encodings chosen are built over the open cells and the solver counts to two (a model is
checked against every clue; the second run is the formula with the first model blocked),
reading the processor clock between slices of 5,000 conflicts and stopping at ``--cap``.
``--oneshot`` makes one unbounded call instead (Kissat is not incremental; stop it with
``timeout``). ``--lone B`` first asks, for every open cell of every line whose clue is a
single 1, whether the cell can be filled, with a budget of B conflicts, and keeps what is
refuted.

The encodings: ``gac`` is the product's (``deduce/puzzles/nonogram/search.py``: the clue's
automaton, states and transitions); ``starts`` has a variable per block and start (exactly
one start per block, order of consecutive blocks, a start fills its block and empties its
neighbours, a filled cell is covered by some start); ``order`` has a variable "block j
starts at or before p" per block and position (the order encoding of the start, as
constraint-to-SAT compilers such as Sugar write integers), a cell filled exactly when some
block covers it; ``product`` is the formula the product hands Kissat
(``deduce/puzzles/nonogram/blocks.py``, the order encoding with cover variables, plus the
binary clauses ``deduce.sat.solver.implied`` finds). ``--implied`` adds those binary clauses
(probing's implications: x=v forces y=w) to any encoding. After a first solution
(``--oneshot``, or read with ``--first``) a second is looked for as the product does: a 2x2
swap of the first (``deduce/puzzles/nonogram/swaps.py``), else CaDiCaL on ``--second`` with
the first blocked and its values preferred. Figures: docs/search.md, "faase".
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from deduce.puzzles.nonogram.blocks import Lit, order_formula, order_line
from deduce.puzzles.nonogram.blocks import clause as _clause
from deduce.puzzles.nonogram.blocks import neg as _neg
from deduce.puzzles.nonogram.model import (
    D_EMPTY,
    D_FILLED,
    D_OPEN,
    EMPTY,
    FILLED,
    Nonogram,
    check_solution,
    lines_of,
)
from deduce.puzzles.nonogram.search import _moves
from deduce.puzzles.nonogram.swaps import swapped
from deduce.puzzles.nonogram.text import parse
from deduce.rules.nonogram.lines import automaton
from deduce.sat.cnf import Cnf, regular
from deduce.sat.solver import implied

Solver: Any = importlib.import_module("pysat.solvers").Solver
CORPORA = Path(__file__).resolve().parent.parent.parent / "shared" / "corpora" / "nonogram"


def capped(sat: Any, start: float, cap: float) -> bool | None:
    """``sat``'s answer, asked in slices of 5,000 conflicts until ``cap`` processor seconds
    since ``start`` have gone (None: no answer by then)."""
    answer = None
    while answer is None and time.process_time() - start < cap:
        sat.conf_budget(5000)
        answer = sat.solve_limited()
    return answer


def load(name: str) -> Nonogram:
    """The puzzle called ``name`` in the nonogram corpus files."""
    for path in sorted(CORPORA.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip() and json.loads(line)["name"] == name:
                return parse(line)
    raise SystemExit(f"no puzzle called {name!r} in {CORPORA}")


def encode(puzzle: Nonogram, grid: bytes, kinds: Sequence[str]) -> tuple[Cnf, dict[int, int]]:
    """The lines of ``puzzle`` over the open cells of ``grid`` in every encoding of ``kinds``
    (channelled through the same cell variables); and each open cell's variable."""
    cnf = Cnf()
    cell_var = {c: cnf.new() for c, d in enumerate(grid) if d == D_OPEN}
    for line in lines_of(puzzle):
        cells = bytes(grid[c] for c in line.cells)
        ins = [cell_var.get(c) for c in line.cells]
        lits: list[Lit] = [(cells[i] == D_FILLED) if x is None else x for i, x in enumerate(ins)]
        if "gac" in kinds:
            moves = _moves(automaton(line.clue), cells)
            if moves is None:
                raise SystemExit(f"{line.name} has no placement")
            regular(cnf, ins, moves)
        elif not line.clue:
            for x in ins:
                if x is not None:
                    cnf.add([-x])
        if line.clue and "starts" in kinds:
            _starts(cnf, line.clue, lits)
        if line.clue and "order" in kinds:
            _order(cnf, line.clue, lits)
    return cnf, cell_var


def _span(clue: tuple[int, ...], n: int) -> tuple[list[int], list[int]]:
    """Each block's leftmost and rightmost start."""
    lo, hi, p = [], [], 0
    for b in clue:
        lo.append(p)
        p += b + 1
    p = n
    for b in reversed(clue):
        p -= b
        hi.append(p)
        p -= 1
    return lo, hi[::-1]


def _starts(cnf: Cnf, clue: tuple[int, ...], cell: list[Lit]) -> None:
    """A variable per block and start: exactly one start a block, in order, each filling
    its block and emptying its neighbours; a filled cell is covered by a start."""
    n = len(cell)
    lo, hi = _span(clue, n)
    starts: list[dict[int, int]] = []
    for j, b in enumerate(clue):
        row = {}
        for p in range(lo[j], hi[j] + 1):
            inside = all(cell[i] is not False for i in range(p, p + b))
            edges = all(cell[i] is not True for i in (p - 1, p + b) if 0 <= i < n)
            if inside and edges:
                row[p] = cnf.new()
        starts.append(row)
    for j, b in enumerate(clue):
        cnf.exactly_one(list(starts[j].values()))
        for p, s in starts[j].items():
            for i in range(p, p + b):
                _clause(cnf, [-s, cell[i]])
            for i in (p - 1, p + b):
                if 0 <= i < n:
                    _clause(cnf, [-s, _neg(cell[i])])
            if j + 1 < len(clue):
                for q, t in starts[j + 1].items():
                    if q < p + b + 1:
                        cnf.add([-s, -t])
    for i in range(n):
        cover: list[Lit] = [
            s for j, b in enumerate(clue) for p, s in starts[j].items() if p <= i < p + b
        ]
        _clause(cnf, [_neg(cell[i]), *cover])


def _order(cnf: Cnf, clue: tuple[int, ...], cell: list[Lit]) -> None:
    """The order encoding of the block starts: "block j starts at or before p" (the
    product's, ``deduce/puzzles/nonogram/blocks.py``)."""
    order_line(cnf, clue, cell)


def probe(puzzle: Nonogram, solver: str) -> tuple[bytes, int]:
    """Failed-literal probing to the fixpoint from the empty grid, by the solver's unit
    propagation on the GAC encoding: the grid it leaves, and the propagations it asked."""
    grid = bytearray([D_OPEN]) * puzzle.n
    cnf, cell_var = encode(puzzle, bytes(grid), ["gac"])
    sat: Any = Solver(name=solver, bootstrap_with=cnf.clauses)
    known: dict[int, int] = {}
    calls, changed = 0, True
    while changed:
        changed = False
        for var in cell_var.values():
            for lit in (var, -var):
                if var in known:
                    break
                calls += 1
                if not sat.propagate(assumptions=[lit])[0]:
                    sat.add_clause([-lit])
                    known[var], changed = -lit, True
    sat.delete()
    for c, var in cell_var.items():
        if var in known:
            grid[c] = D_FILLED if known[var] > 0 else D_EMPTY
    return bytes(grid), calls


def implications(puzzle: Nonogram, grid: bytes, solver: str) -> tuple[list[list[int]], int]:
    """The binary clauses line logic proves on ``grid``: for every open cell x and value v,
    unit propagation on the GAC encoding (exactly the complete line solver run to its
    fixpoint) from x=v; every other open cell y it settles to w gives the clause
    not(x=v) or (y=w); a value that fails gives the unit clause not(x=v). The cells are
    numbered as ``encode`` numbers them on the same grid (the open cells first, in order).
    Returns the clauses and the count of propagate calls."""
    cnf, cell_var = encode(puzzle, grid, ["gac"])
    cells = len(cell_var)
    sat: Any = Solver(name=solver, bootstrap_with=cnf.clauses)
    out: list[list[int]] = []
    calls = 0
    for var in cell_var.values():
        for lit in (var, -var):
            calls += 1
            ok, implied = sat.propagate(assumptions=[lit])
            if not ok:
                out.append([-lit])
                continue
            out.extend([-lit, y] for y in implied if abs(y) <= cells and abs(y) != var)
    sat.delete()
    return out, calls


def solution(puzzle: Nonogram, grid: bytes, cell_var: dict[int, int], model: list[int]) -> bytes:
    """The grid a model gives, checked against every clue."""
    true = {lit for lit in model if lit > 0}
    out = bytearray(grid)
    for c, var in cell_var.items():
        out[c] = D_FILLED if var in true else D_EMPTY
    for line in lines_of(puzzle):
        blocks = "".join("1" if out[c] == D_FILLED else "0" for c in line.cells).split("0")
        if tuple(len(b) for b in blocks if b) != line.clue:
            raise SystemExit(f"the solver's model breaks {line.name}")
    return bytes(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("name")
    parser.add_argument("--enc", default="gac")
    parser.add_argument("--solver", default="cadical195")
    parser.add_argument("--probe", action="store_true")
    parser.add_argument("--phase", choices=("empty", "filled"))
    parser.add_argument("--oneshot", action="store_true")
    parser.add_argument("--lone", type=int, help="conflict budget per lone cell")
    parser.add_argument("--implied", action="store_true", help="add probing's binary clauses")
    parser.add_argument("--save", help="write the first solution here (rows of 0/1)")
    parser.add_argument("--first", help="a first solution (rows of 0/1), checked, not solved")
    parser.add_argument("--second", default="gac", help="encoding for the second solution")
    parser.add_argument("--no-swap", action="store_true", help="run the SAT second even so")
    parser.add_argument("--cap", type=float, default=120.0, help="processor seconds")
    args = parser.parse_args()
    puzzle = load(args.name)
    start = time.process_time()

    def say(what: str) -> None:
        print(f"{time.process_time() - start:7.1f} s  {what}", flush=True)

    grid = bytes([D_OPEN]) * puzzle.n
    if args.probe:
        grid, calls = probe(puzzle, "glucose4")
        say(f"probing: {grid.count(D_OPEN):,} open cells, {calls:,} propagate calls")
    if args.enc == "product":  # the product's Kissat formula, exactly (deduce/puzzles/nonogram)
        gac, cell_var = encode(puzzle, grid, ["gac"])
        cnf = order_formula(puzzle, grid, cell_var)
        cnf.clauses += implied(gac, list(cell_var.values()))
    else:
        cnf, cell_var = encode(puzzle, grid, args.enc.split("+"))
    say(f"{args.enc}: {cnf.variables:,} variables, {len(cnf.clauses):,} clauses")
    if args.implied:
        extra, calls = implications(puzzle, grid, "glucose4")
        cnf.clauses += extra
        say(f"implications: {len(extra):,} clauses from {calls:,} propagate calls")
    sat: Any = Solver(name=args.solver, bootstrap_with=cnf.clauses)
    decide = list(cell_var.values())
    if args.phase:
        sat.set_phases([v if args.phase == "filled" else -v for v in decide])
    if args.lone is not None:
        asked = refuted = 0
        for line in lines_of(puzzle):
            for c in line.cells if line.clue == (1,) else ():
                if c in cell_var:
                    sat.conf_budget(args.lone)
                    asked += 1
                    if sat.solve_limited(assumptions=[cell_var[c]]) is False:
                        sat.add_clause([-cell_var[c]])
                        refuted += 1
        say(f"lone cells: {refuted} of {asked} refuted")
    found: list[bytes] = []
    if args.first:
        rows = Path(args.first).read_text(encoding="utf-8").split()
        first = bytes(D_FILLED if ch == "1" else D_EMPTY for ch in "".join(rows))
        model = [v if first[c] == D_FILLED else -v for c, v in cell_var.items()]
        found.append(solution(puzzle, grid, cell_var, model))
        say(f"solution 1 read from {args.first}, checked against the clues")
        second(puzzle, grid, found[0], args, say, start)
        return
    while len(found) < 2:
        if args.oneshot:
            answer = sat.solve()
        else:
            answer = capped(sat, start, args.cap)
        if answer is None:
            say(f"undecided, {len(found)} solution(s) so far; {sat.accum_stats()}")
            return
        if not answer:
            break
        model = sat.get_model()
        found.append(solution(puzzle, grid, cell_var, model))
        say(f"solution {len(found)}, checked against the clues; {_stats(sat)}")
        if args.save:
            w = puzzle.width
            rows = ["".join("1" if d == D_FILLED else "0" for d in found[-1][r * w : r * w + w])
                    for r in range(puzzle.height)]  # fmt: skip
            Path(args.save).write_text("\n".join(rows) + "\n", encoding="utf-8")
        if args.oneshot:
            break
        sat.add_clause([-v if v in set(model) else v for v in decide])
        sat.set_phases(model)
    if len(found) == 1 and (args.oneshot or args.first):
        second(puzzle, grid, found[0], args, say, start)
        return
    verdict = ("no solution", "unique", "several")[len(found)]
    say(f"{verdict}; {sat.accum_stats()}")


def _stats(sat: Any) -> object:
    try:
        return sat.accum_stats()
    except NotImplementedError:  # Kissat in python-sat
        return "no statistics"


def second(puzzle: Nonogram, grid: bytes, first: bytes, args: Any, say: Any, start: float) -> None:
    """After a first solution: a 2x2 swap of it, else CaDiCaL on the ``--second`` encoding
    with the first blocked and the solver's preferred values set to it."""
    values = [FILLED if d == D_FILLED else EMPTY for d in first]
    near = swapped(puzzle, values)
    if near is not None:
        check_solution(puzzle, near)
        say("solution 2: a 2x2 swap of the first, checked against the clues; several")
        if not args.no_swap:
            return
    cnf, cell_var = encode(puzzle, grid, args.second.split("+"))
    if args.implied:
        cnf.clauses += implications(puzzle, grid, "glucose4")[0]
    decide = list(cell_var.values())
    model = [v if first[c] == D_FILLED else -v for c, v in cell_var.items()]
    sat: Any = Solver(name="cadical195", bootstrap_with=cnf.clauses)
    sat.add_clause([-lit for lit in model])
    sat.set_phases(model)
    say(f"second: {args.second}, CaDiCaL from the first solution")
    answer = capped(sat, start, args.cap)
    if answer is None:
        say(f"second undecided; {sat.accum_stats()}")
    elif answer:
        other = solution(puzzle, grid, cell_var, sat.get_model())
        diff = sum(a != b for a, b in zip(other, first, strict=True))
        say(f"solution 2, {diff} cells from the first, checked; several; {sat.accum_stats()}")
    else:
        say(f"unique; {sat.accum_stats()}")
    del decide


if __name__ == "__main__":
    main()
