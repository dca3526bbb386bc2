"""The table as a player has it (issue 52): on a phone held either way, with taps,
and on a laptop, every decision's places are in sight (or one tap on the board's
bar brings them) and its other choices are on screen, a tap on a playable place
plays it or opens a chooser whose choices are all on screen, the page never
scrolls sideways, the board is not squeezed into a small scroll box, and what
changed since the player's last action is marked on the board and in the log."""

from __future__ import annotations

import json

import httpx
import pytest
from playwright.sync_api import Page

from headframe.engine import load_game

from .conftest import ARTIFACTS, TIMEOUT_MS
from .driving import MOVED_ON, version

SIZES = {"phone": ({"width": 390, "height": 844}, True), "phone-landscape": ({"width": 844, "height": 390}, True),
         "laptop": ({"width": 1400, "height": 900}, False)}
GAMES = ["copper-country", "ore-city", "tinners-trail", "coal-country"]
DECISIONS = 15

# The playable places (`data-actions`, glowing) whose middle is inside both the board's view and the window.
PLACES_IN_SIGHT = """() => {
  const view = document.querySelector(".board-view");
  if (!view) return 0;
  const box = view.getBoundingClientRect();
  const bar = document.querySelector(".board-zoom").getBoundingClientRect();  // stays on top when scrolled past
  return [...document.querySelectorAll(".board-frame:not(.waiting) .clickable[data-actions]")].filter((node) => {
    const b = node.getBoundingClientRect();
    const x = (b.left + b.right) / 2, y = (b.top + b.bottom) / 2;
    return x > Math.max(box.left, 0) && x < Math.min(box.right, innerWidth)
      && y > Math.max(box.top, bar.bottom, 0) && y < Math.min(box.bottom, innerHeight);
  }).length; }"""

# A point where a tap lands on a playable place (the topmost element there is the board's, and the place
# is the first playable one under it), inside the window and the board's view, preferring a place that
# offers several actions (a chooser), and its largest part in sight: [x, y, how many actions], or null.
TARGET = """(several) => {
  const svg = document.querySelector(".board-view svg");
  const view = document.querySelector(".board-view").getBoundingClientRect();
  const left = Math.max(view.left, 0), top = Math.max(view.top, 0);
  const right = Math.min(view.right, innerWidth), bottom = Math.min(view.bottom, innerHeight);
  const places = [...document.querySelectorAll(".board-frame:not(.waiting) .clickable[data-actions]")];
  const count = (node) => node.getAttribute("data-actions").split(/\\s+/).length;
  const found = [];  // [x, y, actions, the shape's area in sight]: a place's largest part in sight is tapped
  for (const place of places) {
    for (const shape of [place, ...place.querySelectorAll("*")]) {
      const b = shape.getBoundingClientRect();
      const [l, r, t, u] = [Math.max(b.left, left), Math.min(b.right, right), Math.max(b.top, top), Math.min(b.bottom, bottom)];
      if (l >= r || t >= u) continue;
      const x = Math.round((l + r) / 2), y = Math.round((t + u) / 2);  // taps land on whole pixels
      const topmost = document.elementFromPoint(x, y);
      const first = document.elementsFromPoint(x, y).map((node) => node.closest("[data-actions]"))
        .find((node) => node && node.classList.contains("clickable"));  // the place a tap there plays (board.js)
      if (topmost && svg.contains(topmost) && first === place) {
        found.push([x, y, count(place), (r - l) * (u - t)]);
      }
    }
  }
  found.sort((a, b) => (several ? b[2] - a[2] : a[2] - b[2]) || b[3] - a[3]);
  return found.length ? found[0].slice(0, 3) : null; }"""

MENU = ".board-menu [role=menuitem]"
MENU_IN_SIGHT = """() => [...document.querySelectorAll(".board-menu button")].every((button) => {
  const b = button.getBoundingClientRect();
  return b.top >= 0 && b.left >= 0 && b.bottom <= innerHeight + 0.5 && b.right <= innerWidth + 0.5; })"""

