"""Poor rock and the industry track: eras, local businesses, events, the end, scoring."""

from __future__ import annotations

import pytest

from headframe.engine import OptionError
from headframe.games.copper_country import scoring
from headframe.games.copper_country.actions import Discard, Done, Manage, PlaceRock, Sacrifice, Take, UseBusiness
from headframe.games.copper_country.eras import hand_limit
from headframe.games.copper_country.poor_rock import site_rock
from headframe.games.copper_country.track import rocks_left

from .helpers import GAME, at_management, choose, kinds, new, on_top, pay_all, place_miner, set_hand, surveyed, work

LABOR, SURFACE = "CAP1-01", "CAP1-07"


def produce(state, site="M07", seat=0, card="PROD1-01"):
    """Work `site` and choose the produce-copper row of PROD1-01 (labor + surface + 1 rock)."""
    set_hand(state, seat, [LABOR, SURFACE])
    on_top(state, card)
    work(state, seat, site)
    choose(state, 0, seat=seat)
    pay_all(state, seat)


# --- placing poor rock ------------------------------------------------------------------------ COP-R23, COP-R24

def test_rock_comes_from_the_next_track_space():  # rulebook: Poor Rock; COP-R23
    state = new()
    state.track_next = 4
    produce(state)
    assert kinds(state) == ["place_rock:P16:", "place_rock:P17:", "place_rock:P18:"]
    state.apply(0, PlaceRock.of("P17", ""))
    assert state.track_next == 5 and state.rock == {"P17": 1}
    assert site_rock(state, "M11") == 1  # a shared space counts for both sites


def test_rock_on_a_face_up_poor_rock_token():  # rulebook: Face-Up Poor Rock; COP-R24
    state = new()
    surveyed(state, "M08", "T13")  # empty token on M08, which shares P16 with M07
    produce(state)
    assert "place_rock:P16:M08" in kinds(state) and "place_rock:P16:" not in kinds(state)
    state.apply(0, PlaceRock.of("P16", "M08"))
    assert state.token_rock["M08"] and "P16" not in state.rock


def test_rock_placed_reveals_a_local_business():  # rulebook: Local Business Cards; COP-R36
    state = new()
    state.track_next = 5
    produce(state)
    state.apply(0, PlaceRock.of("P16", ""))
    assert len(state.businesses) == 1 and len(state.business_pool) == 7
    assert state.copper[0] == ["PROD1-01"]  # the shift went on


def test_era_2_begins_mid_shift():  # rulebook: Era Cards; COP-R34
    state = new()
    state.track_next = 9
    produce(state)
    hands = [list(h) for h in state.hands]
    state.apply(0, PlaceRock.of("P16", ""))
    t = state.tables
    assert state.era == 2 and hand_limit(state) == 5
    capital = state.capital_deck + [c for c in state.community if c]
    assert set(t.capital_by_era[2]) <= set(capital) and not state.capital_discard
    assert LABOR in capital and SURFACE in capital  # played this shift: shuffled in
    assert set(t.production_by_era[2]) <= set(state.production_deck) and not state.production_discard
    assert state.hands == hands and state.copper[0] == ["PROD1-01"]  # the card being resolved is not affected
    at_management(state)
    state.apply(0, Manage.of("build"))
    assert "choose_building:shaft_house" in kinds(state)


def test_era_3_brings_hoist_houses_and_a_bigger_hand():  # COP-R34
    state = new()
    state.era = 2
    state.track_next = 18
    produce(state)
    state.apply(0, PlaceRock.of("P16", ""))
    assert state.era == 3 and hand_limit(state) == 6
    assert set(state.tables.capital_by_era[3]) <= set(state.capital_deck + state.community)


