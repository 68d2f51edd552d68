"""Nonogram corpus benchmark: per puzzle the time, the status, the classification
(line-solvable, needs probing, needs search), the probing steps and the guesses; a summary
per corpus file and the named anchors of issue 7.

Usage: python bench/nonogram.py [FILE ...] [--repeat 3] [--limit 30] [--only NAME ...]
                                [--tsv OUT]

Default files: the four of ../shared/corpora/nonogram/. Every solve counts solutions to two
and starts with the line memos empty (a cold solve: no answer carried over from an earlier
run or puzzle). The time of a puzzle is the median of --repeat runs; a puzzle whose first
run takes more than a second is run once. A solve still going after --limit seconds is
stopped and counted as over the limit.
"""

from __future__ import annotations

import argparse
import collections
import json
import signal
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import deduce
from deduce.puzzles.nonogram.model import goal_values
from deduce.rules.nonogram.lines import clear_memos

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpora" / "nonogram"
FILES = (
    "survey_bw.jsonl",
    "nonogram_db.jsonl",
    "pynogram_examples.jsonl",
    "tournament_25x25_sample.jsonl",
)
ANCHORS = (
    "webpbn-06574 Forever",
    "pynogram-LalaFrogKK",
    "webpbn-00436 Petro",
    "webpbn-00803 Light",
    "pynogram-lancaster",
    "qnonograms/examples/tiger",
)
CLASS = {
    "line-simple": "line-solvable",
    "line-solvable": "line-solvable",
    "needs-probing": "needs probing",
    "deep-probing": "needs probing",
    "needs-guessing": "needs search",
}


class OverLimit(Exception):
    """A solve ran past --limit seconds."""


def _alarm(signum, frame):
    raise OverLimit


def run(line: str, limit: int) -> tuple[float, deduce.Result | None]:
    """One cold solve: (seconds, result), result None when over the limit."""
    clear_memos()
    signal.alarm(limit)
    start = time.perf_counter()
    try:
        result = deduce.solve(line, "nonogram")
    except OverLimit:
        return time.perf_counter() - start, None
    finally:
        signal.alarm(0)
    return time.perf_counter() - start, result


def measure(line: str, repeat: int, limit: int) -> dict:
    """The row of one puzzle."""
    data = json.loads(line)
    times = []
    result = None
    for k in range(repeat):
        seconds, result = run(line, limit)
        times.append(seconds)
        if result is None or (k == 0 and seconds > 1.0):
            break
    row = {
        "name": data.get("name", ""),
        "size": f"{data['width']}x{data['height']}",
        "ms": statistics.median(times) * 1000,
    }
    if result is None:
        row.update(status="over limit", cls="-", level="-", probes="-", guesses="-", stored="")
        return row
    probes = sum(1 for s in result.log.steps if s.rule == "probing" and s.depth == 0)
    stored = ""
    goal = goal_values(result.puzzle.data)
    if goal is not None:
        stored = "match" if goal in result.solutions else "differs"
    row.update(
        status=result.status,
        cls=CLASS.get(result.effort.level, "-"),
        level=result.effort.level,
        probes=probes,
        guesses=result.effort.guesses,
        stored=stored,
    )
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", default=[str(CORPUS / f) for f in FILES])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--limit", type=int, default=30)
    parser.add_argument("--only", nargs="*", default=None)
    parser.add_argument("--tsv", help="also write every row to this file")
    args = parser.parse_args()
    signal.signal(signal.SIGALRM, _alarm)
    deduce.solve("5x10:2.1/2.1.3/7/1.3/2.1/2/2.1/1.1/3/1.1/1.1/2/1.1/1.2/2", "nonogram")  # imports
    rows_by_file: dict[str, list[dict]] = {}
    out = open(args.tsv, "w", encoding="utf-8") if args.tsv else None  # noqa: SIM115
    header = ("file", "name", "size", "status", "cls", "level", "probes", "guesses", "ms")
    if out:
        out.write("\t".join(header) + "\n")
    print(
        f"{'puzzle':30} {'size':7} {'status':10} {'class':14} {'probes':>6} {'guesses':>7} "
        f"{'stored':7} {'median ms':>10}"
    )
    for file in args.files:
        name = Path(file).name
        rows = rows_by_file.setdefault(name, [])
        for line in Path(file).read_text().splitlines():
            if not line.strip():
                continue
            if args.only and not any(o in line for o in args.only):
                continue
            row = measure(line, args.repeat, args.limit)
            rows.append(row)
            print(
                f"{row['name'][:30]:30} {row['size']:7} {row['status']:10} {row['cls']:14} "
                f"{row['probes']!s:>6} {row['guesses']!s:>7} {row['stored']:7} "
                f"{row['ms']:10.1f}",
                flush=True,
            )
            if out:
                out.write("\t".join(str(row[h]) if h != "file" else name for h in header) + "\n")
                out.flush()
    if out:
        out.close()
    print()
    print(
        "| file | n | line-solvable | needs probing | needs search | unique / several | "
        "stored solution found | median ms | max ms (solved) | over limit |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for name, rows in rows_by_file.items():
        if not rows:
            continue
        classes = collections.Counter(r["cls"] for r in rows)
        statuses = collections.Counter(r["status"] for r in rows)
        solved = [r["ms"] for r in rows if r["status"] != "over limit"]
        with_goal = [r for r in rows if r["stored"]]
        print(
            f"| {name} | {len(rows)} | {classes['line-solvable']} | {classes['needs probing']} "
            f"| {classes['needs search']} | {statuses['unique']} / {statuses['multiple']} "
            f"| {sum(r['stored'] == 'match' for r in with_goal)}/{len(with_goal)} "
            f"| {statistics.median(solved) if solved else 0:.1f} | {max(solved, default=0):.1f} "
            f"| {statuses['over limit']} |"
        )
    everything = [r for rows in rows_by_file.values() for r in rows]
    anchors = [r for r in everything if r["name"] in ANCHORS]
    line_solvable = [r for r in everything if r["cls"] == "line-solvable"]
    small = [r for r in line_solvable if max(map(int, r["size"].split("x"))) <= 30]
    if small:
        anchors.append(max(small, key=lambda r: r["ms"]))
    if line_solvable:
        anchors.append(max(line_solvable, key=lambda r: r["ms"]))
    if anchors:
        print()
        print("| anchor | size | status | class | probes | guesses | median ms |")
        print("|---|---|---|---|---|---|---|")
        for r in anchors:
            print(
                f"| {r['name']} | {r['size']} | {r['status']} | {r['cls']} | {r['probes']} "
                f"| {r['guesses']} | {r['ms']:.1f} |"
            )


if __name__ == "__main__":
    main()
