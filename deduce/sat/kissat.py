"""A first model from Kissat, in a child process that the time limit can stop.

Kissat (4.0.4, shipped by python-sat) finds a first solution of faase, the 80x95 nonogram
CaDiCaL did not finish in 15 minutes, in about 200 s of processor time (docs/search.md).
But in python-sat it is not incremental (one call a formula), cannot be interrupted, and
does not report its counts; a conflict budget would end the call and lose its work. So it
runs alone in a child process, and the parent waits on the pipe, reading the solve's clocks
every fraction of a second: at a deadline the child is ended and nothing is claimed. What
it sends back is a model to be checked by the caller, or "no model" (Kissat's UNSAT).
"""

from __future__ import annotations

import importlib
import multiprocessing
import time
from multiprocessing.connection import Connection
from typing import Any

from deduce import clock

#: The solver's name in python-sat.
KISSAT = "kissat404"
#: Seconds between two readings of the clocks while the child works.
POLL = 0.2


def first_model(clauses: list[list[int]], deadline: float | None) -> list[int] | bool | None:
    """A model of ``clauses`` found by Kissat (a list of literals), False when it proves
    there is none, None when ``deadline`` (a ``time.monotonic()`` value) came first. The
    solve's own deadline (``deduce.clock``) raises TimeUp, the child ended first."""
    parent, child = multiprocessing.Pipe(duplex=False)
    worker = multiprocessing.get_context().Process(
        target=_solve, args=(clauses, child), daemon=True
    )
    worker.start()
    child.close()
    try:
        while not parent.poll(POLL):
            clock.check()
            if deadline is not None and time.monotonic() >= deadline:
                return None
            if not worker.is_alive() and not parent.poll(0):
                return None  # the child died without an answer (out of memory)
        answer: list[int] | bool = parent.recv()
        return answer
    finally:
        parent.close()
        if worker.is_alive():
            worker.terminate()
        worker.join()


def _solve(clauses: list[list[int]], out: Connection) -> None:
    """The child's work: solve, send the model or False."""
    solver: Any = importlib.import_module("pysat.solvers").Solver(
        name=KISSAT, bootstrap_with=clauses
    )
    try:
        out.send(solver.get_model() if solver.solve() else False)
    finally:
        solver.delete()
        out.close()
