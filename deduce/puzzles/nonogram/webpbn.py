"""Nonograms in Jan Wolter's XML format (webpbn.com's export, pbnsolve's input; documented at
webpbn.com/pbn_fmt.html).

A ``<puzzleset>`` holds ``<puzzle type="grid">`` elements (``puzzles`` splits a set of several
for a batch; ``parse_webpbn`` reads one). A puzzle declares its colours (``<color
name="black" char="X">000000</color>``), names the colour of a block that does not say
(``defaultcolor``, black unless said) and of the background (``backgroundcolor``, white), and
gives ``<clues type="columns">`` and ``<clues type="rows">``, one ``<line>`` per
line with a ``<count>`` per block, in order (an empty ``<line/>`` for a line with none). An
optional ``<solution type="goal">`` holds the picture as an ``<image>`` of ``|``-framed rows
of the colours' characters. ``<title>`` is the puzzle's name.

deduce solves black-and-white puzzles: every block one colour other than the background's.
Many exports say ``defaultcolor="white"`` and give each ``<count color="black">``: that is a
black-and-white puzzle too, read as pbnsolve reads it. Blocks of two colours, a triddler or an
undecided cell in the goal are refused, saying so. The XML is read without its DTD (never
fetched); a text that declares entities is refused before parsing, and HTML's named
characters (``&copy;``, which webpbn's exports use) are read as the characters they name.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from html.entities import name2codepoint
from xml.sax.saxutils import escape

from deduce.errors import ParseError
from deduce.puzzles.nonogram.clues import checked, checked_size
from deduce.puzzles.nonogram.model import Nonogram

DOCTYPE = '<!DOCTYPE pbn SYSTEM "http://webpbn.com/pbn-0.3.dtd">'
#: What opens and closes a webpbn file; a collection writes it once around its puzzles.
FRAME = (f'<?xml version="1.0"?>\n{DOCTYPE}\n<puzzleset>\n', "\n</puzzleset>")
_XML_NAMED = {"amp", "lt", "gt", "quot", "apos"}
_NAMED = re.compile(r"&([A-Za-z][A-Za-z0-9]{1,31});")


def is_webpbn(text: str) -> bool:
    """Whether ``text`` has the shape of a webpbn XML document: markup that holds a
    ``<puzzleset>`` or a ``<puzzle>``."""
    t = text.strip().lstrip("\ufeff")
    return t.startswith("<") and "<puzzle" in t


def parse_webpbn(text: str) -> Nonogram:
    """Read a webpbn XML puzzle (a puzzleset of one black-and-white grid puzzle)."""
    puzzles = _puzzles(_root(text))
    if len(puzzles) != 1:
        raise ParseError(
            f"the puzzleset holds {len(puzzles)} puzzles: read it as a file, one puzzle each"
            if puzzles
            else "the puzzleset holds no <puzzle>"
        )
    return _puzzle(puzzles[0])


def puzzles(text: str) -> list[tuple[int, str]]:
    """The puzzles of a webpbn ``<puzzleset>``: each ``<puzzle>`` element's text and the line
    (from 1) it starts on; ParseError for XML that does not read."""
    found = _puzzles(_root(text))
    starts = [m.start() for m in re.finditer(r"<puzzle(?=[\s>/])", text)]
    ends = [m.end() for m in re.finditer(r"</puzzle\s*>|<puzzle\b[^>]*/>", text)]
    if not (len(found) == len(starts) == len(ends)):  # markup the regex cannot follow
        return [(1, ET.tostring(node, encoding="unicode")) for node in found]
    return [
        (text.count("\n", 0, start) + 1, text[start:end])
        for start, end in zip(starts, ends, strict=True)
    ]


def _root(text: str) -> ET.Element:
    if "<!ENTITY" in text:
        raise ParseError("the XML declares entities, which deduce does not read")
    try:
        return ET.fromstring(_NAMED.sub(_named, text.strip().lstrip("\ufeff")))
    except ET.ParseError as exc:
        line, column = exc.position
        reason = str(exc).split(":")[0]
        raise ParseError(f"bad XML at line {line} column {column + 1}: {reason}") from None


def _named(found: re.Match[str]) -> str:
    """An HTML named character (``&copy;``) as the character reference XML reads; XML's own
    five, and names HTML does not know, are left for the XML reader."""
    name = found.group(1)
    if name in _XML_NAMED or name not in name2codepoint:
        return found.group(0)
    return f"&#{name2codepoint[name]};"


def _puzzles(root: ET.Element) -> list[ET.Element]:
    if root.tag not in ("puzzle", "puzzleset"):
        raise ParseError(f"a webpbn XML file holds a <puzzleset>, not <{root.tag}>")
    return [root] if root.tag == "puzzle" else root.findall("puzzle")


def _puzzle(node: ET.Element) -> Nonogram:
    kind = node.get("type", "grid")
    if kind != "grid":
        raise ParseError(f'a {kind} puzzle is no grid nonogram: deduce reads type="grid"')
    paper = node.get("backgroundcolor", "white")
    default = node.get("defaultcolor", "black")
    ink = _ink(node, paper, default)
    chars = {c.get("name", ""): c.get("char", "") for c in node.findall("color")}
    clues: dict[str, list[list[int]]] = {}
    for block in node.findall("clues"):
        which = block.get("type", "")
        if which not in ("rows", "columns"):
            raise ParseError(f"<clues type={which!r}>: a grid has rows and columns only")
        if which in clues:
            raise ParseError(f"the puzzle gives its {which} clues twice")
        clues[which] = [
            _line(line, (ink, default), which, i) for i, line in enumerate(block.findall("line"))
        ]
    for which in ("rows", "columns"):
        if which not in clues:
            raise ParseError(f'the puzzle has no <clues type="{which}">')
    width, height = checked_size(len(clues["columns"]), len(clues["rows"]))
    goal = _goal(node, chars, ink, paper)
    title = (node.findtext("title") or "").strip()
    return checked(width, height, clues["rows"], clues["columns"], "webpbn", title, goal)


def _ink(node: ET.Element, paper: str, default: str) -> str:
    """The colour of the blocks: the first block's (a count's own ``color``, else the
    puzzle's ``defaultcolor``), or the default colour when there is no block."""
    for count in node.iter("count"):
        color = count.get("color", default)
        if color != paper:
            return color
    return default


