"""Copper Country's log and actions in words: a sentence for every event kind the game
logs, cards by their names (never their data ids), places by their labels numbered
from 1, seats as "Seat N", and a seat's private part only for that seat (#21)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from headframe.agents.random_agent import play_random_game
from headframe.engine import Rng, load_game
from headframe.games import copper_country

GAME = load_game("copper-country")
RULES = sorted(Path(copper_country.__file__).parent.glob("*.py"))
LOGGED = {kind for path in RULES for kind in re.findall(r'state\.event\(\s*"(\w+)"', path.read_text(encoding="utf-8"))}

CARD_ID = re.compile(r"\b(?:CAP|PROD)\d-\d\d\b")
OTHER_ID = re.compile(r"\b(?:LB\d|E\d\d-\d|T\d\d|CO\d)\b")  # businesses, events, terrain tokens, companies
PLACE_ID = re.compile(r"\b[CMPB]\d\d?\b")
SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")
COLOURS = re.compile(r"\b(?:blue|green|white|red)\b")

# One hand-made entry of every kind, as `state.log_for(seat)` gives them to the seat.
SAMPLES = {
    "turn": {"event": "turn", "seat": 0},
    "contract": {"event": "contract", "seat": 0, "miner": 0, "camp": "C2"},
    "excess_rock": {"event": "excess_rock", "seat": 1, "space": "P16", "token": "M07"},
    "miner_moved": {"event": "miner_moved", "seat": 2, "source": "cemetery", "target": "unrest"},
    "take_community": {"event": "take_community", "seat": 0, "card": "CAP1-04", "slot": 0},
    "draw_capital": {"event": "draw_capital", "seat": 1, "private": {"card": "CAP1-21"}},
    "capital_reshuffle": {"event": "capital_reshuffle"},
    "production_reshuffle": {"event": "production_reshuffle"},
    "survey": {"event": "survey", "seat": 2, "site": "M08", "token": "T16", "face": "poor_rock"},
    "rock_to_token": {"event": "rock_to_token", "seat": 2, "space": "P16", "site": "M08"},
    "build": {"event": "build", "seat": 1, "building": "shaft_house", "place": "B11"},
    "prospect": {"event": "prospect", "seat": 0, "private": {"cards": ["PROD1-16", "PROD1-07"]}},
    "prospect_discard": {"event": "prospect_discard", "seat": 0, "cards": ["PROD1-16"], "returned": True},
    "business": {"event": "business", "seat": 3, "card": "LB5"},
    "gazette": {"event": "gazette", "seat": 3, "private": {"card": "PROD1-12"}},
    "discard": {"event": "discard", "seat": 0, "card": "CAP3-01"},
    "labor": {"event": "labor", "seat": 1, "action": "shutdown"},
    "work": {"event": "work", "seat": 1, "miner": 2, "site": "M15", "max_shifts": 2},
    "stockpile": {"event": "stockpile", "seat": 0, "miner": 1, "camp": "C3"},
    "stockpile_look": {"event": "stockpile_look", "seat": 0, "private": {"cards": ["CAP1-13", "CAP2-01"]}},
    "stockpile_keep": {"event": "stockpile_keep", "seat": 0, "discarded": ["CAP2-01"], "private": {"card": "CAP1-13"}},
    "relocate": {"event": "relocate", "seat": 2, "miner": 4, "camp": "C1"},
    "no_production_card": {"event": "no_production_card", "seat": 1},
    "reveal": {"event": "reveal", "seat": 1, "card": "PROD1-07", "shift": 1},
    "no_legal_row": {"event": "no_legal_row", "seat": 1, "card": "PROD2-04"},
    "redraw": {"event": "redraw", "seat": 1, "card": "PROD1-07"},
    "row": {"event": "row", "seat": 1, "card": "PROD1-07", "row": 0, "claim": "company"},
    "play": {"event": "play", "seat": 1, "card": "CAP1-08", "resource": "surface", "need": "labor", "via": "terrain"},
    "ignore_icon": {"event": "ignore_icon", "seat": 1, "icon": "unrest"},
    "casualty": {"event": "casualty", "seat": 1, "icon": "cemetery", "miner": "working"},
    "poor_rock": {"event": "poor_rock", "seat": 1, "track": 5, "space": "P07", "token": "", "icon": "local_business"},
    "work_ends": {"event": "work_ends", "seat": 1, "shifts": 2},
    "event_miner": {"event": "event_miner", "seat": 3, "miner": 0, "area": "cemetery"},
    "era": {"event": "era", "era": 2, "community": ["CAP1-01", "CAP2-01", "CAP3-01", "CAP1-21"]},
    "local_business": {"event": "local_business", "card": "LB8"},
    "event_card": {"event": "event_card", "card": "E20-3"},
    "stalled": {"event": "stalled"},
    "turn_limit": {"event": "turn_limit", "turns": 30},
    "game_end": {"event": "game_end"},
}


def assert_readable(text: str, players: int = 4) -> None:
    """No raw data: no `=`, braces, brackets or underscores, no data id of a card, place,
    business, event, token or company, seats as "Seat 1".."Seat N" (never "Seat 0")."""
    assert not set(text) & set("={}[]_"), text
    assert not SNAKE.search(text), text
    assert not CARD_ID.search(text), text
    assert not OTHER_ID.search(text), text
    assert not PLACE_ID.search(text), text
    assert not COLOURS.search(text), text
    assert all(1 <= int(n) <= players for n in re.findall(r"\bSeat (\d+)", text)), text


def test_every_logged_kind_has_a_sample():
    assert LOGGED == set(SAMPLES)


@pytest.mark.parametrize("kind", sorted(SAMPLES))
def test_every_kind_has_a_readable_sentence(kind):
    assert_readable(GAME.presentation.describe_event(SAMPLES[kind]))


@pytest.mark.parametrize("kind, text", [
    ("contract", "Seat 1 contracts a miner at camp 2"),
    ("draw_capital", "Seat 2 draws the top card of the capital deck; you draw the underground development card"),
    ("prospect", "Seat 1 prospects, looking at the top production cards; you see the 2-copper production card "
                 "and the 2-copper production card"),
    ("gazette", "Seat 4 looks at the top production card; you see the Collapse!"),
    ("stockpile_keep", "Seat 1 keeps one capital card and discards the labor or surface development card; "
                       "you keep the equipment card"),
    ("discard", "Seat 1 discards the labor and surface development card"),
    ("excess_rock", "Seat 2 places an excess poor rock by poor-rock space 16: it goes onto the poor-rock "
                    "terrain token of mine site 7"),
    ("build", "Seat 2 builds a shaft house on build space 11"),
    ("row", "Seat 2 resolves row 1 of the 2-copper production card (equipment + underground development + poor rock "
            "→ 2 copper), completing the company claim"),
    ("play", "Seat 2 plays the surface development card as surface development for a labor icon, converted by "
             "the terrain token"),
    ("ignore_icon", "Seat 2 uses company houses to ignore an unrest icon"),
    ("casualty", "Seat 2 sends the working miner to the cemetery"),
    ("miner_moved", "Seat 3 moves a miner from the cemetery to unrest"),
    ("survey", "Seat 3 surveys mine site 8: its terrain token shows poor rock"),
    ("work_ends", "Seat 2's work ends after 2 shifts"),
    ("event_card", "Event: Workmen's Compensation Act (1912). Each player, in seat order starting with the current "
                   "player, may move 1 of their miners from the cemetery to unskilled."),
])
def test_exact_sentences(kind, text):
    assert GAME.presentation.describe_event(SAMPLES[kind]) == text


def test_a_private_part_is_told_only_to_its_seat():
    public = {k: v for k, v in SAMPLES["draw_capital"].items() if k != "private"}
    assert GAME.presentation.describe_event(public) == "Seat 2 draws the top card of the capital deck"


GAMES = [  # (players, seed, options): short games at every player count, the winter board, track tokens
    (2, 1, GAME.short_options),
    (3, 2, GAME.short_options),
    (4, 3, GAME.short_options),
    (3, 4, {**GAME.short_options, "board": "winter"}),
    (4, 5, {"turn_limit": 20, "industry_track_tokens": "start=3;end=30;local_business=7"}),
]


@pytest.mark.parametrize("players, seed, options", GAMES)
def test_random_games_read_without_raw_data(players, seed, options):
    state = GAME.new_state(players, seed, options)
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
    assert "Work mine site 7 with miner 1" in words  # people count miners and places from 1; the action's miner is 0
    assert ("Play the labor and surface development card as surface development for a labor icon, as the first "
            "of a 2:1 pair") in words
