"""Playing a game page the way a person does: click the first glowing place on
the board (the first item of its menu when it offers several), else the first
button, and wait for the move to come back."""

from __future__ import annotations

from dataclasses import dataclass

from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

ON_BOARD = ".board-frame:not(.waiting) .board .clickable[data-actions]"
BUTTON = ".decision .actions button"
MENU_ITEM = ".board-menu [role=menuitem]"
MY_MOVE_OR_OVER = ".turn.mine, .result"
# The page's move is answered (no longer waiting) and the game is past the version it decided on.
MOVED_ON = """before => {
  const table = document.querySelector("[data-version]");
  return table && !table.hasAttribute("data-waiting") && Number(table.dataset.version) > before;
}"""


@dataclass
class Clicks:
    board: int = 0
    menu: int = 0
    button: int = 0

    @property
    def total(self) -> int:
        return self.board + self.button


def start_from_lobby(page: Page, game: str, players: int, short: bool = True) -> str:
    """Two clicks from the lobby: the game's card, and "Play against bots" on it.
    Returns the game's id."""
    page.goto("/")
    card = page.locator(f'.card[data-game="{game}"]')
    card.locator('select[name="players"]').select_option(str(players))
    if short and card.locator('input[name="short"]').count():
        card.locator('input[name="short"]').check()
    card.get_by_role("button", name="Play against bots").click()
    page.wait_for_url("**/games/*")
    page.wait_for_selector("[data-version]")
    return page.url.rsplit("/", 1)[1]


def version(page: Page) -> int:
    return int(page.get_attribute("[data-version]", "data-version"))


def shown(page: Page, selector: str) -> bool:
    """Whether the page has an element for `selector`, found by the page's own
    querySelector: Playwright's selector engine walks a big board's thousands of
    elements ~30 ms per look, many times slower."""
    return page.evaluate("(selector) => document.querySelector(selector) !== null", selector)


def decide(page: Page, clicks: Clicks) -> None:
    """Take one decision by clicking, and wait until the game has moved on."""
    before = version(page)
    offered(page)
    point = page.evaluate(PLACE_IN_SIGHT, ON_BOARD)
    if point is None:
        page.locator(BUTTON).first.click()
        clicks.button += 1
    for _ in range(3):  # a click on a board still moving (a new decision pans it, late on a busy machine) may miss
        if point is None:
            break
        page.mouse.click(*point)
        clicks.board += 1
        if shown(page, MENU_ITEM):
            page.locator(MENU_ITEM).first.click()
            clicks.menu += 1
        try:
            page.wait_for_function(MOVED_ON, arg=before, timeout=3_000)
            return
        except PlaywrightTimeout:
            point = page.evaluate(PLACE_IN_SIGHT, ON_BOARD)
    page.wait_for_function(MOVED_ON, arg=before)


def offered(page: Page) -> None:
    """Wait until the page offers something to click: a glowing place or a button that is not
    disabled. A page that shows the seat's move but offers neither fails with what it shows."""
    try:
        page.wait_for_function(OFFERED, arg=[ON_BOARD, BUTTON], timeout=30_000)
    except PlaywrightTimeout:
        raise AssertionError(f"the page offers nothing to click: {page.evaluate(SHOWING)}") from None


OFFERED = """([place, button]) => document.querySelector(place) !== null
  || [...document.querySelectorAll(button)].some((node) => !node.disabled)"""
SHOWING = """() => ({
  turn: document.querySelector(".turn")?.innerText,
  table: Object.assign({}, document.querySelector("[data-version]")?.dataset),
  frame: document.querySelector(".board-frame")?.className,
  places: document.querySelectorAll(".board [data-actions]").length,
  decision: document.querySelector(".decision")?.innerText,
})"""


# A point of the first glowing place where a person sees it: the place brought to the middle of
# its view and of the window, and a point of it that nothing of another place covers (board.js
# finds the place under the pointer, beneath labels and tokens), the same two frames later (a
# board redrawn by another seat's move may replace the place between finding and clicking it).
# Null when no place glows; an error when none of its centre and corners' insides stays in sight.
# (A click Playwright places itself, forced, can miss a place in a board that pans in its own
# view; a person only ever taps what is in sight.)
PLACE_IN_SIGHT = """async (selector) => {
  const inSight = () => {
    const node = document.querySelector(selector);
    if (!node) return null;
    node.scrollIntoView({ block: "center", inline: "center" });
    const box = node.getBoundingClientRect();
    const points = [[0.5, 0.5], [0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]]
      .map(([x, y]) => [box.left + x * box.width, box.top + y * box.height]);
    return points.find(([x, y]) => document.elementsFromPoint(x, y).some((e) => e.closest("[data-actions]") === node))
      || null;
  };
  const twoFrames = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  if (!document.querySelector(selector)) return null;
  for (let tries = 0; tries < 3; tries++) {
    const point = inSight();
    await twoFrames();
    if (point !== null && JSON.stringify(inSight()) === JSON.stringify(point)) return point;
  }
  throw new Error("no point of the first glowing place is in sight after 3 tries");
}"""


def play_to_end(page: Page, limit: int, every=None) -> Clicks:
    """Decide until the game is over (at most `limit` decisions); `every(clicks)`
    is called before each decision."""
    clicks = Clicks()
    while True:
        page.wait_for_selector(MY_MOVE_OR_OVER)
        if shown(page, ".result"):
            return clicks
        assert clicks.total < limit, f"the game is not over after {limit} decisions"
        if every is not None:
            every(clicks)
        decide(page, clicks)
