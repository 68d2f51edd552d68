"""Where an f-puzzles payload sits in a text, and the JSON object it packs.

The payload is LZ-String's ``compressToBase64`` of the puzzle's JSON (``deduce.puzzles.
lzstring``). It is found in:

- an f-puzzles link, ``https://www.f-puzzles.com/?load=<payload>``;
- a SudokuPad link that names it, ``https://sudokupad.app/fpuzzles<payload>``,
  ``https://sudokupad.app/?puzzleid=fpuzzles<payload>`` (also ``puzzle=``, ``beta.`` and
  ``app.crackingthecryptic.com/sudoku/...`` the same way; ``fpuz`` for ``fpuzzles`` too);
- the payload alone (it starts ``N4Ig``: the packed ``{"``), or after ``fpuzzles``.

A link copied through a form or a chat may have its payload percent-encoded: that is undone.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from typing import Any
from urllib.parse import unquote

from deduce.errors import ParseError
from deduce.jsontext import check_depth, check_numbers
from deduce.puzzles.lzstring import compress_to_base64, decompress_from_base64

#: How deduce writes a link (f-puzzles' own address).
PREFIX = "https://www.f-puzzles.com/?load="
#: The start of every payload: ``{"`` packed.
MAGIC = "N4Ig"
_HOSTS = r"(?:www\.)?f-puzzles\.com|(?:beta\.)?sudokupad\.app|app\.crackingthecryptic\.com"
#: What comes before the payload: a link's address, or at most the word that names it.
_BEFORE = re.compile(
    rf"(?:(?:https?://)?(?:{_HOSTS})/\S*?(?:[?&]load=|fpuzzles|fpuz)|fpuzzles|fpuz|)", re.I
)
_PACKED = re.compile(r"[A-Za-z0-9+/=%]*")


def payload(text: str) -> str | None:
    """The payload ``text`` holds, if it is one line holding one (see the module), else None.
    (Read in one pass: a long line costs no backtracking.)"""
    t = text.strip()
    start = t.find(MAGIC)
    if start < 0 or "\n" in t or _BEFORE.fullmatch(t, 0, start) is None:
        return None
    found = _PACKED.match(t, start)
    assert found is not None  # the pattern matches the empty string
    rest = t[found.end() :]
    if rest and (rest[0] not in "?&#" or any(ch.isspace() for ch in rest)):
        return None
    return unquote(found.group())


def is_link(text: str) -> bool:
    """Whether ``text`` is an f-puzzles link or payload (its content unread)."""
    return payload(text) is not None


def record(text: str) -> dict[str, Any]:
    """The JSON object of the f-puzzles link or payload ``text``; ParseError (one line) when
    it is none or does not unpack to an object."""
    packed = payload(text)
    if packed is None:
        raise ParseError("not an f-puzzles link or payload")
    unpacked = _unpack(packed)
    check_depth(unpacked, "the f-puzzles JSON")
    check_numbers(unpacked, "f-puzzles JSON")
    try:
        found: Any = json.loads(unpacked)
    except ValueError as exc:
        raise ParseError(f"the f-puzzles payload is not JSON: {exc}") from None
    if not isinstance(found, dict):
        raise ParseError("the f-puzzles payload is not a JSON object")
    return found


@lru_cache(maxsize=16)
def _unpack(packed: str) -> str:
    """The payload's JSON text (kept for the last few: every family's ``detect`` reads it)."""
    return decompress_from_base64(packed)


def to_link(data: dict[str, Any]) -> str:
    """The f-puzzles link of the JSON object ``data`` (packed as f-puzzles packs it)."""
    return PREFIX + compress_to_base64(json.dumps(data, separators=(",", ":")))