def test_nineteenth_century_event_in_turn_order():  # rulebook: 19th and 20th Century Event Cards; COP-R37
    state = new(players=3)
    state.event_pools["event_19th"] = ["E19-3"]  # Panic of 1873
    state.track_next = 15
    for seat in (1, 2):
        set_hand(state, seat, state.capital_deck[-4:])
    produce(state, seat=0)
    state.apply(0, PlaceRock.of("P16", ""))
    assert state.events_played == ["E19-3"]
    assert state.to_move() == (1,) and state.decision(1).kind == "event_discard"  # the current player has 0 cards
    state.apply(1, state.decision(1).actions[0])
    assert state.to_move() == (2,)
    state.apply(2, state.decision(2).actions[0])
    assert len(state.hands[1]) == 3 and len(state.hands[2]) == 3
    assert state.copper[0] == ["PROD1-01"] and state.decision(1).kind == "management"  # the shift ended


def test_event_strike_can_end_the_work():  # E20-2; COP-R37
    state = new(players=2)
    state.era = 3
    state.event_pools["event_20th"] = ["E20-2"]
    state.track_next = 25
    surveyed(state, "M07", "T01")
    place_miner(state, 0, 1, "C3")
    produce(state)
    state.apply(0, PlaceRock.of("P16", ""))
    assert state.decision(0).kind == "event_miner"
    state.apply(0, Sacrifice.of(0))  # the working miner
    assert state.to_move() == (1,) or state.work is None
    while state.to_move() == (1,) and state.tasks[0][0].startswith("event"):
        state.apply(1, state.decision(1).actions[0])
    assert state.work is None and state.miner_at[0][0] == "unrest"


def test_events_without_choices():  # E19-1, E19-2
    state = new(players=2)
    state.event_pools["event_19th"] = ["E19-1"]
    state.track_next = 15
    produce(state)
    state.apply(0, PlaceRock.of("P16", ""))
    assert state.miner_at[0].count("unrest") == 1 and state.miner_at[1].count("unrest") == 1


def test_world_war_one_each_player_draws():  # E20-4
    state = new(players=2)
    state.era = 3
    state.event_pools["event_20th"] = ["E20-4"]
    state.track_next = 25
    produce(state)
    state.apply(0, PlaceRock.of("P16", ""))
    assert state.decision(0).kind == "event_war"
    state.apply(0, Take.of(0))
    state.apply(1, Take.of(-1))
    assert len(state.hands[0]) == 1 and len(state.hands[1]) == 4


def test_end_of_game_after_the_shift():  # rulebook: Ending the Game; COP-R38
    state = new()
    state.track_next = 33
    state.businesses = ["LB8"]
    produce(state)
    state.apply(0, PlaceRock.of("P16", ""))
    assert state.is_over() and state.copper[0] == ["PROD1-01"]
    assert "LB8" not in state.used  # COP-R55: no Stamp Mill after the last rock
    assert state.result().scores[0] >= 2


def test_short_games():  # rulebook: Suggestions for Beginners; COP-R44
    state = new(short_game="eras_1_2")
    assert rocks_left(state) == 18 and state.icons[17] == "end"
    state.track_next = 18
    produce(state)
    state.apply(0, PlaceRock.of("P16", ""))
    assert state.is_over() and state.era == 1
    state = new(short_game="era_3_intro")
    assert rocks_left(state) == 25 and state.icons[24] == "end" and state.icons[17] == "era_3"


def test_beginner_removals():  # rulebook: Suggestions for Beginners; COP-R43
    state = new(use_company_cards=False, use_local_business=False, use_events=False)
    assert state.company == ["", ""]
    assert "local_business" not in state.icons and not any(i.startswith("event") for i in state.icons)
    assert state.final_result().scores == (0, 0)


def test_track_icons_option():  # COP-R35
    state = new(track_icons="local_business=3,20;era_2=7;event_19th=10")
    assert state.icons[2] == state.icons[19] == "local_business" and state.icons[6] == "era_2"
    with pytest.raises(OptionError):
        new(track_icons="local_business=3,20;era_2=12;event_19th=10")


