"""The table's chat between two players and a spectator, each in a browser of
their own; a rated game against a bot level played to its end by clicking, its
rating change on the game page and the leaderboard; and all of it again after
the server restarts. The lobby offers the bot levels as Easy, Medium and Hard."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from headframe.server.storage import sqlite_url
from tests.server.conftest import LiveServer

from .conftest import LAPTOP, PHONE_LANDSCAPE, TIMEOUT_MS, screenshot
from .driving import play_to_end

MARKUP = "Hello <b>Bob</b> & <img src=x onerror=alert(1)>"
SIGNED_CHANGE = re.compile(r"^([+-]\d+\.\d|±0)$")  # "+1.2", "-0.4", "±0"


@pytest.fixture
def db(tmp_path: Path) -> str:
    return sqlite_url(tmp_path / "games.db")


@contextmanager
def person(browser: Browser, server: LiveServer, viewport=LAPTOP) -> Iterator[Page]:
    """A browser of one's own (its own storage), failing on any script error."""
    context = browser.new_context(viewport=viewport, base_url=server.url)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.on("console", lambda message: message.type == "error" and problems.append(message.text))
    try:
        yield page
    finally:
        context.close()
    assert not problems, problems


def api(server: LiveServer) -> httpx.Client:
    return httpx.Client(base_url=server.url, timeout=30)


def seat_link(http: httpx.Client, created: dict, seat: int, name: str) -> str:
    claimed = http.post(f"/api/games/{created['id']}/seats/{seat}/claim", json={"name": name},
                        headers={"Authorization": f"Bearer {created['join'][seat]['token']}"})
    assert claimed.status_code == 200, claimed.text
    return claimed.json()["url"]


def say(page: Page, text: str, name: str | None = None) -> None:
    if name is not None:
        page.fill(".chat-form input[name=chat-name]", name)
    page.fill(".chat-form input[name=chat]", text)
    page.press(".chat-form input[name=chat]", "Enter")


def lines(page: Page):
    return page.locator(".chat .chat-lines li")


def test_two_players_and_a_spectator_chat_and_it_is_kept_across_a_restart(browser, db):
    with LiveServer(db, think_time=0) as server, api(server) as http:
        created = http.post("/api/games", json={"game": "pit-lamps", "players": 2, "think_time": 0,
                                                "seats": [{"type": "human"}, {"type": "human"}]}).json()
        ann_url, bob_url = seat_link(http, created, 0, "Ann"), seat_link(http, created, 1, "Bob")
        with person(browser, server) as ann, person(browser, server, PHONE_LANDSCAPE) as bob, \
                person(browser, server) as watcher:
            for page, url in ((ann, ann_url), (bob, bob_url), (watcher, created["spectate_url"])):
                page.goto(url)
                page.wait_for_selector("[data-version]")
            expect(ann.locator(".chat-name")).to_be_hidden()  # a seat writes under its own name
            say(ann, MARKUP)
            for page in (ann, bob, watcher):
                expect(lines(page)).to_have_count(1)
                expect(lines(page).first.locator(".chat-text")).to_have_text(MARKUP)  # text, not markup
                assert lines(page).first.locator("b, img").count() == 0
                expect(lines(page).first).to_contain_text("Ann:")
            say(watcher, "good luck, both", name="Cy")
            say(bob, "thanks!")
            for page in (ann, bob, watcher):
                expect(lines(page)).to_have_count(3)
            expect(lines(ann).nth(1)).to_contain_text("Cy (watching): good luck, both")
            expect(lines(watcher).nth(2)).to_contain_text("Bob: thanks!")
            screenshot(ann, "chat-laptop")
            screenshot(bob, "chat-phone")
            say(ann, "x" * 5 + "\u0007")  # refused with a sentence; the text stays to be mended
            expect(ann.locator(".chat-error")).to_contain_text("control")
            expect(ann.locator(".chat-form input[name=chat]")).to_have_value("xxxxx\u0007")
    with LiveServer(db, think_time=0) as server, person(browser, server) as watcher:
        watcher.goto(created["spectate_url"])
        expect(lines(watcher)).to_have_count(3)
        expect(lines(watcher).first.locator(".chat-text")).to_have_text(MARKUP)


def register(page: Page, name: str) -> None:
    page.goto("/signin")
    page.fill('input[name="name"]', name)
    page.fill('input[name="password"]', "a rated game, at last")
    page.get_by_role("button", name="Register").click()
    page.wait_for_url("**/me")


def test_a_rated_game_against_a_bot_moves_the_leaderboard_and_it_survives_a_restart(browser, db):
    with LiveServer(db, think_time=0) as server:
        with person(browser, server) as page:
            register(page, "Ann")
            page.goto("/")
            page.wait_for_selector('.card[data-game="pit-lamps"] select[name="bots"]')
            card = page.locator('.card[data-game="pit-lamps"]')
            bots = card.locator('select[name="bots"]')
            choices = bots.locator("option").all_inner_texts()
            assert choices == ["Easy · Random bot", "Medium · Heuristic bot", "Medium · ISMCTS · 100 iterations",
                               "Hard · ISMCTS · 1000 iterations"]  # before any rated game: the fixed order
            bots.select_option(label="Easy · Random bot")
            card.get_by_role("button", name="Play against bots").click()  # signed in: a rated game, not hot seat
            page.wait_for_url(re.compile(r"/games/[\w-]+$"))  # no tokens in the link: the session holds the seat
            page.wait_for_selector("[data-version] .turn:has-text('You are Ann')")
            created = {"id": page.url.rsplit("/", 1)[1]}
            expect(page.locator(".panel", has_text="players")).to_contain_text("Random bot (")  # named by its level
            with api(server) as http:
                assert http.get(f"/api/games/{created['id']}/ratings").json()["rated"] is True
            say(page, "gl hf")
            play_to_end(page, limit=60)
            changes = page.locator(".rating-changes")
            expect(changes).to_be_visible()
            expect(changes.locator("tr")).to_have_count(3)
            expect(changes.locator(".rating-change").first).to_have_text(SIGNED_CHANGE)
            screenshot(page, "rated-game-over")
            page.goto("/ratings/pit-lamps")
            board = page.locator("table.leaderboard tr")
            expect(board).to_have_count(3)
            expect(page.locator("table.leaderboard")).to_contain_text("Ann")
            expect(page.locator("table.leaderboard")).to_contain_text("Random bot")
            expect(page.locator("table.leaderboard")).not_to_contain_text("(bot)")  # its name says so already
            screenshot(page, "leaderboard-laptop")
            page.set_viewport_size(PHONE_LANDSCAPE)
            screenshot(page, "leaderboard-phone")
            before_restart = board.all_inner_texts()
    with LiveServer(db, think_time=0) as server, person(browser, server) as page:
        page.goto("/ratings/pit-lamps")
        expect(page.locator("table.leaderboard tr")).to_have_count(3)
        assert page.locator("table.leaderboard tr").all_inner_texts() == before_restart
        page.goto(f"/games/{created['id']}")
        expect(page.locator(".rating-changes .rating-change")).to_have_count(2)
        expect(lines(page)).to_have_count(1)
        page.goto(f"/games/{created['id']}/replay")
        message = page.locator(".chat .chat-lines li")
        expect(message).to_contain_text(re.compile(r"step \d+ · .*Ann: gl hf"))
        step = message.get_attribute("data-step")
        page.goto("/")  # away, and back at the message's step by clicking it
        page.goto(f"/games/{created['id']}/replay#step=0")
        message.click()
        expect(page.locator(".turn")).to_contain_text(f"Step {step}")