# A decision with no place on the board: its first choices are in the window as it is.
CHOICES_IN_SIGHT = """() => { const button = document.querySelector(".decision button");
  const b = button && button.getBoundingClientRect();
  return Boolean(b) && b.top >= 0 && b.bottom <= innerHeight + 0.5 && b.left >= 0 && b.right <= innerWidth + 0.5; }"""

# The board's view: not a scroll box shorter than 60% of the window (a board that fits needs no more).
BOARD_ROOM = """() => { const view = document.querySelector(".board-view");
  return !view || view.scrollHeight <= view.clientHeight + 1 || view.clientHeight >= 0.6 * innerHeight; }"""

# board.js FINGER_PX: a tap on a smaller place with another within a finger's reach zooms in first.
FINGER_PX = 40
BOARD_WIDTH = """() => document.querySelector(".board-frame:not(.waiting) .board-view svg")?.getBoundingClientRect().width || 0"""
# The smallest side of the place a tap at (x, y) landed on, and of the playable places in sight (CSS px).
PLACE_SIZE = """([x, y]) => { const place = document.elementsFromPoint(x, y).map((node) => node.closest("[data-actions]"))
  .find((node) => node && node.classList.contains("clickable"));
  const b = place && place.getBoundingClientRect(); return b ? Math.min(b.width, b.height) : null; }"""

NO_SIDEWAYS = "() => document.documentElement.scrollWidth <= innerWidth"
PLAYERS_FIT = """() => { const table = document.querySelector("table.players");
  return !table || table.scrollWidth <= table.parentElement.clientWidth + 1; }"""


