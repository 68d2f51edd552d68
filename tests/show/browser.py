"""A real headless browser for the page tests: Debian's Chromium driven through Selenium.

The test set-up installs Chromium and its driver with apt-get when they are missing and the
tests run as root on Debian (as CI does); elsewhere the browser tests skip, saying why. CI
(``CI=true``) never skips them: a missing browser fails there.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--window-size=1280,900",
)


def _find() -> tuple[str | None, str | None]:
    return shutil.which("chromium") or shutil.which("chromium-browser"), shutil.which(
        "chromedriver"
    )


def _install() -> str:
    if not shutil.which("apt-get") or os.geteuid() != 0:
        return "Chromium is not installed and apt-get as root is not available to install it"
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for cmd in (
        ["apt-get", "update", "-qq"],
        ["apt-get", "install", "-y", "-qq", "chromium", "chromium-driver"],
    ):
        proc = subprocess.run(
            cmd, capture_output=True, text=True, env=env, timeout=1200, check=False
        )
        if proc.returncode:
            return f"installing Chromium failed: {' '.join(cmd)}: {proc.stderr.strip()[-300:]}"
    return ""


def _unavailable(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"browser tests cannot run in CI: {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def browser():
    """A Selenium Chrome driver on headless Chromium, shared by the page tests."""
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        _unavailable("selenium is not installed (pip install -e '.[test]')")
    chromium, driver = _find()
    if not (chromium and driver):
        problem = _install()
        chromium, driver = _find()
        if not (chromium and driver):
            _unavailable(problem or "Chromium or chromedriver not found after installing")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in FLAGS:
        options.add_argument(flag)
    # a profile of its own: each test module that imports this fixture starts a browser
    profile = Path(tempfile.mkdtemp(prefix="deduce-chromium-"))
    options.add_argument(f"--user-data-dir={profile}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    drv = webdriver.Chrome(service=Service(driver), options=options)
    yield drv
    drv.quit()
    shutil.rmtree(profile, ignore_errors=True)


def screenshot(driver, name: str) -> Path:
    """Save a screenshot under test-artifacts/ (kept for a person to look at)."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    driver.save_screenshot(str(path))
    return path


def js_errors(driver) -> list[str]:
    """The page's console errors since the last call (a broken script shows up here)."""
    return [e["message"] for e in driver.get_log("browser") if e.get("level") == "SEVERE"]
