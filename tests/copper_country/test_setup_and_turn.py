"""Setup, the turn structure, management and labor actions, dividends."""

from __future__ import annotations

import pytest

from headframe.engine import IllegalAction, OptionError
from headframe.games.copper_country.actions import (
    Accept,
    Build,
    ChooseBuilding,
    Contract,
    Discard,
    Done,
    Keep,
    Labor,
    Manage,
    MoveRock,
    Prospect,
    Relocate,
    StockpileAt,
    Survey,
    Take,
)
from headframe.games.copper_country.flow import FLOW
from headframe.games.copper_country.miners import ready_miners, unskilled
from headframe.games.copper_country.poor_rock import site_rock
from headframe.games.copper_country.track import rocks_left

from .helpers import GAME, at_labor, at_management, edited, give, kinds, new, place_miner, set_hand, set_tasks

# --- setup ------------------------------------------------------------------------------ rulebook: Setup; COP-R3

@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_deals_hands_community_companies_and_track(players):
    state = GAME.new_state(players, 7)
    t = state.tables
    assert all(len(hand) == 3 for hand in state.hands)  # rulebook: Setup 7
    assert len(state.community) == 4 and all(state.community)  # Setup 8
    assert len(set(state.company)) == players and all(state.company)  # Setup 10
    assert rocks_left(state) == 33 and not state.rock  # Setup 11
    assert all(not state.surveyed.get(site) for site in state.board.sites)  # Setup 3: face-down
    assert sorted(state.terrain.values()) == sorted(t.terrain)  # 18 tokens on 18 sites
    cards = sum(state.hands, []) + state.community + state.capital_deck
    assert sorted(cards) == sorted(t.capital_by_era[1])  # Setup 6: era 1 capital only
    assert sorted(state.production_deck) == sorted(t.production_by_era[1])  # Setup 5
    assert state.era == 1


def test_setup_each_player_contracts_one_miner_in_turn_order():  # rulebook: Setup 12; COP-R3 step 6
    state = GAME.new_state(3, 5, {"first_player": "random"})
    first = state.first
    order = []
    while state.tasks[0][0] == "contract":
        seat = state.to_move()[0]
        order.append(seat)
        assert kinds(state, seat) == [f"contract:{c}" for c in state.board.camps]  # a camp, never declined
        state.apply(seat, Contract.of("C2"))
    assert order == [(first + i) % 3 for i in range(3)]
    for seat in range(3):
        assert state.miner_at[seat].count("C2") == 1 and unskilled(state, seat) == 4
        assert ready_miners(state, seat)
    assert state.to_move() == (first,) and state.decision(first).kind == "management"


def test_first_player_option():  # COP-R2
    assert {GAME.new_state(4, seed).first for seed in range(30)} == {0, 1, 2, 3}
    assert GAME.new_state(4, 3, {"first_player": "seat_0"}).first == 0


def test_players_two_to_four():  # COP-R1
    with pytest.raises(OptionError):
        GAME.new_state(1, 1)
    with pytest.raises(OptionError):
        GAME.new_state(5, 1)


# --- management actions ----------------------------------------------------------------------------- COP-R5

def test_a_turn_is_two_management_actions_then_labor():  # rulebook: Playing the Game
    state = new()
    assert state.decision(0).kind == "management"
    state.apply(0, Take.of(-1))  # capital call: the top of the deck
    assert state.decision(0).kind == "management"
    state.apply(0, Take.of(0))  # the same action twice
    assert state.decision(0).kind == "labor"


def test_management_actions_legal_only_with_an_effect():  # COP-R5
    state = new()
    at_management(state)
    assert "manage:negotiate" not in kinds(state) and "manage:immigrate" not in kinds(state)
    assert kinds(state)[:5] == ["take:0", "take:1", "take:2", "take:3", "take:-1"]  # capital call
    assert "manage:build" in kinds(state)  # a company house in era 1
    place_miner(state, 0, 3, "unrest", False)
    place_miner(state, 0, 4, "cemetery", False)
    edited(state)
    assert {"manage:negotiate", "manage:immigrate"} <= set(kinds(state))
    for site in state.board.sites:
        state.surveyed[site] = True
    edited(state)
    assert "manage:survey" not in kinds(state)


def test_no_legal_management_action_is_skipped():  # COP-R5
    state = new()
    at_management(state)
    state.community = ["", "", "", ""]
    state.capital_deck, state.capital_discard = [], []
    state.production_deck, state.production_discard = [], []
    state.surveyed = {site: True for site in state.board.sites}
    state.supply[0] = [0, 0, 0]
    edited(state)
    FLOW.proceed(state)
    assert state.decision(0).kind == "labor"


def test_capital_call_community_card_is_refilled_and_public():  # COP-R6, COP-R32
    state = new()
    card = state.community[2]
    top = state.capital_deck[-1]
    state.apply(0, Take.of(2))
    assert card in state.hands[0] and state.community[2] == top
    assert state.view(1)["seats"][0]["known_cards"] == [card]


