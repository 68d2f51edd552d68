"""A player's wrong entries, named as theirs and without giving the right value away.

A family's ``parse_progress`` reads the grid in front of a player into a State and keeps
what the player wrote in ``state.extra``: ``entries`` (variable -> the values the player still
allows there: one for a placed digit, several for pencil marks) and ``clashes`` (variable ->
another variable already holding the same value in a shared unit, "your 9 at r3c3 repeats the
9 at r7c3"). An entry is wrong when it leaves out the value of the solution; entries are
judged as written, so a wrong digit never makes its neighbours' correct marks look wrong.
"""

from __future__ import annotations

from deduce.family import Family
from deduce.show.hints import Mistake, names_text
from deduce.state import P, State, bits


def entries_of(state: State[P]) -> dict[int, int]:
    """What the player wrote: variable -> mask of the values allowed there."""
    entries = state.extra.get("entries")
    if entries is not None:
        return dict(entries)
    return {v: state.domains[v] for v in sorted(state.extra.get("entered", ()))}


def find_mistakes(
    family: Family[P], puzzle: P, state: State[P], solution: list[int]
) -> tuple[Mistake, ...]:
    """The entries of ``state`` that rule out the solution's value, in reading order."""
    clashes: dict[int, int] = state.extra.get("clashes", {})
    out = []
    for var, mask in sorted(entries_of(state).items()):
        if mask >> solution[var] & 1:
            continue
        name = family.var_name(puzzle, var)
        values = [family.value_name(puzzle, var, x) for x in bits(mask)]
        if len(values) == 1:
            value = values[0]
            numeric = len(value) <= 2 and value.isalnum()
            mine = f"your {value} at {name}" if numeric else f"your {value} mark at {name}"
            if var in clashes:
                other = family.var_name(puzzle, clashes[var])
                text = f"{mine} repeats the {value} at {other}"
            else:
                text = f"{mine} is wrong"
        else:
            text = (
                f"your pencil marks at {name} ({names_text(values)}) "
                "leave out the value that goes there"
            )
        out.append(Mistake(var, name, text))
    return tuple(out)


def mistakes_text(mistakes: tuple[Mistake, ...]) -> str:
    """The sentence a player reads: each mistake, then "fix it first"."""
    if not mistakes:
        return "No mistakes so far."
    head = "; ".join(m.text for m in mistakes[:12])
    more = f"; and {len(mistakes) - 12} more" if len(mistakes) > 12 else ""
    fix = "fix it first" if len(mistakes) == 1 else "fix them first"
    return f"{head[0].upper()}{head[1:]}{more}: {fix}."
