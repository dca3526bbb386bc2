"""Friends in two browsers: a seat given by name in the lobby's form is in the invitee's My games,
where they keep it and play; an invitation link opened while signed in takes the seat with one click,
the page turning from watching to playing without a reload; "Play again" after a short game makes a
new table that is in the other player's My games as an invitation."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page

from .conftest import LAPTOP, TIMEOUT_MS, screenshot
from .driving import Clicks, decide, shown
from .test_accounts import Player, each_moves, register

TABLES = itertools.count(1)


@pytest.fixture
def players(browser, server) -> Iterator[list[Player]]:
    made = []
    number = next(TABLES)
    for name in (f"Ines {number}", f"Jonas {number}"):
        context = browser.new_context(viewport=LAPTOP, base_url=server.url)
        context.set_default_timeout(TIMEOUT_MS)
        made.append(Player(context, name))
    for player in made:
        register(player, server.url)
    yield made
    for player in made:
        player.context.close()
    assert not [problem for player in made for problem in player.problems]


def table_for(page: Page, seats: list[dict], **extra) -> dict:
    """A table made by the signed-in player of `page`'s browser (its session and CSRF token)."""
    csrf = page.request.get("/api/session").json()["account"]["csrf"]
    made = page.request.post("/api/games", headers={"X-CSRF-Token": csrf}, data={
        "game": "pit-lamps", "players": len(seats), "seats": seats, "think_time": 0, **extra})
    assert made.status == 201, made.text()
    return made.json()


def play_until_over(pages: list[Page], limit: int = 400) -> None:
    for _ in range(limit):
        if all(shown(page, ".play-again") for page in pages):
            return
        for page in pages:
            if shown(page, ".turn.mine") and not shown(page, "[data-waiting]"):
                decide(page, Clicks())
        pages[0].wait_for_timeout(50)
    raise AssertionError("the game did not end")


def test_a_seat_given_by_name_in_the_lobby_is_kept_and_played_from_my_games(players):
    ines, jonas = players
    lobby = ines.tab("/")
    form = lobby.locator("form.panel")
    form.locator('select[name="game"]').select_option("pit-lamps")
    form.locator('select[name="players"]').select_option("2")
    form.locator('select[name="type-1"]').select_option("human")
    form.locator('input[name="account-1"]').fill(jonas.name.lower())
    form.locator('select[name="pace"]').select_option("fast")
    form.get_by_role("button", name="Create").click()
    lobby.locator("li.given", has_text=f"Seat 2: {jonas.name.lower()}'s, in their My games").wait_for()
    lobby.get_by_role("link", name="Go to your seat").click()
    lobby.wait_for_selector("[data-version]")
    game_id = lobby.url.rsplit("/", 1)[1]
    mine = jonas.tab("/me")
    mine.locator(f'li[data-invitation="{game_id}"]').get_by_role("button", name="Accept").click()
    mine.locator(f'li[data-invitation="{game_id}"]').wait_for(state="detached")
    screenshot(mine, "friends-my-games")
    mine.locator(f'li[data-game="{game_id}"] a').first.click()
    mine.wait_for_selector(f"[data-version] .turn:has-text('You are {jonas.name}')")
    each_moves([lobby, mine])


def test_an_invitation_link_opened_signed_in_takes_the_seat_with_one_click_without_a_reload(players):
    ines, jonas = players
    page = ines.tab("/")
    made = table_for(page, [{"type": "human", "me": True}, {"type": "human"}])
    watching = jonas.tab(f"/games/{made['id']}")
    watching.wait_for_selector("[data-version]")
    watching.evaluate("window.sameDocument = true")
    watching.evaluate("(url) => { location.hash = url.split('#')[1]; }", made["join"][1]["url"])  # pasted in
    watching.get_by_role("button", name=f"Take this seat as {jonas.name}").click()
    watching.wait_for_selector(f"[data-version] .turn:has-text('You are {jonas.name}')")
    assert watching.evaluate("window.sameDocument === true")  # no reload
    assert jonas.context.request.get("/api/me/games").json()["running"][0]["id"] == made["id"]


def test_play_again_after_a_short_game_invites_the_other_player(players):
    ines, jonas = players
    page = ines.tab("/")
    made = table_for(page, [{"type": "human", "me": True}, {"type": "human", "account": jonas.name}],
                     options={"rounds": 1})
    pages = [ines.tab(f"/games/{made['id']}"), jonas.tab(f"/games/{made['id']}")]
    for opened in pages:
        opened.wait_for_selector("[data-version]")
    play_until_over(pages)
    pages[0].get_by_role("button", name="Play again").click()
    pages[0].wait_for_url(lambda url: made["id"] not in url)
    new_id = pages[0].url.split("/games/")[1].split("#")[0]
    pages[0].wait_for_selector(f"[data-version] .turn:has-text('You are {ines.name}')")
    invited = jonas.tab("/me")
    invited.locator(f'li[data-invitation="{new_id}"]').wait_for()
    invited.goto(f"/games/{new_id}")
    invited.get_by_role("button", name="Keep this seat").click()
    invited.locator(".invitation").wait_for(state="detached")
    screenshot(invited, "friends-play-again")