def test_capital_deck_reshuffles_from_discards():  # COP-R32
    state = new()
    state.capital_discard = state.capital_deck[:-1]
    state.capital_deck = state.capital_deck[-1:]
    state.apply(0, Take.of(-1))
    assert state.capital_deck and not state.capital_discard


def test_survey_turns_a_token_face_up():  # rulebook: Survey; COP-R7
    state = new()
    site = "M05"
    state.terrain["M05"], state.terrain["M06"] = "T03", state.terrain["M05"]
    state.apply(0, Manage.of("survey"))
    state.apply(0, Survey.of(site))
    assert state.surveyed[site] and state.view(1)["terrain"][site] == "surface"


def test_survey_of_a_poor_rock_token_takes_a_rock_from_the_site():  # rulebook: Terrain Tokens; COP-R7
    state = new()
    other = next(s for s, t in state.terrain.items() if t == "T13")
    state.terrain[other], state.terrain["M07"] = state.terrain["M07"], "T13"
    state.rock = {"P16": 1, "P17": 1}
    state.apply(0, Manage.of("survey"))
    state.apply(0, Survey.of("M07"))
    assert kinds(state) == ["move_rock:P16", "move_rock:P17"]
    state.apply(0, MoveRock.of("P16"))
    assert state.token_rock["M07"] and state.rock == {"P17": 1}
    assert site_rock(state, "M08") == 0  # the shared space is free again for M08 too


def test_build_by_era():  # rulebook: Build; COP-R8
    state = new()
    state.apply(0, Manage.of("build"))
    assert kinds(state) == ["choose_building:company_house"]  # era 1
    state.apply(0, ChooseBuilding.of("company_house"))
    state.apply(0, Build.of("C3"))
    assert state.houses["C3"] == [0] and state.supply[0] == [2, 4, 2]
    state.era = 2
    at_management(state)
    state.apply(0, Manage.of("build"))
    assert kinds(state) == ["choose_building:company_house", "choose_building:shaft_house"]
    state.era = 3
    edited(state)
    assert "choose_building:hoist_house" in kinds(state)
    state.apply(0, ChooseBuilding.of("hoist_house"))
    assert len(state.decision(0).actions) == 31  # every build space of the summer board
    state.apply(0, Build.of("B11"))
    assert state.builds["B11"] == [0, "hoist_house"]


def test_build_needs_a_free_space_and_supply():  # COP-R8
    state = new()
    state.houses = {camp: [1, 1, 1] for camp in state.board.camps}
    at_management(state)
    assert "manage:build" not in kinds(state)
    state.houses["C2"] = [0, 0]  # several of one's own houses in one camp
    edited(state)
    assert "manage:build" in kinds(state)
    state.supply[0][0] = 0
    edited(state)
    assert "manage:build" not in kinds(state)


def test_prospect_return_one_or_discard_both():  # rulebook: Prospect; COP-R6
    state = new()
    a, b = state.production_deck[-1], state.production_deck[-2]
    state.apply(0, Manage.of("prospect"))
    assert state.view(0)["looking"] == [a, b] and state.view(1)["looking"] == 2
    assert kinds(state) == ["prospect:", f"prospect:{a}", f"prospect:{b}"]
    state.apply(0, Prospect.of(b))
    assert state.production_deck[-1] == b and state.production_discard == [a]
    assert state.view(0)["known_top_production_card"] == b
    assert state.view(1)["known_top_production_card"] is None
    state.apply(0, Manage.of("prospect"))
    state.apply(0, Prospect.of(""))
    assert b in state.production_discard and len(state.production_discard) == 3


def test_prospect_with_one_card_discards_it():  # COP-R6
    state = new()
    only = state.production_deck[-1]
    state.production_deck, state.production_discard = [only], []
    state.apply(0, Manage.of("prospect"))
    assert state.decision(0).kind == "management" and state.production_discard == [only]
    assert state.production_deck == []


def test_prospect_across_a_reshuffle():  # COP-R6
    state = new()
    last = state.production_deck[-1]
    state.production_discard = state.production_deck[:-1]
    state.production_deck = [last]
    state.apply(0, Manage.of("prospect"))
    assert len(state.looking) == 2 and state.looking[0] == last


def test_negotiate_and_immigrate():  # rulebook: Negotiate, Immigrate
    state = new()
    place_miner(state, 0, 3, "unrest", False)
    place_miner(state, 0, 4, "cemetery", False)
    at_management(state)
    state.apply(0, Manage.of("negotiate"))
    assert state.miner_at[0].count("unrest") == 0 and unskilled(state, 0) == 3
    state.apply(0, Manage.of("immigrate"))
    assert state.miner_at[0].count("cemetery") == 0 and state.miner_at[0].count("unrest") == 1


# --- labor actions ------------------------------------------------------------------------------- COP-R9

def test_labor_actions_by_miner_states():  # COP-R9
    state = new()
    at_labor(state)
    assert kinds(state) == ["work_at:0:M01", "work_at:0:M02", "work_at:0:M04", "work_at:0:M05", "work_at:0:M07",
                            "work_at:0:M08", "labor:stockpile", "labor:relocate"]
    state.miner_ready[0][0] = False
    edited(state)
    assert kinds(state) == ["labor:relocate", "labor:payroll"]


