"""The nonogram grade: the standard classification (line-solvable, needs probing, needs
search), refined by which line rules and how many probes a solve needs, with a score inside
each level that tells two puzzles of one level apart.

- ``line-simple``: line-solvable with the simple rules alone: simple boxes and spaces, the
  completed line, edge forcing, joining and splitting.
- ``line-solvable``: line-solvable, but some line needs the complete line solver.
- ``needs-probing``: line logic stalls; fewer than 10 probing steps finish it.
- ``deep-probing``: 10 or more probing steps.
- ``needs-guessing``: even probing stalls; search (guessing) finishes it ("needs search").

The score inside a level, read off the log alone:

- below probing, the hardest weight plus under 1 for the work: how many *passes* over the
  lines a player needs (a line step's pass is one more than the latest pass that settled a
  cell of its line before it, so the passes are the rounds of a player who sweeps every line
  each round), and how *narrow* the overlaps are (the share of line steps that settle a single
  cell, the ones a player has to look hardest for);
- with probing, probing's weight plus under 1 for the number of probing steps, and inside one count, for how
  deep the probes are (the mean number of line deductions in their chains).

The thresholds and the weights are in the family's table (``deduce.rules.nonogram.TABLE``;
``deduce rules nonogram`` lists them); needs-probing starts at probing's weight.
"""

from __future__ import annotations

from functools import partial
from itertools import repeat

from deduce.difficulty.scale import Scale, grade_log
from deduce.grade import Grade
from deduce.step import DEDUCTION, Log, Step


def passes(steps: list[Step]) -> int:
    """How many sweeps over the lines the line steps need: each step's pass is one more than
    the latest pass of the steps that settled a cell of its line (its premises) before it.

    Steps read the same premises again and again (a line's cells), so each distinct set of
    premises keeps the latest pass among its cells, raised as its cells are settled, rather
    than reading every cell at every step (``plain_passes``, the definition)."""
    settled_in: dict[int, int] = {}
    get = settled_in.get
    latest: dict[tuple[int, ...], list[int]] = {}  # premises -> [latest pass, or -1: stale]
    holders: dict[int, list[list[int]]] = {}  # cell -> the entries of the premises it is in
    most = 0
    for step in steps:
        premises = step.premises
        entry = latest.get(premises)
        if entry is None:
            entry = latest[premises] = [max(map(get, premises, repeat(0)), default=0)]
            for cell in premises:
                held = holders.get(cell)
                if held is None:
                    holders[cell] = [entry]
                else:
                    held.append(entry)
        elif entry[0] < 0:
            entry[0] = max(map(get, premises, repeat(0)), default=0)
        now = 1 + entry[0]
        for cell, _ in step.placements:
            if get(cell, 0) > now:  # settled again, in an earlier pass: read again
                for held_in in holders.get(cell, ()):
                    held_in[0] = -1
            else:
                for held_in in holders.get(cell, ()):
                    if now > held_in[0] >= 0:
                        held_in[0] = now
            settled_in[cell] = now
        if now > most:
            most = now
    return most


def plain_passes(steps: list[Step]) -> int:
    """``passes`` in its plainest words (the definition the tests hold it to)."""
    settled_in: dict[int, int] = {}
    most = 0
    for step in steps:
        now = 1 + max((settled_in.get(cell, 0) for cell in step.premises), default=0)
        for cell, _ in step.placements:
            settled_in[cell] = now
        most = max(most, now)
    return most


def _share(count: float, scale: float) -> float:
    """A count mapped into [0, 1), rising fast at first and slower later."""
    return 1 - 1 / (1 + count / scale)


def score(log: Log, probing: float) -> float:
    """The score described in the module docstring; ``probing`` is probing's weight."""
    top = [s for s in log.steps if s.kind == DEDUCTION and s.depth == 0]
    if not top:
        return 0.0
    probes = [s for s in top if s.difficulty >= probing]
    if probes:
        count = len(probes)
        depth = sum(max(len(s.substeps) - 2, 0) for s in probes) / count
        low, high = _share(count, 10), _share(count + 1, 10)
        return probing + low + (high - low) * _share(depth, 5)
    lines = [s for s in top if s.premises]
    hardest = max(s.difficulty for s in top)
    narrow = sum(1 for s in lines if len(s.placements) == 1) / max(len(lines), 1)
    return hardest + 0.39 * _share(passes(lines) + 10 * narrow, 10)  # 1.6 + 0.39 < 2.0


def scale_on(thresholds: tuple[tuple[float, str], ...]) -> Scale:
    """The nonogram scale on ``thresholds`` (the family's table's levels)."""
    probing = Scale(thresholds).lowest("needs-probing")
    return Scale(thresholds=thresholds, score=partial(score, probing=probing))


def grade(log: Log, scale: Scale) -> Grade:
    """Grade a nonogram log on ``scale``."""
    return grade_log(log, scale)
