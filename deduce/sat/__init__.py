"""Search that learns from its failures: propositional encodings and a SAT solver driving them.

When a family's rules are stuck, plain backtracking (``deduce.search``) re-discovers the same
conflict in branch after branch. A CDCL solver learns a clause from every conflict and
jumps back to where the conflict began, which is what the hardest puzzles need. This package
is general (it knows no family): ``cnf`` builds formulas (exactly-one, a regular language over
a row of booleans), ``solver`` counts their models up to a limit with a SAT library
(python-sat; ``kissat`` runs Kissat for a first model in a child process when CaDiCaL has
not found one), and ``learner`` turns a family's encoding of a stuck state into the hook
``Family.learn`` that search calls.
"""

from __future__ import annotations

from deduce.sat.cnf import Cnf, Transition, regular
from deduce.sat.learner import Encoding, learner
from deduce.sat.solver import Count, available, count

__all__ = ["Cnf", "Count", "Encoding", "Transition", "available", "count", "learner", "regular"]
