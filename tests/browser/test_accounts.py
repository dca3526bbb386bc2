"""Two players with accounts, each in a browser of their own: they register, one
sets up a turn-based table whose seats anyone in the lobby may take, the other takes the
open seat, both play moves; a closed tab comes back through My games. Then the
server restarts on the same database file and all of it works again."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import BrowserContext, Page

from headframe.server.storage import sqlite_url
from tests.server.conftest import LiveServer

from .conftest import LAPTOP, TIMEOUT_MS, both_sizes, screenshot
from .driving import Clicks, decide, shown, start_from_lobby

PASSWORD = "two players, one table"


@pytest.fixture(scope="module")
def db_url(tmp_path_factory) -> str:
    return sqlite_url(tmp_path_factory.mktemp("accounts-browser") / "games.db")


class Player:
    """One person's browser: a context of its own (cookies, local storage), any number of tabs."""

    def __init__(self, context: BrowserContext, name: str) -> None:
        self.context, self.name = context, name
        self.problems: list[str] = []

    def tab(self, url: str) -> Page:
        page = self.context.new_page()
        page.on("pageerror", lambda error: self.problems.append(str(error)))
        page.on("console", lambda m: m.type == "error" and self.problems.append(f"{m.text} {m.location}"))
        page.goto(url)
        return page


@pytest.fixture
def players(browser) -> Iterator[list[Player]]:
    made = []
    for name in ("Ada", "Bruno"):
        context = browser.new_context(viewport=LAPTOP)
        context.set_default_timeout(TIMEOUT_MS)
        made.append(Player(context, name))
    yield made
    for player in made:
        player.context.close()
    assert not [problem for player in made for problem in player.problems]


def register(player: Player, base: str) -> None:
    page = player.tab(f"{base}/signin")
    page.fill('input[name="name"]', player.name)
    page.fill('input[name="password"]', PASSWORD)
    page.get_by_role("button", name="Register").click()
    page.wait_for_url("**/me")
    assert page.locator("#account .name").inner_text() == player.name
    page.close()


def set_up_open_table(ada: Player, base: str) -> Page:
    page = ada.tab(f"{base}/")
    form = page.locator("form.panel")
    form.locator('select[name="game"]').select_option("pit-lamps")
    form.locator('select[name="players"]').select_option("2")
    form.locator('select[name="type-1"]').select_option("human")
    assert form.locator('input[name="mine"]').is_checked()  # signed in: the first person's seat is mine
    form.locator('input[name="open_seats"]').check()
    form.locator('select[name="clock"]').select_option(label="Turn based · 1 day per move")
    form.locator('select[name="pace"]').select_option("fast")  # the server's think time: none in tests
    form.get_by_role("button", name="Create").click()
    page.get_by_role("link", name="Go to your seat").click()
    page.wait_for_selector("[data-version]")
    return page


def take_open_seat(bruno: Player, base: str) -> Page:
    page = bruno.tab(f"{base}/")
    table = page.locator("li", has=page.get_by_role("button", name="join as seat 2"))
    assert "1 of 2 seats taken (Ada waiting)" in table.inner_text()
    both_sizes(page, "accounts-lobby-open-table")
    table.get_by_role("button", name="join as seat 2").click()
    page.wait_for_url("**/games/*")
    page.wait_for_selector(".turn.mine")
    return page


def back_through_my_games(player: Player, base: str, game_id: str) -> Page:
    """A fresh tab: My games lists the game (under "Your move" when it is), and its link returns to the seat."""
    page = player.tab(f"{base}/me")
    entry = page.locator(f'li[data-game="{game_id}"]')
    entry.locator("a").first.wait_for()
    if "mine" in (entry.get_attribute("class") or ""):
        assert page.title().startswith("Your move · ")
    entry.locator("a").first.click()
    page.wait_for_selector(f"[data-version] .turn:has-text('You are {player.name}')")
    return page


def each_moves(pages: list[Page], limit: int = 40) -> None:
    """Play whichever page has the move until every page has made one (the title says whose it is)."""
    moved: set[int] = set()
    for _ in range(limit * 20):
        for index, page in enumerate(pages):
            if shown(page, ".turn.mine") and not shown(page, "[data-waiting]"):
                assert page.title().startswith("Your move · ")
                decide(page, Clicks())
                moved.add(index)
        if len(moved) == len(pages):
            return
        pages[0].wait_for_timeout(50)
    raise AssertionError(f"only pages {moved} could move")


def test_two_accounts_play_a_table_leave_and_come_back_through_my_games_across_a_restart(players, db_url):
    ada, bruno = players
    with LiveServer(db_url, think_time=0) as server:
        base = server.url
        register(ada, base)
        register(bruno, base)
        ada_page = set_up_open_table(ada, base)
        bruno_page = take_open_seat(bruno, base)
        each_moves([ada_page, bruno_page])
        game_id = ada_page.url.rsplit("/", 1)[1]
        both_sizes(bruno_page, "accounts-game")
        ada_page.close()  # Ada closes her tab and comes back from My games
        my_games = ada.tab(f"{base}/me")
        entry = my_games.locator(f'li[data-game="{game_id}"]')
        entry.locator("a").first.wait_for()
        if "mine" in (entry.get_attribute("class") or ""):  # her move: how long it has left, in words
            assert re.search(r"· (23 h 59 min|1 day) left", entry.inner_text()), entry.inner_text()
        else:  # turn based: her next move gets the whole day
            assert " left" not in entry.inner_text()
        both_sizes(my_games, "accounts-my-games")
        my_games.close()
        ada_page = back_through_my_games(ada, base, game_id)
        each_moves([ada_page, bruno_page])
        version = int(ada_page.get_attribute("[data-version]", "data-version"))
        ada_page.close()
        bruno_page.close()
    with LiveServer(db_url, think_time=0) as server:  # the same database file, a new process-worth of memory
        base = server.url
        ada_page, bruno_page = back_through_my_games(ada, base, game_id), back_through_my_games(bruno, base, game_id)
        assert int(ada_page.get_attribute("[data-version]", "data-version")) >= version  # nothing was lost
        each_moves([ada_page, bruno_page])
        assert "Ada" in bruno_page.locator(".panel", has_text="players").inner_text()
        both_sizes(ada_page, "accounts-after-restart")


def test_a_guest_returns_to_the_seat_from_my_games_in_another_tab(browser, tmp_path):
    with LiveServer(sqlite_url(tmp_path / "guest.db"), think_time=0) as server:
        context = browser.new_context(viewport=LAPTOP, base_url=server.url)
        context.set_default_timeout(TIMEOUT_MS)
        guest = Player(context, "You")
        first = guest.tab("/")
        assert first.locator("#account a").inner_text() == "Sign in"
        game_id = start_from_lobby(first, "pit-lamps", 2)  # no account: the tokens stay in this browser
        first.close()
        again = guest.tab("/me")
        entry = again.locator(f'li[data-game="{game_id}"] a')
        entry.wait_for()
        screenshot(again, "accounts-guest-my-games")
        entry.click()
        again.wait_for_selector("[data-version] .turn:has-text('You are Guest')")  # the lobby names a guest's seat
        decide(again, Clicks())
        context.close()
        assert not guest.problems, guest.problems
