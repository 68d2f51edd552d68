"""The per-state records of ``deduce.memo`` and ``deduce.journal`` read the State's journal."""

from __future__ import annotations

from deduce.journal import changed, look, look_by_value, value_places, value_versions
from deduce.memo import bounded, entries_to_fill, per_version
from deduce.state import State


def state() -> State:
    """Four variables, values 1..3 each (bits 1..3)."""
    return State(None, [0b1110] * 4)


def test_the_journal_notes_what_each_change_took():
    s = state()
    s.remove(2, 0b0110)
    s.note(1, 0)
    assert (s.changes, s.gone) == ([2, 1], [0b0110, 0])
    assert s.remove(2, 0b0110) is False and s.changes == [2, 1]  # nothing left to take
    copy = s.copy()
    assert (copy.changes, copy.gone, copy.memo) == ([], [], {})


def test_value_places_and_versions_follow_the_journal():
    s = state()
    assert value_places(s, 4) == [0, 0b1111, 0b1111, 0b1111]
    s.remove(0, 1 << 2)
    s.domains[3], s.fixed[3] = 1 << 1, True  # written in by hand, then noted
    s.note(3, 0b1100)
    assert value_places(s, 4) == [0, 0b0111, 0b0110, 0b0111]
    assert value_versions(s, 4) == [0, 2, 2, 2]  # value 2 at change 1 then again at change 2


def test_a_look_keeps_a_part_until_a_variable_that_touches_it_changes():
    s = state()
    touch = [0b01, 0b01, 0b10, 0b10]  # variables 0, 1 in part 0; 2, 3 in part 1
    seen = look(s, "r", touch)
    seen.clean |= 0b11  # the rule found nothing in either part
    s.remove(2, 1 << 3)
    assert look(s, "r", touch).clean == 0b01
    s.remove(0, 1 << 3)
    assert look(s, "r", touch).clean == 0


def test_a_look_by_value_keeps_a_value_until_one_of_its_places_goes():
    s = state()
    seen = look_by_value(s, "v", 4)
    seen.clean |= 0b1110
    s.remove(1, 1 << 2)
    assert look_by_value(s, "v", 4).clean == 0b1010


def test_per_version_and_tables_are_computed_again_only_after_a_change():
    s = state()
    calls = []
    assert per_version(s, "x", lambda st: calls.append(1) or len(calls)) == 1
    assert per_version(s, "x", lambda st: calls.append(1) or len(calls)) == 1
    s.remove(0, 1 << 1)
    assert per_version(s, "x", lambda st: calls.append(1) or len(calls)) == 2
    table = entries_to_fill(s, "t", 2, lambda changed: [v // 2 for v in changed])
    table[:] = ["a", "b"]
    s.remove(3, 1 << 1)
    assert entries_to_fill(s, "t", 2, lambda changed: [v // 2 for v in changed]) == ["a", None]


def test_changed_gives_the_variables_since_the_rules_last_call():
    s = state()
    assert changed(s, "r") is None  # never looked: look everywhere
    s.remove(2, 1 << 1)
    s.remove(0, 1 << 2)
    assert list(changed(s, "r")) == [2, 0]
    assert list(changed(s, "r")) == []
    s.remove(2, 1 << 3)
    assert list(changed(s, "r")) == [2]
    assert list(changed(s.copy(), "r")) == []  # an up-to-date cursor goes on in a copy
    s.remove(1, 1 << 1)
    assert changed(s.copy(), "r") is None  # one behind does not: the copy has no journal


def test_bounded_answers_by_equal_arguments_whatever_was_asked_last():
    """``bounded`` keeps the last arguments beside its table: equal arguments (an equal
    puzzle parsed again) get the first answer, other arguments their own, no arguments too."""
    calls: list[tuple[int, ...]] = []

    @bounded(4)
    def size(key: tuple[int, ...]) -> list[int]:
        calls.append(key)
        return [len(key)]

    first = size((1, 2))
    assert size(tuple([1, 2])) is first and size((1, 2, 3)) == [3]
    assert size((1, 2)) is first and calls == [(1, 2), (1, 2, 3)]

    @bounded(4)
    def nothing() -> int:
        return 7

    assert nothing() == 7 and nothing() == 7
