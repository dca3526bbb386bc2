"""Playing a game page the way a person does: click the first glowing place on
the board (the first item of its menu when it offers several), else the first
button, and wait for the move to come back."""

from __future__ import annotations

from dataclasses import dataclass

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator, Page

ON_BOARD = ".board-frame:not(.waiting) .board .clickable[data-actions]"
BUTTON = ".decision .actions button"
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


def decide(page: Page, clicks: Clicks) -> None:
    """Take one decision by clicking, and wait until the game has moved on."""
    before = version(page)
    places = page.locator(ON_BOARD)
    if places.count():
        click_place(places)
        clicks.board += 1
        menu = page.locator(".board-menu [role=menuitem]")
        if menu.count():
            menu.first.click()
            clicks.menu += 1
    else:
        page.locator(BUTTON).first.click()
        clicks.button += 1
    try:
        page.wait_for_function(MOVED_ON, arg=before, timeout=5000)
    except PlaywrightError:
        # KNOWN DEFECT (#21 note): on Coal Country's phone board a click on a place with several actions
        # now and then opens no menu; the decision's buttons still play it.
        if not page.locator(BUTTON).count():
            raise
        page.locator(BUTTON).first.click()
        clicks.button += 1
        page.wait_for_function(MOVED_ON, arg=before)


def click_place(places: Locator, tries: int = 3) -> None:
    """Click the first glowing place. Forced: a token drawn over a place lets clicks through
    (board.js finds the place under the pointer). A board redrawn by another seat's move, or a
    page just resized, may replace the place between finding and clicking it: find it again."""
    for attempt in range(tries):
        try:
            places.first.wait_for(state="visible")
            places.first.click(force=True)
            return
        except PlaywrightError as error:
            if attempt == tries - 1 or "not visible" not in str(error) and "detached" not in str(error):
                raise


def play_to_end(page: Page, limit: int, every=None) -> Clicks:
    """Decide until the game is over (at most `limit` decisions); `every(clicks)`
    is called before each decision."""
    clicks = Clicks()
    while True:
        page.wait_for_selector(MY_MOVE_OR_OVER)
        if page.locator(".result").count():
            return clicks
        assert clicks.total < limit, f"the game is not over after {limit} decisions"
        if every is not None:
            every(clicks)
        decide(page, clicks)
