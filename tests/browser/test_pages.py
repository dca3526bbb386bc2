"""The generic board client on the test game Pit Lamps: hot seat from the lobby's
form, a spectator watching, a menu where one place offers several actions, hover
hints, and a finished game's log opening its replay at a step."""

from __future__ import annotations

import json

import httpx
import pytest

from .conftest import screenshot
from .driving import Clicks, decide, play_to_end

PIT_LAMPS_LIMIT = 80


@pytest.fixture
def http(server):
    with httpx.Client(base_url=server.url, timeout=30) as client:
        yield client


def against_a_bot(http) -> dict:
    response = http.post("/api/games", json={
        "game": "pit-lamps", "players": 2, "hotseat": True, "think_time": 0,
        "seats": [{"type": "human", "name": "Ann"}, {"type": "bot", "agent": "random"}]})
    assert response.status_code == 201, response.text
    return response.json()


def test_hot_seat_from_the_lobby_form_two_seats_in_one_browser(page):
    page.goto("/")
    form = page.locator("form.panel")
    form.locator('select[name="game"]').select_option("pit-lamps")
    form.locator('select[name="players"]').select_option("2")
    form.locator('select[name="type-1"]').select_option("human")
    form.locator('input[name="hotseat"]').check()
    form.locator('select[name="pace"]').select_option("fast")  # the server's think time: none in tests
    form.get_by_role("button", name="Create").click()
    page.get_by_role("link", name="Play at this table (hot seat)").click()
    page.wait_for_selector("[data-version]")
    assert page.locator("nav.tabs button").count() == 2
    seats_that_moved = set()
    clicks = play_to_end(page, PIT_LAMPS_LIMIT,
                         every=lambda _: seats_that_moved.add(page.get_attribute("[data-version]", "data-seat")))
    screenshot(page, "pit-lamps-hot-seat-over")
    assert seats_that_moved == {"0", "1"}
    assert clicks.board > 0
    assert page.locator(".result tr").count() == 3


def test_a_spectator_sees_the_board_change_and_is_offered_nothing(page, browser, server, http):
    created = against_a_bot(http)
    page.goto(created["play_url"])
    watcher = browser.new_context(base_url=server.url).new_page()
    watcher.goto(created["spectate_url"])
    watcher.wait_for_selector(".board-frame svg")
    assert "You are watching" in watcher.locator(".turn").inner_text()
    first_picture = watcher.inner_html(".board-frame")
    clicks = Clicks()
    for _ in range(3):
        page.wait_for_selector(".turn.mine")
        decide(page, clicks)
    played_to = int(page.get_attribute("[data-version]", "data-version"))
    watcher.wait_for_function("v => Number(document.querySelector('[data-version]').dataset.version) >= v",
                              arg=played_to)
    screenshot(watcher, "pit-lamps-spectator")
    assert watcher.inner_html(".board-frame") != first_picture
    assert watcher.locator(".board .clickable").count() == 0
    assert watcher.locator(".decision, .board-menu").count() == 0
    assert "Your hand" not in watcher.inner_html(".board-frame")  # a spectator is drawn no hand
    watcher.context.close()


def test_a_place_with_several_actions_offers_a_menu_and_hover_says_what_clicking_does(page, http):
    page.goto(against_a_bot(http)["play_url"])
    clicks = Clicks()
    lamp = page.locator(".board-frame:not(.waiting) .lamp.clickable")
    while not lamp.count():
        page.wait_for_selector(".turn.mine")
        if not lamp.count():
            decide(page, clicks)
    lamp.hover(force=True)
    assert page.locator(".hint").inner_text() == "Light your lamp: dig or draw"
    assert page.locator(".decision button", has_text="rest").count() == 1  # no place: a button
    lamp.click(force=True)
    menu = page.locator(".board-menu [role=menuitem]")
    assert menu.all_inner_texts() == ["dig", "draw"]
    screenshot(page, "pit-lamps-menu")
    log_lines = page.locator(".log li").count()
    page.locator(".board-menu [role=menuitem]", has_text="draw").click()
    page.wait_for_function("n => document.querySelectorAll('.log li').length > n", arg=log_lines)
    assert page.locator(".log li").nth(log_lines).inner_text().startswith("draw: seat=0")


