"""Coal Country's log and actions in words: a sentence for every event kind the game logs,
buildings by their names, places by their names, seats as "Seat N", and a seat's private
part only for that seat."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from headframe.agents.random_agent import play_random_game
from headframe.engine import Rng, load_game
from headframe.games import coal_country

GAME = load_game("coal-country")
RULES = sorted(Path(coal_country.__file__).parent.glob("*.py"))
LOGGED = set(re.findall(r'state\.event\(\s*"(\w+)"', "".join(p.read_text(encoding="utf-8") for p in RULES)))
LOCATION_CODE = re.compile(r"\b(?:CB|PO|UM|UT|CC|ST|RF|B\d|M\d+)\b")

# One hand-made entry of every kind, as `state.log_for(seat)` gives them to the seat.
SAMPLES = {
    "place": {"event": "place", "seat": 0, "location": "PO", "private": {"value": 4}},
    "placement_done": {"event": "placement_done", "seat": 1},
    "committed": {"event": "committed", "seat": 1},
    "placements": {"event": "placements", "locations": [["CB", "PO", "PO", "UM:wood"], []]},
    "reveal": {"event": "reveal", "area": "unplaced", "values": [[2, 4, 4], [4]]},
    "fee": {"event": "fee", "seat": 2, "fees": 3, "paid": 1, "reason": "pass_permit"},
    "mined": {"event": "mined", "seat": 1, "coal": 2, "auto": 2, "refuse": 1, "stockpile": 4},
    "sold": {"event": "sold", "seat": 1, "coal": 1, "price": 7, "stockpile": 9, "market": 9},
    "earnings": {"event": "earnings", "seat": 1, "earnings": 7},
    "permit_look": {"event": "permit_look", "seat": 0, "stack": 2, "private": {"tiles": ["2B", "2C"]}},
    "permit_draw": {"event": "permit_draw", "seat": 0, "stack": 2, "private": {"tile": "2B"}},
    "incentive": {"event": "incentive", "seat": 2, "paid": 10},
    "tile_placed": {"event": "tile_placed", "seat": 0, "tile": "2B", "x": -1, "y": 0, "rotation": 1, "paid": 14},
    "tile_declined": {"event": "tile_declined", "seat": 2, "stack": 1},
    "bought_cube": {"event": "bought_cube", "seat": 0, "utility": "electricity", "paid": 7},
    "exchanged": {"event": "exchanged", "seat": 0, "give": "wood", "take": "electricity"},
    "bought_building": {"event": "bought_building", "seat": 0, "building": "coal_shed", "paid": 18},
    "built": {"event": "built", "seat": 0, "building": "doctors_office", "lot": 0, "built_over": "coal_shed"},
    "company_closed": {"event": "company_closed"},
    "supplied": {"event": "supplied", "seat": 2, "tile": 1, "utility": "water"},
    "refuse_removed": {"event": "refuse_removed", "seat": 0, "count": 2},
    "report": {"event": "report", "seat": 1, "cash": 12},
    "round": {"event": "round", "round": 2, "m": -1, "calendar": [-1, 1, -1, 0]},
    "inspection": {"event": "inspection", "seat": 0, "fees": 3, "change": -5, "cash": 0},
}


def assert_readable(text: str, players: int = 4) -> None:
    """No raw data: no `=`, braces, brackets or underscores, no building or location
    codes, "an" before a vowel, seats as "Seat 1".."Seat N"."""
    assert not set(text) & set("={}[]_"), text
    assert not LOCATION_CODE.search(text), text
    assert not set(re.findall(r"\b[a-z]+\b", text)) & set(GAME.tables.building_names), text
    assert not re.search(r"\ba [aeiou]", text), text
    assert all(1 <= int(n) <= players for n in re.findall(r"\bSeat (\d+)", text)), text


def test_every_logged_kind_has_a_sample():
    assert LOGGED == set(SAMPLES)


@pytest.mark.parametrize("kind", sorted(SAMPLES))
def test_every_kind_has_a_readable_sentence(kind):
    assert_readable(GAME.presentation.describe_event(SAMPLES[kind]))


@pytest.mark.parametrize("kind, text", [
    ("committed", "Seat 2 has placed their foremen face down"),
    ("placements", "All foremen are placed, face down: Seat 1 at the coal brokers, the permit office (2) "
                   "and the utility market (wood); Seat 2 nowhere"),
    ("reveal", "Unplaced foremen are revealed. Seat 1: 2, 4 and 4; Seat 2: 4"),
    ("permit_draw", "Seat 1 draws the top tile of permit stack 2; you draw mineshaft tile 2B"),
    ("tile_declined", "Seat 3 declines the tile and puts it under permit stack 1"),
    ("bought_cube", "Seat 1 buys an electricity cube for $7"),
    ("built", "Seat 1 builds the Doctor's Office on building lot 1, over the Coal Shed"),
    ("fee", "Seat 3 owes 3 fees for passing at the permit office and pays $1"),
    ("refuse_removed", "Seat 1 removes 2 refuse cubes"),
    ("inspection", "End-of-year inspection of Seat 1: 3 fees, a fine of $5"),
])
def test_exact_sentences(kind, text):
    assert GAME.presentation.describe_event(SAMPLES[kind]) == text


def test_a_penalty_says_what_was_owed_and_what_was_paid():
    # COAL-R14: a penalty takes all the payer has, so "pays 4 fees ($0)" would contradict the board's $0
    broke = {"event": "fee", "seat": 0, "fees": 4, "paid": 0, "reason": "unplaced"}
    assert GAME.presentation.describe_event(broke) == "Seat 1 owes 4 fees for unplaced foremen and has no money to pay"


def test_a_private_part_is_told_only_to_its_seat():
    public = {k: v for k, v in SAMPLES["permit_draw"].items() if k != "private"}
    assert GAME.presentation.describe_event(public) == "Seat 1 draws the top tile of permit stack 2"


GAMES = [(2, 1, {}), (3, 2, {}), (4, 3, {}), (3, 4, {"industry_amok": True})]


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
    assert "Buy an electricity cube (1 fee)" in words
    assert "Build the Coal Shed from the top row (base cost 2 fees)" in words