def _line(line: ET.Element, colors: tuple[str, str], which: str, index: int) -> list[int]:
    """A line's block lengths; ``colors`` are the blocks' colour and the default one."""
    ink, default = colors
    where = f"{which[:-1]} {index + 1}"
    numbers: list[int] = []
    for count in line.findall("count"):
        color = count.get("color", default)
        if color != ink:
            raise ParseError(
                f"{where} has a {color} block: a multicolour puzzle, and deduce reads "
                "black-and-white nonograms"
            )
        value = (count.text or "").strip()
        if not re.fullmatch(r"[0-9]{1,6}", value) or int(value) == 0:
            raise ParseError(f"{where}: bad block length {value!r} (a whole number from 1)")
        numbers.append(int(value))
    return numbers


def _goal(node: ET.Element, chars: dict[str, str], ink: str, paper: str) -> tuple[str, ...]:
    """The goal picture as rows of ``0``/``1``, or ``()`` when the puzzle has none."""
    for solution in node.findall("solution"):
        if solution.get("type", "goal") != "goal":
            continue
        image = solution.findtext("image") or ""
        cells = {chars.get(paper, "."): "0", chars.get(ink, "X"): "1"}
        rows = []
        for number, raw in enumerate(re.findall(r"\|([^|]*)\|", image), start=1):
            row = re.sub(r"\s", "", raw)
            bad = next((ch for ch in row if ch not in cells), None)
            if bad is not None:
                what = "an undecided cell" if bad in "[?" else f"the character {bad!r}"
                raise ParseError(f"row {number} of the goal image has {what}")
            rows.append("".join(cells[ch] for ch in row))
        return tuple(rows)
    return ()


def to_webpbn(puzzle: Nonogram) -> str:
    """The puzzle as a webpbn XML puzzleset of one, its goal image included when known."""
    out = ['<puzzle type="grid" defaultcolor="black">']
    if puzzle.name:
        title = "".join(ch for ch in puzzle.name if ch.isprintable())  # XML has no controls
        out.append(f"<title>{escape(title)}</title>")
    out += [
        '<color name="white" char=".">FFFFFF</color>',
        '<color name="black" char="X">000000</color>',
    ]
    for which, lines in (("columns", puzzle.cols), ("rows", puzzle.rows)):
        out.append(f'<clues type="{which}">')
        out += [
            "<line>" + "".join(f"<count>{n}</count>" for n in clue) + "</line>" for clue in lines
        ]
        out.append("</clues>")
    if puzzle.goal:
        image = ["|" + row.replace("0", ".").replace("1", "X") + "|" for row in puzzle.goal]
        out += ['<solution type="goal">', "<image>", *image, "</image>", "</solution>"]
    out.append("</puzzle>")
    return FRAME[0] + "\n".join(out) + FRAME[1]
