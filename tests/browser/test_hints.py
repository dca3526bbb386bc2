"""The "What would the bot do?" button (hint.js): three choices with their shares
as bars at a table that gives hints, and no button at one that does not."""

from __future__ import annotations

import re

import httpx

from .conftest import screenshot

BUTTON = "button.hint-button"


def test_the_button_shows_the_bots_three_choices_as_bars(page, server) -> None:
    with httpx.Client(base_url=server.url, timeout=30) as http:  # two people: the first decision is an action
        created = http.post("/api/games", json={
            "game": "tinners-trail", "players": 2, "hotseat": True, "seats": [{"type": "human"}, {"type": "human"}]}).json()
    page.goto(created["play_url"])  # the action phase: dozens of choices, nearly all of them places
    page.wait_for_selector(".turn.mine")
    page.locator(BUTTON).click()
    choices = page.locator(".hint-choices li")
    choices.nth(2).wait_for(timeout=15_000)  # a 1 s search, in a thread of a busy machine
    assert choices.count() == 3
    shares = [float(share) for share in choices.evaluate_all("items => items.map(li => li.dataset.share)")]
    assert shares == sorted(shares, reverse=True) and 0 < sum(shares) <= 1
    assert page.locator(".hint-choices meter").count() == 3
    named = choices.locator(".hint-label").all_inner_texts()
    assert len(set(named)) == 3 and not any(re.match(r"[a-z_]+:", label) for label in named)  # words, not action ids
    assert all(text.endswith("%") for text in choices.locator(".hint-share").all_inner_texts())
    # issue 53: the choices that have a place on the board are numbered there, best first
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    found = page.evaluate("""() => [...document.querySelectorAll(".hint-choices li")].map((li, index) => {
      const places = [...document.querySelectorAll(".board [data-actions]")]
        .filter((node) => node.dataset.actions.split(" ").includes(li.dataset.action));
      return { rank: String(index + 1), badges: places.map((node) => node.dataset.hint
        + "/" + node.querySelector(":scope > .hint-badge text")?.textContent) }; })""")
    for choice in found:  # a place offering several hinted choices shows the best one's rank
        assert all(badge.split("/")[0] == badge.split("/")[1] <= choice["rank"] for badge in choice["badges"]), found
    assert any(choice["badges"] for choice in found), found  # not all three are Pass or Sell pasties
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
