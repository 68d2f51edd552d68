"""The Numbrix and Hidato corpora (../shared/corpora/numbrix, ../shared/corpora/hidato):
``janko`` is the 170 Janko Hidoku (Hidato puzzles, with the site's solutions)."""

from __future__ import annotations

import json

from tests.conftest import corpus_file

FILES = {
    "numbrix": ("numbrix", "numbrix_public.jsonl"),
    "hidato": ("hidato", "hidato_public.jsonl"),
    "janko": ("hidato", "janko_hidoku_third.jsonl"),
}

#: The family each corpus is read as.
FAMILY = {"numbrix": "numbrix", "hidato": "hidato", "janko": "hidato"}


def records(corpus: str) -> list[dict]:
    """Every line of ``corpus`` (a key of ``FILES``) as a dict, with its text under ``"line"``."""
    with corpus_file(*FILES[corpus]).open() as handle:
        return [{**json.loads(line), "line": line.strip()} for line in handle if line.strip()]


def stored_solution(record: dict) -> str | None:
    """The stored solution in the one-line form (holes as ``#``), or None."""
    if record["solution"] is None:
        return None
    return "/".join(" ".join("#" if v < 0 else str(v) for v in row) for row in record["solution"])