def test_a_finished_games_log_line_opens_the_replay_at_its_step(page, http):
    created = against_a_bot(http)
    page.goto(created["play_url"])
    play_to_end(page, PIT_LAMPS_LIMIT)
    links = page.locator(".log a")
    links.first.wait_for()
    line = links.nth(links.count() // 2)
    step = int(line.get_attribute("href").rsplit("=", 1)[1])
    line.click()
    page.wait_for_function("where => location.pathname + location.hash === where",
                           arg=f"/games/{created['id']}/replay#step={step}")
    page.wait_for_selector(".board-frame svg")
    assert f"step {step} of" in page.locator("main p").first.inner_text()
    assert page.locator(".log li.current").get_attribute("data-step") == str(step)
    assert page.locator(".board .clickable").count() == 0
    screenshot(page, "pit-lamps-replay")
    first = page.locator(".log li").first
    first_step = first.get_attribute("data-step")
    assert first_step != str(step)
    first.click()
    page.wait_for_function("at => location.hash === `#step=${at}`", arg=first_step)
    page.wait_for_selector(f"text=step {first_step} of")
    assert page.locator(".board-frame svg").count() == 1


BOARD_WIDTH = "() => document.querySelector('.board-frame svg').viewBox.baseVal.width"


def test_a_phone_gets_the_narrow_board_and_a_turned_screen_the_other(page, http):
    """The layout follows the screen (board.js `layout()`): a phone's is narrow, a laptop's wide, and a
    window resized across the line is sent its board again in the other layout, live and in replays."""
    created = against_a_bot(http)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(created["play_url"])
    page.wait_for_selector(".board-frame svg")
    assert page.evaluate(BOARD_WIDTH) == 400
    page.set_viewport_size({"width": 1400, "height": 900})
    page.wait_for_function(f"() => ({BOARD_WIDTH})() === 800")
    page.set_viewport_size({"width": 844, "height": 390})  # a phone on its side is a phone
    page.wait_for_function(f"() => ({BOARD_WIDTH})() === 400")
    play_to_end(page, PIT_LAMPS_LIMIT)
    page.goto(f"/games/{created['id']}/replay#step=2")
    page.wait_for_selector(".board-frame svg")
    assert page.evaluate(BOARD_WIDTH) == 400
    page.set_viewport_size({"width": 1400, "height": 900})
    page.wait_for_function(f"() => ({BOARD_WIDTH})() === 800")


def test_a_comment_added_to_a_replay_step_survives_download_and_upload(page, http, tmp_path):
    created = against_a_bot(http)
    page.goto(created["play_url"])
    play_to_end(page, PIT_LAMPS_LIMIT)
    page.goto(f"/games/{created['id']}/replay#step=2")
    page.wait_for_selector(".board-frame svg")
    for words in ("Ann bids high here.", "A second thought."):
        page.fill("textarea.comment-new", words)
        page.get_by_role("button", name="Add comment").click()
        page.wait_for_selector(f"li.comment >> text={words}")
    page.locator("li.comment", has_text="A second thought.").get_by_role("button", name="Remove").click()
    page.wait_for_function("() => document.querySelectorAll('li.comment').length === 1")
    with page.expect_download() as download:
        page.get_by_role("link", name="Download the record with its comments").click()
    annotated = tmp_path / "annotated.json"
    download.value.save_as(annotated)
    assert json.loads(annotated.read_text())["comments"] == [{"step": 2, "text": "Ann bids high here."}]

    page.goto("/replays")
    page.set_input_files("input[type=file]", str(annotated))
    page.get_by_role("button", name="Replay").click()
    page.wait_for_selector(".log .comment-mark")  # the log marks the step that has a comment
    assert page.locator("li.comment").count() == 0  # step 0 has none
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.wait_for_selector("li.comment >> text=Ann bids high here.")
    screenshot(page, "pit-lamps-annotated-replay")


def test_the_lobby_offers_every_game_against_bots(page):
    page.goto("/")
    cards = page.locator(".card")
    cards.first.wait_for()
    screenshot(page, "lobby")
    titles = {card.get_attribute("data-game") for card in cards.all()}
    assert {"ore-city", "tinners-trail", "copper-country", "coal-country"} <= titles
    for card in cards.all():
        assert card.get_by_role("button", name="Play against bots").is_enabled()


def test_an_invited_player_takes_the_seat_and_the_invitation_dies(page, http):
    response = http.post("/api/games", json={
        "game": "pit-lamps", "players": 2, "think_time": 0,
        "seats": [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bo"}]})
    created = response.json()
    invitation = created["join"][1]
    page.goto(invitation["url"])
    page.get_by_role("button", name="Join the game").wait_for()
    assert "You are watching" in page.locator(".turn").inner_text()  # an invitation shows no seat's cards
    page.locator("section.panel input").fill("Bea")
    page.get_by_role("button", name="Join the game").click()
    page.wait_for_selector("[data-seat='1']")
    screenshot(page, "pit-lamps-invited-seat-taken")
    assert page.get_by_role("button", name="Join the game").count() == 0
    assert page.locator("nav.tabs").count() == 0  # one seat held, and no spectator's view beside it
    summary = http.get(f"/api/games/{created['id']}").json()
    assert summary["seats"][1]["name"] == "Bea" and summary["seats"][1]["claimed"]
    old = http.get(f"/api/games/{created['id']}/state", headers={"Authorization": f"Bearer {invitation['token']}"})
    assert old.status_code == 403  # the host handed it out: it reads nothing now
    page.reload()  # the tab keeps the seat's own token
    page.wait_for_selector("[data-seat='1']")


def test_how_a_turn_goes_shows_at_the_first_decision_until_read(page, http):
    # issue 53: a short "How a turn goes" at a player's first decision, dismissed once for the game.
    created = http.post("/api/games", json={"game": "ore-city", "players": 2, "hotseat": True, "seats": [
        {"type": "human", "name": "Ann"}, {"type": "bot", "agent": "random"}]}).json()
    page.goto(created["play_url"])
    guide = page.locator(".guide")
    guide.wait_for()
    assert "first to 10 victory points" in guide.inner_text()
    screenshot(page, "ore-city-how-a-turn-goes")
    guide.get_by_role("button", name="Got it").click()
    guide.wait_for(state="detached")
    page.reload()
    page.wait_for_selector(".turn.mine")
    assert page.locator(".guide").count() == 0
