"""Limits deduce's readers enforce before parsing, each where Python's own reader would fail
with something other than a message: how deeply JSON nests, how many digits a number has,
and which characters are digits at all.

No puzzle or log form nests more than a few levels (a nonogram's clue lists are three deep),
and Python's JSON reader recurses once per level, so a text of ten thousand ``[`` would end
in a RecursionError instead of a message. Python's ``int`` reads at most 4,300 digits; no
form of any family has a longer number (a sukaku string, the longest run of digits a puzzle
has, is 729), and every family's reader would fail on one with a ValueError of its own.
"""

from __future__ import annotations

import re

from deduce.errors import ParseError

#: The deepest nesting any JSON form of deduce is read with.
MAX_DEPTH = 32

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKET = re.compile(r"[\[\]{}]")


def check_depth(text: str, what: str = "JSON") -> None:
    """Raise ParseError when ``text`` nests arrays and objects deeper than ``MAX_DEPTH``."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return
    depth = 0
    for m in _BRACKET.finditer(_STRING.sub("", text)):
        if m.group() in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise ParseError(
                    f"{what} nested too deeply at character {m.start() + 1}: "
                    f"at most {MAX_DEPTH} levels are read"
                )
        else:
            depth -= 1


#: A run of more digits than Python's int reads.
_LONG_NUMBER = re.compile(r"[0-9]{4301,}")


def check_numbers(text: str, what: str = "puzzle") -> None:
    """Raise ParseError, naming where, when ``text`` holds a number of more than 4,300 digits
    (``what`` names the text in the message: a puzzle, a player's grid)."""
    found = _LONG_NUMBER.search(text)
    if found:
        raise ParseError(
            f"a number of {len(found.group()):,} digits at character {found.start() + 1}: "
            f"no {what} has one"
        )


def is_digits(text: str) -> bool:
    """Whether ``text`` is a number written in the digits 0-9 and nothing else.

    ``str.isdigit`` also takes superscripts (``"²"``), which ``int`` refuses with a
    ValueError, and other scripts' digits (``"٣"``), which ``int`` reads though no puzzle
    form is written in them: a reader checks with this before it calls ``int``."""
    return text.isascii() and text.isdigit()
