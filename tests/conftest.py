"""Shared test helpers: where the big corpora are, and a clean skip when they are absent."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

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


# Property tests run derandomized (the same examples every run) and without a local example
# database, so a failure is seen on the first run and every run after, never by luck, and a
# fixed bug stays fixed; DEDUCE_FUZZ=1 runs the fuzz suite long and randomized instead.
settings.register_profile(
    "repeatable",
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "fuzz",
    max_examples=int(os.environ.get("DEDUCE_FUZZ_EXAMPLES", "2000")),
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("fuzz" if os.environ.get("DEDUCE_FUZZ") == "1" else "repeatable")
