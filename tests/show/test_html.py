"""The step-by-step page in a real headless browser: stepping, highlights, hints, size."""

from __future__ import annotations

import pytest

import deduce
import deduce.show
from tests.puzzles import EASY
from tests.show.browser import browser, js_errors, screenshot  # noqa: F401  (browser is a fixture)
from tests.show.puzzles import CYCLE, NUMBRIX_SEED, PATH_A, SIGNPOST_SEED

pytestmark = pytest.mark.browser


def open_page(driver, tmp_path, result, name):
    path = tmp_path / f"{name}.html"
    path.write_text(deduce.show.html(result.log), encoding="utf-8")
    js_errors(driver)
    driver.get(path.as_uri())
    return driver


@pytest.fixture(autouse=True)
def no_script_errors(request):
    """Every page test ends with an error-free console."""
    yield
    if "browser" in request.fixturenames:
        assert js_errors(request.getfixturevalue("browser")) == []


def cells_with(driver, role):
    from selenium.webdriver.common.by import By

    found = driver.find_elements(By.CSS_SELECTOR, f"#picture rect.cell.role-{role}")
    return {e.get_attribute("data-cell") for e in found}


def marks_with(driver, role):
    from selenium.webdriver.common.by import By

    return len(driver.find_elements(By.CSS_SELECTOR, f"#picture rect.mark.role-{role}"))


def go_to(driver, index):
    """Select step ``index`` (0-based) by clicking it in the step list."""
    from selenium.webdriver.common.by import By

    driver.execute_script(f"document.getElementById('s{index}').click()")
    assert driver.find_element(By.ID, "pos").text.startswith(f"step {index + 1} of")


def test_arrow_keys_and_buttons_move_between_steps(browser, tmp_path):  # noqa: F811
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    open_page(browser, tmp_path, deduce.solve(EASY), "keys")
    pos = lambda: browser.find_element(By.ID, "pos").text  # noqa: E731
    assert pos().startswith("the puzzle")
    browser.find_element(By.ID, "next").click()
    browser.find_element(By.ID, "next").click()
    assert pos().startswith("step 2 of")
    ActionChains(browser).send_keys(Keys.ARROW_RIGHT).perform()
    assert pos().startswith("step 3 of")
    ActionChains(browser).send_keys(Keys.ARROW_LEFT).send_keys(Keys.ARROW_LEFT).perform()
    assert pos().startswith("step 1 of")
    browser.find_element(By.ID, "prev").click()
    assert pos().startswith("the puzzle")


def expected(result, index):
    family, data = result.puzzle.family, result.puzzle.data
    step = result.log.steps[index]
    name = lambda v: family.var_name(data, v)  # noqa: E731
    return step, {name(v) for v, _ in step.placements}, {name(v) for v in step.premises}


def test_sudoku_page_steps_and_highlights(browser, tmp_path):  # noqa: F811
    from selenium.webdriver.common.by import By

    result = deduce.solve(EASY)
    open_page(browser, tmp_path, result, "sudoku-easy")
    for index in (0, 5, len(result.log) - 1):
        go_to(browser, index)
        step, placed, premises = expected(result, index)
        assert cells_with(browser, "placement") == placed
        assert cells_with(browser, "premise") == premises - placed
        assert step.explanation in browser.find_element(By.ID, "sentence").text
    # the hint flow: Hint on a shown step applies it; each press then reveals one level
    last = len(result.log) - 1
    go_to(browser, last - 1)
    hints = lambda: browser.find_elements(By.CSS_SELECTOR, "#hint-text p.hint")  # noqa: E731
    sentence = lambda: browser.find_element(By.ID, "sentence").text  # noqa: E731
    browser.find_element(By.ID, "hint").click()
    assert browser.find_element(By.ID, "pos").text == f"before step {last + 1} of {last + 1}"
    assert hints() == [] and sentence() == "" and cells_with(browser, "premise") == set()
    step, placed, premises = expected(result, last)
    for level in (1, 2, 3):
        browser.find_element(By.ID, "hint").click()
        assert len(hints()) == level and sentence() == ""
        assert cells_with(browser, "placement") == set()  # the answer stays hidden
        assert step.explanation not in browser.find_element(By.TAG_NAME, "body").text
    assert hints()[0].text.startswith("where to look: Look at box ")
    assert cells_with(browser, "premise") == premises | placed
    browser.find_element(By.ID, "hint").click()
    assert sentence() == step.explanation and cells_with(browser, "placement") == placed
    screenshot(browser, "sudoku-easy")


