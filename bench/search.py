"""Search benchmark: how each puzzle of a corpus file is decided, and at what cost, with one
search method (plain backtracking, search that learns, or auto).

Usage: python bench/search.py FILE [FILE ...] [--search auto|plain|learn] [--limit 30]
                              [--only NAME ...] [--first N] [--tsv OUT]

FILE is a path, or a name under ../shared/corpora/ (``nonogram/survey_bw.jsonl``). Every
puzzle is solved cold (nonogram line memos emptied), counting solutions to two, with
``--limit`` seconds as the solve's time limit (status ``unknown`` past it). Per puzzle: the
status, the search method that answered, its guesses, nodes and clauses learned, and the
processor time (with that of the child processes, where Kissat runs); then the distribution of processor times (the machine is shared, so the
wall clock is not the figure to compare).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import deduce
from deduce.rules.nonogram.lines import clear_memos

CORPORA = Path(__file__).resolve().parent.parent.parent / "shared" / "corpora"


def puzzles(path: Path) -> list[tuple[str, str]]:
    """(name, text) of every puzzle in a corpus file (JSON lines, or one puzzle a line)."""
    found = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip() or line.startswith(("#", "game_id", "puzzle\t")):
            continue
        if line.startswith("{"):
            found.append((json.loads(line).get("name") or f"line {number}", line))
        else:
            found.append((f"line {number}", line.split()[0]))
    return found


def _cpu() -> float:
    """Processor seconds of this process and of its children that have ended (Kissat runs
    in a child process: ``deduce/sat/kissat.py``)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument(
        "--search", choices=("auto", "plain", "learn"), help="default: the solve's own (auto)"
    )
    parser.add_argument("--limit", type=float, default=30.0)
    parser.add_argument("--only", nargs="*")
    parser.add_argument("--first", type=int, help="only the first N puzzles of each file")
    parser.add_argument("--tsv", help="also write every row to this file")
    args = parser.parse_args()
    out = open(args.tsv, "w", encoding="utf-8") if args.tsv else None  # noqa: SIM115
    times: list[float] = []
    statuses: dict[str, int] = {}
    for file in args.files:
        path = Path(file) if Path(file).exists() else CORPORA / file
        chosen = puzzles(path)[: args.first]
        for name, text in chosen:
            if args.only and not any(o in name for o in args.only):
                continue
            clear_memos()
            start = _cpu()
            method = {} if args.search is None else {"search": args.search}
            result = deduce.solve(text, max_seconds=args.limit, **method)
            cpu = _cpu() - start
            tally = getattr(result, "search", None)  # None on a tree before search methods
            row = (
                path.name, name, result.status,
                tally.method if tally else "rules", tally.guesses if tally else 0,
                tally.nodes if tally else 0, tally.learned if tally else 0, f"{cpu:.3f}",
            )  # fmt: skip
            print("\t".join(map(str, row)), flush=True)
            if out:
                out.write("\t".join(map(str, row)) + "\n")
                out.flush()
            times.append(cpu)
            statuses[result.status] = statuses.get(result.status, 0) + 1
    if out:
        out.close()
    if not times:
        return
    bounds = (0.1, 1, 2, 5, 10, 30)
    within = ", ".join(f"<= {b:g} s: {sum(t <= b for t in times)}" for b in bounds)
    print(
        f"{len(times)} puzzles, {statuses}; processor s: total {sum(times):.2f}, median "
        f"{statistics.median(times):.3f}, max {max(times):.2f}; {within}"
    )


if __name__ == "__main__":
    main()
