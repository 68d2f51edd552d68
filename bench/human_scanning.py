"""How a person scans for hidden singles, read other ways, against people's solving times
(issue 32, round five; docs/grading.md: none was kept).

Usage: python bench/human_scanning.py [--repeats 20] [--folds 5] [--seed 1] [--choose-by D_TR]

The shipped time model (``deduce.difficulty.sudoku_time``) prices each cell a wave of hidden
singles places at ``(open / singles) ** search_power``, ``singles`` counting every digit and
unit with one place left. The variants change that one term (``VARIANTS``):

- *digit by digit* (Pelanek): a person cross-hatches one digit at a time and finds all its
  singles in one sweep, so the moves open are the digits with a single: ``digits`` (cost per
  cell ``(digits left / digits with a single) ** p``), ``digit cells`` (``(open / digits with
  a single) ** p``), ``digit mix q`` (the shipped cost times ``(digits left / digits with a
  single) ** q``);
- *how visible a single is* (Pelanek's refined hidden single): a single whose unit has ``k``
  other empty cells to rule out is harder to see than a full house (``k`` 0), and counts ``1
  / (1 + k) ** r`` toward the moves open (``ease empty r``), or with ``k`` the fewest units
  holding a placed copy of the digit that rule those cells out (``ease cover r``; a cell only
  a pencil-mark step ruled out counts one); a digit's last place counts 1. ``own ease q``:
  the singles count as before, but each costs ``(1 + k) ** q`` more; ``box lines w``: a line
  single counts ``w`` of a box single (cross-hatching finds box singles first);
- *other shapes*: ``candidates`` (the candidates left, not the cells, as what is searched),
  ``entry a`` (each cell ``a`` more, the writing), ``wave overhead b`` (each wave ``b`` cells
  more, the re-scan), ``open power a`` (``open ** a / singles ** p``), ``saturation c`` (the
  singles seen at most about ``c``: ``singles / (1 + singles / c)``), and ``hardness from the
  wall`` (the hardest step's factor applied only from its first step on).

Every variant keeps the shipped model's other terms (a stalled step's cost, ``open`` in the
variant's unit; the hardest step's factor) and the grids of the three powers. The waves are
replayed on plain candidate sets, checked against ``sudoku_singles.counts``. Evaluation as
``human_calibration.py``: 20 shufflings of 5 folds; the powers, and in the nested figures the
variant or its parameter too, chosen on each training part by rho with ``D_TO``
(``--choose-by D_TR``: with ``D_TR``; ties within 0.005: the earlier variant where a
preference is named, then the smaller technique and hardest powers, then the higher rho);
the figures are the held-out folds' means, with the standard deviation over the 100 folds of
each one's difference from the shipped model's on the same fold. Only the 344 are read.
"""

from __future__ import annotations

import statistics
import sys
from collections.abc import Callable, Iterator
from itertools import compress, takewhile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from human_calibration import HARDEST_POWERS, SEARCH_POWERS, TECHNIQUE_POWERS, TIE
from human_data import hardest, options, read_people, solve_all, splits
from sudoku_calibration import spearman

from deduce.difficulty.sudoku_singles import counts
from deduce.puzzles.sudoku.model import Sudoku
from deduce.puzzles.sudoku.text import parse
from deduce.step import DEDUCTION, GUESS, Log, Step

Single = tuple[int, int, int]  # digit, unit, cell


class Replay:
    """A solve replayed wave by wave on plain candidate sets (as ``sudoku_singles.counts``
    does on packed integers), keeping what the variants read."""

    def __init__(self, puzzle: Sudoku) -> None:
        self.geo, self.n = puzzle.geo, puzzle.n
        self.values = [0] * len(puzzle.givens)
        self.cand = [set(range(1, self.n + 1)) for _ in puzzle.givens]
        for c in compress(range(len(puzzle.givens)), puzzle.givens):
            self.place(c, puzzle.givens[c])

    def singles(self) -> list[Single]:
        found = []
        for u, unit in enumerate(self.geo.units):
            for d in range(1, self.n + 1):
                cells = [c for c in unit if d in self.cand[c]]
                if len(cells) == 1:
                    found.append((d, u, cells[0]))
        return found

    def place(self, c: int, v: int) -> None:
        self.values[c] = v
        self.cand[c] = set()
        for p in self.geo.peers[c]:
            self.cand[p].discard(v)

    def left(self) -> int:
        return self.values.count(0)

    def digits_left(self) -> int:
        return sum(self.values.count(d) < self.n for d in range(1, self.n + 1))

    def k_empty(self, single: Single) -> int:
        _, u, c = single
        return sum(1 for e in self.geo.units[u] if e != c and not self.values[e])

    def k_cover(self, single: Single) -> int:
        """The fewest units (other than the single's) holding a placed copy of the digit
        that between them rule out the unit's other empty cells; a cell none rules out
        (a pencil-mark step did) counts one."""
        d, u, c = single
        others = {e for e in self.geo.units[u] if e != c and not self.values[e]}
        sources = []
        for w, unit in enumerate(self.geo.units):
            if w != u and any(self.values[x] == d for x in unit):
                covered = others & set(unit)
                if covered:
                    sources.append(covered)
        need = 0
        while others:
            best = max(sources, key=lambda s: len(s & others), default=set())
            if not best & others:
                return need + len(others)
            others -= best
            need += 1
        return need