def test_sudoku_eliminations_are_drawn_on_the_candidates(browser, tmp_path):  # noqa: F811
    sudoku = deduce.get_family("sudoku")
    singles = tuple(r for r in sudoku.rules if "single" in r.name)
    from tests.puzzles import HARD

    result = deduce.solve(HARD, rules=singles, search="plain")
    refutation = next(i for i, s in enumerate(result.log.steps) if s.eliminations)
    open_page(browser, tmp_path, result, "sudoku-guessing")
    go_to(browser, refutation)
    assert marks_with(browser, "elimination") == len(result.log.steps[refutation].eliminations)
    screenshot(browser, "sudoku-refutation")


def test_a_60_step_sudoku_page_is_small(tmp_path):
    from tests.conftest import corpus_file

    path = corpus_file("sudoku", "easy50.txt")
    for line in path.read_text().split():
        result = deduce.solve(line)
        if len(result.log) >= 60:
            break
    page = deduce.show.html(result.log)
    assert len(result.log) >= 60
    assert len(page.encode()) < 500_000
    assert "http://" not in page.replace("http://www.w3.org/2000/svg", "")
    # the only web address is the SudokuWiki link play mode writes of a player's grid
    assert "https://" not in page.replace("'https://www.sudokuwiki.org/sudoku.htm?bd='", "")
    assert "<script src" not in page and "<link" not in page and "file:" not in page


def curve_ends(d: str) -> tuple[tuple[float, float], tuple[float, float]]:
    """The two ends of a chain link drawn as ``M x y Q cx cy x y``."""
    import re

    numbers = [float(n) for n in re.findall(r"-?[0-9.]+", d)]
    return (numbers[0], numbers[1]), (numbers[4], numbers[5])


def test_sudoku_page_draws_a_nonrepetitive_cycle(browser, tmp_path):  # noqa: F811
    from selenium.webdriver.common.by import By

    result = deduce.solve(CYCLE)
    index = next(
        i for i, s in enumerate(result.log.steps) if s.rule == "Continuous Nice Loop (bilocation)"
    )
    step, placed, premises = expected(result, index)
    open_page(browser, tmp_path, result, "sudoku-cycle")
    go_to(browser, index)
    assert placed == set()
    assert cells_with(browser, "premise") == premises == {"r7c3", "r7c9", "r8c8", "r8c1"}
    assert marks_with(browser, "elimination") == len(step.eliminations) == 2
    lines = browser.find_elements(By.CSS_SELECTOR, "#picture path.link.role-chain")
    assert len(lines) == len(step.links) == 4
    ends = [curve_ends(line.get_attribute("d")) for line in lines]
    assert len({(round(a[0]), round(a[1])) for a, _ in ends}) == 4  # a closed chain
    for line in lines:  # a bilocation link is strong: solid, with an arrow
        assert line.get_attribute("stroke-dasharray") is None
        assert line.get_attribute("marker-end") == "url(#ah)"
    # each curve runs between two candidates of its digit, highlighted as the pattern's
    marks = browser.find_elements(By.CSS_SELECTOR, "#picture rect.mark.role-premise")
    centres = [
        (
            float(m.get_attribute("x")) + float(m.get_attribute("width")) / 2,
            float(m.get_attribute("y")) + 7.5,
        )
        for m in marks
    ]
    for pair in ends:
        for x, y in pair:
            assert min(((x - a) ** 2 + (y - b) ** 2) ** 0.5 for a, b in centres) < 12
    legend = browser.find_element(By.ID, "legend").text
    assert "strong link" in legend and "a candidate it rules out" in legend
    assert "is a loop of strong links" in browser.find_element(By.ID, "sentence").text
    screenshot(browser, "sudoku-nonrepetitive-cycle")


def links_with(driver, role):
    from selenium.webdriver.common.by import By

    return len(driver.find_elements(By.CSS_SELECTOR, f"#picture line.link.role-{role}"))


