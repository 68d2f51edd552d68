"""Fixtures of the core tests."""

from __future__ import annotations

import pytest

from deduce import registry


@pytest.fixture
def fresh_registry(monkeypatch):
    """A registry that has loaded nothing yet (plugins are looked up again)."""
    monkeypatch.setattr(registry, "_LOADED", registry._Registry())
