"""A nonogram's stuck state as a second formula, over where its blocks start.

The first formula (``search.py``) follows the clue's automaton cell by cell; this one has,
for every block of every line and every place it can start, a variable "block j starts at
or before p" (the order encoding of an integer, as constraint-to-SAT compilers write one),
and per cell and block a variable "block j covers this cell"; a cell is filled exactly when
some block covers it. Its cell variables are numbered as the first formula numbers them, so
a model of either is read the same way. With the binary clauses line logic proves from each
single cell (added by the caller) it is what Kissat finds faase's first solution in
(docs/search.md, "faase"), where the automaton formula stalled CaDiCaL and Kissat alike.
"""

from __future__ import annotations

from collections.abc import Sequence

from deduce.puzzles.nonogram.model import D_FILLED, Nonogram, lines_of
from deduce.sat.cnf import Cnf

#: A literal, or a constant (a known cell, a start out of reach).
Lit = int | bool


def order_formula(puzzle: Nonogram, grid: bytes, cell_var: dict[int, int]) -> Cnf:
    """Every line of ``puzzle`` over the open cells of ``grid`` (``cell_var``: each open
    cell's variable, numbered from 1 in the order of the cells, as the first formula does)."""
    cnf = Cnf(variables=len(cell_var))
    for line in lines_of(puzzle):
        cells: list[Lit] = [
            cell_var[c] if c in cell_var else grid[c] == D_FILLED for c in line.cells
        ]
        order_line(cnf, line.clue, cells)
    return cnf


def neg(lit: Lit) -> Lit:
    """The negation of a literal or constant."""
    return (not lit) if isinstance(lit, bool) else -lit


def clause(cnf: Cnf, lits: Sequence[Lit]) -> None:
    """Add the clause with its constants folded (a true one drops it)."""
    if any(lit is True for lit in lits):
        return
    cnf.add([lit for lit in lits if not isinstance(lit, bool)])


def order_line(cnf: Cnf, clue: tuple[int, ...], cell: list[Lit]) -> None:
    """One line (``cell``: its literals, or constants where known): the starts in order, a
    gap of at least one between blocks, a cell filled exactly when a block covers it."""
    n = len(cell)
    lo, hi, p = [], [0] * len(clue), 0
    for b in clue:
        lo.append(p)
        p += b + 1
    p = n
    for j in range(len(clue) - 1, -1, -1):
        p -= clue[j]
        hi[j] = p
        p -= 1
    by_var = [{q: cnf.new() for q in range(lo[j], hi[j])} for j in range(len(clue))]

    def by(j: int, q: int) -> Lit:  # block j starts at or before q
        return False if q < lo[j] else True if q >= hi[j] else by_var[j][q]

    for j, b in enumerate(clue):
        for q in range(lo[j], hi[j]):
            clause(cnf, [neg(by(j, q)), by(j, q + 1)])
        if j + 1 < len(clue):
            for q in range(lo[j + 1], hi[j + 1] + 1):
                clause(cnf, [neg(by(j + 1, q)), by(j, q - b - 1)])
    for i, x in enumerate(cell):
        covers: list[Lit] = []
        for j, b in enumerate(clue):
            a, z = by(j, i), by(j, i - b)  # covered: started by i, and not by i - b
            if a is False or z is True:
                continue
            if isinstance(a, bool) or isinstance(z, bool):
                c: Lit = a if z is False else neg(z)
            else:
                c = cnf.new()
                cnf.clauses += [[-c, a], [-c, -z], [c, -a, z]]
            covers.append(c)
            clause(cnf, [neg(c), x])
        clause(cnf, [neg(x), *covers])
