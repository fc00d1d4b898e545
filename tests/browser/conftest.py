"""Headless Chromium for the browser tests: Debian's system browser driven by Playwright (never a downloaded one).

The tests skip, saying why, only when no browser can be had (no Playwright, no /usr/bin/chromium; with
``MJSIM_REQUIRE_BROWSER=1``, as .ci/run sets, they fail instead); screenshots
are kept under results/ only when asked (``--keep-screenshots`` or ``MJSIM_KEEP_SCREENSHOTS=1``).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("MJSIM_CHROMIUM", "/usr/bin/chromium")
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "results" / "viewer" / "screenshots"


def pytest_addoption(parser: pytest.Parser) -> None:
    """``--keep-screenshots``: write the browser tests' screenshots under results/viewer/screenshots."""
    parser.addoption("--keep-screenshots", action="store_true", help="keep browser screenshots under results/viewer")


def _why_no_browser() -> str | None:
    """Why the browser tests cannot run here (None when they can)."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the Python package playwright is not installed (pip install -e '.[dev]')"
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        return f"no Chromium at {CHROMIUM} (apt-get install -y chromium, or set MJSIM_CHROMIUM)"
    return None


@pytest.fixture(scope="session")
def browser():
    """One headless Chromium for the session, with a fresh profile that is removed afterwards."""
    why = _why_no_browser()
    if why and os.environ.get("MJSIM_REQUIRE_BROWSER") == "1":  # CI: a missing browser is a failure
        pytest.fail(f"MJSIM_REQUIRE_BROWSER=1 but {why}")
    if why:
        pytest.skip(f"browser tests skipped: {why}")
    from playwright.sync_api import sync_playwright

    profile = tempfile.mkdtemp(prefix="mjsim-chromium-")
    with sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=FLAGS, headless=True, viewport={"width": 1400, "height": 1000}
        )
        try:
            yield context
        finally:
            context.close()
            shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture
def page(browser):
    """A new tab that fails the test on any script error of the page, or anything its CSP refused (a test that
    injects content on purpose empties ``tab.csp_refusals`` after checking it)."""
    tab = browser.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda exc: errors.append(str(exc)))
    tab.csp_refusals = []  # what the page's Content-Security-Policy refused: its own content never is
    tab.on("console", lambda m: tab.csp_refusals.append(m.text) if "Content Security Policy" in m.text else None)
    yield tab
    refused = list(tab.csp_refusals)
    tab.close()
    assert not errors, f"the page raised: {errors}"
    assert not refused, f"the page's policy refused its own content: {refused[:2]}"


@pytest.fixture
def screenshot(request: pytest.FixtureRequest):
    """``screenshot(page, name)``: saved under results/viewer/screenshots when asked, else to a temporary file."""
    keep = request.config.getoption("--keep-screenshots") or os.environ.get("MJSIM_KEEP_SCREENSHOTS") == "1"

    def take(tab, name: str) -> Path:
        folder = SCREENSHOTS if keep else Path(tempfile.mkdtemp(prefix="mjsim-shot-"))
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{name}.png"
        tab.screenshot(path=str(path), full_page=True)
        assert path.stat().st_size > 0
        return path

    return take