#: Per single: k empty, k cover, a digit's last place, the digit, in a box.
Info = list[tuple[int, int, bool, int, bool]]
#: A singles wave: left, its singles' Info, placed, (digits left, candidates left). A step
#: taken where none was open: left, weight, placed, the same pair.
Wave = tuple[int, Info, int, tuple[int, int]]
Stall = tuple[int, float, int, tuple[int, int]]


def replay(log: Log, puzzle: Sudoku) -> list[tuple[str, Wave | Stall]]:
    """The waves of ``log``'s rules-only part, checked against ``counts``."""
    r = Replay(puzzle)
    steps = iter([s for s in _rules_only(log)])
    out: list[tuple[str, Wave | Stall]] = []
    while r.left():
        singles = r.singles()
        if singles:
            last = [r.values.count(s[0]) == r.n - 1 for s in singles]
            info = [(r.k_empty(s), r.k_cover(s), end, s[0], s[1] >= 2 * r.n)
                    for s, end in zip(singles, last, strict=True)]  # fmt: skip
            left, dl = r.left(), (r.digits_left(), sum(map(len, r.cand)))
            placed = 0
            for d, _, c in singles:
                if not r.values[c]:
                    r.place(c, d)
                    placed += 1
            out.append(("w", (left, info, placed, dl)))
            continue
        step = _next(steps, r.values)
        if step is None:
            break
        left, dl, placed = r.left(), (r.digits_left(), sum(map(len, r.cand))), 0
        for c, v in step.placements:
            if not r.values[c]:
                r.place(c, v)
                placed += 1
        for c, v in step.eliminations:
            r.cand[c].discard(v)
        out.append(("s", (left, step.difficulty, placed, dl)))
    reference = [(w[0], w[1], w[2]) for w in counts(log, puzzle)]
    mine = [(x[0], len(x[1]), x[2]) if k == "w" else (x[0], 0, x[2]) for k, x in out]
    assert mine == reference, (mine, reference)
    return out


def _rules_only(log: Log) -> list[Step]:
    """The rules-only deductions of ``log``: depth 0, up to its first guess."""
    steps = takewhile(lambda s: s.kind != GUESS, log.steps)
    return [s for s in steps if s.kind == DEDUCTION and not s.depth]


def _next(steps: Iterator[Step], values: list[int]) -> Step | None:
    """The next of ``steps`` that still does something, or None."""
    for step in steps:
        if step.eliminations or any(not values[c] for c, _ in step.placements):
            return step
    return None


#: A variant: what a singles wave costs at a search power (from left, singles info, cells
#: placed, (digits left, candidates left)), and the "open" a stalled step is set against.
WaveCost = Callable[[int, Info, int, tuple[int, int], float], float]
StallOpen = Callable[[int, tuple[int, int], float], float]


def ratio(moves: Callable[[int, Info, tuple[int, int]], tuple[float, float]]) -> WaveCost:
    """Each cell costs (open / moves) ** sp."""

    def cost(left: int, info: Info, placed: int, dl: tuple[int, int], sp: float) -> float:
        opened, found = moves(left, info, dl)
        return placed * (opened / found) ** sp

    return cost


def cells_open(left: int, dl: tuple[int, int], sp: float) -> float:
    """A stalled step's search factor: the empty cells, as shipped."""
    return left**sp


def ease(which: int, r: float) -> WaveCost:
    """Each single counts 1 / (1 + k) ** r toward the moves open (``k`` from ``which``)."""
    return ratio(lambda left, info, dl: (left, sum(1.0 if x[2] else 1 / (1 + x[which]) ** r
                                                   for x in info)))  # fmt: skip


def own_ease(s_: float) -> WaveCost:
    """Each placed single costs (open / singles) ** sp times (1 + k cover) ** s_ (averaged
    over the wave's singles, as a cell single in two units is placed once)."""

    def cost(left: int, info: Info, placed: int, dl: tuple[int, int], sp: float) -> float:
        mean = statistics.fmean((1 + x[1]) ** s_ for x in info)
        return placed * (left / len(info)) ** sp * mean

    return cost


