"""The Jigsaw, Killer and X generators: puzzles per second at each level, how often a
candidate hits the level asked for, the levels of unaimed candidates, and shapes against the
corpus.

Usage: python bench/variant_generate.py [--count 3] [--seed 1] [--budget 120]
       [--sample 20] [--only jigsaw|killer|sudoku-x|jigsaw-x|killer-x] [--sizes 9x9 ...]

For each family and size (jigsaw 5x5, 7x7, 9x9; killer 6x6, 9x9; sudoku-x 9x9; jigsaw-x 7x7,
9x9; killer-x 6x6, 9x9 unless ``--sizes``):

- ``shape``: unaimed candidates (``--sample`` of them, ``deduce generate F --seed S``), their
  levels as ``deduce`` grades them, and their shape next to the corpus's of that side
  (jigsaw: the total length of the region borders; killer: the share of cages of each size
  and the one-cell cages a puzzle; an X family's next to its plain family's corpus, which
  has no X puzzles; sudoku-x: the givens a puzzle, no corpus);
- one row a level: ``deduce generate F --difficulty L --count C --seed S --size N
  --max-tries 20C`` run as a command, stopped after BUDGET seconds: how many were made and
  from how many candidates (the hit rate; none shown when stopped), the seconds, puzzles a second, and how many of those printed re-solve to
  one solution at that level. The load average is printed beside: the machine is shared.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import deduce  # noqa: E402
from deduce.puzzles.jigsaw.layout import border_length  # noqa: E402

CORPORA = Path(os.environ.get("DEDUCE_CORPORA", ROOT.parent / "shared" / "corpora"))
CORPUS = {"jigsaw": "janko_jigsaw_third.jsonl", "killer": "janko_killer_third.jsonl"}
SIZES = {
    "jigsaw": ["5x5", "7x7", "9x9"],
    "killer": ["6x6", "9x9"],
    "sudoku-x": ["9x9"],
    "jigsaw-x": ["7x7", "9x9"],
    "killer-x": ["6x6", "9x9"],
}
#: Candidates a row may try per puzzle asked for (the command's ``--max-tries``), so that
#: the tries a row reports measure the level's rarity; the row's seconds are bounded by
#: ``--budget``, a timeout of the command.
TRIES = 20
MADE = re.compile(r"made (\d+) puzzle\(s\)(?: from (\d+) tried)?")


def shape(family: str, lines: list[str], n: int) -> str:
    """The shape figure of puzzles (JSON lines; a Sudoku-X's flagged line) of side ``n``."""
    if family == "sudoku-x":
        givens = [sum(ch not in ".0" for ch in line.split()[-1]) for line in lines]
        return f"givens mean {statistics.mean(givens):.1f}" if givens else "none"
    family = family.removesuffix("-x")
    records = [json.loads(line) for line in lines]
    records = [r for r in records if r["size"][0] == n]
    if not records:
        return "none"
    if family == "jigsaw":
        lengths = [border_length([v for row in r["regions"] for v in row], n) for r in records]
        return f"border length mean {statistics.mean(lengths):.1f} ({len(records)} puzzles)"
    sizes = Counter(len(cage["cells"]) for r in records for cage in r["cages"])
    total = sum(sizes.values())
    shares = " ".join(f"{k}:{v / total:.0%}" for k, v in sorted(sizes.items()))
    return f"cage sizes {shares}; 1-cell cages a puzzle {sizes[1] / len(records):.2f}"


def corpus_lines(family: str) -> list[str]:
    """The corpus of ``family``'s plain kind (none for a Sudoku-X)."""
    family = family.removesuffix("-x")
    if family not in CORPUS:
        return []
    path = CORPORA / "sudoku" / CORPUS[family]
    return path.read_text(encoding="utf-8").splitlines() if path.exists() else []


def unaimed(family: str, size: str, seed: int, sample: int) -> None:
    """The levels and shapes of ``sample`` unaimed candidates."""
    start = time.perf_counter()
    made = list(deduce.generate(family, count=sample, seed=seed, size=size))
    seconds = time.perf_counter() - start
    levels = Counter(deduce.solve(line, family).grade.level for line in made)
    family_levels = deduce.get_family(family).levels
    spread = ", ".join(f"{lv} {levels[lv]}" for lv in family_levels if levels[lv])
    n = int(size.split("x")[0])
    print(f"{family} {size} unaimed: {len(made)} in {seconds:.1f} s; levels {spread}")
    print(f"    made:   {shape(family, made, n)}")
    print(f"    corpus: {shape(family, corpus_lines(family), n)}", flush=True)


def one_level(family: str, size: str, level: str, count: int, seed: int, budget: float) -> str:
    """One row: the command at one level, its hit rate and speed, its puzzles re-checked."""
    command = [sys.executable, "-m", "deduce", "generate", family, "--difficulty", level]
    command += ["--count", str(count), "--seed", str(seed), "--size", size]
    command += ["--max-tries", str(TRIES * count)]
    start = time.perf_counter()
    try:
        done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=budget)
        out, err, code = done.stdout, done.stderr, str(done.returncode)
    except subprocess.TimeoutExpired as exc:
        out = exc.stdout.decode() if isinstance(exc.stdout, bytes) else exc.stdout or ""
        err, code = "", f"stopped after {budget:.0f} s"
    seconds = time.perf_counter() - start
    made = [line for line in out.splitlines() if line.strip()]
    tally = MADE.search(err)
    tried = int(tally.group(2)) if tally and tally.group(2) else 0
    checked = [deduce.solve(line, family) for line in made]
    right = sum(1 for r in checked if r.status == "unique" and r.grade.level == level)
    rate = f"{len(made) / seconds:.2f}/s" if made else "-"
    hit = f"{len(made) / tried:.0%}" if tried else "-"
    return (
        f"{family} {size:5} {level:15} {len(made)}/{count} from {tried:3} tried (hit {hit:>4}) "
        f"in {seconds:6.1f} s, {rate:>7}; {right} re-rated unique at the level; "
        f"exit {code}, load {os.getloadavg()[0]:.1f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=float, default=120.0)
    parser.add_argument("--sample", type=int, default=20)
    parser.add_argument("--only", choices=sorted(SIZES))
    parser.add_argument("--sizes", nargs="*")
    args = parser.parse_args()
    for family in [args.only] if args.only else sorted(SIZES):
        for size in args.sizes or SIZES[family]:
            unaimed(family, size, args.seed, args.sample)
            for level in deduce.get_family(family).levels:
                print(one_level(family, size, level, args.count, args.seed, args.budget))
                sys.stdout.flush()


if __name__ == "__main__":
    main()