def test_path_page_draws_the_edges_a_step_settles(browser, tmp_path):  # noqa: F811
    from deduce.puzzles.path.model import OFF, ON

    result = deduce.solve(PATH_A, family="path")
    geo = result.puzzle.data.geo
    index = next(
        i
        for i, s in enumerate(result.log.steps)
        if s.depth == 0 and any(not geo.is_cell(v) for v, _ in (*s.placements, *s.eliminations))
    )
    step = result.log.steps[index]
    on = {v for v, val in step.placements if val == ON and not geo.is_cell(v)}
    on |= {v for v, val in step.eliminations if val == OFF and not geo.is_cell(v)}
    off = {v for v, _ in (*step.placements, *step.eliminations) if not geo.is_cell(v)} - on
    open_page(browser, tmp_path, result, "path-a")
    go_to(browser, index)
    assert links_with(browser, "placement") == len(on)
    assert links_with(browser, "elimination") == len(off)
    premises = {
        result.puzzle.family.var_name(result.puzzle.data, v)
        for v in step.premises
        if geo.is_cell(v)
    }
    assert cells_with(browser, "premise") <= premises
    screenshot(browser, "path-a")


def test_signpost_page_draws_links_and_numbers(browser, tmp_path):  # noqa: F811
    from selenium.webdriver.common.by import By

    from deduce.puzzles.signpost.board import board
    from deduce.show.replay import replay

    result = deduce.solve(SIGNPOST_SEED, family="signpost")
    family, data = result.puzzle.family, result.puzzle.data
    n = data.n
    states = list(replay(family, data, result.log))
    open_page(browser, tmp_path, result, "signpost-seed")
    link_step = next(
        i for i, (_, s) in enumerate(states) if any(v >= n and x != n for v, x in s.placements)
    )
    number_step = next(i for i, (_, s) in enumerate(states) if any(v < n for v, _ in s.placements))
    for index in (link_step, number_step):
        state, step = states[index]
        go_to(browser, index)
        made = {(v - n, x) for v, x in step.placements if v >= n and x != n}
        numbered = {family.var_name(data, v) for v, _ in step.placements if v < n}
        drawn = board(state).nxt
        before = {(c, drawn[c]) for c in range(n) if 0 <= drawn[c] < n}
        assert links_with(browser, "placement") == len(made)
        assert links_with(browser, "used") == len(before - made)
        assert cells_with(browser, "placement") == numbered
        premises = {family.var_name(data, v % n) for v in step.premises}  # numbers and links
        assert cells_with(browser, "premise") == premises - numbered
        assert step.explanation in browser.find_element(By.ID, "sentence").text
    go_to(browser, link_step)
    screenshot(browser, "signpost-link")
    go_to(browser, len(result.log.steps) - 1)
    assert "25" in browser.find_element(By.ID, "picture").text
    screenshot(browser, "signpost-last-step")


def test_numbrix_page_steps_and_highlights(browser, tmp_path):  # noqa: F811
    from selenium.webdriver.common.by import By

    result = deduce.solve(NUMBRIX_SEED, family="numbrix")
    family, data = result.puzzle.family, result.puzzle.data
    name = lambda v: family.var_name(data, v)  # noqa: E731
    steps = result.log.steps
    chosen = {
        rule: next(i for i, s in enumerate(steps) if s.rule == rule)
        for rule in ("straight edge", "L-shape", "reachability", "only cell for a number")
    }
    open_page(browser, tmp_path, result, "numbrix-seed")
    for rule, index in chosen.items():
        go_to(browser, index)
        step = steps[index]
        placed = {name(v) for v, _ in step.placements}
        removed = {name(v) for v, _ in step.eliminations}
        assert cells_with(browser, "placement") == placed, rule
        assert cells_with(browser, "elimination") == removed, rule
        assert cells_with(browser, "premise") == {name(v) for v in step.premises} - placed - removed
        assert links_with(browser, "link") == len(step.links), rule
        assert step.explanation in browser.find_element(By.ID, "sentence").text
        if rule == "straight edge":  # the number it writes is shown in the blue cell
            (cell,) = browser.find_elements(By.CSS_SELECTOR, "#picture rect.cell.role-placement")
            assert cell.get_attribute("data-cell") == "r2c1"
            assert "6" in browser.find_element(By.ID, "picture").text
    # the path written so far is drawn (grey) between consecutive numbers
    go_to(browser, chosen["only cell for a number"])
    assert links_with(browser, "used") > 30
    # a cell losing candidates is orange and shows the numbers it loses
    go_to(browser, chosen["reachability"])
    step = steps[chosen["reachability"]]
    assert 0 < marks_with(browser, "elimination") <= len(step.eliminations)
    screenshot(browser, "numbrix-reachability")
    go_to(browser, chosen["L-shape"])
    screenshot(browser, "numbrix-l-shape")


