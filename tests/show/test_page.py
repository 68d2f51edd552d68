"""The step page as a player sees it (issue 20), at a laptop's and a phone's size, for one
puzzle of each family: the board's size and text measured in the browser, the step list
readable on a phone, hints revealed one level at a time, play mode checking entries without
showing the solution. Screenshots go to test-artifacts/page-<family>-<width>.png."""

from __future__ import annotations

import pytest

import deduce
import deduce.show
from deduce.show.techniques import PAGES, built_in_pages, slug, write_pages
from tests.puzzles import EASY, EASY_SOLUTION, HARD
from tests.show.browser import browser, js_errors, screenshot  # noqa: F401  (browser is a fixture)
from tests.show.pages import (
    PUZZLES,
    SIZES,
    in_view,
    open_page,
    text_of,
    viewport,
)
from tests.show.puzzles import CYCLE


def click(driver, element_id):
    driver.execute_script(f"document.getElementById('{element_id}').click()")


@pytest.fixture(autouse=True)
def no_script_errors(request):
    """Every page test ends with an error-free console, at the default window size."""
    yield
    if "browser" in request.fixturenames:
        driver = request.getfixturevalue("browser")
        assert js_errors(driver) == []
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


SMALLEST_TEXT = """
const svg=document.querySelector('#picture svg');
const texts=[...svg.querySelectorAll('text')].filter(t=>t.textContent.trim());
return texts.map(t=>t.getBoundingClientRect().height);
"""

BROKEN_WORDS = """
const out=[];
for(const li of document.querySelectorAll('#list li')){
 const walker=document.createTreeWalker(li,NodeFilter.SHOW_TEXT);let node;
 while((node=walker.nextNode())){const re=/\\S+/g;let m;
  while((m=re.exec(node.data))){const r=document.createRange();r.setStart(node,m.index);
   r.setEnd(node,m.index+m[0].length);if(r.getClientRects().length>1)out.push(m[0]);}}}
return out;
"""


