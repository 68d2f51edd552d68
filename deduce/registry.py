"""The registry: family names -> the modules that define them, loaded on first use.

The families shipped with deduce are listed here by module name only, so naming them (for
``deduce --help``) imports none. Other distributions add to the registry through two
entry-point groups:

- ``deduce.families``: ``name = "package.module:FAMILY"``, a whole ``Family`` value;
- ``deduce.rules``: ``<family>`` or ``<family>.<anything>`` = ``"package.module:RULES"``, a
  sequence of ``Rule`` added to that family's rules, and to its search rules when the rule
  says so (``Rule.in_search``), after the family's own of the same weight.

Every plugin load is guarded: a plugin that fails to load is reported once, by name (see
``plugin_problems``), and skipped, so it never stops another family.
"""

from __future__ import annotations

import importlib
from importlib.metadata import EntryPoint, entry_points
from typing import Any

import attrs

from deduce.errors import ParseError
from deduce.family import Family
from deduce.rule import Rule, searched

#: Family name -> module that defines ``FAMILY`` (or a ``FAMILIES`` dict for shared modules).
BUILTIN: dict[str, str] = {
    "sudoku": "deduce.families.sudoku",
    "jigsaw": "deduce.families.jigsaw",
    "killer": "deduce.families.killer",
    "sudoku-x": "deduce.families.xsudoku",
    "jigsaw-x": "deduce.families.xsudoku",
    "killer-x": "deduce.families.xsudoku",
    "numbrix": "deduce.families.numbrix",
    "hidato": "deduce.families.numbrix",
    "signpost": "deduce.families.signpost",
    "path": "deduce.families.path",
    "nonogram": "deduce.families.nonogram",
}

FAMILY_GROUP = "deduce.families"
RULE_GROUP = "deduce.rules"


@attrs.define
class _Registry:
    """What has been loaded so far in this process (families, plugin rules, problems)."""

    families: dict[str, Family[Any]] = attrs.Factory(dict)
    plugin_families: dict[str, EntryPoint] | None = None
    plugin_rules: dict[str, list[tuple[str, EntryPoint]]] | None = None
    problems: list[str] = attrs.Factory(list)
    rule_origin: dict[tuple[str, str], str] = attrs.Factory(dict)


_LOADED = _Registry()


def family_names() -> list[str]:
    """The names of every known family, built in first, then plugged in (nothing imported)."""
    return [*BUILTIN, *(n for n in _family_entry_points() if n not in BUILTIN)]


def get_family(name: str) -> Family[Any]:
    """The Family called ``name``, with any plugged-in rules added; ParseError if unknown."""
    if not isinstance(name, str):
        raise ParseError(f"a family is named by a string, not {type(name).__name__}")
    key = name.strip().lower()
    found = _LOADED.families.get(key)
    if found is None:
        found = attrs.evolve(_load(key), loader=get_family)  # pickles by name: see Family
        _LOADED.families[key] = found
    return found


def detect_family(text: str) -> Family[Any]:
    """The first family whose ``detect`` accepts ``text``; ParseError when none does."""
    for name in family_names():
        try:
            family = get_family(name)
        except ParseError:
            continue  # a broken plugin family: reported by plugin_problems, never fatal here
        if family.detect(text):
            return family
    raise ParseError(diagnose(text))


def diagnose(text: str, prefer: str | None = None) -> str:
    """Why no family takes ``text``: what each family's parser objects to, the family the text
    most resembles first (``prefer``, the family of the rest of a batch, counts as closer;
    when it is the closest, its objection alone is the answer)."""
    found = _objections(text, prefer)
    if isinstance(found, str):
        return found
    if not found:
        return "cannot tell the puzzle family; name it with --family"
    _, _, best, why = found[0]
    if best == prefer:
        return why
    others = "; ".join(f"{name}: {_short(msg)}" for _, _, name, msg in found[1:])
    return (
        f"cannot tell the puzzle family; closest is {best}: {why} "
        f"(also tried {others}; name one with --family)"
    )


def _objections(text: str, prefer: str | None) -> list[tuple[float, int, str, str]] | str:
    """Each family's parse error on ``text``, closest first; or, when a family parses it after
    all, the message that says to name it."""
    found: list[tuple[float, int, str, str]] = []
    for order, name in enumerate(family_names()):
        try:
            family = get_family(name)
            family.parse(text)
        except ParseError as exc:
            score = family.resembles(text) if family.resembles is not None else 0.0
            score += 0.5 if name == prefer else 0.0
            found.append((-score, order, name, str(exc)))
        except Exception:  # a plugin parser's own bug says nothing about this text
            continue
        else:  # parses, though its detect declined: the user only has to name it
            return (
                f"cannot tell the puzzle family: it reads as {name}; name it with --family {name}"
            )
    return sorted(found)