def sight(page: Page, name: str) -> None:
    """What the window shows (not the whole page): test-artifacts/browser/table-*.png."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"table-{name}.png"))


def tap(page: Page, touch: bool, x: float, y: float) -> None:
    if touch:
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)


SETTLED = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(done))))"


MARKED = """() => [document.querySelectorAll(".log li.new").length, document.querySelectorAll(".board .changed").length]"""


def steady_target(page: Page, several: bool) -> list | None:
    """Where to tap, once the board has stopped moving (a new decision pans it to its places a frame or
    two after it is drawn; on a loaded machine frames come late): the same point twice, 150 ms apart."""
    target = page.evaluate(TARGET, several)
    for _ in range(20):
        page.wait_for_timeout(150)
        again = page.evaluate(TARGET, several)
        if again == target:
            return target
        target = again
    return target


def play_one(page: Page, touch: bool, several: bool, name: str, step: int, sizes: list, zooms: list) -> tuple[int, int]:
    """One of the player's decisions, checked as the issue asks, then taken. Returns how many log
    lines and board amounts were marked as changed since the player's last action; adds the size of
    the place tapped to `sizes`, and the step to `zooms` for each tap that zoomed in instead."""
    page.evaluate(SETTLED)  # a new decision pans the board to its places a frame or two after it is drawn
    marked = page.evaluate(MARKED)
    assert page.evaluate(NO_SIDEWAYS), "the page scrolls sideways"
    assert page.evaluate(PLAYERS_FIT), "the players panel is clipped"
    assert page.evaluate(BOARD_ROOM), "the board is squeezed into a scroll box under 60% of the window"
    before = version(page)
    placed = page.locator(".board-frame:not(.waiting) .clickable[data-actions]").count()
    if placed:
        target = steady_target(page, several) if page.evaluate(PLACES_IN_SIGHT) else None
        if target is None:  # out of sight, or only behind something: the bar's one tap brings them
            bar = page.locator(".board-zoom .show-choices").bounding_box()
            tap(page, touch, bar["x"] + bar["width"] / 2, bar["y"] + bar["height"] / 2)
            page.wait_for_timeout(100)
            assert page.evaluate(PLACES_IN_SIGHT), "the decision's places are out of sight, even after 'My choices'"
            target = steady_target(page, several)
        assert target is not None, "no playable place can be tapped where it is in sight"
        x, y, _ = target
        sizes.append(page.evaluate(PLACE_SIZE, [x, y]))
        width = page.evaluate(BOARD_WIDTH)
        tap(page, touch, x, y)
        for _ in range(3):  # a finger's tap among places smaller than a finger zooms in, then chooses
            page.wait_for_function(f"([before, width]) => ({MOVED_ON})(before) || document.querySelector('{MENU}') "
                                   f"!== null || ({BOARD_WIDTH})() > width * 1.05", arg=[before, width])
            if page.evaluate(BOARD_WIDTH) <= width * 1.05:
                break
            page.evaluate(SETTLED)
            width = page.evaluate(BOARD_WIDTH)
            zooms.append(step)
            x, y, _ = steady_target(page, several)
            assert page.evaluate(PLACE_SIZE, [x, y]) >= FINGER_PX - 0.5 or zooms.count(step) > 1, \
                "zoomed in, yet the place is still smaller than a finger"
            tap(page, touch, x, y)
        # The tap plays or opens a chooser: a place offering several actions opens one, yet the browser's touch
        # adjustment may give a finger's tap to the neighbouring place it judged meant (Chromium does, near
        # edges), which may offer one action, or several.
        page.wait_for_function(f"before => ({MOVED_ON})(before) || document.querySelector('{MENU}') !== null", arg=before)
        if not page.evaluate(MOVED_ON, before):
            assert page.evaluate(MENU_IN_SIGHT), "a chooser's choices fall off the screen"
            if step < 3:
                sight(page, f"{name}-chooser-{step}")
            item = page.locator(MENU).first
            box = item.bounding_box()
            tap(page, touch, box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    else:
        assert page.evaluate(CHOICES_IN_SIGHT), "the decision's buttons are out of sight"
        box = page.locator(".decision button").first.bounding_box()
        tap(page, touch, box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_function(MOVED_ON, arg=before)
    return marked


def record_targets(name: str, sizes: list, zooms: list) -> None:
    """The sizes of the places tapped at the zoom the board opened at, and how many taps zoomed in
    first, for the issue's report: test-artifacts/browser/table-targets-*.json."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    measured = [size for size in sizes if size is not None]
    (ARTIFACTS / f"table-targets-{name}.json").write_text(json.dumps({
        "smallest_px": round(min(measured), 1) if measured else None,
        "under_finger": sum(size < FINGER_PX for size in measured), "taps": len(measured), "zoomed_in": len(zooms)}))


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("game", GAMES)
def test_every_decision_is_a_tap_away(browser, server, game, size):
    viewport, touch = SIZES[size]
    context = browser.new_context(viewport=viewport, has_touch=touch, is_mobile=touch, base_url=server.url)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.on("console", lambda message: message.type == "error" and problems.append(message.text))
    created = httpx.post(f"{server.url}/api/games", timeout=30, json={
        "game": game, "players": 2, "hotseat": True, "options": load_game(game).short_options,
        "seats": [{"type": "human", "name": "Ann"}, {"type": "bot", "agent": "heuristic"}]}).json()
    name = f"{game}-{size}"
    try:
        page.goto(created["play_url"])
        marked: list = []
        sizes: list = []
        zooms: list = []
        for step in range(DECISIONS):
            page.wait_for_selector(".turn.mine, .result")
            if page.locator(".result").count():
                break
            page.wait_for_selector("[data-version]:not([data-waiting=true])")
            if step == 0:
                sight(page, f"{name}-first-decision")
            marked.append(play_one(page, touch, several=step % 2 == 0, name=name, step=step, sizes=sizes, zooms=zooms))
        sight(page, f"{name}-after")
        record_targets(name, sizes, zooms)
    except Exception:
        sight(page, f"{name}-failed")  # what the window showed when it went wrong
        raise
    finally:
        context.close()
    assert not problems, problems
    # What changed since the player's last action is marked: nothing before the first, then lines
    # of the log and amounts on the board.
    assert marked[0] == [0, 0]
    assert any(lines for lines, _ in marked[1:]) and any(amounts for _, amounts in marked[1:]), marked


