"""How big the step-by-step page is and how fast it opens in headless Chromium.

Usage: python bench/html_page.py [--repeat 5] [PUZZLE]

Default puzzle: the first easy50 Sudoku whose solve has at least 60 steps (a bundled one
when ../shared/corpora is absent). Prints the page size and the median time from navigation
start to the first picture drawn, over --repeat fresh page loads.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import deduce
import deduce.show
from tests.show.browser import FLAGS

CORPUS = (
    Path(__file__).resolve().parent.parent.parent / "shared" / "corpora" / "sudoku" / "easy50.txt"
)
FALLBACK = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


def pick_puzzle() -> str:
    if CORPUS.exists():
        for line in CORPUS.read_text().split():
            if len(deduce.solve(line).log) >= 60:
                return line
    return FALLBACK


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("puzzle", nargs="?")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    puzzle = args.puzzle or pick_puzzle()
    result = deduce.solve(puzzle)
    page = deduce.show.html(result.log)
    folder = Path(tempfile.mkdtemp())
    path = folder / "page.html"
    path.write_text(page, encoding="utf-8")
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={folder / 'profile'}")
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    times = []
    try:
        for _ in range(args.repeat):
            driver.get("about:blank")
            driver.get(path.as_uri())
            ms = driver.execute_script(
                "const t=performance.getEntriesByType('navigation')[0];"
                "return document.querySelector('#picture svg') ? t.loadEventEnd - t.startTime : -1;"
            )
            times.append(ms)
    finally:
        driver.quit()
    print(f"puzzle: {puzzle}")
    print(f"steps: {len(result.log)}  page: {len(page.encode()) / 1024:.0f} KB")
    print(
        f"open to first picture: median {statistics.median(times):.0f} ms over {len(times)} loads ({times})"
    )


if __name__ == "__main__":
    main()
