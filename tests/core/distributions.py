"""Fake installed distributions that plug families and rules into the registry."""

from __future__ import annotations

import textwrap
from pathlib import Path


def make_distribution(
    folder: Path, name: str, entry_points: dict[str, dict[str, str]], files: dict[str, str]
) -> None:
    """Write distribution ``name`` into ``folder``: its files and its entry points."""
    for path, text in files.items():
        target = folder / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(textwrap.dedent(text), encoding="utf-8")
    info = folder / f"{name.replace('-', '_')}-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.1\n")
    groups = [
        f"[{group}]\n" + "".join(f"{k} = {v}\n" for k, v in items.items())
        for group, items in entry_points.items()
    ]
    (info / "entry_points.txt").write_text("\n".join(groups))
