"""Eppstein's experiment (section 3.6) reproduced: how many generated puzzles need guessing,
how many need the nonlocal rules, and how many local-unsolvable ones those rules rescue.

Usage: python bench/sudoku_experiment.py [--count 2000] [--seed 1] [--jobs 2] [--size 9x9]
                                         [--save FILE] [--puzzles FILE]

Puzzle k is candidate k of ``deduce generate sudoku --seed S`` (the generator of
deduce/puzzles/sudoku/generate.py, which follows the paper's procedure), so the set does not
depend on --jobs. Each puzzle is solved twice without guessing: with LOCAL_RULES (the paper's
local rules, section 3.1) and with RULES (local plus the nonlocal rules of sections 3.2-3.5).
"Solvable" means RULES finish; "needs nonlocal" means LOCAL_RULES get stuck and RULES finish.
RULES run only where LOCAL_RULES get stuck: RULES hold every local rule, so what the local
rules finish, RULES finish too.
--save writes the puzzles, one per line; --puzzles reads them instead of generating (to rerun
the classification alone, e.g. after the rules change).
"""

from __future__ import annotations

import argparse
import collections
import math
import multiprocessing
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import deduce
from deduce.puzzles.sudoku.generate import candidate
from deduce.rules.sudoku import LOCAL_RULES, RULES

NONLOCAL = tuple(r for r in RULES if r not in LOCAL_RULES)

#: The paper's nonlocal rules (sections 3.2-3.5). Ours add X-chains, PADS's path rule
#: (bivalue and bilocation paths) and forcing chains; the paper's figures are compared with
#: the paper's rule set, and ours are given beside them.
PAPER_NONLOCAL_NAMES = frozenset(
    {
        "bivalue nonrepetitive cycle",
        "bilocation nonrepetitive cycle",
        "bivalue repetitive cycle",
        "bilocation repetitive cycle",
        "conflicting paths (bivalue)",
        "conflicting paths (bilocation)",
        "conflicting paths (mixed)",
    }
)
PAPER_RULES = tuple(r for r in RULES if r in LOCAL_RULES or r.name in PAPER_NONLOCAL_NAMES)

#: Section 3.6: 33,302 puzzles; 1,460 unsolvable without backtracking; 3,859 solvable only
#: with the nonlocal rules.
PAPER_N, PAPER_UNSOLVED, PAPER_NONLOCAL = 33_302, 1_460, 3_859


