"""A real-time table in the browser: the person's clock ticks on the page, runs
out, a stand-in plays the seat, the player takes it back and moves; then the
server restarts while the clock runs, and all of it happens again (the clock
kept what it had: it runs out at once, not after a fresh bank)."""

from __future__ import annotations

import re
import time

import httpx
from playwright.sync_api import Page

from headframe.server.storage import sqlite_url
from tests.server.conftest import LiveServer, claim

from .conftest import LAPTOP, TIMEOUT_MS, both_sizes, screenshot
from .driving import Clicks, decide

# Ten seconds to start, four more each move, and taking a seat back gives the whole bank again (its cap):
# long enough for a loaded machine to open the page first, and to show the taken-back seat's turn before
# its clock runs out again.
PRESETS = {"real-time": {"fast": (10.0, 4.0)}}
RAN_OUT = "Anna's time ran out: a stand-in bot plays in their place"


def start_server(db: str) -> LiveServer:
    return LiveServer(db, think_time=0, clock_presets=PRESETS).__enter__()


def open_seat(browser, server: LiveServer, game_id: str, token: str) -> tuple[Page, list[str]]:
    context = browser.new_context(viewport=LAPTOP, base_url=server.url)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))  # a dropped socket's console line is expected
    page.goto(f"/games/{game_id}#tokens={token}")
    page.wait_for_selector("[data-version]")
    return page, problems


def notices(page: Page) -> list[str]:
    return page.locator(".log li.notice").all_inner_texts()


def take_back_and_move(page: Page) -> None:
    page.get_by_role("button", name="Take my seat back").click()
    page.wait_for_selector(".turn.mine")
    decide(page, Clicks())
    assert notices(page)[-1] == "Anna is back"


def test_a_clock_runs_out_a_stand_in_plays_and_the_player_takes_the_seat_back_before_and_after_a_restart(
        browser, tmp_path):
    db = sqlite_url(tmp_path / "clocks.db")
    server = start_server(db)
    with httpx.Client(base_url=server.url, timeout=30) as http:
        created = http.post("/api/games", json={
            "game": "pit-lamps", "players": 2, "options": {"rounds": 40}, "think_time": 0.4,
            "clock": {"mode": "real-time", "preset": "fast"},
            "seats": [{"type": "human"}, {"type": "bot", "agent": "random"}]}).json()
        token = claim(http, created["id"], 0, created["join"][0]["token"], "Anna")
    try:
        page, problems = open_seat(browser, server, created["id"], token)
        assert "Real time · fast: 10 s + 4 s per move" in page.locator("main").inner_text()
        mine = page.locator('.clock.running[data-seat="0"]')
        first = mine.inner_text()
        page.wait_for_function("t => document.querySelector('.clock.running[data-seat=\"0\"]').textContent !== t", arg=first)
        assert re.fullmatch(r"0:(0\d|10)", mine.inner_text())  # it ticks down on the page
        screenshot(page, "clock-ticking")
        page.get_by_role("button", name="Take my seat back").wait_for()  # ran out: a stand-in plays the seat
        assert notices(page) == [RAN_OUT]
        assert page.locator('.clock.out[data-seat="0"]').inner_text() == "0:00"
        page.wait_for_selector(".turn:not(.mine)")
        both_sizes(page, "clock-stand-in")
        take_back_and_move(page)
        # The server stops while the person's clock runs again, and stays down until it would have run out.
        page.wait_for_selector('.clock.running[data-seat="0"]')
        page.context.close()
    finally:
        server.__exit__(None, None, None)
    time.sleep(10.5)
    server = start_server(db)
    try:
        with httpx.Client(base_url=server.url, timeout=30) as http:
            first = http.get(f"/api/games/{created['id']}").json()["clock"]["seats"][0]
        assert first["left"] == 0.0  # the deadline was kept over the restart: not a fresh ten seconds
        page, later_problems = open_seat(browser, server, created["id"], token)
        page.get_by_role("button", name="Take my seat back").wait_for()
        assert notices(page) == [RAN_OUT, "Anna is back", RAN_OUT]
        assert page.locator('[data-seat="0"].clock').inner_text() == "0:00"  # what it had, not a new bank
        both_sizes(page, "clock-after-restart")
        take_back_and_move(page)
        assert not problems and not later_problems, problems + later_problems
    finally:
        server.__exit__(None, None, None)


def test_the_lobby_form_offers_the_clocks_in_words_and_the_table_shows_its_clock(page):
    page.goto("/")
    form = page.locator("form.panel")
    form.locator('select[name="game"]').select_option("pit-lamps")
    offered = form.locator('select[name="clock"] option').all_inner_texts()
    assert offered[:2] == ["No clock", "Real time · fast: 2 min + 10 s per move"]
    assert "Turn based · 1 day per move" in offered and "Turn based · 3 days per move" in offered
    form.locator('select[name="clock"]').select_option(label="Real time · normal: 5 min + 30 s per move")
    form.get_by_role("button", name="Create").click()
    page.locator(".links a", has_text="open").first.click()
    page.get_by_role("button", name="Join the game").click()
    page.wait_for_selector('.clock.running[data-seat="0"]')
    assert "Real time · normal: 5 min + 30 s per move" in page.locator("main").inner_text()
    assert re.fullmatch(r"4:5\d|5:00", page.locator('.clock[data-seat="0"]').inner_text())
