"""Which digits can fill a group of cells with a known total: the arithmetic of every cage rule.

Glossary:

- **filling**: digits for the group's cells, one candidate each, that add up to the total (and
  do not repeat, when the cells must differ: a cage, or innies that share a unit).
- **combination**: the set of digits a filling uses (``1+9``, ``2+8``); a cage "can only be"
  the combinations its fillings use.
- **support**: for each cell, the candidates some filling puts there; the others go.

The fillings are counted layer by layer over the cells (what the cells so far can have used),
forward and back, so a cage of nine cells costs a few hundred states, not 9! orders.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from deduce.state import bits


@attrs.frozen
class Fillings:
    """What the fillings of a group allow: per cell its supported candidates, and the
    combinations (digit masks) the fillings use (empty when the cells may repeat digits)."""

    support: tuple[int, ...]
    combinations: tuple[int, ...]


def fillings(
    domains: Sequence[int], total: int, distinct: bool = True, split: tuple[int, int] | None = None
) -> Fillings:
    """The fillings of cells with candidate masks ``domains`` (bit d: digit d) adding up to
    ``total``; digits differ when ``distinct``; with ``split`` ``(k, part)``, the first ``k``
    cells add up to ``part`` (a cage split in two)."""
    layers = [{(0, 0)}]
    for domain in domains:
        if split is not None and len(layers) - 1 == split[0]:
            layers[-1] = {state for state in layers[-1] if state[1] == split[1]}
        layers.append(
            {
                _after(state, d, distinct)
                for state in layers[-1]
                for d in _fits(state, domain, distinct)
            }
        )
    ends = {state for state in layers[-1] if state[1] == total}
    support = [0] * len(domains)
    alive = ends
    for index in range(len(domains) - 1, -1, -1):
        before = set()
        for state in layers[index]:
            for d in _fits(state, domains[index], distinct):
                if _after(state, d, distinct) in alive:
                    support[index] |= 1 << d
                    before.add(state)
        alive = before
    return Fillings(tuple(support), tuple(sorted(m for m, _ in ends)) if distinct else ())


def _fits(state: tuple[int, int], domain: int, distinct: bool) -> list[int]:
    used = state[0]
    return [d for d in bits(domain) if not (distinct and used >> d & 1)]


def _after(state: tuple[int, int], d: int, distinct: bool) -> tuple[int, int]:
    used, total = state
    return (used | 1 << d if distinct else 0, total + d)


def unsupported(
    domains: Sequence[int], fixed: Sequence[bool], cells: Sequence[int], support: Sequence[int]
) -> list[tuple[int, int]]:
    """The (cell, digit) candidates of the open ``cells`` that no filling uses (``support``
    is per cell, in the order of ``cells``)."""
    return [
        (c, d)
        for c, keep in zip(cells, support, strict=True)
        if not fixed[c]
        for d in bits(domains[c] & ~keep)
    ]


def combination_text(mask: int) -> str:
    """``1+2+6``: a combination as Killer players write it."""
    return "+".join(str(d) for d in bits(mask))
