"""A short page per technique, generated from each family's rules and shipped in the package.

Every rule carries its name, weight and a one-line description; from them this module writes
``technique_pages/<family>/<slug>.html`` (the technique, its level, its weight, what it does,
and the techniques either side of it) and an ``index.html`` per family listing them easiest
first. The pages are package data, so a wheel has them; the step page embeds the same text
(``technique_body``) with in-page links, so it needs no file beside it.

Regenerate after changing a rule: ``python -m deduce.show.techniques`` (a test checks that
the shipped pages match the rules).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from html import escape
from pathlib import Path
from typing import Any

from deduce.family import Family
from deduce.registry import BUILTIN, get_family
from deduce.step import Log, Step

PAGES = Path(__file__).resolve().parent / "technique_pages"


def slug(name: str) -> str:
    """A file name for a technique: ``hidden single (box)`` -> ``hidden-single-box``."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "technique"


def rule_level(family: Family[Any], name: str, weight: float) -> str:
    """The family's level of one step of this technique alone (what the step page tags it)."""
    return family.grade(Log(family.name, "", [Step(name, "", difficulty=weight)])).level


_STYLE = (
    "body{font-family:'DejaVu Sans',Verdana,sans-serif;max-width:44em;margin:2em auto;"
    "padding:0 1em;line-height:1.5;color:#111}h1{font-size:1.6em}.tag{background:#eee;"
    "border-radius:4px;padding:1px 6px}nav{margin-top:2em;border-top:1px solid #ccc;"
    "padding-top:.5em}nav a{margin-right:1.5em}"
)


def _page(title: str, body: str) -> str:
    return (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title><style>{_STYLE}</style></head>\n<body>\n{body}\n"
        "</body></html>\n"
    )


def technique_body(family: Family[Any], index: int, href: Callable[[str], str]) -> str:
    """The body of technique ``index`` (of ``family.rules``): its name, level, weight, what it
    does and links to the techniques either side; ``href`` makes a link from a technique's
    name (``""`` for the family's list of them), so the shipped pages and the step page that
    embeds them link each in its own way."""
    rules = list(family.rules)
    rule = rules[index]
    level = rule_level(family, rule.name, rule.weight)
    nav = [f'<a href="{href("")}">all techniques</a>']
    if index > 0:
        before = rules[index - 1].name
        nav.append(f'<a href="{href(before)}">easier: {escape(before)}</a>')
    if index + 1 < len(rules):
        after = rules[index + 1].name
        nav.append(f'<a href="{href(after)}">harder: {escape(after)}</a>')
    return (
        f"<h1>{escape(rule.name)}</h1>\n"
        f'<p>{escape(family.description)} · level <span class="tag">{escape(level)}</span>'
        f" · weight {rule.weight:.2f} (technique {index + 1} of {len(rules)}, easiest first)</p>\n"
        f"<p>{escape(rule.description or 'No description yet.')}</p>\n"
        "<p>deduce tries the easier techniques first and uses this one only when none of "
        "them makes progress, so a step of it in a solve means they were all stuck.</p>\n"
        f"<nav>{' '.join(nav)}</nav>"
    )


def _file(name: str) -> str:
    return f"{slug(name)}.html" if name else "index.html"


def technique_pages(family: Family[Any]) -> dict[str, str]:
    """File name -> HTML of every technique page of ``family``, and its ``index.html``."""
    rules = list(family.rules)
    out = {
        _file(rule.name): _page(
            f"{rule.name}: {family.name} technique", technique_body(family, i, _file)
        )
        for i, rule in enumerate(rules)
    }
    rows = "".join(
        f'<li><a href="{slug(r.name)}.html">{escape(r.name)}</a> '
        f'<span class="tag">{escape(rule_level(family, r.name, r.weight))}</span> '
        f"{escape(r.description)}</li>\n"
        for r in rules
    )
    out["index.html"] = _page(
        f"{family.name} techniques",
        f"<h1>{escape(family.description)}: techniques</h1>\n<p>Easiest first.</p>\n<ol>\n{rows}</ol>",
    )
    return out


def built_in_pages() -> dict[str, str]:
    """Relative path -> HTML of the pages of every family deduce itself ships."""
    out = {}
    for name in BUILTIN:  # a plugin's family is not shipped here, whatever its parse is
        family = get_family(name)
        for file, html in technique_pages(family).items():
            out[f"{name}/{file}"] = html
    return out


def write_pages(folder: Path = PAGES) -> int:
    """Write every built-in family's technique pages under ``folder``, and delete the pages
    there that no rule has any more (a rule renamed or removed); how many were written."""
    pages = built_in_pages()
    for old in folder.glob("*/*.html"):
        if old.relative_to(folder).as_posix() not in pages:
            old.unlink()
    for rel, html in pages.items():
        path = folder / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(html, encoding="utf-8")
    return len(pages)


if __name__ == "__main__":
    print(f"wrote {write_pages()} pages under {PAGES}")
