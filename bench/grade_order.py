"""Does the grade order puzzles as the outside labels do? Path, Numbrix and Hidato.

Usage: python bench/grade_order.py [path] [numbrix] [hidato] [--rows]

For each family, every puzzle of its corpus (``../shared/corpora``) known to have one solution
is solved and graded; the table groups them by each outside label the corpus has and gives
the level counts and the median score of each group, with Spearman's rho (ties get their
mean rank) between the label and our score over the puzzles that have the label:

- Path: the grid's size (cells), and the easy/medium/hard label csmarz/path-puzzles-interactive
  gives the 26 letters (``interactive_label``), with beside it how many of the rows' and
  columns' counts each letter hides (that label follows the hidden counts closely);
- Numbrix: the size; the share of the cells left blank (Parade sets its levels by the number
  of givens: its 9x9 easy, intermediate, advanced and expert have 28, 24, 20 and 16); and
  Parade's own label where the corpus has it (four puzzles);
- Hidato: the size and the share of cells left blank (the corpus has no labels).

And for every family, the nodes a plain backtracking solver visits to prove the solution
unique (``bench/plain_search.py``, stopped at 300,000): an outside measure of how much a
puzzle resists trial and error, overall and within each size with five puzzles or more.

``--rows`` also prints one line per puzzle. The scores are the grade's own
(``deduce.solve(...).grade.score``); a puzzle that needs guessing scores above every other.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from plain_search import nodes_of  # noqa: E402
from sudoku_calibration import spearman  # noqa: E402

import deduce  # noqa: E402

CORPORA = ROOT.parent / "shared" / "corpora"
FILES = {
    "path": "path/path_puzzles.jsonl",
    "numbrix": "numbrix/numbrix_public.jsonl",
    "hidato": "hidato/hidato_public.jsonl",
}
PARADE = {"easy": 0, "intermediate": 1, "advanced": 2, "expert": 3}
CSMARZ = {"easy": 0, "medium": 1, "hard": 2}


def rated(family: str) -> list[dict[str, Any]]:
    """Every unique puzzle of the family's corpus with its grade and outside labels."""
    out = []
    for line in (CORPORA / FILES[family]).read_text(encoding="utf-8").splitlines():
        data = json.loads(line)
        if data.get("n_solutions") != "1":
            continue
        grade = deduce.solve(line, family).effort
        row: dict[str, Any] = {"name": data["name"], "level": grade.level, "score": grade.score}
        row["plain nodes"] = nodes_of(family, line)
        if family == "path":
            row["cells"] = data["rows"] * data["cols"]
            row["size"] = f"{data['rows']}x{data['cols']}"
            label = data.get("interactive_label")
            if label and data["name"] in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
                row["csmarz"] = label.split("-")[0]
                row["hidden counts"] = data["n_unclued"]
        else:
            grid = data["grid"]
            cells = sum(1 for r in grid for x in r if x >= 0)
            row["cells"] = cells
            row["size"] = f"{data['size'][0]}x{data['size'][1]}"
            row["blank share"] = 1 - sum(1 for r in grid for x in r if x > 0) / cells
            if data.get("difficulty"):
                row["parade"] = data["difficulty"]
        out.append(row)
    return out


def table(rows: list[dict[str, Any]], key: str, order: Callable[[Any], Any]) -> list[str]:
    """Markdown rows: per value of ``key``, the puzzles, level counts and median score."""
    groups: dict[Any, list[dict[str, Any]]] = {}
    for row in rows:
        if key in row:
            groups.setdefault(row[key], []).append(row)
    lines = [f"| {key} | puzzles | levels | median score |", "|---|---|---|---|"]
    for value in sorted(groups, key=order):
        group = groups[value]
        levels = Counter(r["level"] for r in group)
        said = ", ".join(f"{lv} {n}" for lv, n in levels.most_common())
        median = statistics.median(r["score"] for r in group)
        lines.append(f"| {value} | {len(group)} | {said} | {median:.2f} |")
    return lines


def rho_line(rows: list[dict[str, Any]], key: str, value: Callable[[Any], float]) -> str:
    """Spearman's rho of the score against one label, over the puzzles that have it."""
    have = [r for r in rows if key in r]
    rho = spearman([value(r[key]) for r in have], [r["score"] for r in have])
    return f"Spearman rho, {key} against score: {rho:.3f} over {len(have)} puzzles"


def report(family: str, show_rows: bool) -> None:
    """Print the family's tables and rhos."""
    rows = rated(family)
    print(f"## {family}: {len(rows)} unique puzzles\n")
    print("\n".join(table(rows, "size", lambda s: tuple(map(int, s.split("x"))))))
    print(f"\n{rho_line(rows, 'cells', float)}\n")
    print(rho_line(rows, "plain nodes", float))
    for size in sorted({r["size"] for r in rows}, key=lambda s: tuple(map(int, s.split("x")))):
        same = [r for r in rows if r["size"] == size]
        if len(same) >= 5:
            print(f"{rho_line(same, 'plain nodes', float)} ({size} only)")
    print()
    if family == "path":
        print("\n".join(table(rows, "csmarz", CSMARZ.__getitem__)))
        print(f"\n{rho_line(rows, 'csmarz', CSMARZ.__getitem__)}")
        letters = [r for r in rows if "csmarz" in r]
        hidden = spearman(
            [CSMARZ[r["csmarz"]] for r in letters], [r["hidden counts"] for r in letters]
        )
        print(f"(the same label against the number of hidden counts: rho {hidden:.3f})\n")
    else:
        rows_by_share = [dict(r, **{"blank share": round(r["blank share"], 1)}) for r in rows]
        print("\n".join(table(rows_by_share, "blank share", float)))
        print(f"\n{rho_line(rows, 'blank share', float)}")
        nine = [r for r in rows if r["size"] == "9x9"]
        if nine:
            print(f"{rho_line(nine, 'blank share', float)} (9x9 only)")
        print()
        if any("parade" in r for r in rows):
            print("\n".join(table(rows, "parade", PARADE.__getitem__)))
            print(f"\n{rho_line(rows, 'parade', PARADE.__getitem__)}\n")
    if show_rows:
        for r in rows:
            print(
                f"{r['name']:36} {r['size']:6} {r['level']:15} {r['score']:7.3f} "
                f"{r['plain nodes']:7}"
            )
        print()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("families", nargs="*", help=f"any of {', '.join(FILES)} (default all)")
    parser.add_argument("--rows", action="store_true", help="one line per puzzle too")
    args = parser.parse_args()
    if not CORPORA.exists():
        sys.exit(f"no corpora at {CORPORA}")
    unknown = set(args.families) - set(FILES)
    if unknown:
        parser.error(f"unknown family {', '.join(sorted(unknown))}")
    for family in args.families or FILES:
        report(family, args.rows)


if __name__ == "__main__":
    main()
