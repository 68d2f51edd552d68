"""Shared test helpers: where the big corpora are, and a clean skip when they are absent."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"
CORPORA = Path(os.environ.get("DEDUCE_CORPORA", ROOT.parent / "shared" / "corpora"))


def corpus_file(*parts: str) -> Path:
    """The path of a corpus file; skips the test (with the reason) when it is not there."""
    path = CORPORA.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"corpus file {path} not found (../shared/corpora is absent in this checkout)")
    return path


def fixture_file(name: str) -> Path:
    """A small fixture committed under tests/fixtures/."""
    return FIXTURES / name
