"""Each of the four games from the lobby against heuristic bots: started in two
clicks, played by clicking on its board to the end of a short game."""

from __future__ import annotations

import pytest

from headframe.engine import load_game

from .conftest import both_sizes, screenshot
from .driving import play_to_end, start_from_lobby

GAMES = ["ore-city", "tinners-trail", "copper-country", "coal-country"]
DECISION_LIMIT = 600

# The page's board, built from every update's patch, reads as the seat's whole board from the server:
# the same elements with the same words (the page's own viewBox and highlights aside).
SAME_BOARD = """async (gameId) => {
  const token = JSON.parse(localStorage.getItem("headframe:" + gameId)).tokens[0];
  const state = await (await fetch(`/api/games/${gameId}/state`, { headers: { Authorization: `Bearer ${token}` } })).json();
  const whole = new DOMParser().parseFromString(state.board, "image/svg+xml").documentElement;
  const shown = document.querySelector(".board-frame svg");
  const words = (svg) => [...svg.querySelectorAll("*")]
    .map((node) => node.tagName + ":" + (node.childElementCount ? "" : node.textContent));
  return JSON.stringify(words(whole)) === JSON.stringify(words(shown));
}"""


@pytest.mark.parametrize("name", GAMES)
def test_a_short_game_against_bots_played_on_the_board(page, name):
    game = load_game(name)
    game_id = start_from_lobby(page, name, players=min(game.players))
    assert page.locator(".seat").first.is_visible()
    # The lobby names the bots by level ("Heuristic bot"); the players panel says how strong ("Medium bot").
    page.wait_for_function("() => document.querySelector('table.players').innerText.includes('Medium bot')")
    assert "Heuristic bot" in page.locator("table.players").inner_text()

    def look(clicks) -> None:
        if clicks.total == 3:
            both_sizes(page, name)

    clicks = play_to_end(page, DECISION_LIMIT, every=look)
    screenshot(page, f"{name}-over")
    assert clicks.total >= 3
    assert "The game is over." in page.locator(".turn").inner_text()
    assert page.locator(".result tr").count() == 1 + min(game.players)
    if game.presentation.has_board():
        assert page.locator(".board-frame svg").count() == 1
        assert page.evaluate(SAME_BOARD, game_id), "the board built from patches is not the server's board"
        assert clicks.board > 0, "no decision had a place on the board"
    else:
        assert page.locator(".grid .panel").count() > 0  # no picture yet: the view as tables
