"""Memory stays bounded however long a solve runs (issue 29, item 12): what a search keeps
per node, what probing keeps per grid, and what reading keeps of a long input.

The peak is measured as the resident memory of a child process (its own ``VmHWM``), on
cases cut down from the issue's (which grew to 1.2-1.8 GB), with bounds well above what the
bounded structures need and well below what the unbounded ones took.
"""

from __future__ import annotations

import importlib
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

import deduce
from deduce import inputs, journal, memo, reading
from deduce.state import State

ROOT = Path(__file__).resolve().parents[2]
#: The module (its package names the rule function ``probing`` too).
probing = importlib.import_module("deduce.rules.nonogram.probing")

#: The child reports its own high-water mark (``VmHWM``): ``ru_maxrss`` would start at the
#: resident size of the process that started it (a test run's can be a gigabyte).
PEAK_SCRIPT = """
import re, sys
from deduce.cli import main
main(sys.argv[2:])
with open("/proc/self/status") as status, open(sys.argv[1], "w") as report:
    report.write(re.search(r"VmHWM:\\s*(\\d+) kB", status.read()).group(1))
"""


def peak_mb(tmp_path: Path, *argv: str) -> float:
    """The peak resident memory, in MB, of ``deduce ARGV`` run in a child process."""
    if not Path("/proc/self/status").exists():
        pytest.skip("the peak is read from /proc (Linux)")
    report = tmp_path / "peak.txt"
    subprocess.run(
        [sys.executable, "-c", PEAK_SCRIPT, str(report), *argv],
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        timeout=300,
        check=False,
    )
    return int(report.read_text()) / 1000


@pytest.mark.slow
def test_a_search_of_an_empty_40x40_path_stays_small(tmp_path):
    """Each search node's grid tables (about 2 MB on a 40x40 Path) were kept all the way
    down: 230 to 550 MB after 6 s (as busy as the machine is), 1.78 GB after 15. Now
    ``memo.forget_grid``: about 60 MB."""
    empty = {"rows": 40, "cols": 40, "doors": [[0, 0], [39, 39]]}
    empty |= {"row_counts": [-1] * 40, "col_counts": [-1] * 40}
    path = tmp_path / "path.txt"
    path.write_text(json.dumps(empty) + "\n")
    assert peak_mb(tmp_path, "rate", str(path), "--time-limit", "6") < 150


@pytest.mark.slow
def test_probing_a_200x200_nonogram_stays_small(tmp_path):
    """Each probe outcome holds a whole 40,000-cell grid, and all 80,000 were kept: 450 to
    900 MB after 8 s (as busy as the machine is), 1.66 GB after 10. Now at most
    ``probing.KEPT_CELLS`` cells: about 185 MB, however long."""
    ones = {"width": 200, "height": 200, "rows": [[1]] * 200, "cols": [[1]] * 200}
    path = tmp_path / "nonogram.txt"
    path.write_text(json.dumps(ones) + "\n")
    assert peak_mb(tmp_path, "rate", str(path), "--time-limit", "8") < 280


@pytest.mark.slow
def test_long_lines_are_never_held_together(tmp_path):
    """Twelve lines of 999,000 characters were joined and tried as one puzzle: 190 MB (and
    1.2 GB for 200 lines). Now read one a line: about 40 MB."""
    path = tmp_path / "long.txt"
    rng = random.Random(1)
    path.write_text(
        "".join("".join(rng.choices(".123456789", k=999_000)) + "\n" for _ in range(12))
    )
    assert peak_mb(tmp_path, "rate", str(path), "--jobs", "1", "--family", "sudoku") < 120


def test_forget_grid_drops_the_grid_tables_and_keeps_the_records_of_changes():
    state: State[None] = State(None, [3, 3, 3])
    calls = []
    assert memo.last(state, "table", lambda s: calls.append(1) or "made") == "made"
    assert memo.last(state, "table", lambda s: calls.append(1) or "again") == "made"
    journal.look(state, "rule", [1, 2, 4]).clean = 0b101
    memo.forget_grid(state)
    assert memo.last(state, "table", lambda s: "afresh") == "afresh"
    assert journal.look(state, "rule", [1, 2, 4]).clean == 0b101
    assert calls == [1]


def test_bounded_probe_outcomes_change_no_step(monkeypatch):
    """Probe outcomes are a cache: with room for only a few, the log is the same."""
    text = (ROOT / "examples" / "nonogram.txt").read_text()
    whole = deduce.solve(text, search="plain").log.to_json()
    monkeypatch.setattr(probing, "KEPT_CELLS", 300)
    monkeypatch.setattr(probing, "KEPT_CELLS_LEAST", 100)
    kept_sizes = []
    outcomes = probing.outcomes

    def watched(state, grid):
        found = outcomes(state, grid)
        kept_sizes.append((len(found), found.limit))
        return found

    monkeypatch.setattr(probing, "outcomes", watched)
    assert deduce.solve(text, search="plain").log.to_json() == whole
    assert kept_sizes and all(size <= limit for size, limit in kept_sizes)


def test_a_source_longer_than_a_line_is_not_tried_as_one_puzzle(tmp_path, monkeypatch):
    monkeypatch.setattr(inputs, "MAX_LINE", 200)
    monkeypatch.setattr(reading, "MAX_LINE", 200)
    tried = []
    detect = inputs.detect_family

    def watched(text):
        tried.append(len(text))
        return detect(text)

    monkeypatch.setattr(inputs, "detect_family", watched)
    path = tmp_path / "long.txt"
    path.write_text(("1" * 150 + "\n") * 4)
    found = list(inputs.records(str(path)))
    assert [r.where for r in found] == ["line 1", "line 2", "line 3", "line 4"]
    assert all(size <= 200 for size in tried)