def test_industry_track_tokens():  # rulebook: Industry Track Tokens – Advanced; COP-R45
    state = GAME.new_state(2, 3, {"industry_track_tokens": "start=10;end=30;local_business=20", "first_player": "seat_0"})
    assert state.era == 2 and rocks_left(state) == 21 and state.icons[19] == "local_business"
    assert set(state.tables.capital_by_era[2]) <= set(state.capital_deck + state.community + sum(state.hands, []))
    excess = 0
    while state.tasks[0][0] == "excess":  # 12 excess rock, placed in turn order
        seat = state.to_move()[0]
        assert seat == excess % 2
        state.apply(seat, state.decision(seat).actions[0])
        excess += 1
    assert excess == 12 and len(state.rock) == 12
    with pytest.raises(OptionError):
        GAME.new_state(2, 3, {"industry_track_tokens": "start=10;end=30", "short_game": "eras_1_2"})
    with pytest.raises(OptionError):
        GAME.new_state(2, 3, {"industry_track_tokens": "event_19th=20"})


def test_winter_board():  # rulebook: Winter Game Board – Advanced; COP-R46, COP-R48
    state = new(board="winter")
    assert len(state.terrain) == 16 and len(state.terrain_aside) == 2
    assert state.view(0)["terrain"]["M01"] is None and "terrain_aside" not in state.view(0)
    assert sum(state.board.house_spaces.values()) == 12


def test_stalled_game_ends():  # COP-R52
    state = new(industry_track_tokens="end=17")
    for site in state.board.sites:
        state.surveyed[site] = True
    spaces = state.board.spaces
    state.rock = {s: 1 for s in spaces}
    assert scoring.stalled(state)
    state.builds = {"B01": [0, "shaft_house"]}
    state.rock.pop("P01")
    assert not scoring.stalled(state)  # a shaft house on a site with 2 rock: 2 + 2 - 3 = 1 shift


# --- local businesses ---------------------------------------------------------------------------------- COP-R36

def test_bank_is_usable_once_per_turn_and_not_an_action():
    state = new()
    state.businesses = ["LB2"]
    at_management(state)
    assert "use_business:LB2" in kinds(state)
    state.apply(0, UseBusiness.of("LB2"))
    state.apply(0, Discard.of(state.decision(0).actions[0].card))
    assert state.decision(0).kind == "management" and len(state.hands[0]) == 3
    assert "use_business:LB2" not in kinds(state)
    assert len([t for t in state.tasks if t[0] == "manage"]) == 2  # still two management actions


def test_general_store():  # LB1
    state = new()
    state.businesses = ["LB1"]
    at_management(state)
    state.apply(0, UseBusiness.of("LB1"))
    state.apply(0, state.decision(0).actions[0])
    state.apply(0, state.decision(0).actions[0])
    card = state.community[1]
    state.apply(0, Take.of(1))
    assert card in state.hands[0] and len(state.hands[0]) == 2


def test_gazette_shows_the_top_card():  # LB5
    state = new()
    state.businesses = ["LB5"]
    surveyed(state, "M07", "T01")
    set_hand(state, 0, [])
    on_top(state, "PROD1-02", "PROD1-05")
    work(state, 0, "M07")
    choose(state, 2)
    state.apply(0, UseBusiness.of("LB5"))
    assert state.view(0)["known_top_production_card"] == "PROD1-05"
    assert state.view(1)["known_top_production_card"] is None


def test_stamp_mill_after_producing():  # LB8
    state = new()
    state.businesses = ["LB8"]
    produce(state)
    state.apply(0, PlaceRock.of("P16", ""))
    assert kinds(state) == ["use_business:LB8", Done.of().id]
    state.apply(0, UseBusiness.of("LB8"))
    assert len(state.hands[0]) == 1


# --- scoring --------------------------------------------------------------------------------------- COP-R39 to COP-R41

def scored(state, piles, companies=("CO1", "CO2"), done=(False, False)):
    state.copper = [list(p) for p in piles]
    state.company = list(companies)
    state.company_done = list(done)
    state.over, state.tasks = True, []  # over: the agenda empty, as scoring.end_game leaves it
    return state.result()


