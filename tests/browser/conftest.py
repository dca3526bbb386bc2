"""Browser tests: a real server on a loopback port (bots move at once), driven
by Playwright through Debian's Chromium (never a downloaded browser)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from headframe.server.storage import sqlite_url
from tests.server.conftest import LiveServer

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "browser"
LAPTOP = {"width": 1366, "height": 800}
PHONE_LANDSCAPE = {"width": 844, "height": 390}
TIMEOUT_MS = 30_000  # generous: under `make test` the machine also runs the rest of the suite


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with LiveServer(sqlite_url(tmp_path_factory.mktemp("browser") / "games.db"), think_time=0) as live:
        yield live


# Per module, not per session: while Playwright's sync API is open, its event loop
# runs in this thread, and other modules' tests (asyncio.run) must not find it.
@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: `apt-get install -y chromium` (make test does it)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser, server) -> Iterator[Page]:
    context = browser.new_context(viewport=LAPTOP, base_url=server.url)
    context.set_default_timeout(TIMEOUT_MS)
    opened = context.new_page()
    problems: list[str] = []
    opened.on("pageerror", lambda error: problems.append(str(error)))
    opened.on("console", lambda message: message.type == "error" and problems.append(f"{message.text} {message.location}"))
    yield opened
    context.close()
    assert not problems, problems  # no script error, and nothing the page's security policy refused


def screenshot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


# The board is in the layout board.js asks for at this window size (its NARROW: up to 900 px wide or
# 500 px high; a narrow board is at most 400 units wide), or the page has no board. The server answers
# a resize across that line with the board in the other layout, a moment later.
IN_LAYOUT = """(narrow) => { const svg = document.querySelector(".board-frame svg");
  return !svg || (svg.viewBox.baseVal.width <= 400) === narrow; }"""


def resize(page: Page, viewport: dict) -> None:
    """The window at this size, once its board has come in the layout for it."""
    page.set_viewport_size(viewport)
    page.wait_for_function(IN_LAYOUT, arg=viewport["width"] <= 900 or viewport["height"] <= 500)


def both_sizes(page: Page, name: str) -> None:
    """Screenshots at a laptop's size and on a phone on its side; the window is a laptop's again after."""
    screenshot(page, f"{name}-laptop")
    resize(page, PHONE_LANDSCAPE)
    screenshot(page, f"{name}-phone-landscape")
    resize(page, LAPTOP)
