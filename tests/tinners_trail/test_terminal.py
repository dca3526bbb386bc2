"""Tinners' Trail at the terminal (#52): every line fits 80 columns, no name is
split across lines, and the whole picture fits a 40-row screen during play
(about 35 lines for four players in the middle of the game)."""

from __future__ import annotations

import pytest

from headframe.engine import Rng, naming

from .helpers import GAME

IN_PLAY = 40  # lines while the game is played, for 2 to 4 players
AT_THE_END = 42  # the result's lines are added
MID_GAME = 38  # four players in turn 2


def pictures(players: int, seed: int):
    """The terminal's picture for the seat to move at every decision of a seeded game, then the end."""
    state = GAME.new_state(players, seed)
    rng = Rng(seed)
    step = 0
    while not state.is_over():
        seat = state.to_move()[0]
        yield state, GAME.presentation.render_text(state.view(seat))
        decision = state.decision(seat)
        state.apply(seat, GAME.learning.heuristic(state, seat, rng) if step % 3 else rng.choice(decision.actions))
        step += 1
    yield state, GAME.presentation.render_text(state.view(None))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_line_fits_80_columns_and_the_picture_a_screen(players):
    for state, text in pictures(players, seed=players):
        lines = text.splitlines()
        assert max(len(line) for line in lines) <= 80, text
        assert len(lines) <= (AT_THE_END if state.is_over() else IN_PLAY), text
        if players == 4 and state.turn == 2:
            assert len(lines) <= MID_GAME, text


def test_the_picture_leads_with_prices_then_players_then_the_areas_with_mines():
    state, text = next((state, text) for state, text in pictures(4, seed=1) if state.turn == 2)
    lines = text.splitlines()
    firsts = [next(i for i, line in enumerate(lines) if line.startswith(words))
              for words in ("Ore prices", "Players", " player", "Order of play")]
    assert firsts == sorted(firsts) and firsts[0] == 1
    rows = [line for line in lines if "│" in line][len(state.view(None)["players"]):]  # the areas' rows
    mined = [bool(row.split("│")[4].strip()) for row in rows]
    assert mined == sorted(mined, reverse=True)  # the areas with mines first


def test_names_are_never_split_across_lines():
    names = ["Anne Marie", "Bob de Vries", "Cyd St Clair", "Dee Dee Ramone"]
    with naming(names):
        texts = [text for _, text in pictures(4, seed=5)]
    for text in texts:
        joined = " ".join(line.strip() for line in text.splitlines())
        for name in [*names, "St Just", "St Ives", "St Agnes", "St Austell"]:
            assert text.count(name) == joined.count(name), (name, text)
