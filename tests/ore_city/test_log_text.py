"""Ore City's log and actions in words: a sentence for every event kind the game logs,
cards by their names, seats as "Seat N", and a seat's private part only for that seat."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from headframe.agents.random_agent import play_random_game
from headframe.engine import Rng, load_game
from headframe.games import ore_city

GAME = load_game("ore-city")
RULES = "".join(path.read_text(encoding="utf-8") for path in sorted(Path(ore_city.__file__).parent.glob("*.py")))
LOGGED = set(re.findall(r'(?:state\.event|log_common_space)\(\s*(?:state,\s*)?"(\w+)"', RULES))

# One hand-made entry of every kind, as `state.log_for(seat)` gives them to the seat.
SAMPLES = {
    "game_starts": {"event": "game_starts", "first": 1, "common": ["park", None, "small_store"]},
    "setup_discard": {"event": "setup_discard", "seat": 2, "card": "chemical_factory"},
    "draw": {"event": "draw", "seat": 1, "pile": "public_works", "private": {"card": "city_hall"}},
    "reshuffle": {"event": "reshuffle", "pile": "residential", "cards": 15},
    "construct": {"event": "construct", "seat": 0, "card": "single_house", "count": 2, "space": 1, "cost": 4,
                  "gains": {"1": 2}},
    "book_close": {"event": "book_close", "seat": 0, "gains": {"0": 11, "1": 6}, "acquired": ["wind_turbine"]},
    "accomplish_begins": {"event": "accomplish_begins", "seat": 0, "card": "airport"},
    "airport_discard": {"event": "airport_discard", "seat": 0, "card": "small_factory", "space": None},
    "accomplish": {"event": "accomplish", "seat": 0, "card": "police_station", "cost": 7, "vp": 1},
    "police_take": {"event": "police_take", "seat": 0, "opponent": 2, "type": "public_works",
                    "private": {"card": "hospital"}},
    "police_decline": {"event": "police_decline", "seat": 0},
    "exchange": {"event": "exchange", "seat": 1},
    "give": {"event": "give", "seat": 1, "type": "public_works", "private": {"card": "university"}},
    "take": {"event": "take", "seat": 1, "card": "small_store"},
    "flush": {"event": "flush", "seat": 0, "hand": ["park", "apartment_house"], "common": ["condominium"]},
    "flush_dealt": {"event": "flush_dealt", "seat": 0, "common": ["condominium", None]},
    "pass": {"event": "pass", "seat": 2},
    "city_hall": {"event": "city_hall", "coins": [5, 7, 12]},
    "game_ends": {"event": "game_ends", "winner": 1},
    "round_limit": {"event": "round_limit", "rounds": 40},
}


def assert_readable(text: str, players: int = 4) -> None:
    """No raw data: no `=`, braces, brackets or underscores, no card ids, "an" before a
    vowel, seats as "Seat 1".."Seat N"."""
    assert not set(text) & set("={}[]_"), text
    assert not set(re.findall(r"\b[a-z]+\b", text)) & set(GAME.tables.name), text
    assert not re.search(r"\ba [AEIOUaeiou]", text), text
    assert all(1 <= int(n) <= players for n in re.findall(r"\bSeat (\d+)", text)), text


def test_every_logged_kind_has_a_sample():
    assert LOGGED == set(SAMPLES)


@pytest.mark.parametrize("kind", sorted(SAMPLES))
def test_every_kind_has_a_readable_sentence(kind):
    assert_readable(GAME.presentation.describe_event(SAMPLES[kind]))


@pytest.mark.parametrize("kind, text", [
    ("setup_discard", "Seat 3 discards Chemical Factory from their starting hand"),
    ("game_starts", "Seat 2 is the first player; the common space holds Park, a face-down Public Works card "
                    "and Small Store"),
    ("construct", "Seat 1 constructs 2 copies of Single House in Seat 2's construction space for 4G; Seat 2 earns 2G"),
    ("flush", "Seat 1 flushes: their hand (Park and Apartment House) and the common space (Condominium) "
              "are discarded"),
    ("pass", "Seat 3 passes"),
    ("police_take", "Seat 1 uses the Police Station to take a Public Works card from Seat 3's hand; you see it is Hospital"),
    ("exchange", "Seat 2 exchanges cards with the common space"),
    ("take", "Seat 2 takes Small Store from the common space"),
    ("city_hall", "The City Hall takes effect: coins are now Seat 1 5G, Seat 2 7G, Seat 3 12G"),
    ("round_limit", "The round limit (40 rounds) is reached: the game ends without a winner"),
])
def test_exact_sentences(kind, text):
    assert GAME.presentation.describe_event(SAMPLES[kind]) == text


def test_a_private_part_is_told_only_to_its_seat():
    entry = SAMPLES["give"]
    public = {k: v for k, v in entry.items() if k != "private"}
    assert GAME.presentation.describe_event(public) == "Seat 2 puts a face-down Public Works card into the common space"
    assert GAME.presentation.describe_event(entry).endswith(f"; you put {GAME.tables.name['university']} there")


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3), (5, 4), (6, 5)])
def test_random_games_read_without_raw_data(players, seed):
    state = GAME.new_state(players, seed, {"round_limit": 30})
    play_random_game(state, Rng(seed))
    assert set(e["event"] for e in state.log) <= LOGGED
    for seat in [None, *range(players)]:
        for entry in state.log_for(seat):
            text = GAME.presentation.describe_event(entry)
            assert_readable(text, players)
            assert ("; you " in text) == ("private" in entry), text


def test_every_action_reads_without_raw_data():
    words = {GAME.presentation.describe_action(action) for action in GAME.learning.enumerate_actions(4)}
    for text in words:
        assert_readable(text)
    assert "Draw from the Public Works pile" in words
    assert "Construct 2 copies of Single House in Seat 3's space" in words
