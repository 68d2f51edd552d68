"""A short page per technique, generated from each family's rules and shipped in the package.

Every rule carries its name, weight and a one-line description; from them this module writes
``technique_pages/<family>/<slug>.html`` (the technique, its level, its weight, what it does,
and the techniques either side of it) and an ``index.html`` per family listing them easiest
first. The pages are package data, so a wheel has them; the step page links to them by their
absolute address and carries the descriptions itself too, so it stays whole when moved.

Regenerate after changing a rule: ``python -m deduce.show.techniques`` (a test checks that
the shipped pages match the rules).
"""

from __future__ import annotations

import re
from html import escape
from pathlib import Path
from typing import Any

from deduce.family import Family
from deduce.registry import family_names, get_family
from deduce.step import Log, Step

PAGES = Path(__file__).resolve().parent / "technique_pages"


def slug(name: str) -> str:
    """A file name for a technique: ``hidden single (box)`` -> ``hidden-single-box``."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "technique"


def rule_level(family: Family[Any], name: str, weight: float) -> str:
    """The family's level of one step of this technique alone (what the step page tags it)."""
    return family.grade(Log(family.name, "", [Step(name, "", difficulty=weight)])).level


def page_path(family: str, name: str) -> Path | None:
    """The shipped page of a technique, when there is one."""
    path = PAGES / family / f"{slug(name)}.html"
    return path if path.exists() else None


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


def technique_pages(family: Family[Any]) -> dict[str, str]:
    """File name -> HTML of every technique page of ``family``, and its ``index.html``."""
    rules = list(family.rules)
    out = {}
    for i, rule in enumerate(rules):
        level = rule_level(family, rule.name, rule.weight)
        nav = ['<a href="index.html">all techniques</a>']
        if i > 0:
            nav.append(
                f'<a href="{slug(rules[i - 1].name)}.html">easier: {escape(rules[i - 1].name)}</a>'
            )
        if i + 1 < len(rules):
            nav.append(
                f'<a href="{slug(rules[i + 1].name)}.html">harder: {escape(rules[i + 1].name)}</a>'
            )
        body = (
            f"<h1>{escape(rule.name)}</h1>\n"
            f'<p>{escape(family.description)} · level <span class="tag">{escape(level)}</span>'
            f" · weight {rule.weight:.2f} (technique {i + 1} of {len(rules)}, easiest first)</p>\n"
            f"<p>{escape(rule.description or 'No description yet.')}</p>\n"
            "<p>deduce tries the easier techniques first and uses this one only when none of "
            "them makes progress, so a step of it in a solve means they were all stuck.</p>\n"
            f"<nav>{' '.join(nav)}</nav>"
        )
        out[f"{slug(rule.name)}.html"] = _page(f"{rule.name}: {family.name} technique", body)
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
    for name in family_names():
        family = get_family(name)
        if not family.parse.__module__.startswith("deduce.") or not family.rules:
            continue
        for file, html in technique_pages(family).items():
            out[f"{name}/{file}"] = html
    return out


def write_pages(folder: Path = PAGES) -> int:
    """Write every built-in family's technique pages under ``folder``; how many were written."""
    pages = built_in_pages()
    for rel, html in pages.items():
        path = folder / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(html, encoding="utf-8")
    return len(pages)


if __name__ == "__main__":
    print(f"wrote {write_pages()} pages under {PAGES}")