def test_copper_claim_and_specialization():  # rulebook: Ending the Game; COP-R39
    state = new()
    # PROD1-01 labor+surface (2), PROD1-13 explosive+transport (2); CO1 labor, CO2 surface
    result = scored(state, [["PROD1-01", "PROD1-02"], ["PROD1-13"]], done=(False, True))
    assert result.scores == (2 + 2 + 2, 2 + 10)  # seat 0 specialization 2 (labor x2) is the highest
    assert result.winners == (1,)


def test_shared_specialization_bonus():  # COP-R39: every player with the highest adds it
    state = new()
    result = scored(state, [["PROD1-01"], ["PROD1-02"]])
    assert result.scores == (3, 3) and result.ranking == (1, 1)


def test_tiebreak_without_cemetery_cards():  # rulebook: Ending the Game; COP-R40
    state = new()
    cemetery = next(c for c in state.tables.production_by_era[1]
                    if state.tables.produce_row[c].cemetery and state.tables.produce_row[c].copper == 3)
    unrest = next(c for c in state.tables.production_by_era[1]
                  if state.tables.produce_row[c].unrest and state.tables.produce_row[c].copper == 3)
    result = scored(state, [[cemetery], [unrest]], companies=("CO5", "CO5"))
    assert result.scores[0] == result.scores[1]
    assert result.winners == (1,) and result.tiebreak == scoring.WITHOUT_CEMETERY


def test_second_tiebreak_and_shared_win():  # COP-R40
    state = new()
    produce_row = state.tables.produce_row

    def find(era, copper, icon=None):
        return [c for c in state.tables.production_by_era[era]
                if produce_row[c].copper == copper and "explosive" not in produce_row[c].resources
                and (icon is None or getattr(produce_row[c], icon)) and not (icon is None and (
                    produce_row[c].unrest or produce_row[c].cemetery))]

    unrest_3, plain_2, unrest_5 = find(1, 3, "unrest"), find(1, 2), find(2, 5, "unrest")
    result = scored(state, [[unrest_3[0], plain_2[0]], [unrest_5[0]]], companies=("CO5", "CO5"))
    assert result.scores == (5, 5) and result.winners == (0,)
    assert result.tiebreak == scoring.WITHOUT_CEMETERY_AND_UNREST
    result = scored(state, [[unrest_3[0], plain_2[0]], [unrest_3[1], plain_2[1]]], companies=("CO5", "CO5"))
    assert result.ranking == (1, 1)  # they remain tied: a shared win


def test_tiebreak_specialization_options():  # COP-R40 option tiebreak_specialization
    state = new(tiebreak_specialization="keep_award")
    result = scored(state, [["PROD1-01"], ["PROD1-02"]])
    assert result.ranking == (1, 1)


def test_no_company_cards_scores_copper_only():  # COP-R39
    state = new(use_company_cards=False)
    result = scored(state, [["PROD1-01"], ["PROD1-13"]], companies=("", ""))
    assert result.scores == (2, 2)


def test_rock_placed_while_working_does_not_change_the_shifts():  # rulebook: Poor Rock; COP-R14
    state = new()
    surveyed(state, "M07", "T01")
    produce(state)
    assert state.work["max"] == 2
    state.apply(0, PlaceRock.of("P16", ""))
    assert site_rock(state, "M07") == 1 and state.work["max"] == 2
    assert state.decision(0).kind == "continue"


def test_a_space_between_two_empty_poor_rock_tokens():  # COP-R24: the placing player chooses
    state = new()
    surveyed(state, "M07", "T13")
    surveyed(state, "M08", "T14")
    produce(state)
    assert {"place_rock:P16:M07", "place_rock:P16:M08"} <= set(kinds(state))
    state.apply(0, PlaceRock.of("P16", "M08"))
    assert state.token_rock == {"M08": True} and not state.rock


def test_start_token_on_an_era_space():  # COP-R45: covered era icons still set the starting era
    state = GAME.new_state(2, 3, {"industry_track_tokens": "start=18;event_20th=28", "first_player": "seat_0"})
    assert state.era == 3 and state.icons[17] == "start" and state.icons[27] == "event_20th"
    assert hand_limit(state) == 6 and len(state.capital_deck) + 4 + 6 == 66
