"""Showing a solve: terminal output, SVG pictures, the step-by-step HTML page, hints and replay.

Everything here reads Logs and the Pictures a family's view draws; nothing below the face
(``api``, ``cli``) imports it.
"""

from __future__ import annotations

from deduce.registry import get_family
from deduce.step import Log


def html(log: Log, title: str | None = None) -> str:
    """A self-contained HTML page that walks through the steps of ``log`` (no network needed)."""
    from deduce.show.page import log_html

    family = get_family(log.family)
    return log_html(family, family.parse(log.puzzle), log, title)


def svgs(log: Log) -> list[str]:
    """One SVG picture per step of ``log``: the grid before the step, the step highlighted."""
    from deduce.show.page import step_svgs

    family = get_family(log.family)
    return step_svgs(family, family.parse(log.puzzle), log)
