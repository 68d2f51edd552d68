"""No dead code under ``deduce/`` by vulture's reading, beyond ``tests/core/vulture_allow.py``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_vulture_finds_no_dead_code_in_the_package():
    pytest.importorskip("vulture", reason="vulture is not installed (pip install vulture)")
    found = subprocess.run(
        [sys.executable, "-m", "vulture", "deduce", "tests", "bench", "examples",
         "tests/core/vulture_allow.py", "--min-confidence", "60"],
        cwd=ROOT, capture_output=True, text=True, check=False,
    ).stdout  # fmt: skip
    assert [line for line in found.splitlines() if line.startswith("deduce")] == []