@pytest.mark.parametrize("family", sorted(PUZZLES))
def test_the_page_reads_at_a_glance_on_a_laptop_and_a_phone(browser, tmp_path, family):  # noqa: F811
    from selenium.webdriver.common.by import By

    text, name = PUZZLES[family]()
    result = deduce.solve(text, family=name)
    steps = result.log.steps
    index = next(i for i, s in enumerate(steps) if s.kind == "deduction" and i >= len(steps) // 3)
    open_page(browser, tmp_path, result, family)
    for width, height in SIZES:
        viewport(browser, width, height)
        click(browser, f"s{index}")
        board = browser.find_element(By.CSS_SELECTOR, "#picture svg").rect
        # the board as large as the window allows, by its width or by its height
        assert board["width"] >= width / 2 or board["height"] >= height * 0.75, (family, board)
        assert in_view(browser), (family, width)
        sizes = browser.execute_script(SMALLEST_TEXT)
        assert sizes, family
        if width == 1280:  # every text of the board (candidates, clues) at least 14 px high
            assert min(sizes) >= 14, (family, min(sizes))
        else:
            assert browser.execute_script(BROKEN_WORDS) == []
            items = browser.find_elements(By.CSS_SELECTOR, "#list li")
            assert min(li.rect["width"] for li in items) >= 300
            # the list sits below the board, full width
            assert browser.find_element(By.ID, "list").rect["y"] > board["y"] + board["height"]
        assert steps[index].explanation in text_of(browser, "sentence")
        screenshot(browser, f"page-{family}-{width}")
    # hints from the start: one level a press, the deduction only at level 4
    viewport(browser, 1280, 800)
    click(browser, "s-start")
    first = steps[0]
    for level in (1, 2, 3, 4):
        click(browser, "hint")
        shown = browser.find_elements(By.CSS_SELECTOR, "#hint-text p.hint")
        assert len(shown) == min(level, 3), (family, level)
        assert (first.explanation in text_of(browser, "sentence")) == (level == 4)
        if level == 1:  # the technique and where to look, no cell it settles (issue 34)
            fam, data = result.puzzle.family, result.puzzle.data
            settled = [fam.var_name(data, v) for v, _ in first.placements]
            assert not any(cell in text_of(browser, "now") for cell in settled)
            screenshot(browser, f"page-{family}-hint-1")


def test_play_mode_flags_a_wrong_entry_without_showing_the_solution(browser, tmp_path):  # noqa: F811
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    viewport(browser, 390, 844)
    result = deduce.solve(EASY)
    open_page(browser, tmp_path, result, "play")
    click(browser, "play")
    cell = browser.find_element(By.CSS_SELECTOR, '#picture rect.cell[data-cell="r1c1"]')
    ActionChains(browser).move_to_element(cell).click().send_keys("5").perform()
    click(browser, "check")
    assert text_of(browser, "verdict") == "1 of your 1 entries is wrong: r1c1."
    wrong = browser.find_elements(By.CSS_SELECTOR, "#picture rect.wrong")
    assert len(wrong) == 1
    entry = browser.find_elements(By.CSS_SELECTOR, "#picture text.entry")
    assert [e.text for e in entry] == ["5"]
    body = browser.execute_script("return document.body.innerText")
    assert EASY_SOLUTION not in body and EASY_SOLUTION not in browser.page_source
    assert "the value it settles" not in body  # nothing of the step shows in play
    screenshot(browser, "page-play-wrong-390")
    ActionChains(browser).send_keys("4").perform()  # the right digit replaces it
    click(browser, "check")
    assert text_of(browser, "verdict") == "All 1 of your entries are right so far."
    assert browser.find_elements(By.CSS_SELECTOR, "#picture rect.wrong") == []


def test_each_step_is_tagged_with_its_own_level_and_links_its_technique(browser, tmp_path):  # noqa: F811
    from selenium.webdriver.common.by import By

    result = deduce.solve(CYCLE)
    steps = result.log.steps
    cycle = next(i for i, s in enumerate(steps) if s.rule == "Continuous Nice Loop (bilocation)")
    single = next(i for i in range(cycle + 1, len(steps)) if "single" in steps[i].rule)
    open_page(browser, tmp_path, result, "tags")
    tag = lambda i: browser.find_element(By.CSS_SELECTOR, f"#s{i} .gr").text  # noqa: E731
    assert tag(cycle) == "expert" and tag(single) == "easy"  # not the running maximum
    click(browser, f"s{single}")
    link = browser.find_element(By.CSS_SELECTOR, "#title a")
    target = f"#t-{slug(steps[single].rule)}"
    assert link.get_attribute("href").endswith(target)
    section = browser.find_element(By.CSS_SELECTOR, target)
    assert "one place left" in section.text
    # the legend names only what the step draws
    legend = text_of(browser, "legend")
    assert "link" not in legend and "settles" in legend
    click(browser, f"s{cycle}")
    assert "strong link" in text_of(browser, "legend")


def test_a_guess_is_drawn_as_a_guess(browser, tmp_path):  # noqa: F811
    from selenium.webdriver.common.by import By

    sudoku = deduce.get_family("sudoku")
    singles = tuple(r for r in sudoku.rules if "single" in r.name)
    result = deduce.solve(HARD, rules=singles, search="plain")
    index, step = next((i, s) for i, s in enumerate(result.log.steps) if s.kind == "guess")
    open_page(browser, tmp_path, result, "guess")
    click(browser, f"s{index}")
    ((cell, _),) = step.placements
    guessed = browser.find_elements(By.CSS_SELECTOR, "#picture rect.cell.role-guess")
    assert [e.get_attribute("data-cell") for e in guessed] == [
        sudoku.var_name(result.puzzle.data, cell)
    ]
    assert "guessed" in text_of(browser, "legend")
    assert browser.find_element(By.CSS_SELECTOR, f"#s{index} .gr").text == "guess"
    screenshot(browser, "page-guess")


def test_the_shipped_technique_pages_match_the_rules():
    """The pages under deduce/show/technique_pages are generated from the rules; after
    changing a rule, regenerate them with ``python -m deduce.show.techniques``."""
    pages = built_in_pages()
    shipped = {
        str(p.relative_to(PAGES)): p.read_text(encoding="utf-8") for p in PAGES.rglob("*.html")
    }
    assert set(shipped) == set(pages), "run: python -m deduce.show.techniques"
    stale = [rel for rel, html in pages.items() if shipped[rel] != html]
    assert stale == [], "run: python -m deduce.show.techniques"
    assert "A digit with one place left in a box." in pages["sudoku/hidden-single-box.html"]
    assert "sudoku-x/hidden-single-diagonal.html" in pages  # the X families' own too


def test_regenerating_the_technique_pages_deletes_those_of_a_renamed_rule(tmp_path):
    """A page left from a rule's old name would ship a technique no rule has: the
    generator removes it, and leaves files that are not technique pages alone."""
    stale = tmp_path / "sudoku" / "hidden-single-old-name.html"
    stale.parent.mkdir()
    stale.write_text("old", encoding="utf-8")
    other = tmp_path / "README.txt"
    other.write_text("kept", encoding="utf-8")
    written = write_pages(tmp_path)
    assert not stale.exists()
    assert other.read_text(encoding="utf-8") == "kept"
    assert written == len(built_in_pages())
    assert len(list(tmp_path.glob("*/*.html"))) == written
