"""Setup, the turn, refills, piles, Exchange, Flush and the end: rulebook §5, §6,
§6d, §6e, §7; ORE-R1, R2, R5..R13, R34..R38."""

from __future__ import annotations

import pytest

from headframe.engine import OptionError, PositionError, Rng

from .helpers import GAME, TYPE, act, ids, table

# --- setup -----------------------------------------------------------------------------

def test_player_counts():
    # ORE-R1; rulebook §2.
    assert GAME.players == (2, 3, 4, 5, 6)
    for players in (1, 7):
        with pytest.raises(OptionError):
            GAME.new_state(players, 1)


def test_first_player_is_random_and_play_goes_clockwise():
    # ORE-R2.
    firsts = {GAME.new_state(4, seed).first for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    state = table(4, active=3, first=1)
    act(state, "pass")
    while state.phase == "refill":
        act(state, ids(state)[0])
    assert state.active == 0


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_setup_hands_and_discards_by_turn_position(players):
    # rulebook §5 steps 1-5; ORE-R5, ORE-R6, ORE-R7.
    state = GAME.new_state(players, 7)
    assert state.coins == [0] * players and state.vp == [0] * players and state.technology == [0] * players
    assert all(not space for space in state.spaces) and all(not a for a in state.acquired)
    assert sorted(TYPE[c] for c in state.hands[state.first]) == [0, 1, 2]  # the first player keeps R, C, I
    for position in range(1, players):
        seat = (state.first + position) % players
        assert state.phase == "setup_discard" and state.active == seat
        assert len(state.hands[seat]) == 3 + position  # one each of R, C, I plus `position` Residential
        assert sorted(TYPE[c] for c in state.hands[seat]) == sorted([0, 1, 2] + [0] * position)
        for _ in range(position):
            discarded = ids(state)[-1]
            act(state, discarded)
        assert len(state.hands[seat]) == 3
    assert state.phase == "action" and state.active == state.first
    assert all(len(hand) == 3 for hand in state.hands)
    assert not any(TYPE[c] == 3 for hand in state.hands for c in hand)  # ORE-R13 (e)
    assert len(state.common) == 5 and all(TYPE[c] == 0 for c in state.common)
    assert sum(1 for e in state.log if e["event"] == "setup_discard") == players * (players - 1) // 2


def test_six_player_setup_reshuffles_residential_for_the_common_space():
    # ORE-R7: in a 6-player game the Residential pile runs out during the common deal.
    state = GAME.new_state(6, 3)
    while state.phase == "setup_discard":
        act(state, ids(state)[0])
    assert len(state.common) == 5
    assert any(e["event"] == "reshuffle" and e["pile"] == "residential" for e in state.log)
    discarded = sum(1 for e in state.log if e["event"] == "setup_discard")
    assert discarded == 15


def test_setup_discards_are_face_up_by_type():
    # rulebook §5 step 4.
    state = GAME.new_state(3, 11)
    card = state.decision(state.active).actions[0].card
    act(state, f"discard:{card}")
    assert state.discards[TYPE[card]] == [card]
    assert state.view(state.first)["discards"][["residential", "commercial", "industrial"][TYPE[card]]] == [card]


# --- the turn ------------------------------------------------------------------------------

def test_exchange_flush_and_pass_are_always_available():
    # ORE-R10: a player always has a legal action.
    state = table(3)
    assert ids(state) == ["exchange", "flush", "pass"]


def test_pass_then_refill_one_card_at_a_time_choosing_the_pile():
    # rulebook §6 f) and end of turn; ORE-R11, ORE-R12.
    state = table(3, hands={0: ["park"]})
    act(state, "pass")
    assert state.to_move() == (0,) and state.phase == "refill"
    assert ids(state) == ["draw:residential", "draw:commercial", "draw:industrial", "draw:public_works"]
    act(state, "draw:public_works")
    assert ids(state) == ["draw:residential", "draw:commercial", "draw:industrial"]  # ORE-R13 (a)
    act(state, "draw:industrial")
    assert len(state.hands[0]) == 3 and state.active == 1 and state.phase == "action"
    assert [TYPE[c] for c in state.hands[0]] == [0, 3, 2]


def test_only_the_active_player_refills():
    # ORE-R12.
    state = table(3, hands={0: ["park", "park", "park"]})
    act(state, "pass")
    assert state.active == 1 and state.hands[1] == [] and state.phase == "action"


def test_refill_skips_exhausted_types_and_stops_when_nothing_can_be_drawn():
    # rulebook §6 (the unlikely event); ORE-R8, ORE-R12.
    state = table(3, hands={0: ["hospital"]})
    for kind in (0, 1, 2):
        state.piles[kind] = []
    act(state, "pass")  # only Public Works remain and seat 0 holds one: no draw
    assert state.hands[0] == ["hospital"] and state.active == 1
    state = table(3)
    state.piles[0], state.piles[1], state.piles[3] = [], [], []
    act(state, "pass")  # a single legal pile is drawn from without asking
    assert [TYPE[c] for c in state.hands[0]] == [2, 2, 2] and state.active == 1


def test_pile_reshuffles_the_moment_it_runs_out_or_at_the_next_draw():
    # ORE-R8.
    state = table(3, hands={0: ["park", "park"]})
    state.discards[1] = state.piles[1][:-1]
    state.piles[1] = state.piles[1][-1:]
    act(state, "pass")
    act(state, "draw:commercial")  # the last card: its discards become a new pile at once
    assert len(state.piles[1]) == 24 and state.discards[1] == []
    state = table(3, hands={0: ["park", "park"]})
    state.discards[2] = []
    hoard = state.piles[2]
    state.piles[2] = []
    state.discards[2] = hoard
    act(state, "pass")
    act(state, "draw:industrial")  # an empty pile with discards: shuffled first, then drawn
    assert len(state.piles[2]) == 24 and state.discards[2] == []


def test_exhausted_type_cannot_be_drawn():
    # ORE-R8: both draw and discard piles empty.
    state = table(3, hands={0: ["park", "park"]})
    state.piles[1] = []
    act(state, "pass")
    assert "draw:commercial" not in ids(state)


# --- Exchange (rulebook §6d, ORE-R34) ---------------------------------------------------------

def test_exchange_swaps_the_same_number_of_cards():
    state = table(3, hands={0: ["park", "highway", "small_store"]},
                  common=["single_house", "condominium", "hospital", "small_store", "park"])
    act(state, "exchange")
    act(state, "give:highway")
    act(state, "give:park")
    assert len(state.common) == 7 and state.hands[0] == ["small_store"]
    act(state, "end_giving")
    act(state, "take:condominium")
    act(state, "take:park")  # taking back a card just given is allowed
    assert sorted(state.hands[0]) == ["condominium", "park", "small_store"] and len(state.common) == 5
    assert state.active == 1  # the hand is full: no refill draw


def test_exchange_of_zero_cards_only_shows_the_face_down_public_works():
    state = table(3, common=["hospital", "park"])
    assert state.view(0)["common"][0] == {"type": "public_works", "card": None}
    act(state, "exchange")
    assert state.view(0)["common"][0] == {"type": "public_works", "card": "hospital"}
    act(state, "end_giving")
    assert state.phase == "refill"
    assert state.view(0)["common"][0]["card"] == "hospital"  # seen, still remembered
    assert state.view(1)["common"][0]["card"] is None


def test_exchange_keeps_the_one_public_works_limit():
    # ORE-R13 (b): the actor may not end holding two PWs.
    state = table(3, hands={0: ["city_hall", "park", "park"]}, common=["hospital", "airport", "park"])
    act(state, "exchange")
    act(state, "give:park")
    act(state, "end_giving")
    assert ids(state) == ["take:park"]
    state = table(3, hands={0: ["city_hall", "park", "park"]}, common=["hospital", "airport", "park"])
    act(state, "exchange")
    act(state, "give:city_hall")
    act(state, "give:park")
    act(state, "end_giving")
    act(state, "take:airport")
    assert ids(state) == ["take:park"]


def test_public_works_go_face_down_into_the_common_space():
    # rulebook §5.3, §6d: others see only the back of a PW given.
    state = table(3, hands={0: ["city_hall", "park", "park"]}, common=["single_house"])
    act(state, "exchange")
    act(state, "give:city_hall")
    act(state, "end_giving")
    act(state, "take:single_house")
    assert state.view(1)["common"] == [{"type": "public_works", "card": None}]
    assert state.view(0)["common"] == [{"type": "public_works", "card": "city_hall"}]
    assert [e for e in state.log_for(1) if e["event"] == "give"][-1] == {
        "event": "give", "seat": 0, "type": "public_works"}


def test_construction_cards_taken_in_an_exchange_are_known_to_everyone():
    # ORE-R9: everyone sees the faces of construction cards an Exchange moves.
    state = table(3, hands={0: ["park", "park", "park"]}, common=["restaurant"])
    act(state, "exchange")
    act(state, "give:park")
    act(state, "end_giving")
    act(state, "take:restaurant")
    hand = state.view(2)["seats"][0]["hand"]
    assert {"type": "commercial", "card": "restaurant"} in hand
    assert {"type": "residential", "card": None} in hand


# --- Flush (rulebook §6e, ORE-R35) ------------------------------------------------------------

def test_flush_discards_hand_and_common_space_and_deals_residential():
    state = table(3, hands={0: ["hospital", "highway"]}, common=["city_hall", "park", "small_store"])
    act(state, "flush")
    assert sorted(state.discards[3]) == ["city_hall", "hospital"] and state.discards[2] == ["highway"]
    assert [TYPE[c] for c in state.hands[0]] == [0, 0, 0]
    assert len(state.common) == 5 and all(TYPE[c] == 0 for c in state.common)
    assert state.active == 1
    flush = [e for e in state.log_for(1) if e["event"] == "flush"][0]
    assert sorted(flush["common"]) == ["city_hall", "park", "small_store"]  # face-down PWs become public


def test_flush_with_an_empty_hand_is_legal():
    state = table(3)
    assert "flush" in ids(state)


def test_flush_reshuffles_residential_discards_including_the_ones_just_discarded():
    # ORE-R35 with ORE-R8.
    state = table(3, hands={0: ["park", "park", "park"]})
    state.piles[0] = ["single_house"] * 5
    act(state, "flush")
    assert state.hands[0] == ["single_house"] * 3
    assert sorted(state.common) == ["park", "park", "park", "single_house", "single_house"]


def test_flush_when_residential_is_exhausted_the_player_chooses_other_piles():
    # ORE-R35: compulsory draws; hand draws follow ORE-R13; PWs dealt to the common lie face down.
    state = table(3, hands={0: ["park"]})
    state.piles[0] = []
    act(state, "flush")
    # the Park just discarded is the only Residential card: drawn first
    assert state.hands[0] == ["park"]
    assert ids(state) == ["draw:commercial", "draw:industrial", "draw:public_works"]
    act(state, "draw:public_works")
    assert ids(state) == ["draw:commercial", "draw:industrial"]
    act(state, "draw:industrial")
    assert state.phase == "flush_common"
    assert ids(state) == ["draw:commercial", "draw:industrial", "draw:public_works"]
    for _ in range(5):
        act(state, "draw:public_works")
    assert [TYPE[c] for c in state.common] == [3] * 5
    assert all(entry["card"] is None for entry in state.view(0)["common"])
    assert state.active == 1


def test_flush_shortage_leaves_hand_and_common_short():
    # ORE-R35: no legal type left: the hand stays short, then the common space does.
    state = table(3)
    state.piles = [[], [], [], ["city_hall", "hospital"]]
    state.piles[3] = ["city_hall", "hospital"]
    act(state, "flush")
    assert len(state.hands[0]) == 1 and len(state.common) == 1 and state.active == 1


# --- the end (rulebook §7, ORE-R36, ORE-R37) ----------------------------------------------------

def test_no_ending_without_10_vp_and_the_round_limit_option_ends_in_a_draw():
    # ORE-R37: the printed game never ends by itself; round_limit (INVENTED) ends it as a draw.
    state = table(2, options={"round_limit": 2}, first=0)
    for _ in range(4):
        assert not state.is_over()
        act(state, "pass")
        while state.phase == "refill":
            act(state, ids(state)[0])
    assert state.is_over() and state.winner == -1
    assert state.result().ranking == (1, 1)
    state = table(2, first=0)
    for _ in range(40):
        act(state, "pass")
        while state.phase == "refill":
            act(state, ids(state)[0])
    assert not state.is_over()


def test_coins_never_go_negative_and_a_bad_position_is_refused():
    # ORE-R38.
    state = table(3)
    text = state.to_json()
    bad = text.replace('"coins":[0,0,0]', '"coins":[-1,0,0]')
    assert bad != text
    with pytest.raises(PositionError):
        GAME.load_position(bad)


# --- public information (rulebook §5.4, ORE-R9) ---------------------------------------------------

def test_view_shows_hand_types_coins_vp_and_spaces_but_not_faces():
    state = table(3, hands={0: ["park", "hospital"], 1: ["highway"]}, coins=[3, 4, 5],
                  spaces={1: [("single_house", 0)]}, acquired={2: ["wind_turbine"]}, technology=[0, 0, 1])
    view = state.view(1)
    assert view["seats"][0]["hand"] == [{"type": "residential", "card": None},
                                               {"type": "public_works", "card": None}]
    assert view["seats"][1]["hand"] == [{"type": "industrial", "card": "highway"}]
    assert [p["coins"] for p in view["seats"]] == [3, 4, 5]
    assert view["seats"][1]["space"] == [["single_house", 0]]
    assert view["seats"][2]["acquired"] == ["wind_turbine"] and view["seats"][2]["technology"] == 1
    assert view["piles"]["industrial"] == len(state.piles[2])
    spectator = state.view(None)
    assert all(c["card"] is None for p in spectator["seats"] for c in p["hand"])


def test_determinize_keeps_types_and_known_cards():
    # ORE-R9: resampled hands keep each hidden card's type; known faces stay put.
    state = table(4, hands={0: ["park", "highway"], 1: ["hospital", "restaurant", "single_house"],
                            2: ["condominium"]}, common=["city_hall", "park"])
    state.hand_seen[1][1] |= 1 << 0  # seat 0 saw the Restaurant taken in an exchange
    changed = set()
    for seed in range(30):
        world = state.determinize(0, Rng(seed))
        assert world.view(0) == state.view(0)
        assert world.hands[0] == state.hands[0] and world.hands[1][1] == "restaurant"
        assert [TYPE[c] for c in world.hands[1]] == [3, 1, 0]
        world.validate()
        changed.add((world.hands[1][0], world.hands[2][0], world.common[0]))
    assert len(changed) > 10
