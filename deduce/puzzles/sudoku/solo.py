"""Simon Tatham's Solo game IDs as players pass them around: the ID itself (``3x3:a1b2...``,
read by ``text``), or the whole link of the web version
(``https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/solo.html#3x3:...``).

Solo writes its variants' IDs with letters after the size: ``3x3x:`` for Sudoku-X (the
diagonals are units too), ``9j:`` for a jigsaw (irregular boxes, their shape in the ID),
``3x3k:`` for a killer (cages), and ``9jx:`` and ``3x3xk:`` for their X kinds. The Sudoku
family reads plain Sudoku, the jigsaw family jigsaw IDs (``solo_regions`` reads their block
map), the killer family killer IDs (with the same codecs), and the X families (``sudoku-x``,
``jigsaw-x``, ``killer-x``) those with the ``x`` flag (``without_x``, ``with_x``); another
variant's ID is refused naming the variant, rather than read as a grid it is not.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from urllib.parse import unquote

from deduce.errors import ParseError
from deduce.jsontext import is_digits

_LINK = re.compile(r"^\S*solo(?:\.html)?[#?](\S+)$", re.IGNORECASE)
_PARAMS = re.compile(r"^(\d+)(?:x(\d+))?([a-z]*):", re.IGNORECASE)
_VARIANTS = {"j": "jigsaw", "x": "X", "k": "killer"}
#: A Solo jigsaw ID: its side, its grid, then its block map after a comma.
JIGSAW_ID = re.compile(r"^(\d+)j:([^,\s]*),(\S*)$")
#: How a Solo killer ID starts (the killer family reads it with these codecs).
KILLER_PREFIX = re.compile(r"^\d+x\d+k:")
#: The Solo variants another family reads, by the flags after the size.
_READ_BY = {"j": "jigsaw", "k": "killer"}


def _unlinked(text: str) -> str:
    """``text`` with a Solo link reduced to its game ID (other texts as they are)."""
    found = _LINK.match(text.strip())
    return unquote(found.group(1)) if found else text


#: The family that reads a Solo ID with the ``x`` flag, by its other flag (none, j or k).
X_FAMILIES = {"": "sudoku-x", "j": "jigsaw-x", "k": "killer-x"}


def x_family(text: str) -> str | None:
    """The X family (``sudoku-x``, ``jigsaw-x``, ``killer-x``) of a Solo ID or link with
    the ``x`` flag (``3x3x:``, ``9jx:``, ``3x3xk:``); None for any other text."""
    params = _PARAMS.match(_unlinked(text).strip())
    if not params or "x" not in params.group(3).lower():
        return None
    other = params.group(3).lower().replace("x", "")
    if params.group(2) is None and other != "j":
        return None  # only a jigsaw's ID gives its side alone (9jx:); 12x: is no Solo ID
    return X_FAMILIES.get(other)  # None for a mix deduce does not read (9jxk:)


def without_x(text: str) -> str:
    """The Solo ID of ``text`` (an ID or link with the ``x`` flag) without that flag: the
    same puzzle with no diagonals, as the plain family reads it."""
    text = _unlinked(text).strip()
    params = _PARAMS.match(text)
    assert params is not None, "without_x is for a text x_family names"
    size = params.group(0)[: params.start(3)]
    return f"{size}{params.group(3).lower().replace('x', '')}:{text[params.end() :]}"


def with_x(text: str) -> str:
    """A plain Solo ID (``3x3:``, ``9j:``, ``3x3k:``) with the ``x`` flag, written where
    Solo writes it (``3x3x:``, ``9jx:``, ``3x3xk:``)."""
    params = _PARAMS.match(text)
    assert params is not None, "with_x is for a Solo ID"
    size, flags = params.group(0)[: params.start(3)], params.group(3).lower()
    jigsaw, killer = "j" * ("j" in flags), "k" * ("k" in flags)
    return f"{size}{jigsaw}x{killer}:{text[params.end() :]}"


def solo_id(text: str) -> str:
    """``text`` with a Solo link reduced to its game ID (other texts as they are);
    ParseError naming the variant for the ID of a Sudoku variant the Sudoku family does not
    read (naming the family that does)."""
    text = _unlinked(text)
    params = _PARAMS.match(text.strip())
    if params and (params.group(2) is None or params.group(3)):
        flags = params.group(3).lower()
        family = x_family(text)
        if family is not None:
            raise ParseError(
                f"a Solo X ID ({params.group(0)}, both diagonals): read it with --family {family}"
            )
        kinds = [_VARIANTS[flag] for flag in flags if flag in _VARIANTS]
        if params.group(2) is None and "j" not in flags:
            return text  # WxH: with no H is no Solo ID (another game's, or no ID at all)
        name = " ".join(kinds) if kinds else f"{flags!r}-flagged"
        family = read_by(text)
        if family:
            raise ParseError(
                f"a Solo {family} ID ({params.group(0)}): read it with --family {family}"
            )
        raise ParseError(
            f"Solo {name} IDs ({params.group(0)}) are not supported yet: deduce reads plain "
            "Sudoku IDs such as 3x3:..."
        )
    return text


def read_by(text: str) -> str:
    """The family that reads ``text`` (an ID or link) when it is the ID of a plain Solo
    variant another family reads (``jigsaw``, ``killer``), else ``""`` (an X ID's family is
    ``x_family``'s)."""
    params = _PARAMS.match(_unlinked(text).strip())
    flags = params.group(3).lower() if params else ""
    if params is None or flags not in _READ_BY or (params.group(2) is None) != (flags == "j"):
        return ""
    return _READ_BY[flags]


def solo_givens(desc: str, n: int, largest: int = 0) -> list[int]:
    """The N² cells (0 blank) of a Solo grid description: a letter ``a``..``z`` is a run of 1
    to 26 blanks, a decimal number a given (1 to ``largest``, N unless given: a killer's
    totals are written the same way), ``_`` separates two givens. ParseError names the first
    character that is wrong, or the length."""
    largest = largest or n
    givens: list[int] = []
    i = 0
    while i < len(desc):
        ch = desc[i]
        if "a" <= ch <= "z":
            givens.extend([0] * (ord(ch) - ord("a") + 1))
            i += 1
        elif is_digits(ch):
            j = i
            while j < len(desc) and is_digits(desc[j]):
                j += 1
            v = int(desc[i:j])
            if not 1 <= v <= largest:
                raise ParseError(
                    f"bad given {v} at character {i + 1} of the Solo description: "
                    f"expected 1-{largest}"
                )
            givens.append(v)
            i = j
        elif ch == "_":
            i += 1
        else:
            raise ParseError(f"bad character {ch!r} at character {i + 1} of the Solo description")
        if len(givens) > n * n:
            raise ParseError(f"Solo description too long: more than {n * n} cells at character {i}")
    if len(givens) != n * n:
        raise ParseError(f"Solo description too short: {len(givens)} cells, expected {n * n}")
    return givens


def _blanks(run: int) -> str:
    out = []
    while run > 0:
        k = min(run, 26)
        out.append(chr(ord("a") + k - 1))
        run -= k
    return "".join(out)


def solo_grid(values: Sequence[int]) -> str:
    """The Solo grid description of ``values`` (0 blank): ``solo_givens`` read back."""
    out: list[str] = []
    run = 0
    prev_given = False
    for v in values:
        if v:
            if run:
                out.append(_blanks(run))
            elif prev_given:
                out.append("_")
            out.append(str(v))
            prev_given = True
            run = 0
        else:
            run += 1
            prev_given = False
    out.append(_blanks(run))
    return "".join(out)


def _edges(n: int) -> list[tuple[int, int]]:
    """The cell pairs of the grid's inner edges in Solo's order: the vertical edges in reading
    order, then the horizontal ones column by column."""
    across = [(y * n + x, y * n + x + 1) for y in range(n) for x in range(n - 1)]
    down = [(y * n + x, (y + 1) * n + x) for x in range(n) for y in range(n - 1)]
    return across + down


def solo_regions(spec: str, n: int) -> tuple[int, ...]:
    """The region (0-based, numbered in reading order of first cells) of every cell of a Solo
    jigsaw's block description: runs of inner edges that are no region border between the
    borders, ``_`` none, ``a``..``y`` 1 to 25, ``z`` 25 with no border after them (as Solo
    writes a run over 25 and its comment says; its own reader takes ``z`` for 26, a run no
    jigsaw it generates is likely to have)."""
    parent = list(range(n * n))

    def root(c: int) -> int:
        while parent[c] != c:
            parent[c] = parent[parent[c]]
            c = parent[c]
        return c

    edges, pos = _edges(n), 0
    for i, ch in enumerate(spec):
        if ch != "_" and not "a" <= ch <= "z":
            raise ParseError(f"bad character {ch!r} at character {i + 1} of the Solo block map")
        run = 0 if ch == "_" else min(ord(ch) - ord("a") + 1, 25)
        if pos + run > len(edges):
            raise ParseError(f"Solo block map too long at character {i + 1}")
        for a, b in edges[pos : pos + run]:
            parent[root(a)] = root(b)
        pos += run + (ch != "z")
    if pos != len(edges) + 1:
        raise ParseError(f"Solo block map covers {pos - 1} inner edges, expected {len(edges)}")
    labels: dict[int, int] = {}
    return tuple(labels.setdefault(root(c), len(labels)) for c in range(n * n))


def solo_block_map(regions: Sequence[int], n: int) -> str:
    """The Solo block description of ``regions`` (a region per cell): ``solo_regions`` read
    back."""
    out, run = [], 0
    for a, b in [*_edges(n), (0, -1)]:  # the last: Solo's virtual border past the end
        if b >= 0 and regions[a] == regions[b]:
            run += 1
            continue
        out.append("z" * ((run - 1) // 25) + (chr(ord("a") + (run - 1) % 25) if run else "_"))
        run = 0
    return "".join(out)