def entry(a: float) -> WaveCost:
    """Each cell costs ``a`` more (writing it in)."""

    def cost(left: int, info: Info, placed: int, dl: tuple[int, int], sp: float) -> float:
        return placed * (a + (left / len(info)) ** sp)

    return cost


def overhead(b: float) -> WaveCost:
    """Each wave costs ``b`` cells more (the scan that finds nothing new)."""

    def cost(left: int, info: Info, placed: int, dl: tuple[int, int], sp: float) -> float:
        return (placed + b) * (left / len(info)) ** sp

    return cost


def box_lines(w: float) -> WaveCost:
    """A line single counts ``w`` of a box single toward the moves open."""
    return ratio(lambda left, info, dl: (left, sum(1.0 if x[4] else w for x in info)))


def digit_mix(q: float) -> WaveCost:
    """The shipped cost times (digits left / digits with a single) ** q."""

    def cost(left: int, info: Info, placed: int, dl: tuple[int, int], sp: float) -> float:
        found = len({x[3] for x in info})
        return placed * (left / len(info)) ** sp * (dl[0] / found) ** q

    return cost


def open_power(a: float) -> WaveCost:
    """Each cell costs open ** a / singles ** sp (and a stalled step open ** a)."""

    def cost(left: int, info: Info, placed: int, dl: tuple[int, int], sp: float) -> float:
        return placed * left**a / len(info) ** sp

    return cost


def box_ease(left: int, info: Info, dl: tuple[int, int]) -> tuple[float, float]:
    """A line single counts half, and each single 1 / (1 + k cover) ** 0.5."""
    return left, sum((1.0 if x[4] else 0.5) / (1 + x[1] * (not x[2])) ** 0.5 for x in info)


VARIANTS: dict[str, tuple[WaveCost, StallOpen]] = {
    "shipped": (ratio(lambda left, info, dl: (left, len(info))), cells_open),
    "digits": (
        ratio(lambda left, info, dl: (dl[0], len({x[3] for x in info}))),
        lambda left, dl, sp: dl[0] ** sp,
    ),
    "digit cells": (ratio(lambda left, info, dl: (left, len({x[3] for x in info}))), cells_open),
    **{f"digit mix {q}": (digit_mix(q), cells_open) for q in (0.25, 0.5)},
    **{f"ease empty {r}": (ease(0, r), cells_open) for r in (0.25, 0.5, 1.0)},
    **{f"ease cover {r}": (ease(1, r), cells_open) for r in (0.25, 0.5, 1.0)},
    **{f"own ease {q}": (own_ease(q), cells_open) for q in (0.25, 0.5)},
    "candidates": (
        ratio(lambda left, info, dl: (dl[1], len(info))),
        lambda left, dl, sp: dl[1] ** sp,
    ),
    **{f"entry {a}": (entry(a), cells_open) for a in (0.5, 1.0, 2.0)},
    **{f"wave overhead {b}": (overhead(b), cells_open) for b in (1.0, 3.0)},
    **{f"box lines {w}": (box_lines(w), cells_open) for w in (0.1, 0.25, 0.5, 0.75, 2.0)},
    **{
        f"open power {a}": (open_power(a), lambda left, dl, sp, a=a: float(left) ** a)
        for a in (0.0, 0.25, 0.75, 1.0)
    },
    **{
        f"saturation {c}": (
            ratio(lambda left, info, dl, c=c: (left, len(info) / (1 + len(info) / c))),
            cells_open,
        )
        for c in (5.0, 10.0, 20.0)
    },
    "box lines 0.5, ease cover 0.5": (ratio(box_ease), cells_open),
}

Params = tuple[str, float, float, float]
#: The shipped waves with the hardest step's factor applied only from the first step of that
#: weight on: a solver goes at the singles' pace until the wall, and slower after it.
WALL = "hardness from the wall"