def _short(message: str, limit: int = 70) -> str:
    return message if len(message) <= limit else message[: limit - 1] + "…"


def plugin_problems() -> list[str]:
    """One line per plugin that failed to load (and was skipped), in the order met."""
    return list(_LOADED.problems)


def rule_origin(family: str, rule: str) -> str:
    """The distribution a plugged-in rule came from, or ``""`` for a built-in rule."""
    return _LOADED.rule_origin.get((family, rule), "")


def _load(key: str) -> Family[Any]:
    if key in BUILTIN:
        module = importlib.import_module(BUILTIN[key])
        family: Family[Any] = module.FAMILIES[key] if hasattr(module, "FAMILIES") else module.FAMILY
    elif key in _family_entry_points():
        family = _plugin_family(key)
    else:
        raise ParseError(f"unknown puzzle family {key!r} (known: {', '.join(family_names())})")
    return _with_plugin_rules(family)


def _plugin_family(key: str) -> Family[Any]:
    ep = _family_entry_points()[key]
    try:
        family = ep.load()
    except Exception as exc:  # a plugin's own bug: report it, do not die of it
        _report(f"plugin family {key!r} ({ep.value}) failed to load: {exc}")
        raise ParseError(f"the plugged-in family {key!r} failed to load: {exc}") from None
    if not isinstance(family, Family) or family.name != key:
        _report(f"plugin family {key!r} ({ep.value}) is not a Family named {key!r}")
        raise ParseError(f"the plugged-in family {key!r} is not a Family named {key!r}")
    return family


def _with_plugin_rules(family: Family[Any]) -> Family[Any]:
    """``family`` with the rules of the ``deduce.rules`` entry points named after it (each
    marked with its distribution, ``Rule.origin``): all in its propagation rules, those with
    ``Rule.in_search`` in its search rules; both lists kept easiest first, a plugged-in rule
    after the family's own of the same weight and never ahead of search's ``sequence`` rule."""
    extra: list[Rule] = []
    for origin, ep in _rule_entry_points().get(family.name, ()):
        try:
            rules = list(ep.load())
            if not all(isinstance(r, Rule) for r in rules):
                raise TypeError("not a sequence of Rule")
        except Exception as exc:  # a plugin's own bug: report it, do not die of it
            _report(f"plugin rules {ep.name!r} ({ep.value}) failed to load: {exc}")
            continue
        for rule in rules:
            _LOADED.rule_origin[(family.name, rule.name)] = origin
        extra.extend(attrs.evolve(rule, origin=rule.origin or origin) for rule in rules)
    if not extra:
        return family
    own_search = family.search_rules if family.search_rules is not None else family.rules
    return attrs.evolve(
        family,
        rules=_ordered((*family.rules, *extra)),
        search_rules=_ordered((*own_search, *searched(extra))),
    )


def _ordered(rules: tuple[Rule, ...]) -> tuple[Rule, ...]:
    """``rules`` by weight (a stable sort: the family's own first among equals), its
    ``sequence`` rule first wherever it was (the engine runs it only from there)."""
    by_weight = sorted(rules, key=lambda r: r.weight)
    return (*(r for r in by_weight if r.sequence), *(r for r in by_weight if not r.sequence))


def _report(problem: str) -> None:
    if problem not in _LOADED.problems:
        _LOADED.problems.append(problem)


def _family_entry_points() -> dict[str, EntryPoint]:
    if _LOADED.plugin_families is None:
        _LOADED.plugin_families = {
            ep.name.strip().lower(): ep for ep in entry_points(group=FAMILY_GROUP)
        }
    return _LOADED.plugin_families


def _rule_entry_points() -> dict[str, list[tuple[str, EntryPoint]]]:
    if _LOADED.plugin_rules is None:
        found: dict[str, list[tuple[str, EntryPoint]]] = {}
        for ep in entry_points(group=RULE_GROUP):
            origin = ep.dist.name if ep.dist is not None else ep.value.split(":")[0]
            found.setdefault(ep.name.split(".")[0].lower(), []).append((origin, ep))
        _LOADED.plugin_rules = found
    return _LOADED.plugin_rules
