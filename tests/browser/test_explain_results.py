"""The pages of #21: a board element's detail panel (what a card or space is and
does), a finished game's results screen, names in the players panel, and a
replay stepped with the keys and played with play/pause."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Error as PlaywrightError

from .conftest import screenshot
from .driving import play_to_end, start_from_lobby

PHONE = {"width": 390, "height": 844}
GAMES = ["ore-city", "tinners-trail", "copper-country", "coal-country"]
PIT_LAMPS_LIMIT = 80
SHOWN_STEP = "() => Number(new URLSearchParams(location.hash.slice(1)).get('step'))"


@pytest.fixture
def http(server):
    with httpx.Client(base_url=server.url, timeout=30) as client:
        yield client


# The first element that explains itself and is the one under its own centre (not beneath a token
# or a label that explains itself too), marked for the test.
MARK_TARGET = """() => {
  for (const node of document.querySelectorAll(".board [data-explain]")) {
    const box = node.getBoundingClientRect();
    if (!box.width || !box.height) continue;
    node.scrollIntoView({ block: "center", inline: "center" });
    const at = node.getBoundingClientRect();
    const top = document.elementFromPoint(at.left + at.width / 2, at.top + at.height / 2);
    if (top && top.closest("[data-explain]") === node) {
      node.setAttribute("data-test-target", "");
      return node.getAttribute("data-explain");
    }
  }
  return null;
}"""


def ask_what_it_is(page, tries: int = 3) -> str:
    """Right-click the element MARK_TARGET finds; returns its key."""
    for _ in range(tries - 1):
        try:
            return right_click_target(page, timeout=3000)
        except PlaywrightError:
            continue  # the board was drawn again meanwhile (a bot's move): mark it again
    return right_click_target(page)


def right_click_target(page, timeout: float | None = None) -> str:
    key = page.evaluate(MARK_TARGET)
    assert key is not None, "nothing on the board explains itself"
    page.locator("[data-test-target]").first.click(button="right", force=True, timeout=timeout)
    return key


@pytest.mark.parametrize("name", GAMES)
def test_a_board_element_opens_its_detail_panel_and_the_rules_at_hand_the_decisions_sections(page, http, name):
    sent: list[str] = []
    page.on("websocket", lambda socket: socket.on("framesent", lambda payload: sent.append(str(payload))))
    start_from_lobby(page, name, players=2)
    page.wait_for_selector(".turn.mine")
    glossary = {entry["key"]: entry for entry in http.get(f"/api/rules/{name}/glossary").json()}
    entry = glossary[ask_what_it_is(page)]  # a right-click asks what it is, whatever clicking does
    panel = page.locator(".explain")
    panel.wait_for(state="visible")
    assert panel.locator(".explain-name").inner_text() == entry["name"]
    assert panel.locator(".explain-kind").inner_text() == entry["kind"]
    assert panel.locator(".explain-text").inner_text().split() == entry["text"].split()
    caveat = panel.locator(".explain-caveat")  # issue 53: a text not the printed one links to the Sources page
    assert (caveat.inner_text() if caveat.count() else "") == ("" if entry["printed"] else
                                                                 "Not the printed text: see Sources")
    screenshot(page, f"{name}-explained")
    assert not [frame for frame in sent if '"act"' in frame], "asking what it is played an action"
    page.keyboard.press("Escape")
    panel.wait_for(state="hidden")
    ask_what_it_is(page)
    panel.wait_for(state="visible")
    panel.locator(".explain-close").click()
    panel.wait_for(state="hidden")
    rules_at_hand_cover_the_decision(page, http, name)


def rules_at_hand_cover_the_decision(page, http, name):
    """The rules panel shows the printed sections of the decision and links to the Sources page."""
    rules = http.get(f"/api/rules/{name}").json()
    panel = page.locator(".rules-at-hand")
    panel.locator("summary").first.click()
    panel.locator("h4").first.wait_for()
    prompt = page.locator(".turn.mine").inner_text().split("Your move: ", 1)[1].strip()
    assert panel.locator("h4").first.inner_text() == f"For this decision: {prompt}"
    shown = panel.locator(".rules-body > .rules-section > summary").all_inner_texts()
    about = rules["decisions"][panel.get_attribute("data-decision")]
    assert shown == [*about["sections"], "The rules in brief"]
    first = next(s for s in rules["sections"] if s["heading"] == about["sections"][0])
    assert panel.locator(".rules-body > .rules-section").first.locator("p").first.inner_text() == \
        first["text"].split("\n\n")[0].strip()  # the first section is open, in the book's words
    assert panel.locator(".sources-link a").get_attribute("href") == rules["sources"]
    screenshot(page, f"{name}-rules-at-hand")


def test_on_a_phone_the_detail_panel_lies_over_the_board_in_sight(page, http):
    page.set_viewport_size(PHONE)
    start_from_lobby(page, "ore-city", players=2)
    page.wait_for_selector(".turn.mine")
    ask_what_it_is(page)
    panel = page.locator(".explain")
    panel.wait_for(state="visible")
    box = panel.bounding_box()
    assert box["x"] >= 0 and box["y"] >= 0  # fixed in the viewport, wherever the board was scrolled
    assert box["x"] + box["width"] <= PHONE["width"] and box["y"] + box["height"] <= PHONE["height"]
    screenshot(page, "ore-city-explained-phone")
    panel.locator(".explain-close").click()
    panel.wait_for(state="hidden")


def test_a_finished_game_shows_its_results_and_a_replay_stepped_with_keys_and_played(page, http):
    created = http.post("/api/games", json={
        "game": "pit-lamps", "players": 2, "hotseat": True, "think_time": 0,
        "seats": [{"type": "human", "name": "Ann"}, {"type": "bot", "agent": "random"}]}).json()
    page.goto(created["play_url"])
    page.wait_for_selector("[data-version]")
    players = page.locator("table.players")
    assert players.locator("th").all_inner_texts()[:1] == ["player"]
    assert players.locator("th").count() == players.locator("tr").nth(1).locator("td").count()  # every column headed
    page.wait_for_function("() => document.querySelector('table.players').innerText.includes('Easy bot')")
    assert "Random bot" in players.inner_text() and "random" not in players.inner_text()  # the level, not the spec
    play_to_end(page, PIT_LAMPS_LIMIT)
    results = page.locator(".results")
    results.wait_for()
    screenshot(page, "pit-lamps-results")
    assert results.locator("tr").count() == 3  # a heading and a row per seat
    assert results.locator("th").all_inner_texts() == ["place", "player", "score", "Digs", "Bids"]
    rows = results.locator("tr[data-seat]")
    for index in range(rows.count()):
        cells = rows.nth(index).locator("td").all_inner_texts()
        assert int(cells[2]) == int(cells[3]) + int(cells[4])  # the parts make up the score
    assert {row.get_attribute("data-seat") for row in rows.all()} == {"0", "1"}
    assert results.locator(".results-chart svg g.bar").count() == 2
    assert "Ann" in results.locator(".results-chart").first.inner_text()
    # issue 53: a chart per round, a line per seat through each round's standing
    rounds = results.locator(".rounds-chart")
    assert rounds.locator("g.round-line").count() == 2 and rounds.locator("g.round-line circle").count() == 2 * 3
    assert "end of each round" in rounds.locator("figcaption").inner_text()
    assert results.locator(".tiebreak").inner_text()
    assert "decisions" in results.locator(".length").inner_text()
    link = results.locator("a.replay-link")
    assert link.get_attribute("href") == f"/games/{created['id']}/replay"

    link.click()
    page.wait_for_selector(".board-frame svg")
    steps = http.get(f"/api/games/{created['id']}/replay").json()["steps"]
    page.keyboard.press("ArrowRight")
    page.wait_for_function(f"() => ({SHOWN_STEP})() === 1")
    page.wait_for_selector("text=step 1 of")
    page.keyboard.press("End")
    page.wait_for_function(f"n => ({SHOWN_STEP})() === n", arg=steps)
    page.locator(".results").wait_for()  # the last step shows the results too
    page.keyboard.press("ArrowLeft")
    page.wait_for_function(f"n => ({SHOWN_STEP})() === n", arg=steps - 1)
    page.keyboard.press("Home")
    page.wait_for_function(f"() => ({SHOWN_STEP})() === 0")
    # A text field keeps its keys: typing in one steps nothing.
    page.evaluate("() => { const field = document.createElement('input'); field.id = 'typing'; document.body.append(field); }")
    page.locator("#typing").press("ArrowRight")
    page.locator("#typing").press("End")
    page.wait_for_timeout(300)
    assert page.evaluate(SHOWN_STEP) == 0
    page.locator("#typing").evaluate("field => field.blur()")

    page.locator("button.play-pause").click()
    page.wait_for_function(f"() => ({SHOWN_STEP})() >= 2", timeout=10_000)  # a step every second
    assert page.locator("button.play-pause").inner_text() == "❚❚ pause"
    page.keyboard.press(" ")  # the space bar pauses
    page.wait_for_selector("button.play-pause:has-text('play')")
    paused_at = page.evaluate(SHOWN_STEP)
    page.wait_for_timeout(1500)
    assert page.evaluate(SHOWN_STEP) == paused_at
    screenshot(page, "pit-lamps-replay-paused")