def costs_of(
    solves: list[list[tuple[str, Wave | Stall]]], hardest: list[float]
) -> dict[Params, list[float]]:
    """Every variant's cost of every puzzle for every choice of the three powers."""
    out: dict[Params, list[float]] = {}
    for name, (wave_cost, stall_open) in [*VARIANTS.items(), (WALL, VARIANTS["shipped"])]:
        for sp in SEARCH_POWERS:
            cells, stalls = [], []
            for waves, top in zip(solves, hardest, strict=True):
                before, after, steps, wall = 0.0, 0.0, [], name != WALL
                for kind, x in waves:
                    if kind == "w":
                        left, info, placed, dl = x  # type: ignore[misc]
                        cost = wave_cost(left, info, placed, dl, sp)
                        after, before = (after + cost, before) if wall else (after, before + cost)
                    else:
                        left, weight, _, dl = x  # type: ignore[misc]
                        wall = wall or weight >= top
                        steps.append((weight / 1.2, stall_open(left, dl, sp), wall))
                cells.append((before, after))
                stalls.append(steps)
            for tp in TECHNIQUE_POWERS:
                parts = [
                    (c[0] + sum(w**tp * o for w, o, hit in st if not hit),
                     c[1] + sum(w**tp * o for w, o, hit in st if hit))
                    for c, st in zip(cells, stalls, strict=True)
                ]  # fmt: skip
                for hp in HARDEST_POWERS:
                    out[name, tp, sp, hp] = [
                        a + b * (h / 1.2) ** hp for (a, b), h in zip(parts, hardest, strict=True)
                    ]
    return out


def rhos(
    costs: dict[Params, list[float]], target: list[float], among: list[int]
) -> dict[Params, float]:
    truth = [target[i] for i in among]
    return {p: spearman([c[i] for i in among], truth) for p, c in costs.items()}


def choose(rho_all: dict[Params, float], names: list[str], prefer: bool = True) -> Params:
    rho = {p: r for p, r in rho_all.items() if p[0] in names}
    best = max(rho.values())
    names_all = [*VARIANTS, WALL]
    order = {n: k for k, n in enumerate(names_all)} if prefer else dict.fromkeys(names_all, 0)
    return min((p for p in rho if rho[p] >= best - TIE),
               key=lambda p: (order[p[0]], p[1], p[3], -rho[p]))  # fmt: skip


def main() -> None:
    parser = options(__doc__)
    parser.add_argument("--choose-by", choices=("D_TO", "D_TR"), default="D_TO")
    args = parser.parse_args()
    people = read_people()
    rows, to, tr = people.rows, people.to, people.tr
    aim = tr if args.choose_by == "D_TR" else to
    results = solve_all(people)
    solves = [replay(res.log, parse(res.log.puzzle)) for res in results]
    costs = costs_of(solves, [hardest(res.log) for res in results])
    held: dict[str, dict[str, list[float]]] = {}
    chosen: dict[str, int] = {}
    every = [*VARIANTS, WALL]
    setups = {name: ([name], True) for name in every} | {  # (the variants, prefer earlier)
        "nested: any variant": (every, True),
        "nested, no preference": (every, False),
        "box lines, w chosen": (["shipped", *(f"box lines {w}" for w in (0.25, 0.5, 0.75))], False),
        "ease cover, r chosen": (
            ["shipped", *(f"ease cover {r}" for r in (0.25, 0.5, 1.0))],
            False,
        ),
    }
    for train, test in splits(len(rows), args.repeats, args.folds, args.seed):
        fold_rho = rhos(costs, aim, train)
        for label, (names, prefer) in setups.items():
            p = choose(fold_rho, names, prefer)
            if label == "nested, no preference":
                chosen[p[0]] = chosen.get(p[0], 0) + 1
            for tname, ys in (("D_TO", to), ("D_TR", tr)):
                rho = spearman([costs[p][i] for i in test], [ys[i] for i in test])
                held.setdefault(label, {}).setdefault(tname, []).append(rho)
    base = held["shipped"]
    all_rho = rhos(costs, aim, list(range(len(rows))))
    print(f"{args.repeats} x {args.folds}-fold cross-validation, powers chosen by rho with "
          f"{args.choose_by} "
          "on each training part; held-out means (sd of the fold-by-fold difference from the "
          "shipped variant); rho on all 344 with the powers chosen there:")  # fmt: skip
    for label, (names, prefer) in setups.items():
        figs = held[label]
        diff = {t: [a - b for a, b in zip(figs[t], base[t], strict=True)] for t in figs}
        p = choose(all_rho, names, prefer)
        print(f"  {label:22s} D_TO {statistics.fmean(figs['D_TO']):.3f} "
              f"({statistics.fmean(diff['D_TO']):+.3f} sd {statistics.pstdev(diff['D_TO']):.3f}) "
              f"D_TR {statistics.fmean(figs['D_TR']):.3f} "
              f"({statistics.fmean(diff['D_TR']):+.3f} sd {statistics.pstdev(diff['D_TR']):.3f}); "
              f"all 344 {p[1:]}: D_TO {spearman(costs[p], to):.3f} D_TR {spearman(costs[p], tr):.3f}")  # fmt: skip
    print("  nested choice:", chosen)


if __name__ == "__main__":
    main()
