"""What a rule plugged in from outside costs Sudoku: processor time on easy50, with and
without it.

Usage:
  python bench/plugin_cost.py [--rounds 7] [--repeat 3] [--set easy50]

Each variant is a fresh process that plugs the rules of ``bench/plugin_rules.py`` into Sudoku
the way a distribution does (a ``deduce.rules`` entry point, written into a temporary
``dist-info``), solves every puzzle of the set ``--repeat`` times (``deduce.solve``, cold:
the answers kept with the grid's shape forgotten first, as ``bench/sudoku_speed.py`` does)
and prints the median processor seconds of one pass. The variants run in turn, ``--rounds``
times, so the machine's load falls on all alike; printed: each variant's median and its ratio
to no plugin (the issue's bounds: the full house at weight 0.95 at most 1.15, a rule that
finds nothing at most 1.10 at any weight). ``--variant NAME`` runs one variant once (what a
round's process does).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH.parent))

#: Variant name -> the attribute of ``bench/plugin_rules.py`` plugged in (None: no plugin).
VARIANTS = {
    "none": None,
    "full house 0.95": "FULL_HOUSE",
    "kit house 0.95": "FULL_HOUSE_KIT",
    "nothing 0.95": "NOTHING_FIRST",
    "nothing 3.0": "NOTHING_MIDDLE",
    "nothing 99": "NOTHING_LAST",
}


def plug(folder: Path, attribute: str) -> None:
    """Write a distribution into ``folder`` whose ``deduce.rules`` entry point gives Sudoku the
    rules ``bench/plugin_rules.py`` calls ``attribute``."""
    info = folder / "bench_plugin-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: bench-plugin\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(f"[deduce.rules]\nsudoku = plugin_rules:{attribute}\n")


def one_pass(texts: list[str]) -> float:
    """Processor seconds to solve ``texts`` once, cold."""
    import deduce
    from deduce.puzzles.sudoku.model import geometry

    geometry(3, 3).memo.clear()
    start = time.process_time()
    for text in texts:
        deduce.solve(text, "sudoku")
    return time.process_time() - start


def run_variant(name: str, texts: list[str], repeat: int) -> float:
    """The median seconds of ``repeat`` passes with variant ``name`` plugged in."""
    attribute = VARIANTS[name]
    with tempfile.TemporaryDirectory() as folder:
        if attribute is not None:
            plug(Path(folder), attribute)
            sys.path[:0] = [folder, str(BENCH)]
        from deduce.registry import get_family

        plugged = [r for r in get_family("sudoku").rules if r.origin == "bench-plugin"]
        assert attribute is None or plugged, "the plugin did not load"
        one_pass(texts[:5])  # imports and first-use set-up out of the figure
        return statistics.median(one_pass(texts) for _ in range(repeat))


def puzzles(name: str) -> list[str]:
    """The puzzles of corpus file ``sudoku/<name>.txt``."""
    path = BENCH.parent.parent / "shared" / "corpora" / "sudoku" / f"{name}.txt"
    lines = path.read_text(encoding="utf-8").splitlines()
    return [line.split()[0] for line in lines if line.strip() and not line.startswith("#")]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--set", default="easy50")
    parser.add_argument("--variant", choices=VARIANTS)
    args = parser.parse_args()
    texts = puzzles(args.set)
    if args.variant:
        print(f"{run_variant(args.variant, texts, args.repeat):.6f}")
        return 0
    seconds: dict[str, list[float]] = {name: [] for name in VARIANTS}
    for _ in range(args.rounds):
        for name in VARIANTS:
            command = [sys.executable, __file__, "--variant", name, "--set", args.set,
                       "--repeat", str(args.repeat)]  # fmt: skip
            out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
            seconds[name].append(float(out.split()[-1]))
    base = statistics.median(seconds["none"])
    for name, values in seconds.items():
        median = statistics.median(values)
        print(f"{name:16} {1000 * median / len(texts):7.3f} ms/puzzle  {median / base:5.3f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
