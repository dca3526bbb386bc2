"""Tinners' Trail's log and actions in words: a sentence for every event kind the game
logs, areas by their names, seats as "Seat N"."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from headframe.agents.random_agent import play_random_game
from headframe.engine import Rng, load_game
from headframe.games import tinners_trail

GAME = load_game("tinners-trail")
RULES = Path(tinners_trail.__file__).parent.glob("*.py")
LOGGED = {kind for path in RULES for kind in re.findall(r'state\.event\(\s*"(\w+)"', path.read_text(encoding="utf-8"))}
AREA_IDS = set(GAME.tables.area_ids)

# One hand-made entry of every kind, as `state.log_for(seat)` gives them.
SAMPLES = {
    "ore_prices": {"event": "ore_prices", "turn": 1, "tin": 6, "copper": 7, "tin_row": 5, "copper_row": 6},
    "roll": {"event": "roll", "area": "st_just", "dice": [4, 2, 1], "water": 4, "copper": 2, "tin": 1},
    "auction": {"event": "auction", "seat": 1, "area": "camborne", "bidders": [0, 1, 2]},
    "bid": {"event": "bid", "seat": 1, "amount": 13},
    "drop_out": {"event": "drop_out", "seat": 0, "forced": True},
    "mine_built": {"event": "mine_built", "seat": 2, "area": "st_ives", "price": 15},
    "mine_ore": {"event": "mine_ore", "seat": 1, "area": "st_agnes", "copper": 2, "tin": 0, "cost": 2},
    "build_port": {"event": "build_port", "seat": 2, "area": "camborne"},
    "place_miner": {"event": "place_miner", "seat": 2, "area": "portreath"},
    "build_adit": {"event": "build_adit", "seat": 0, "border": "st_just-st_ives"},
    "build_train": {"event": "build_train", "seat": 0, "area": "st_agnes"},
    "improve_steam_pumps": {"event": "improve_steam_pumps", "seat": 2, "discs": 1},
    "remove_water": {"event": "remove_water", "seat": 2, "area": "st_agnes"},
    "stop_pumping": {"event": "stop_pumping", "seat": 2, "unused": 2},
    "sell_pasties": {"event": "sell_pasties", "seat": 1},
    "pass": {"event": "pass", "seat": 0},
    "sell_ore": {"event": "sell_ore", "income": [12, 7], "tin": [2, 0], "copper": [0, 1]},
    "invest": {"event": "invest", "seat": 1, "column": 2, "cost": 15},
    "decline": {"event": "decline", "seat": 0},
    "prospect": {"event": "prospect", "seat": 0, "area": "lizard"},
    "game_over": {"event": "game_over", "vp": [18, 18, 8]},
}


def assert_readable(text: str, players: int = 4) -> None:
    """No raw data: no `=`, braces, brackets or underscores, no area ids, seats as "Seat 1".."Seat N"."""
    assert not set(text) & set("={}[]_"), text
    assert not set(re.findall(r"[a-z_]+(?:-[a-z_]+)?", text)) & AREA_IDS, text
    assert "-" not in text, text
    assert all(1 <= int(n) <= players for n in re.findall(r"\bSeat (\d+)", text)), text


def test_every_logged_kind_has_a_sample():
    assert LOGGED == set(SAMPLES)


@pytest.mark.parametrize("kind", sorted(SAMPLES))
def test_every_kind_has_a_readable_sentence(kind):
    assert_readable(GAME.presentation.describe_event(SAMPLES[kind]))


@pytest.mark.parametrize("kind, text", [
    ("roll", "The dice for St Just show 4, 2 and 1: 4 water cubes, 2 copper cubes and 1 tin cube added"),
    ("ore_prices", "Turn 1: tin sells for £6 a cube, copper for £7 a cube"),
    ("mine_ore", "Seat 2 mines 2 copper cubes in St Agnes for £2"),
    ("auction", "Seat 2 puts a mine in Camborne up for auction"),
    ("invest", "Seat 2 places an investment cube in the £15 box"),
    ("stop_pumping", "Seat 3 stops pumping, leaving 2 discs unused"),
    ("mine_built", "Seat 3 builds a mine in St Ives for £15"),
    ("build_adit", "Seat 1 builds an adit between St Just and St Ives"),
    ("drop_out", "Seat 1 drops out of the auction (cannot bid higher)"),
    ("improve_steam_pumps", "Seat 3 improves steam pumps with a stack of 1 disc"),
    ("sell_ore", "All ore mined this turn is sold: Seat 1 earns £12, Seat 2 £7"),
    ("game_over", "Game over: Seat 1 has 18 VP, Seat 2 18 VP, Seat 3 8 VP"),
])
def test_exact_sentences(kind, text):
    assert GAME.presentation.describe_event(SAMPLES[kind]) == text


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3)])
def test_random_games_read_without_raw_data(players, seed):
    state = GAME.new_state(players, seed)
    play_random_game(state, Rng(seed))
    assert set(e["event"] for e in state.log) <= LOGGED
    for seat in [None, *range(players)]:
        for entry in state.log_for(seat):
            assert_readable(GAME.presentation.describe_event(entry), players)


def test_every_action_reads_without_raw_data():
    words = {GAME.presentation.describe_action(action) for action in GAME.learning.enumerate_actions(4)}
    for text in words:
        assert_readable(text)
    assert "Build an adit between St Just and St Ives (3 TP)" in words  # rulebook: E. Build Adit
    assert "Build a mine in St Agnes: auction it (the winner spends 2 TP)" in words  # rulebook: A. Build Mine
    assert "Mine 2 copper and 1 tin in Redruth (1 TP)" in words  # rulebook: B. Mine Ore
    assert "Sell pasties for £1 (1 TP)" in words  # rulebook: H. Sell Pasties


def test_every_prompt_says_what_to_do_and_every_label_reads_as_a_choice():
    places = set(GAME.tables.area_names)
    state = GAME.new_state(4, 7)
    rng = Rng(7)
    while not state.is_over():
        seat = state.to_move()[0]
        decision = state.decision(seat)
        assert decision.prompt[0].isupper() and decision.prompt not in places, decision.prompt
        assert " " in decision.prompt, decision.prompt  # a sentence, not a name
        for action in decision.actions:
            label = GAME.presentation.describe_action(action)
            assert label[0].isupper() or label[0] in "£0123456789", label
        state.apply(seat, rng.choice(decision.actions))