def test_hidato_page_shows_the_holes(browser, tmp_path):  # noqa: F811
    from selenium.webdriver.common.by import By

    from tests.conftest import fixture_file

    line = fixture_file("numbrix/corpus_sample.jsonl").read_text().splitlines()[-1]
    result = deduce.solve(line)
    assert result.puzzle.family.name == "hidato"
    open_page(browser, tmp_path, result, "hidato-rosetta")
    go_to(browser, 0)
    assert len(cells_with(browser, "hole")) == 24
    header = browser.find_element(By.CSS_SELECTOR, "header .puzzle").get_attribute("textContent")
    assert (
        '"grid"' in header and '"solution"' not in header
    )  # the corpus line's answer stays hidden
    screenshot(browser, "hidato-rosetta")


def test_nonogram_page_shows_a_probing_step(browser, tmp_path):  # noqa: F811
    """The probed cell carries its settled colour; the premises are the cells of its chain
    and the whole line left with no placement; clues stand around the grid."""
    from selenium.webdriver.common.by import By

    from tests.conftest import fixture_file

    lines = fixture_file("nonogram/survey_small.jsonl").read_text().splitlines()
    edge = next(line for line in lines if "Edge" in line)
    result = deduce.solve(edge, family="nonogram")
    assert result.status == "unique"
    index = next(i for i, s in enumerate(result.log.steps) if s.rule == "probing")
    step = result.log.steps[index]
    family, data = result.puzzle.family, result.puzzle.data
    ((cell, value),) = step.placements
    open_page(browser, tmp_path, result, "nonogram-edge")
    go_to(browser, index)
    settled = {family.var_name(data, cell)}
    assert cells_with(browser, "placement" if value == 1 else "elimination") == settled
    premises = {family.var_name(data, v) for v in step.premises} - settled
    assert cells_with(browser, "premise") == premises
    failing = step.substeps[-1]  # the line with no placement: the chain's end
    assert failing.kind == "contradiction"
    assert {family.var_name(data, v) for v in failing.premises} - settled <= premises
    chained = {family.var_name(data, v) for sub in step.substeps[1:-1] for v, _ in sub.placements}
    assert chained and chained - settled <= premises  # and every cell the chain settles
    assert step.explanation in browser.find_element(By.ID, "sentence").text
    labels = {e.text for e in browser.find_elements(By.CSS_SELECTOR, "#picture text")}
    assert {" ".join(map(str, c)) for c in data.rows if c} <= labels
    screenshot(browser, "nonogram-probing")
    # the chain, one line a substep; a line clicked draws that substep, supposed cells in the
    # guess colour
    items = browser.find_elements(By.CSS_SELECTOR, "#hint-text ol.chain li")
    assert [li.text for li in items] == [sub.explanation for sub in step.substeps]
    assert not browser.find_elements(By.CSS_SELECTOR, "#hint-text p.hint")  # no hint levels
    items[2].click()
    chosen = browser.find_elements(By.CSS_SELECTOR, "#hint-text ol.chain li.sel")
    assert [li.text for li in chosen] == [step.substeps[2].explanation]
    supposed = {family.var_name(data, v) for sub in step.substeps[:2] for v, _ in sub.placements}
    guessed = cells_with(browser, "guess")  # a supposed cell the line reads is its premise
    assert guessed and guessed <= supposed <= guessed | cells_with(browser, "premise")
    screenshot(browser, "nonogram-probing-chain")
    line_step = next(i for i, s in enumerate(result.log.steps) if s.rule != "probing")
    go_to(browser, line_step)
    first = result.log.steps[line_step]
    line = {family.var_name(data, v) for v in first.premises}
    assert (
        cells_with(browser, "premise")
        | cells_with(browser, "placement")
        | cells_with(browser, "elimination")
        == line
    )
    screenshot(browser, "nonogram-line-step")
