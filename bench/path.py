"""Solve the Path puzzle corpus: per puzzle, the status, whether the rules alone finished,
the guesses and search nodes, and the median time of several in-process runs.

Usage: python bench/path.py [FILE] [--repeat 5] [--only NAME ...]

Default file: ../shared/corpora/path/path_puzzles.jsonl (else the bundled sample).
Time is wall clock of ``deduce.api.solve`` (parse, rules, search counting to two; each run
cold, with the remembered line and line-pair answers forgotten first), and its CPU time (which moves less when other work shares the machine). "nodes" is the size of the
search tree that proves the status (a separate search, not timed). Summary lines give the
mean and slowest over the 26 letters and over the whole file.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from deduce import api
from deduce.engine import propagate
from deduce.registry import get_family
from deduce.search import search

HERE = Path(__file__).resolve().parent.parent
CORPUS = HERE.parent / "shared" / "corpora" / "path" / "path_puzzles.jsonl"
SAMPLE = HERE / "tests" / "fixtures" / "path" / "corpus_sample.jsonl"


def nodes(line: str) -> int:
    """Search nodes needed after the rules' fixpoint to count solutions up to two."""
    family = get_family("path")
    state = family.initial_state(api.load(line, family).data)
    if propagate(family, state):
        return 0
    return search(family, state, None, limit=2).nodes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", default=str(CORPUS if CORPUS.exists() else SAMPLE))
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--only", nargs="*", default=None)
    args = parser.parse_args()
    records = [json.loads(x) for x in Path(args.file).read_text().splitlines() if x.strip()]
    api.solve(json.dumps(records[0]), "path")  # import and warm up before timing anything
    if args.only:
        records = [r for r in records if r["name"] in args.only]
    print(
        f"{'puzzle':20} {'size':6} {'status':9} {'stored':8} {'rules':5} {'guesses':>7} "
        f"{'nodes':>6} {'median ms':>10} {'cpu ms':>8}"
    )
    times: dict[str, float] = {}
    cpu_times: dict[str, float] = {}
    for record in records:
        line = json.dumps(record)
        runs = []
        cpu_runs = []
        for _ in range(args.repeat):
            start, cpu_start = time.perf_counter(), time.process_time()
            result = api.solve(line, "path")
            runs.append(time.perf_counter() - start)
            cpu_runs.append(time.process_time() - cpu_start)
        ms = statistics.median(runs) * 1000
        times[record["name"]] = ms
        cpu_times[record["name"]] = statistics.median(cpu_runs) * 1000
        stored = record.get("n_solutions", "?").split(" ")[0]
        print(
            f"{record['name']:20} {record['rows']}x{record['cols']:<4} {result.status:9} "
            f"{stored:8} {'yes' if result.solved_by_rules else 'no':5} "
            f"{result.effort.guesses:7d} {nodes(line):6d} {ms:10.1f} "
            f"{cpu_times[record['name']]:8.1f}",
            flush=True,
        )
    for label, names in (
        ("letters", [name for name in times if len(name) == 1]),
        ("all", list(times)),
    ):
        if names:
            wall = [times[n] for n in names]
            slowest = max(names, key=times.__getitem__)
            print(
                f"{label}: {len(names)} puzzles, mean {statistics.mean(wall):.1f} ms "
                f"(cpu {statistics.mean(cpu_times[n] for n in names):.1f}), slowest {slowest} "
                f"{times[slowest]:.1f} ms (cpu {cpu_times[slowest]:.1f}), "
                f"over 1 s: {sum(v > 1000 for v in wall)}"
            )


if __name__ == "__main__":
    main()
