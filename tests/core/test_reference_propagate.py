"""The engine's fast ``propagate`` gives the log of its plain definition, ``propagate_plainly``
(find the easiest step, apply it, repeat), on corpus puzzles of every family.

The fast path keeps the easiest rule's generator across steps and lets rules skip what has not
changed since they last looked (``deduce.journal``); none of that may change a step. The
journal's debug check (``deduce.journal.CHECK``) is on meanwhile, so a domain written without
a journal note fails here too.
"""

from __future__ import annotations

import itertools

import pytest

from deduce import journal
from deduce.engine import propagate, propagate_plainly
from deduce.errors import Contradiction
from deduce.registry import detect_family, get_family
from deduce.step import Log
from tests.conftest import corpus_file

#: (corpus file, column holding the puzzle or None for the whole line, family or None to
#: detect, how many puzzles): small ones first, a few of each family.
FILES = [
    ("sudoku/easy50.txt", None, None, 4),
    ("sudoku/top95.txt", None, None, 3),
    ("sudoku/sudokuwiki_technique_examples.tsv", "puzzle", None, 12),
    ("sudoku/tatham_solo_other_sizes.tsv", "game_id", None, 4),
    ("signpost/tatham_signpost.tsv", "game_id", None, 4),
    ("path/path_puzzles.jsonl", None, None, 3),
    ("numbrix/numbrix_public.jsonl", None, "numbrix", 3),
    ("hidato/hidato_public.jsonl", None, "hidato", 3),
    ("nonogram/pynogram_examples.jsonl", None, None, 3),
]


def puzzles(name: str, column: str | None, count: int) -> list[str]:
    """The first ``count`` puzzles of corpus file ``name``."""
    lines = corpus_file(*name.split("/")).read_text(encoding="utf-8").splitlines()
    if column is None:
        return [line for line in lines if line.strip()][:count]
    index = lines[0].split("\t").index(column)
    return [line.split("\t")[index] for line in itertools.islice(lines[1:], count) if line]


def run(how, family, puzzle) -> tuple[Log, list[int], str]:
    """The log, the domains and the contradiction (if any) of propagating ``puzzle`` ``how``."""
    state = family.initial_state(puzzle)
    log = Log(family.name, "")
    try:
        how(family, state, log)
    except Contradiction as exc:
        return log, state.domains, str(exc)
    return log, state.domains, ""


@pytest.mark.corpus
@pytest.mark.slow
@pytest.mark.parametrize(("name", "column", "family", "count"), FILES, ids=[f[0] for f in FILES])
def test_the_fast_path_gives_the_plain_definitions_log(monkeypatch, name, column, family, count):
    monkeypatch.setattr(journal, "CHECK", True)
    for text in puzzles(name, column, count):
        fam = get_family(family) if family else detect_family(text)
        puzzle = fam.parse(text)
        fast = run(propagate, fam, puzzle)
        plain = run(propagate_plainly, fam, puzzle)
        assert fast[0].steps == plain[0].steps, text
        assert fast[1:] == plain[1:], text
        assert fast[0].steps, text  # the rules did something to compare


def test_an_unjournaled_change_is_caught(monkeypatch):
    """A domain written by hand without ``state.note`` fails the next Look (debug check on)."""
    from deduce.state import State

    monkeypatch.setattr(journal, "CHECK", True)
    state: State[None] = State(None, [0b111] * 4)
    journal.look(state, "rule", [1, 1, 2, 2]).clean = 0b11
    state.domains[2] = 0b011  # by hand, not noted
    with pytest.raises(journal.UnjournaledChange, match=r"\[2\]"):
        journal.look(state, "rule", [1, 1, 2, 2])
    state.note(2, 0b100)  # noted: the next look is content, and part 1 is dirty again
    assert journal.look(state, "rule", [1, 1, 2, 2]).clean == 0b01


def test_a_copy_keeps_only_the_looks_that_were_up_to_date():
    from deduce.state import State

    state: State[None] = State(None, [0b111] * 4)
    journal.look(state, "caught up", [1, 1, 2, 2]).clean = 0b11
    journal.look(state, "behind", [1, 1, 2, 2]).clean = 0b11
    state.remove(0, 0b001)
    journal.look(state, "caught up", [1, 1, 2, 2])
    child = state.copy()
    assert set(child.looks) == {"caught up"} and child.looks["caught up"].clean == 0b10
    child.remove(3, 0b001)  # the child's own change makes its part dirty there only
    assert journal.look(child, "caught up", [1, 1, 2, 2]).clean == 0
    assert journal.look(state, "caught up", [1, 1, 2, 2]).clean == 0b10


def test_the_engine_catches_an_on_place_that_writes_without_a_note(monkeypatch):
    """A family's bookkeeping that narrows a domain by hand, unnoted, fails at that step."""
    import attrs

    from tests.puzzles import EASY

    sudoku = get_family("sudoku")

    def careless(state, var, value):
        sudoku.on_place(state, var, value)
        other = (var + 1) % len(state.domains)
        if not state.fixed[other] and state.domains[other] & (state.domains[other] - 1):
            state.domains[other] &= state.domains[other] - 1  # drops its lowest value, unnoted

    family = attrs.evolve(sudoku, on_place=careless)
    monkeypatch.setattr(journal, "CHECK", True)
    with pytest.raises(journal.UnjournaledChange, match="without a note"):
        propagate(family, family.initial_state(family.parse(EASY)))
