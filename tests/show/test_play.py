"""Play mode on the step page (issue 34): a player fills the grid from the keyboard alone
(values, pencil marks, undo), a wrong value is named without its answer, and Hint answers for
the grid on the screen, a grid the log never had: the next step on that grid. One puzzle of
every family; the page's data is checked without a browser too."""

from __future__ import annotations

import re
from collections import deque

import pytest

import deduce
from deduce.registry import get_family
from deduce.show import play
from deduce.show.page import log_html, page_data
from tests.show.browser import browser, js_errors, screenshot  # noqa: F401  (browser is a fixture)
from tests.show.pages import PUZZLES, SIZES, in_view, open_page, text_of, viewport

MOVES = {"ArrowUp": (-1, 0), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1)}
#: A mistake as the page names it: the player's value and cell, never the right value.
MISTAKE = re.compile(
    r"^Your (?P<mine>\S+|filled cell|cross) at r\d+c\d+ "
    r"(is wrong|repeats the (?P<twin>\S+) at r\d+c\d+): fix it first\.$"
)
SHOWN = {"#": "■", "x": "×"}
WORDS = {"#": "filled cell", "x": "cross"}


def solved(family):
    text, name = PUZZLES[family]()
    result = deduce.solve(text, family=name)
    fam = get_family(result.log.family)
    return result, fam, fam.parse(result.log.puzzle)


@pytest.mark.parametrize("family", sorted(PUZZLES))
def test_the_changes_of_the_steps_rebuild_the_solved_grid(family):
    """Each step's ``c`` (what it changes on the picture's grid, outside search) taken from
    the start leaves the grid of the last picture: the data play mode hints from is whole."""
    result, fam, puzzle = solved(family)
    data = page_data(fam, puzzle, result.log)
    grid = [[v, m] for v, m in _grid(data["start"], data["cands"])]
    for step in data["steps"]:
        for cell, value, marks in step.get("c", ()):
            grid[cell] = [value, marks]
    assert grid == [[v, m] for v, m in _grid(data["final"], data["cands"])]
    assert all(v != "" for v, _ in grid)  # solved: no cell open


def _grid(pic, candidates):
    for text, _role, fill, *rest in pic["cells"]:
        if fill == "hole":
            yield None, ([] if candidates else None)
            continue
        value = "#" if fill in ("filled", "used") else "x" if text in ("·", "×") else text
        marks = [s for s in rest[1] if s.strip()] if candidates and len(rest) > 1 else []
        yield value, (marks if candidates and not value else None)


def test_the_answers_travel_as_salted_hashes_only():
    result, fam, puzzle = solved("sudoku")
    data = page_data(fam, puzzle, result.log)
    final = [c[0] for c in data["final"]["cells"]]
    assert data["answers"] == [play.salted(data["salt"], i, v) for i, v in enumerate(final)]
    other = page_data(fam, puzzle, result.log)
    assert other["salt"] != data["salt"] and other["answers"] != data["answers"]
    assert data["symbols"] == list("123456789")


def test_no_file_address_and_a_title_naming_the_puzzle():
    result, fam, puzzle = solved("nonogram")
    page = log_html(fam, puzzle, result.log)
    assert "file:" not in page
    assert "<title>Nonogram 10×11 · webpbn-00023 Edge</title>" in page


# --- in the browser ------------------------------------------------------------------------


def keys(driver, *sequence):
    from selenium.webdriver.common.action_chains import ActionChains

    chain = ActionChains(driver)
    for k in sequence:
        chain.send_keys(k)
    chain.perform()


def route(cols, rows, open_cells, start, goal):
    """The arrow keys that take the selection from ``start`` to ``goal``: each press moves
    to the first open cell that way (what the page does)."""
    from selenium.webdriver.common.keys import Keys

    seen, todo = {start: []}, deque([start])
    while todo:
        at = todo.popleft()
        if at == goal:
            return [
                getattr(Keys, {"ArrowUp": "UP", "ArrowDown": "DOWN"}.get(k, k[5:].upper()))
                for k in seen[at]
            ]
        r, c = divmod(at, cols)
        for key, (dr, dc) in MOVES.items():
            rr, cc = r + dr, c + dc
            while 0 <= rr < rows and 0 <= cc < cols and rr * cols + cc not in open_cells:
                rr, cc = rr + dr, cc + dc
            nxt = rr * cols + cc
            if 0 <= rr < rows and 0 <= cc < cols and nxt not in seen:
                seen[nxt] = [*seen[at], key]
                todo.append(nxt)
    raise AssertionError(f"no way from {start} to {goal}")


class Player:
    """Types into the page's play mode with the keyboard alone, following the selection."""

    def __init__(self, driver, data):
        self.driver, self.data = driver, data
        self.pic = data["start"]
        values = [v for v, _ in _grid(self.pic, data["cands"])]
        self.open = {i for i, v in enumerate(values) if v == ""}
        self.at = min(self.open)

    def enter(self, cell, value):
        from selenium.webdriver.common.keys import Keys

        moves = route(self.pic["c"], self.pic["r"], self.open, self.at, cell)
        self.at = cell
        typed = {"#": "#", "x": "x"}.get(value, value)
        keys(self.driver, *moves, Keys.DELETE, *typed)

    def entries(self):
        from selenium.webdriver.common.by import By

        return [e.text for e in self.driver.find_elements(By.CSS_SELECTOR, "#picture text.entry")]