def classify(job: tuple[int, int, str | None, str | None]) -> dict:
    """Make (or take) one puzzle and say which rule sets finish it without guessing."""
    seed, index, size, given = job
    start = time.perf_counter()
    text = given if given is not None else candidate(deduce.get_family("sudoku"), seed, index, size)
    made = time.perf_counter() - start
    start = time.perf_counter()
    local = deduce.solve(text, "sudoku", rules=LOCAL_RULES, guess=False)
    paper = full = local
    if NONLOCAL and not local.solved_by_rules:
        paper = deduce.solve(text, "sudoku", rules=PAPER_RULES, guess=False)
        full = paper
        if not paper.solved_by_rules:
            full = deduce.solve(text, "sudoku", rules=RULES, guess=False)
    nonlocal_used = sorted({s.rule for s in full.log.deductions()} & {r.name for r in NONLOCAL})
    return {
        "index": index,
        "puzzle": text,
        "givens": sum(ch != "." for ch in text),
        "local": local.solved_by_rules,
        "paper": paper.solved_by_rules,
        "all": full.solved_by_rules,
        "nonlocal_used": nonlocal_used,
        "generate_seconds": made,
        "solve_seconds": time.perf_counter() - start,
    }


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of the share k/n."""
    if n == 0:
        return 0.0, 0.0
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def share(k: int, n: int) -> str:
    """``k/n`` as a percentage with its count and 95% interval."""
    if n == 0:
        return "n/a"
    lo, hi = wilson(k, n)
    return f"{100 * k / n:.1f}% ({k:,} of {n:,}; 95% CI {100 * lo:.1f}-{100 * hi:.1f})"


def report(records: list[dict], wall: float, jobs: int) -> None:
    """Print the figures beside the paper's: with the paper's rule set, and with all of ours."""
    n = len(records)
    local_stuck = sum(not r["local"] for r in records)
    p_local_stuck = PAPER_UNSOLVED + PAPER_NONLOCAL
    p_solvable = PAPER_N - PAPER_UNSOLVED
    names = ", ".join(r.name for r in NONLOCAL) or "none (RULES == LOCAL_RULES on this branch)"
    print(f"puzzles: {n:,}   nonlocal rules: {names}")
    print()
    print(f"| figure | paper (N = {PAPER_N:,}) | paper's rules here | all our rules here |")
    print("|---|---|---|---|")

    def figures(key: str) -> list[str]:
        unsolved = sum(not r[key] for r in records)
        rescued = sum(r[key] and not r["local"] for r in records)
        return [
            share(unsolved, n),
            share(rescued, n),
            share(rescued, n - unsolved),
            share(rescued, local_stuck),
        ]

    paper = [
        share(PAPER_UNSOLVED, PAPER_N),
        share(PAPER_NONLOCAL, PAPER_N),
        share(PAPER_NONLOCAL, p_solvable),
        share(PAPER_NONLOCAL, p_local_stuck),
    ]
    labels = [
        "not solvable without backtracking",
        "need the nonlocal rules (of all)",
        "need the nonlocal rules (of the solvable)",
        "local-unsolvable rescued by the nonlocal rules",
    ]
    for row in zip(labels, paper, figures("paper"), figures("all"), strict=True):
        print("| " + " | ".join(row) + " |")
    local = share(n - local_stuck, n)
    print(
        f"| solved by the local rules alone | {share(PAPER_N - p_local_stuck, PAPER_N)} | {local} | {local} |"
    )
    used = collections.Counter(name for r in records for name in r["nonlocal_used"])
    if used:
        print()
        print("nonlocal rules used in the rescued solves:")
        for name, k in used.most_common():
            print(f"  {k:6,}  {name}")
    gen = [r["generate_seconds"] for r in records]
    sol = [r["solve_seconds"] for r in records]
    givens = [r["givens"] for r in records]
    print()
    print(
        f"givens: mean {statistics.mean(givens):.1f}, min {min(givens)}, max {max(givens)};  "
        f"seconds per puzzle: generate mean {statistics.mean(gen):.3f} "
        f"(median {statistics.median(gen):.3f}, max {max(gen):.2f}), "
        f"classify mean {statistics.mean(sol):.3f};  wall {wall:.0f} s with {jobs} process(es)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--size", default="9x9")
    parser.add_argument("--save", help="write the puzzles to this file, one per line")
    parser.add_argument("--puzzles", help="classify the puzzles of this file instead")
    args = parser.parse_args()
    if args.puzzles:
        texts = [ln.strip() for ln in Path(args.puzzles).read_text().splitlines() if ln.strip()]
        jobs = [(args.seed, i, args.size, t) for i, t in enumerate(texts[: args.count])]
    else:
        jobs = [(args.seed, i, args.size, None) for i in range(args.count)]
    start = time.perf_counter()
    records: list[dict] = []
    with multiprocessing.Pool(args.jobs) as pool:
        for record in pool.imap(classify, jobs, chunksize=4):
            records.append(record)
            done = len(records)
            if done % 100 == 0 or done == len(jobs):
                took = time.perf_counter() - start
                eta = took / done * (len(jobs) - done)
                print(
                    f"{done}/{len(jobs)} in {took:.0f} s (about {eta:.0f} s left)", file=sys.stderr
                )
    wall = time.perf_counter() - start
    if args.save:
        Path(args.save).write_text("".join(r["puzzle"] + "\n" for r in records))
    report(records, wall, args.jobs)


if __name__ == "__main__":
    main()
