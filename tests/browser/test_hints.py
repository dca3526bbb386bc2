"""The "What would the bot do?" button (hint.js): three choices with their shares
as bars at a table that gives hints, and no button at one that does not."""

from __future__ import annotations

import httpx

from .conftest import screenshot
from .driving import start_from_lobby

BUTTON = "button.hint-button"


def test_the_button_shows_the_bots_three_choices_as_bars(page) -> None:
    start_from_lobby(page, "tinners-trail", players=2)  # the action phase: dozens of choices
    page.wait_for_selector(".turn.mine")
    page.locator(BUTTON).click()
    choices = page.locator(".hint-choices li")
    choices.nth(2).wait_for(timeout=15_000)  # a 1 s search, in a thread of a busy machine
    assert choices.count() == 3
    shares = [float(share) for share in choices.evaluate_all("items => items.map(li => li.dataset.share)")]
    assert shares == sorted(shares, reverse=True) and 0 < sum(shares) <= 1
    assert page.locator(".hint-choices meter").count() == 3
    named = choices.locator(".hint-label").all_inner_texts()
    assert len(set(named)) == 3 and all(":" not in label for label in named)  # the game's words, not action ids
    assert all(text.endswith("%") for text in choices.locator(".hint-share").all_inner_texts())
    # issue 53: the choices that have a place on the board are numbered there, best first (Tinners'
    # Trail's action phase has a place for nearly every action)
    page.wait_for_selector(".board [data-hint] .hint-badge")
    marked = page.evaluate("""() => [...document.querySelectorAll(".board [data-hint]")].map((node) => ({
      rank: node.dataset.hint, badge: node.querySelector(":scope > .hint-badge text")?.textContent }))""")
    assert marked and all(place["badge"] == place["rank"] in ("1", "2", "3") for place in marked)
    screenshot(page, "hint-tinners-trail")


def test_a_table_created_without_hints_shows_no_button(page, server) -> None:
    with httpx.Client(base_url=server.url, timeout=30) as http:
        created = http.post("/api/games", json={
            "game": "ore-city", "players": 2, "hotseat": True, "hints": False, "options": {"round_limit": 8},
            "seats": [{"type": "human"}, {"type": "human"}]}).json()
    page.goto(created["play_url"])
    page.wait_for_selector(".turn.mine")
    page.wait_for_timeout(500)  # the page has asked whether the table gives hints
    assert page.locator(BUTTON).count() == 0