# A playable place smaller than a finger with another playable place within a finger's reach of its middle
# (board.js NEAR: up to 14 px), in sight: [x, y] of its middle, or null.
CROWDED = """() => {
  const view = document.querySelector(".board-view").getBoundingClientRect();
  const places = [...document.querySelectorAll(".board-frame:not(.waiting) .clickable[data-actions]")];
  const placeAt = (x, y) => document.elementsFromPoint(x, y).map((node) => node.closest("[data-actions]"))
    .find((node) => node && node.classList.contains("clickable"));
  for (const place of places) {
    const b = place.getBoundingClientRect();
    const [x, y] = [Math.round(b.left + b.width / 2), Math.round(b.top + b.height / 2)];
    const outside = x < view.left || x > view.right || y < view.top || y > Math.min(view.bottom, innerHeight);
    if (Math.min(b.width, b.height) >= 40 || outside) continue;
    if (placeAt(x, y) !== place) continue;
    const near = [[0, -8], [8, 0], [0, 8], [-8, 0], [0, -14], [14, 0], [0, 14], [-14, 0]]
      .some(([dx, dy]) => { const other = placeAt(x + dx, y + dy); return other && other !== place; });
    if (near) return [x, y, place.getAttribute("data-actions")];
  }
  return null; }"""

# The middle of the place offering these actions, and its smaller side: [x, y, side].
PLACE_OF = """(actions) => { const place = document.querySelector(`.board-frame:not(.waiting) [data-actions="${actions}"]`);
  const b = place.getBoundingClientRect();
  return [Math.round(b.left + b.width / 2), Math.round(b.top + b.height / 2), Math.min(b.width, b.height)]; }"""


def test_a_tap_among_places_smaller_than_a_finger_zooms_in_to_choose(browser, server):
    # issue 52: targets of at least 40 CSS px, or a tap on close targets zooms in to choose. The whole
    # Tinners' Trail board on a phone (its map's crossings a few px apart) is where a finger needs it.
    context = browser.new_context(viewport=SIZES["phone"][0], has_touch=True, is_mobile=True, base_url=server.url)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    created = httpx.post(f"{server.url}/api/games", timeout=30, json={
        "game": "tinners-trail", "players": 2, "hotseat": True, "seats": [{"type": "human"}, {"type": "human"}]}).json()
    try:
        page.goto(created["play_url"])
        page.wait_for_selector(".turn.mine")
        toggle = page.locator(".zoom-toggle").bounding_box()
        tap(page, True, toggle["x"] + toggle["width"] / 2, toggle["y"] + toggle["height"] / 2)  # "Whole board"
        page.evaluate(SETTLED)
        assert page.locator(".zoom-toggle").inner_text() == "Readable"
        target = page.evaluate(CROWDED)
        assert target is not None, "the whole board on a phone has no places closer than a finger"
        width, before = page.evaluate(BOARD_WIDTH), version(page)
        tap(page, True, target[0], target[1])
        page.evaluate(SETTLED)
        assert page.evaluate(BOARD_WIDTH) > width * 1.5, "a tap among small places did not zoom in"
        assert page.locator(".board-frame .hint").inner_text().startswith("Zoomed in")
        assert version(page) == before  # nothing was played by that tap
        sight(page, "tinners-trail-phone-zoomed-to-choose")
        x, y, side = page.evaluate(PLACE_OF, target[2])  # the place tapped, now a finger's size
        assert side >= FINGER_PX - 0.5, side
        tap(page, True, x, y)
        page.wait_for_function(f"before => ({MOVED_ON})(before) || document.querySelector('{MENU}') !== null", arg=before)
        if not page.evaluate(MOVED_ON, before):
            item = page.locator(MENU).first.bounding_box()
            tap(page, True, item["x"] + item["width"] / 2, item["y"] + item["height"] / 2)
        page.wait_for_function(MOVED_ON, arg=before)
        page.wait_for_selector(".turn.mine")  # the other seat of the hot seat: the board opens as it was
        page.evaluate(SETTLED)
        assert page.locator(".zoom-toggle").inner_text() == "Readable"
        assert abs(page.evaluate(BOARD_WIDTH) - width) < 0.1 * width  # fitted again (to a frame as tall, or nearly)
    finally:
        context.close()
