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
_PAYLOAD = r"(N4Ig[A-Za-z0-9+/=%]*)"
_HOSTS = r"(?:www\.)?f-puzzles\.com|(?:beta\.)?sudokupad\.app|app\.crackingthecryptic\.com"
_LINK = re.compile(
    rf"^(?:https?://)?(?:{_HOSTS})/\S*?(?:[?&]load=|fpuzzles|fpuz){_PAYLOAD}(?:[?&#].*)?$",
    re.I,
)
_BARE = re.compile(rf"^(?:fpuzzles|fpuz)?{_PAYLOAD}$")


def payload(text: str) -> str | None:
    """The payload ``text`` holds, if it is one line holding one (see the module), else None."""
    t = text.strip()
    if "\n" in t or MAGIC not in t:
        return None
    found = _LINK.match(t) or _BARE.match(t)
    if found is None:
        return None
    return unquote(found.group(1))


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
