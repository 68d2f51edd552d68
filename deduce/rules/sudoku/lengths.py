"""How a chain's length adds to its weight: Sudoku Explainer's increments.

Sudoku Explainer rates a chain by its kind plus 0.1 for every step of a ladder its length
climbs: the length (the candidates the chain runs through, less two) is compared with
ceilings 4, 6, 8, 12, 16, 24, 32, 48, ... (alternately times 3/2 and 4/3), and each ceiling
it exceeds adds 0.1. A Turbot Fish (six candidates: the eliminated one, four chain cells, the
eliminated one again) adds nothing; a 21-link chain adds 0.5.

Every chain step of ``deduce.rules.sudoku`` counts its candidates the way a player writes the
chain out (``r1c1=5 ⇒ r1c7≠5 ⇒ r4c7=5 ⇒ ... ⇒ r1c1≠5``), so the counts agree with SE's.
"""

from __future__ import annotations

import attrs

from deduce.step import Step


def length_increment(nodes: int) -> float:
    """What a chain through ``nodes`` candidates adds to its kind's weight (SE's ladder).

    >>> [length_increment(n) for n in (6, 8, 10, 14, 18, 23)]
    [0.0, 0.1, 0.2, 0.3, 0.4, 0.5]
    """
    length = nodes - 2
    added, ceiling, odd = 0.0, 4, False
    while length > ceiling:
        added += 0.1
        ceiling = ceiling * 4 // 3 if odd else ceiling * 3 // 2
        odd = not odd
    return round(added, 1)


def weighed(step: Step, base: float, nodes: int) -> Step:
    """``step`` with its difficulty set to ``base`` plus the increment for ``nodes`` (unchanged
    when ``base`` is 0: the engine then gives it its rule's weight)."""
    if not base:
        return step
    return attrs.evolve(step, difficulty=round(base + length_increment(nodes), 1))
