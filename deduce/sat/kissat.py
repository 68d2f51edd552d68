"""A first model from Kissat, in a child process that the time limit can stop.

Kissat (4.0.4, shipped by python-sat) finds a first solution of faase, the 80x95 nonogram
CaDiCaL did not finish in 15 minutes, in about 160 s of processor time (docs/search.md).
But in python-sat it is not incremental (one call a formula), cannot be interrupted, and
does not report its counts; a conflict budget would end the call and lose its work. So it
runs alone in a child Python (a plain subprocess, which a daemonic worker of ``deduce.cli``'s
pool may start, where ``multiprocessing`` may not), and the parent waits, reading the
solve's clocks every fraction of a second: at a deadline the child is killed and nothing is
claimed. What comes back is a model for the caller to check, or "no model" (Kissat's UNSAT).
"""

from __future__ import annotations

import contextlib
import importlib
import pickle
import subprocess
import sys
import tempfile
import time

from deduce import clock

#: The solver's name in python-sat.
KISSAT = "kissat404"
#: Seconds between two readings of the clocks while the child works.
POLL = 0.2
#: The child's program: the clauses come pickled on its standard input, the model (or
#: False) goes pickled to its standard output. It needs python-sat only.
_CHILD = """\
import pickle, sys
from pysat.solvers import Solver
clauses = pickle.load(sys.stdin.buffer)
with Solver(name=sys.argv[1], bootstrap_with=clauses) as solver:
    answer = solver.get_model() if solver.solve() else False
pickle.dump(answer, sys.stdout.buffer)
"""


def available() -> bool:
    """Whether the installed python-sat ships Kissat 4.0.4 (older releases do not: then
    CaDiCaL goes on alone)."""
    try:
        names = importlib.import_module("pysat.solvers").SolverNames
    except ImportError:
        return False
    return hasattr(names, KISSAT)


def first_model(clauses: list[list[int]], deadline: float | None) -> list[int] | bool | None:
    """A model of ``clauses`` found by Kissat (a list of literals), False when it proves
    there is none, None when ``deadline`` (a ``time.monotonic()`` value) came first or the
    child failed. The solve's own deadline (``deduce.clock``) raises TimeUp, the child
    killed first."""
    with tempfile.TemporaryFile() as given, tempfile.TemporaryFile() as taken:
        pickle.dump(clauses, given)
        given.seek(0)
        child = subprocess.Popen(
            [sys.executable, "-c", _CHILD, KISSAT],
            stdin=given,
            stdout=taken,
            stderr=subprocess.DEVNULL,
        )
        try:
            while child.poll() is None:
                clock.check()
                if deadline is not None and time.monotonic() >= deadline:
                    return None
                with contextlib.suppress(subprocess.TimeoutExpired):
                    child.wait(timeout=POLL)
        finally:
            if child.poll() is None:
                child.kill()
                child.wait()
        if child.returncode != 0:
            return None  # out of memory, or killed from outside: nothing is claimed
        taken.seek(0)
        answer: list[int] | bool = pickle.load(taken)  # our own child's output
        return answer
