"""Finding one's way on the step page (issue 34): a page moved to another folder keeps every
link, steps are reached from the keyboard, a long log has a slider and a search box, and every
sentence can be read in one view."""

from __future__ import annotations

import shutil

import pytest

import deduce
import deduce.show
from tests.puzzles import EASY
from tests.show.browser import browser, js_errors, screenshot  # noqa: F401  (browser is a fixture)
from tests.show.pages import open_page, text_of, viewport

LINKS = """
return [...document.querySelectorAll('a[href]')].map(a=>a.getAttribute('href'));
"""


@pytest.mark.browser
@pytest.mark.corpus
def test_a_top95_page_has_no_file_address_and_works_from_another_folder(browser, tmp_path):  # noqa: F811
    from selenium.webdriver.common.by import By

    from tests.conftest import corpus_file

    line = corpus_file("sudoku", "top95.txt").read_text().split()[0]
    result = deduce.solve(line)
    first = tmp_path / "written"
    first.mkdir()
    page = first / "top95.html"
    page.write_text(deduce.show.html(result.log), encoding="utf-8")
    assert "file:" not in page.read_text(encoding="utf-8")
    moved = tmp_path / "elsewhere" / "deeper"
    moved.mkdir(parents=True)
    shutil.copy(page, moved / "page.html")
    shutil.rmtree(first)
    js_errors(browser)
    browser.get((moved / "page.html").as_uri())
    hrefs = browser.execute_script(LINKS)
    assert hrefs, "the page links its techniques"
    for href in set(hrefs):  # every link is to a part of the page, and that part is there
        assert href.startswith("#"), href
        assert browser.find_elements(By.ID, href[1:]), href
    # following a link from the step to its technique and on to the next technique works
    hard = max(
        (i for i, s in enumerate(result.log.steps) if s.kind == "deduction"),
        key=lambda i: result.log.steps[i].difficulty,
    )
    browser.execute_script(f"document.getElementById('s{hard}').click()")
    browser.find_element(By.CSS_SELECTOR, "#title a").click()
    rule = result.log.steps[hard].rule
    section = browser.find_element(By.CSS_SELECTOR, "div.technique:target")
    assert rule in section.text and section.is_displayed()
    harder = section.find_elements(By.PARTIAL_LINK_TEXT, "harder:")
    if harder:
        harder[0].click()
        target = browser.find_element(By.CSS_SELECTOR, "div.technique:target")
        assert target.is_displayed() and target.text != section.text
    assert js_errors(browser) == []


@pytest.mark.browser
def test_steps_from_the_keyboard_the_slider_the_search_and_all_sentences(browser, tmp_path):  # noqa: F811
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    result = deduce.solve(EASY)
    steps = result.log.steps
    open_page(browser, tmp_path, result, "nav")
    viewport(browser, 1280, 800)
    # Tab reaches the step list; Enter on a step shows it; the arrows move on
    active = browser.find_element(By.TAG_NAME, "body")
    for _ in range(40):
        active.send_keys(Keys.TAB)
        active = browser.switch_to.active_element
        if active.get_attribute("id") == "s-start":
            break
    assert browser.switch_to.active_element.get_attribute("id") == "s-start"
    browser.switch_to.active_element.send_keys(Keys.ENTER)
    browser.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    assert steps[0].explanation in text_of(browser, "sentence")
    browser.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    assert steps[1].explanation in text_of(browser, "sentence")
    # the slider jumps to any step
    browser.execute_script(
        "const s=document.getElementById('slider');s.value=30;s.dispatchEvent(new Event('input'))"
    )
    assert steps[29].explanation in text_of(browser, "sentence")
    # the search box finds the next step naming a cell
    cell = steps[40].explanation.split("so ")[-1].split(" =")[0]
    find = browser.find_element(By.ID, "find")
    find.send_keys(cell, Keys.ENTER)
    shown = text_of(browser, "sentence")
    assert cell in shown
    # every sentence in one view
    browser.find_element(By.ID, "alltext").click()
    every = text_of(browser, "sentences")
    assert all(s.explanation in every for s in steps)
    assert not browser.find_element(By.ID, "list").is_displayed()
    screenshot(browser, "page-all-steps-as-text")
    assert js_errors(browser) == []
