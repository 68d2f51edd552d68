"""A limit every JSON reader of deduce enforces before parsing: how deeply the text nests.

No puzzle or log form nests more than a few levels (a nonogram's clue lists are three deep),
and Python's JSON reader recurses once per level, so a text of ten thousand ``[`` would end
in a RecursionError instead of a message.
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
