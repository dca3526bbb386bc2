"""Everything a player reads while playing Coal Country is the game's own words (issue 53): each
decision's prompt says what to do, each action's label starts as a sentence does, every string a view
holds has a name a person would use; and the results screen reads rounds, money and hints right."""

from __future__ import annotations

from typing import Any

import pytest

from headframe.games.coal_country.actions import Decline, Place, Stop

from ..own_words import FRAME_KEYS, badly_named, random_positions, shown, unreadable
from .helpers import GAME

NOT_SHOWN = FRAME_KEYS - {"players"}  # Coal Country's players' part is checked too
# A prompt is not a heading: neither a place, a tile or a building (the glossary's names).
HEADINGS = {entry.name for entry in GAME.presentation.glossary}
GAMES = [(2, 3, {}), (3, 5, {"industry_amok": True}), (4, 7, {"reformed_industry": True, "rounds": 8})]


@pytest.mark.parametrize("players, seed, options", [*GAMES, (3, 9, GAME.option_sets[4]), (4, 2, GAME.option_sets[5])])
def test_prompts_say_what_to_do_and_labels_start_as_sentences(players, seed, options):
    # rulebook: Playing the Game (each decision is a step of a round, named as the rulebook does)
    for state in random_positions(GAME, players, seed, options):
        assert unreadable(GAME, state, HEADINGS) == []


def test_the_permit_office_and_desk_spaces_say_what_they_do():
    # rulebook: Foremen Placement; Foremen Reveal & Utilization, 3. Coal brokers
    selling = "Place your 4 foreman on the coal brokers: sell coal, lowest influence first"
    assert GAME.presentation.describe_action(Place.of("CB", 4)) == selling
    assert GAME.presentation.describe_action(Decline.of()) == "Decline the tile: it goes under its stack"
    assert GAME.presentation.describe_action(Stop.of()) == "Stop"


@pytest.mark.parametrize("players, seed, options", GAMES[:2])
def test_every_string_a_view_holds_has_a_name_in_words(players, seed, options):
    # rulebook: Game Materials (what each seat's tables show, by the components' names)
    names = GAME.presentation.value_names()
    for index, state in enumerate(random_positions(GAME, players, seed, options)):
        if index % 5 and state.to_move():
            continue  # every 5th position and the last: the same strings recur
        for seat in [None, *range(players)]:
            strings = shown(state.view(seat), NOT_SHOWN)
            assert all(value in names or value == "" for value in strings), strings
            assert badly_named(strings, names) == []


def test_places_steps_and_tunnels_are_named_as_the_rulebook_names_them():
    # rulebook: Foremen Placement; Appendix A - Village Tiles; End of the Game (tunnels)
    names = GAME.presentation.value_names()
    assert names["coal_shed"] == "Coal Shed" and names["doctors_office"] == "Doctor's Office"
    assert names["CB"] == "Coal brokers" and names["UM:water"] == "Utility market (water)"
    assert names["M0"] == "Mine entrance" and names["B2"] == "Building lot 3"
    assert names["NES"] == "Tunnels north, east and south"
    assert names["brokers"] == "Coal brokers" and names["sell"] == "Selling coal"
    assert names["look_two_keep_one"] == "Look two keep one"  # rulebook: Game Variants (the options' choices)


# --- the results screen -----------------------------------------------------------------------

def finished(players: int, seed: int, options: dict) -> tuple[list[int], Any]:
    """The round of every position of a seeded random game, and its last position."""
    rounds = []
    for state in random_positions(GAME, players, seed, options):
        rounds.append(GAME.presentation.round_of(state))
    return rounds, state


@pytest.mark.parametrize("players, seed, options", GAMES)
def test_rounds_count_up_from_one_to_the_last_and_money_decides(players, seed, options):
    # rulebook: Playing the Game (six rounds, eight in a longer game); End of the Game (most money wins)
    rounds, state = finished(players, seed, options)
    assert rounds[0] == 1 and rounds[-1] == options.get("rounds", 6)
    assert all(a <= b for a, b in zip(rounds, rounds[1:]))
    assert GAME.presentation.standing(state) == list(state.result().scores)


@pytest.mark.parametrize("players, seed, options", GAMES)
def test_final_money_follows_the_inspection_as_the_rulebook_counts_it(players, seed, options):
    # rulebook: End of the Game (the inspection's fees, a fine or a bonus, then most money, ties to tiles)
    _, state = finished(players, seed, options)
    for seat in range(players):
        company = state.view(seat)["players"][seat]
        missing = sum(3 - len(tile["utilities"]) for tile in company["mine"])
        stored = sum(company["storage"].values())
        buildings = sum(1 for lot in company["lots"] if lot["building"])
        tunnels = unfinished_tunnels(company["mine"], strict=bool(options.get("reformed_industry")))
        if options.get("reformed_industry"):  # every item +2 or -2 fees
            fees = 2 * (missing + company["refuse"] + tunnels - stored - buildings)
        else:
            fees = missing + company["refuse"] + 2 * tunnels - stored - 2 * buildings
        fees_recorded, change = state.inspection[seat]
        assert fees == fees_recorded
        before = company["cash"] - change
        owed = fees * company["fee"]
        assert change == (-min(before, owed) if fees > 0 else -owed)
    scores = state.result().scores
    assert list(scores) == list(state.cash)
    tiles = [len(mine) - 1 for mine in state.mine]
    best = max(zip(scores, tiles))
    assert all(state.result().ranking[seat] == 1 for seat in range(players) if (scores[seat], tiles[seat]) == best)


STEPS = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
FACING = {"N": "S", "E": "W", "S": "N", "W": "E"}


def unfinished_tunnels(mine: list[dict], strict: bool) -> int:
    """A tunnel is finished by a tile beside it (A Reformed Industry: only by one whose tunnel meets it)."""
    cells = {(tile["x"], tile["y"]): tile for tile in mine}
    count = 0
    for tile in mine:
        for direction in tile["openings"]:
            dx, dy = STEPS[direction]
            other = cells.get((tile["x"] + dx, tile["y"] + dy))
            if other is None or (strict and FACING[direction] not in other["openings"]):
                count += 1
    return count


# --- hints ------------------------------------------------------------------------------------

def test_a_hint_says_what_changed_in_the_seats_own_holdings():
    # rulebook: The Economy of Coal Country (sales add money); Foremen Reveal & Utilization (coal, refuse)
    state = GAME.new_state(2, 3)
    state.coal[0] = 3
    before = state.view(0)
    assert GAME.presentation.gains(before, state.view(0)) == ""
    state.cash[0] += 14
    state.coal[0] = 1
    state.refuse[0] += 1
    state.storage[0][1] += 1
    assert GAME.presentation.gains(before, state.view(0)) == "+$14, \u22122 coal, +1 refuse cube, +1 stored water cube"


def test_a_hint_never_tells_another_seats_money():
    # rulebook: The Economy of Coal Country (cash in hand is private until the reports)
    state = GAME.new_state(2, 3)
    before = state.view(0)
    state.cash[1] += 50
    assert GAME.presentation.gains(before, state.view(0)) == ""


def test_a_hint_names_a_new_building():
    # rulebook: Appendix A - Village Tiles
    state = GAME.new_state(2, 3)
    before = state.view(0)
    state.lots[0][0] = "school"
    state._decisions = {}
    assert GAME.presentation.gains(before, state.view(0)) == "Builds the School"
