"""The pages the browser tests open (one puzzle a family, two window sizes) and how they read them."""

from __future__ import annotations

import deduce
import deduce.show
from tests.puzzles import EASY
from tests.show.browser import js_errors
from tests.show.puzzles import NUMBRIX_SEED, PATH_A, SIGNPOST_SEED

SIZES = ((1280, 800), (390, 844))


def _nonogram() -> str:
    from tests.conftest import fixture_file

    lines = fixture_file("nonogram/survey_small.jsonl").read_text().splitlines()
    return next(line for line in lines if "Edge" in line)


def _hidato() -> str:
    from tests.conftest import fixture_file

    return fixture_file("numbrix/corpus_sample.jsonl").read_text().splitlines()[-1]


PUZZLES = {
    "sudoku": lambda: (EASY, None),
    "signpost": lambda: (SIGNPOST_SEED, "signpost"),
    "path": lambda: (PATH_A, "path"),
    "numbrix": lambda: (NUMBRIX_SEED, "numbrix"),
    "hidato": lambda: (_hidato(), None),
    "nonogram": lambda: (_nonogram(), "nonogram"),
}


def viewport(driver, width, height):
    """Make the page's own viewport exactly ``width`` × ``height`` (a phone's when narrow)."""
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600},
    )
    assert driver.execute_script("return [innerWidth, innerHeight]") == [width, height]


def open_page(driver, tmp_path, result, name):
    path = tmp_path / f"{name}.html"
    path.write_text(deduce.show.html(result.log), encoding="utf-8")
    js_errors(driver)
    driver.get(path.as_uri())


def text_of(driver, element_id):
    return driver.execute_script(f"return document.getElementById('{element_id}').innerText")


def in_view(driver) -> bool:
    """Whether the whole board and its legend are in the window, with nothing scrolled."""
    return driver.execute_script(
        "const b=document.querySelector('#picture svg').getBoundingClientRect(),"
        "l=document.getElementById('legend').getBoundingClientRect();"
        "return scrollX===0&&scrollY===0&&b.left>=0&&b.top>=0&&b.right<=innerWidth&&"
        "b.bottom<=innerHeight&&l.bottom<=innerHeight&&l.right<=innerWidth"
    )
