"""The nonogram grade's passes (``deduce.difficulty.nonogram.passes``), which keep the latest
pass of each set of premises as cells are settled, agree with their plain definition
(``plain_passes``) on real solves and on any sequence of steps, cells settled again
included."""

from __future__ import annotations

from pathlib import Path

from hypothesis import example, given, settings
from hypothesis import strategies as st

import deduce
from deduce.difficulty.nonogram import passes, plain_passes
from deduce.step import Step

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "nonogram"


def test_passes_agree_with_the_definition_on_real_solves():
    lines = (FIXTURES / "pynogram_small.jsonl").read_text(encoding="utf-8").splitlines()
    lines.append("10x10:3/7/3.4/6.3/6.1/2/3/1.3/2.3/1.2/1.3.1/5/4/4/2.2.3/2.2.1.1/3.1/3.2/2.3/2.3")
    counted = set()
    for text in lines:
        steps = [s for s in deduce.solve(text, "nonogram").log.steps if s.premises]
        counted.add(passes(steps))
        assert passes(steps) == plain_passes(steps)
    assert len(counted) > 2  # solves of different depths, not one trivial answer


_cells = st.integers(0, 5)
_steps = st.lists(
    st.tuples(st.lists(_cells, max_size=5), st.lists(_cells, max_size=6)).map(
        lambda s: Step("r", "", placements=tuple((c, 1) for c in s[0]), premises=tuple(s[1]))
    ),
    max_size=30,
)


def _step(placed: tuple[int, ...], read: tuple[int, ...]) -> Step:
    return Step("r", "", placements=tuple((c, 1) for c in placed), premises=read)


# cell 0 settled in pass 3, then again in pass 1: the steps reading it after are in passes
# 2 and 3 (4 and 5 if the first pass were kept)
_AGAIN = [
    _step((), (0,)),
    _step((1,), (1,)),
    _step((2,), (1,)),
    _step((0,), (2,)),
    _step((0,), (3,)),
]
_AGAIN += [_step((4,), (0,)), _step((5,), (4,))]


@settings(max_examples=500)
@example(_AGAIN)
@given(_steps)
def test_passes_agree_with_the_definition_on_any_steps(steps):
    assert passes(steps) == plain_passes(steps)
