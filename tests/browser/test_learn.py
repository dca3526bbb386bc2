"""Learn to play (#25) in the browser: each game's guided first game, reached from its
lobby card, played to its end as a learner would (the bots' steps by "Next", the
learner's moves by the decision's buttons or on the board), with one wrong move
refused and one step back; the page fits a laptop and a phone."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page

from headframe.engine import load_game
from headframe.engine.tutorial import load_tutorial

from .conftest import screenshot
from .driving import shown

GAMES = ["copper-country", "ore-city", "tinners-trail", "coal-country"]
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1400, "height": 900}


def at_step(page: Page, step: int, text: str | None = None) -> None:
    """Wait until the page shows the step (and `text` beside the board), in one round trip."""
    page.wait_for_function("""([step, text]) => {
      const shown = document.querySelector(`.learn[data-step="${step}"]`);
      return shown && (text === null || shown.querySelector(".side").textContent.includes(text));
    }""", arg=[step, text])


def choose(page: Page, action_id: str) -> str:
    """Take an action of the learner's decision: its button, else its place on the board
    (and in the place's menu, if it offers several). Returns which."""
    quoted = json.dumps(action_id)
    button = f".decision .actions button[data-action={quoted}]"
    if shown(page, button):
        page.locator(button).click()
        return "button"
    # From the keyboard (focus, Enter: board.js activates that place): a forced click at a place's centre may
    # land on another place drawn over it (Coal Country's desk spaces).
    page.locator(f".board [data-actions~={quoted}]").first.press("Enter")
    menu = f".board-menu [data-action={quoted}]"
    if shown(page, menu):
        page.locator(menu).click()
    return "board"


@pytest.mark.parametrize("name", GAMES)
def test_each_tutorial_is_played_to_its_end_from_the_lobby(page, server, name) -> None:
    tutorial = load_tutorial(load_game(name))
    assert tutorial is not None, f"{name} ships no tutorial.json"
    page.goto("/")
    page.locator(f'.card[data-game="{name}"]').get_by_role("link", name="Learn to play").click()
    page.wait_for_url(f"**/learn/{name}*")
    at_step(page, 0)
    assert tutorial.opening.text in page.locator(".lesson").first.inner_text()
    refused = stepped_back = False
    clicks = {"button": 0, "board": 0}
    for index, step in enumerate(tutorial.steps):
        at_step(page, index, step.lesson.text)  # its comment shown
        if step.seat != tutorial.learner:
            if not stepped_back and index > 0:
                page.get_by_role("button", name="Back").click()
                at_step(page, index - 1, tutorial.steps[index - 1].lesson.text)
                if tutorial.steps[index - 1].seat == tutorial.learner:
                    choose(page, tutorial.steps[index - 1].action.id)
                else:
                    page.locator(".learn .next").click()
                at_step(page, index)
                page.reload()  # the step is in the URL
                at_step(page, index, step.lesson.text)
                stepped_back = True
                page.keyboard.press("ArrowRight")  # the keys step on, as "Next" does
                continue
            page.locator(".learn .next").click(force=True)  # no waiting for it to stand still: it never moves
            continue
        state = tutorial.state_at(index)
        others = [action for action in state.decision(step.seat).actions if action != step.action]
        if not refused and others:
            choose(page, others[0].id)
            page.wait_for_selector(".refusal")
            assert "You chose: " in page.locator(".refusal").inner_text()
            assert page.locator(".learn").get_attribute("data-step") == str(index)
            refused = True
        clicks[choose(page, step.action.id)] += 1
    at_step(page, len(tutorial.steps))
    assert page.locator(".summary .summary-entry").count() == len(tutorial.summary)
    screenshot(page, f"learn-{name}-end")
    assert refused and stepped_back and sum(clicks.values()) > 0
    page.get_by_role("link", name="Play a real game").click()
    page.wait_for_url(f"{server.url}/")
    page.wait_for_selector(f'.card[data-game="{name}"]')  # the lobby


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_the_page_fits_the_screen_and_opens_a_citation(browser, server, viewport) -> None:
    name = next(n for n in GAMES if load_tutorial(load_game(n)) is not None)
    context = browser.new_context(viewport=viewport, base_url=server.url)
    page = context.new_page()
    page.goto(f"/learn/{name}")
    at_step(page, 0)
    page.locator(".citations summary").first.click()
    assert page.locator(".citations details[open] .rules-text").first.inner_text().strip()
    assert page.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth + 1")
    board = page.locator(".board-frame").bounding_box()
    assert board and board["x"] >= 0 and board["x"] + board["width"] <= viewport["width"] + 1
    screenshot(page, f"learn-{name}-{'phone' if viewport is PHONE else 'laptop'}")
    page.evaluate("location.hash = '#step=2'")  # a link to another step of the same page
    at_step(page, 2)
    context.close()