def scenario(data):
    """Steps d0, d1, d2, d5 of the main line that change cells: the player fills d0's and
    d1's values and one of d5's, a grid the log never had; the next step on it is d2."""
    found = [
        i
        for i, s in enumerate(data["steps"])
        if s["depth"] == 0 and "hints" in s and any(v for _, v, _ in s.get("c", ()))
    ]
    d0, d1, d2, d5 = found[0], found[1], found[2], found[5]
    fills = {cell: v for i in (d0, d1) for cell, v, _ in data["steps"][i]["c"] if v}
    later = [(cell, v) for cell, v, _ in data["steps"][d5]["c"] if v and cell not in fills]
    fills[later[0][0]] = later[0][1]
    assert not all(fills.get(cell) == v for cell, v, _ in data["steps"][d2]["c"] if v)
    return fills, d2


@pytest.mark.browser
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("family", sorted(PUZZLES))
def test_play_from_the_keyboard_and_a_hint_from_your_own_grid(browser, tmp_path, family, size):  # noqa: F811
    from selenium.webdriver.common.by import By

    result, _, _ = solved(family)
    open_page(browser, tmp_path, result, f"play-{family}")
    viewport(browser, *size)
    data = browser.execute_script("return JSON.parse(document.getElementById('data').textContent)")
    final = [v for v, _ in _grid(data["final"], data["cands"])]
    fills, expected = scenario(data)
    player = Player(browser, data)
    keys(browser, "p")  # play from the puzzle
    assert text_of(browser, "title") == "Your turn"
    # a wrong value: named as the player's, its answer not told
    cell = next(c for c in sorted(player.open) if c not in fills)
    wrong = next(s for s in data["symbols"] if s != final[cell])
    player.enter(cell, wrong)
    assert player.entries() == [SHOWN.get(wrong, wrong)]
    keys(browser, "h")
    told = text_of(browser, "play-hint")
    named = MISTAKE.match(told)
    assert named and named["mine"] == WORDS.get(wrong, wrong), told
    assert named["twin"] in (None, wrong), told
    assert browser.find_elements(By.CSS_SELECTOR, "#picture rect.wrong")
    keys(browser, "u")  # undo takes the wrong value back
    assert player.entries() == []
    # the grid the log never had: two steps' values and one of a later step
    for cell, value in fills.items():
        player.enter(cell, value)
    assert len(player.entries()) == len(fills)
    for level in (1, 2, 3, 4):
        keys(browser, "h")
        told = text_of(browser, "play-hint")
        assert (data["steps"][expected]["text"] in told) == (level == 4), (level, told)
    assert data["steps"][expected]["hints"][0] in told
    assert in_view(browser), "the board and its legend stay in view in play"
    screenshot(browser, f"play-{family}-hint-{size[0]}")
    assert js_errors(browser) == []


@pytest.mark.browser
def test_pencil_marks_refused_keys_redo_and_export(browser, tmp_path):  # noqa: F811
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    result, _, _ = solved("sudoku")
    open_page(browser, tmp_path, result, "play-marks")
    viewport(browser, 390, 844)
    data = browser.execute_script("return JSON.parse(document.getElementById('data').textContent)")
    player = Player(browser, data)
    keys(browser, "p")
    keys(browser, "z")  # no value of a 1-9 Sudoku: refused, not entered, not "wrong"
    assert text_of(browser, "verdict").startswith("z is not a value of this puzzle")
    assert player.entries() == []
    first = min(player.open)
    marks = lambda: browser.execute_script(MARKS_IN, "r1c1")  # noqa: E731
    assert marks() == ["4", "5"]
    keys(browser, Keys.DELETE)
    # Shift and a digit toggles a pencil mark; so does a digit in pencil-mark mode (m)
    ActionChains(browser).key_down(Keys.SHIFT).send_keys("1").key_up(Keys.SHIFT).perform()
    keys(browser, "m", "2", "m")
    assert browser.find_element(By.ID, "mode-digit").get_attribute("aria-pressed") == "true"
    exported = _export(browser)
    token = exported.split()[first]
    assert token == "12", exported
    keys(browser, "u")
    assert _export(browser).split()[first] == "1"
    keys(browser, "r")
    assert _export(browser).split()[first] == "12"
    assert marks() == ["1", "2"]  # drawn as the player's marks
    # the exported grid is what deduce hint --progress reads: pencil marks that leave out
    # the answer are named as the player's
    hint = deduce.hint(result.log.puzzle, progress=exported.split("\n\n")[0], level=1)
    assert result.solution[first] not in (1, 2)  # r1c1 is a 4: the marks leave it out
    assert [m.name for m in hint.mistakes] == ["r1c1"]
    line = exported.split("\n\n")[1]
    assert len(line) == 81 and line.startswith(result.log.puzzle[:first])
    assert "sudokuwiki.org/sudoku.htm?bd=" in exported


MARKS_IN = """
const r=document.querySelector(`#picture rect.cell[data-cell="${arguments[0]}"]`),
 x=+r.getAttribute('x'),y=+r.getAttribute('y');
return [...document.querySelectorAll('#picture text')].filter(t=>t.getAttribute('font-size')==='13'&&
 +t.getAttribute('x')>x&&+t.getAttribute('x')<x+40&&+t.getAttribute('y')>y&&+t.getAttribute('y')<y+40&&
 t.textContent.trim()).map(t=>t.textContent);
"""


def _export(driver) -> str:
    driver.execute_script("document.getElementById('export').click()")
    return driver.execute_script("return document.getElementById('exported').value")
