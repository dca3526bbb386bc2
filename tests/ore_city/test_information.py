"""Who knows what: rulebook §5.3, §5.4; ORE-R9, ORE-R40; determinization."""

from __future__ import annotations

from headframe.engine import Rng

from .helpers import TYPE, act, table


def hand_view(state, viewer, owner):
    return [entry["card"] for entry in state.view(viewer)["seats"][owner]["hand"]]


def test_draws_show_only_the_pile_to_others():
    # ORE-R9: everyone sees the type of every card drawn; only the drawer its face.
    state = table(3, hands={0: ["park", "park"]})
    act(state, "pass")
    act(state, "draw:industrial")
    draw = [e for e in state.log_for(1) if e["event"] == "draw"][-1]
    assert draw == {"event": "draw", "seat": 0, "pile": "industrial"}
    own = [e for e in state.log_for(0) if e["event"] == "draw"][-1]
    assert own["private"]["card"] == state.hands[0][-1]
    assert hand_view(state, 1, 0)[-1] is None and hand_view(state, 0, 0)[-1] == state.hands[0][-1]


def test_taking_the_only_face_down_pw_keeps_what_watchers_knew():
    # ORE-R40: the only face-down card: whoever knew it still knows it.
    state = table(3, hands={0: ["park"] * 3, 1: ["single_house"] * 3}, common=["hospital", "condominium"])
    act(state, "exchange")
    act(state, "end_giving")  # seat 0 has now seen the Hospital
    state.active, state.phase, state._decisions = 1, "action", {}
    act(state, "exchange")
    act(state, "give:single_house")
    act(state, "end_giving")
    act(state, "take:hospital")
    assert hand_view(state, 0, 1).count("hospital") == 1
    assert "hospital" not in hand_view(state, 2, 1)


def test_taking_one_of_several_face_down_pws_hides_which():
    # ORE-R40: with several face-down cards, only the taker knows which it took.
    state = table(3, hands={0: ["park"] * 3, 1: ["single_house"] * 3}, common=["hospital", "airport"])
    act(state, "exchange")
    act(state, "end_giving")
    assert [c["card"] for c in state.view(0)["common"]] == ["hospital", "airport"]
    state.active, state.phase, state._decisions = 1, "action", {}
    act(state, "exchange")
    act(state, "give:single_house")
    act(state, "end_giving")
    act(state, "take:hospital")
    assert "hospital" not in hand_view(state, 0, 1)
    assert [c["card"] for c in state.view(0)["common"]] == [None, "single_house"]
    assert [c["card"] for c in state.view(1)["common"]] == ["airport", "single_house"]


def test_police_take_is_seen_by_actor_and_victim_only():
    # ORE-R9, ORE-R33, ORE-R40.
    state = table(3, hands={0: ["police_station"], 1: ["park", "condominium"]}, coins=[7, 0, 0])
    state.hand_seen[1] = [0b111, 0b111]  # everyone knew both (e.g. taken face up in exchanges)
    act(state, "accomplish:police_station")
    act(state, "police_take:1:residential")
    taken = state.hands[0][0]
    assert hand_view(state, 0, 0) == [taken] and hand_view(state, 1, 0) == [taken]
    assert hand_view(state, 2, 0) == [None]
    left = state.hands[1][0]
    assert hand_view(state, 2, 1)[0] is None and hand_view(state, 1, 1)[0] == left
    public = [e for e in state.log_for(2) if e["event"] == "police_take"][0]
    assert "private" not in public and public["type"] == "residential"


def test_playing_one_of_two_identical_cards_forgets_the_known_copy():
    # ORE-R40: the copy most seats knew is the one that leaves.
    state = table(3, hands={0: ["single_house", "single_house"]})
    state.hand_seen[0] = [0b001, 0b111]
    act(state, "construct:single_house:1:0")
    assert state.hand_seen[0][0] == 0b001


def test_determinize_in_the_middle_of_an_exchange():
    # ORE-R34: the exchanging seat sees every face-down PW; others do not.
    state = table(4, hands={0: ["park", "city_hall", "highway"], 2: ["hospital"]},
                  common=["airport", "university", "single_house"])
    act(state, "exchange")
    act(state, "give:city_hall")
    for seat in range(4):
        for seed in range(5):
            world = state.determinize(seat, Rng(seed))
            assert world.view(seat) == state.view(seat)
            assert [TYPE[c] for c in world.common] == [TYPE[c] for c in state.common]
            world.validate()
    world = state.determinize(0, Rng(3))
    assert world.common == state.common and world.hands[0] == state.hands[0]
