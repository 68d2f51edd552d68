"""Time the same work on two commits, runs alternated, medians of CPU time.

Usage:
  python bench/alternate.py OLD NEW [--repeat 5] -- SCRIPT [ARGS ...]

Each commit is checked out once in a git worktree beside the repository (removed after); SCRIPT (a path relative to the
repository, e.g. bench/sudoku_rate.py, run by each commit's own copy when it has one, else by
a copy of NEW's put in the commit's tree; with ``--new-script``, NEW's copy on both sides) runs in a fresh process with that worktree first on sys.path, old and new in turn,
``--repeat`` times each. Prints the median CPU seconds (user + system, of the child) of each
and their ratio. Alternating spreads the machine's load over both sides alike.

A script that prints lines ``cpu LABEL SECONDS`` (processor seconds of one part of its work,
measured inside it, e.g. ``bench/sudoku_speed.py``: the solving without the imports) also gets
the median of each LABEL on each side and their ratio.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def checkout(rev: str, into: Path) -> Path:
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(into), rev],
                   check=True, capture_output=True)  # fmt: skip
    return into


def cpu_of(
    tree: Path, script: list[str], fallback: Path, parts: dict[str, list[float]], own: bool = True
) -> float:
    path = tree / script[0]
    if tree != fallback and (not own or not path.exists()):  # NEW's copy, run from inside the
        shutil.copy(fallback / script[0], path)  # tree, so that its own path finds this code
    env = {**os.environ, "PYTHONPATH": str(tree)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([sys.executable, str(path), *script[1:]], cwd=tree, env=env,
                          check=True, stdout=subprocess.PIPE, text=True)  # fmt: skip
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    for line in done.stdout.splitlines():
        words = line.split()
        if len(words) >= 3 and words[-3] == "cpu":
            parts.setdefault(words[-2], []).append(float(words[-1]))
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument(
        "--new-script", action="store_true", help="run NEW's copy of the script on both sides"
    )
    argv = sys.argv[1:]
    cut = argv.index("--") if "--" in argv else len(argv)
    args = parser.parse_args(argv[:cut])
    script = argv[cut + 1 :]
    if not script:
        parser.error("name the script to time after --")
    # Beside the repository, so that each tree's ../shared/corpora is the corpora.
    tag = f".alternate-{os.getpid()}"
    old = checkout(args.old, ROOT.parent / f"{tag}-old")
    new = checkout(args.new, ROOT.parent / f"{tag}-new")
    try:
        times: dict[str, list[float]] = {"old": [], "new": []}
        parts: dict[str, dict[str, list[float]]] = {"old": {}, "new": {}}
        for _ in range(args.repeat):
            times["old"].append(cpu_of(old, script, new, parts["old"], not args.new_script))
            times["new"].append(cpu_of(new, script, new, parts["new"]))
    finally:
        for tree in (old, new):
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force",
                            str(tree)], capture_output=True)  # fmt: skip
    o, n = statistics.median(times["old"]), statistics.median(times["new"])
    print(f"{' '.join(script)}: old {args.old} {o:.2f} s, new {args.new} {n:.2f} s "
          f"(CPU, median of {args.repeat}); new/old = {n / o:.2f}")  # fmt: skip
    for label, old_runs in parts["old"].items():
        new_runs = parts["new"].get(label)
        if new_runs:
            po, pn = statistics.median(old_runs), statistics.median(new_runs)
            print(f"  {label}: old {po:.4f} s, new {pn:.4f} s; old/new = {po / pn:.2f}x")


if __name__ == "__main__":
    main()