def test_stockpile_moves_to_an_adjacent_camp_and_keeps_two_of_four():  # rulebook: Stockpile; COP-R10
    state = new()
    place_miner(state, 0, 0, "M08")
    at_labor(state)
    state.apply(0, Labor.of("stockpile"))
    assert kinds(state) == ["stockpile_at:0:C1", "stockpile_at:0:C3"]
    hand = len(state.hands[0])
    top = state.capital_deck[-2:]
    state.apply(0, StockpileAt.of(0, "C3"))
    assert state.miner_at[0][0] == "C3" and not state.miner_ready[0][0]
    assert sorted(state.looking) == sorted(top)
    state.apply(0, Keep.of(top[0]))
    assert top[1] in state.capital_discard
    state.apply(0, Keep.of(state.looking[0]))
    assert len(state.hands[0]) == hand + 2 and len(state.capital_discard) == 2


def test_stockpile_with_one_card_available_keeps_it():  # COP-R10
    state = new()
    at_labor(state)
    last = state.capital_deck[-1]
    state.capital_discard = []
    state.capital_deck = [last]
    hand = len(state.hands[0])
    state.apply(0, Labor.of("stockpile"))
    state.apply(0, StockpileAt.of(0, "C1"))
    assert last in state.hands[0] and len(state.hands[0]) == hand + 1


def test_relocate_to_any_camp_and_ready():  # rulebook: Relocate; COP-R11
    state = new()
    place_miner(state, 0, 0, "M16", ready=False)
    at_labor(state)
    state.apply(0, Labor.of("relocate"))
    assert len(state.decision(0).actions) == 4
    state.apply(0, Relocate.of(0, "C2"))
    assert state.decision(0).kind == "ready"
    state.apply(0, Accept.of(True))
    assert state.miner_at[0][0] == "C2" and state.miner_ready[0][0]


def test_payroll_readies_all_and_may_contract():  # rulebook: Payroll; COP-R11
    state = new()
    place_miner(state, 0, 0, "M01", ready=False)
    place_miner(state, 0, 1, "C4", ready=False)
    at_labor(state)
    state.apply(0, Labor.of("payroll"))
    assert state.miner_ready[0][0] and state.miner_ready[0][1]
    assert Contract.of("") in state.decision(0).actions  # contracting is optional
    state.apply(0, Contract.of("C3"))
    assert state.miner_at[0].count("C3") == 1 and unskilled(state, 0) == 2


def test_payroll_only_without_ready_miners():  # rulebook: Miners
    state = new()
    at_labor(state)
    with pytest.raises(IllegalAction):
        state.apply(0, Labor.of("payroll"))


# --- dividends ------------------------------------------------------------------------------------ COP-R12

@pytest.mark.parametrize("era,limit", [(1, 4), (2, 5), (3, 6)])
def test_dividends_discard_to_the_era_limit(era, limit):  # rulebook: Dividends; COP-R12
    state = new()
    state.era = era
    give(state, 0, state.capital_deck[-5:])
    set_tasks(state, [["dividends", 0], ["end_turn", 0]])
    FLOW.proceed(state)
    discards = 0
    while state.to_move() == (0,) and state.decision(0).kind == "dividends":
        state.apply(0, state.decision(0).actions[0])
        discards += 1
    assert len(state.hands[0]) == limit and discards == 8 - limit
    assert state.to_move() == (1,)


def test_other_players_may_exceed_the_limit():  # COP-R12
    state = new()
    give(state, 1, state.capital_deck[-5:])
    set_hand(state, 0, [])
    set_tasks(state, [["dividends", 0], ["end_turn", 0]])
    FLOW.proceed(state)
    assert state.to_move() == (1,) and len(state.hands[1]) == 8


def test_discard_is_offered_once_per_identical_card():  # COP-R53
    state = new()
    set_hand(state, 0, ["CAP1-01", "CAP1-02", "CAP1-03", "CAP1-07", "CAP1-13"])
    set_tasks(state, [["dividends", 0], ["end_turn", 0]])
    FLOW.proceed(state)
    assert kinds(state) == [Discard.of("CAP1-01").id, Discard.of("CAP1-07").id, Discard.of("CAP1-13").id]


def test_done_is_only_offered_with_a_business_window():  # COP-R36 window turn
    state = new()
    state.businesses = ["LB2"]
    set_tasks(state, [["before_dividends", 0], ["dividends", 0], ["end_turn", 0]])
    FLOW.proceed(state)
    assert kinds(state) == ["use_business:LB2", Done.of().id]


def test_stockpile_with_no_cards_left_does_nothing():  # COP-R10, COP-R32
    state = new()
    at_labor(state)
    state.capital_deck, state.capital_discard = [], []
    hand = list(state.hands[0])
    state.apply(0, Labor.of("stockpile"))
    state.apply(0, StockpileAt.of(0, "C1"))
    assert state.hands[0] == hand and not state.miner_ready[0][0]
    assert state.to_move() == (1,)  # the turn ended: nothing to keep
