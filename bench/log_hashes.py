"""Hash the log of every puzzle of the small corpus files, to show a change leaves logs alone.

Usage:
  python bench/log_hashes.py [--out FILE] [--max-nodes N] [--compare FILE] [--only NAME]
                             [--until-search] [--search METHOD]

Every puzzle of the small files of ../shared/corpora/ (not the 1,000+ line Sudoku files, not
the 300 tournament nonograms) is solved with a node bound on search (so a run is
deterministic, however fast the machine); the SHA-256 of its Log's JSON is written one line a
puzzle: ``file:line digest``, then one digest of them all. ``--compare`` names an earlier output
and lists the puzzles whose log changed (exit 1 when any did). ``--until-search`` hashes only
the rules' steps up to the stuck state (the log before its first search step), which every
search method must leave alone; ``--search`` names the method (default: the solve's own).
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import deduce
from tests.corpora import SMALL_FILES, read_puzzles

CORPORA = Path(__file__).resolve().parent.parent.parent / "shared" / "corpora"
FILES = SMALL_FILES


def puzzles(name: str, column: str | None) -> list[tuple[int, str]]:
    """(line number, puzzle text) of every puzzle in corpus file ``name``."""
    return read_puzzles(CORPORA / name, column)


def _by_the_rules(step: deduce.Step) -> bool:
    """Whether a step is a rule's, before any search (kind deduction, depth 0)."""
    return step.kind == "deduction" and step.depth == 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", help="write the digests here (default: standard output)")
    parser.add_argument("--max-nodes", type=int, default=300)
    parser.add_argument("--compare", help="an earlier output to compare with")
    parser.add_argument("--only", help="only corpus files whose name contains this")
    parser.add_argument("--until-search", action="store_true", help="hash the rules' steps only")
    parser.add_argument("--search", help="the search method (auto, plain, learn)")
    args = parser.parse_args()
    if not CORPORA.is_dir():
        print(f"skipped: {CORPORA} is absent", file=sys.stderr)
        return 0
    rows: list[str] = []
    total = hashlib.sha256()
    start = time.perf_counter()
    for name, column, family in FILES:
        if args.only and args.only not in name:
            continue
        for line, text in puzzles(name, column):
            try:
                method = {} if args.search is None else {"search": args.search}
                result = deduce.solve(text, family, max_nodes=args.max_nodes, **method)
                steps = result.log.steps
                if args.until_search:
                    steps = list(itertools.takewhile(_by_the_rules, steps))
                # the steps alone: the cell names a Log's JSON carries are left out, so
                # hashes stay comparable with runs from before the names were added
                unnamed = deduce.Log(result.log.family, result.log.puzzle, steps)
                body = unnamed.to_json()
                if not args.until_search:
                    body += json.dumps(result.status)
            except deduce.DeduceError as exc:
                body = f"error: {exc}"
            digest = hashlib.sha256(body.encode()).hexdigest()[:16]
            rows.append(f"{name}:{line} {digest}")
            total.update(digest.encode())
    rows.append(f"all {total.hexdigest()[:16]} ({len(rows)} puzzles)")
    text = "\n".join(rows) + "\n"
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    print(f"{len(rows) - 1} logs in {time.perf_counter() - start:.1f} s", file=sys.stderr)
    if args.compare:
        old = dict(r.split(" ", 1) for r in Path(args.compare).read_text().splitlines())
        new = dict(r.split(" ", 1) for r in rows)
        changed = [k for k in new if k != "all" and old.get(k) != new[k]]
        for key in changed:
            print(f"changed: {key}", file=sys.stderr)
        print(f"{len(changed)} of {len(new) - 1} logs changed", file=sys.stderr)
        return 1 if changed else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
