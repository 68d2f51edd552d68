"""Simon Tatham's Solo game IDs as players pass them around: the ID itself (``3x3:a1b2...``,
read by ``text``), or the whole link of the web version
(``https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/solo.html#3x3:...``).

Solo writes its variants' IDs with letters after the size: ``3x3x:`` for Sudoku-X (the
diagonals are units too), ``9j:`` for a jigsaw (irregular boxes, their shape in the ID),
``3x3k:`` for a killer (cages). deduce reads plain Sudoku here; a killer ID is left as it
is for the killer family (``deduce.puzzles.killer.solo``) to read; another variant's ID is
refused naming the variant, rather than read as a plain grid it is not.
"""

from __future__ import annotations

import re
from urllib.parse import unquote

from deduce.errors import ParseError

_LINK = re.compile(r"^\S*solo(?:\.html)?[#?](\S+)$", re.IGNORECASE)
_PARAMS = re.compile(r"^(\d+)(?:x(\d+))?([a-z]*):", re.IGNORECASE)
_VARIANTS = {"j": "jigsaw", "x": "X", "k": "killer"}


def solo_id(text: str) -> str:
    """``text`` with a Solo link reduced to its game ID (other texts as they are);
    ParseError naming the variant for the ID of a Sudoku variant deduce does not read."""
    found = _LINK.match(text.strip())
    if found:
        text = unquote(found.group(1))
    params = _PARAMS.match(text.strip())
    if params and (params.group(2) is None or params.group(3)):
        flags = params.group(3).lower()
        if flags == "k" and params.group(2) is not None:
            return text  # the killer family reads it
        kinds = [_VARIANTS[flag] for flag in flags if flag in _VARIANTS]
        if params.group(2) is None and "j" not in flags:
            return text  # WxH: with no H is no Solo ID (another game's, or no ID at all)
        name = " ".join(kinds) if kinds else f"{flags!r}-flagged"
        raise ParseError(
            f"Solo {name} IDs ({params.group(0)}) are not supported yet: deduce reads plain "
            "Sudoku IDs such as 3x3:..."
        )
    return text
