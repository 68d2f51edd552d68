"""Step and Log: values, and the JSON round trip that lets a solve be replayed later."""

from hypothesis import given
from hypothesis import strategies as st

from deduce.step import CONTRADICTION, DEDUCTION, GUESS, Log, Step

pairs = st.lists(st.tuples(st.integers(0, 700), st.integers(0, 30)), max_size=6)

steps = st.builds(
    Step,
    rule=st.text(min_size=1, max_size=20),
    explanation=st.text(max_size=60),
    placements=pairs,
    eliminations=pairs,
    premises=st.lists(st.integers(0, 700), max_size=8),
    links=pairs,
    link_labels=st.lists(st.text(min_size=1, max_size=2), max_size=6),
    link_kinds=st.lists(st.sampled_from(["strong", "weak"]), max_size=6),
    region=st.text(max_size=10),
    difficulty=st.floats(0, 20, allow_nan=False),
    kind=st.sampled_from([DEDUCTION, GUESS, CONTRADICTION]),
    depth=st.integers(0, 50),
)


@given(st.lists(steps, max_size=10), st.text(max_size=30))
def test_log_round_trips_through_json(items, puzzle):
    log = Log("sudoku", puzzle, list(items))
    assert Log.from_json(log.to_json()) == log


def test_step_converts_lists_to_tuples():
    step = Step("x", "y", placements=[[1, 2]], premises=[3, 4], link_labels=["5"])
    assert step.placements == ((1, 2),)
    assert step.premises == (3, 4)
    assert step.link_labels == ("5",)
    assert hash(step)


def test_a_log_written_before_link_kinds_reads_back_without_them():
    old = '{"family": "sudoku", "puzzle": "", "steps": [{"rule": "X-chain", "explanation": "",'
    old += ' "links": [[1, 2]], "link_labels": ["5"], "difficulty": 6.5}]}'
    (step,) = Log.from_json(old).steps
    assert step.link_kinds == () and step.links == ((1, 2),)
    kinds = Step("x", "y", links=[[1, 2]], link_kinds=["strong"])
    assert Step.from_dict(kinds.to_dict()).link_kinds == ("strong",)


def test_log_separates_deductions_from_guesses():
    log = Log(
        "sudoku",
        "p",
        [Step("a", ""), Step("guess", "", kind=GUESS, depth=1), Step("b", "", depth=1)],
    )
    assert [s.rule for s in log.deductions()] == ["a", "b"]
    assert len(log.guesses()) == 1


def test_a_said_sentence_is_written_when_read_and_once():
    """A rule may hand a Step the facts of its sentence and the function that words them:
    nothing is worded until ``explanation`` is read; the Step then equals (and hashes as) one
    made with the text, and pickles with its text (a lambda need not travel)."""
    import pickle

    from deduce.step import Said

    worded: list[int] = []

    def word(cell: int, digit: int) -> str:
        worded.append(cell)
        return f"r1c{cell + 1} is {digit}."

    lazy = Step("naked single", Said(word, (2, 7)), placements=((2, 7),))
    assert worded == []
    plain = Step("naked single", "r1c3 is 7.", placements=((2, 7),))
    assert lazy.explanation == "r1c3 is 7." and worded == [2]
    assert lazy.explanation == "r1c3 is 7." and worded == [2]  # written once
    assert lazy == plain and hash(lazy) == hash(plain)
    stamped = Step("x", Said(lambda: "Late."), difficulty=1.0).stamped("x", 2.0, 1)
    back = pickle.loads(pickle.dumps(stamped))
    assert back == stamped and back.explanation == "Late." and back.depth == 1
    assert back.to_dict()["explanation"] == "Late."
