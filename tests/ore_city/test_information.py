"""Who knows what: rulebook §5.3, §5.4; ORE-R9, ORE-R40; determinization."""

from __future__ import annotations

from headframe.engine import Rng

from .helpers import GAME, TYPE, act, table, take


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


def test_taking_one_of_several_face_down_pws_keeps_what_watchers_knew():
    # ORE-R9, ORE-R40: common-space places are public, so a watcher who saw the
    # face-down PWs knows which one left and still knows the one that never moved.
    state = table(3, hands={0: ["park"] * 3, 1: ["single_house"] * 3}, common=["hospital", "airport"])
    act(state, "exchange")
    act(state, "end_giving")
    assert [c["card"] for c in state.view(0)["common"]] == ["hospital", "airport"]
    state.active, state.phase, state._decisions = 1, "action", {}
    act(state, "exchange")
    act(state, "give:single_house")
    act(state, "end_giving")
    act(state, "take:hospital")
    assert hand_view(state, 0, 1)[-1] == "hospital"
    assert "hospital" not in hand_view(state, 2, 1)
    assert [c["card"] for c in state.view(0)["common"]] == ["airport", "single_house"]
    assert [c["card"] for c in state.view(1)["common"]] == ["airport", "single_house"]
    assert [c["card"] for c in state.view(2)["common"]] == [None, "single_house"]
    for seed in range(30):
        world = state.determinize(0, Rng(seed))
        assert world.common[0] == "airport" and world.hands[1][-1] == "hospital"


def test_police_take_is_seen_by_actor_and_victim_only():
    # ORE-R9, ORE-R33, ORE-R40: the card is private to actor and victim (and to
    # whoever already knew that card); the victim's other cards never moved.
    state = table(3, hands={0: ["police_station"], 1: ["park", "condominium"]}, coins=[7, 0, 0])
    state.hand_seen[1] = [0b011, 0b111]  # seat 2 knew only the Condominium
    act(state, "accomplish:police_station")
    act(state, "police_take:1:residential")
    taken = state.hands[0][0]
    assert hand_view(state, 0, 0) == [taken] and hand_view(state, 1, 0) == [taken]
    left = state.hands[1][0]
    if taken == "park":
        assert hand_view(state, 2, 0) == [None] and hand_view(state, 2, 1)[0] == "condominium"
    else:
        assert hand_view(state, 2, 0) == ["condominium"] and hand_view(state, 2, 1)[0] is None
    assert hand_view(state, 1, 1)[0] == left
    public = [e for e in state.log_for(2) if e["event"] == "police_take"][0]
    assert "private" not in public and "card" not in public and public["type"] == "residential"
    assert [e for e in state.log_for(0) if e["event"] == "police_take"][0]["private"] == {"card": taken}


def test_police_take_of_a_pw_is_not_logged_publicly():
    # ORE-R9: the others see only the type of the card taken.
    state = table(3, hands={0: ["police_station"], 1: ["hospital", "park"]}, coins=[7, 0, 0])
    act(state, "accomplish:police_station")
    act(state, "police_take:1:public_works")
    for seat in (2,):
        entries = [e for e in state.log_for(seat) if e["event"] == "police_take"]
        assert entries == [{"event": "police_take", "seat": 0, "opponent": 1, "type": "public_works"}]
        assert "hospital" not in str(state.log_for(seat)) and "hospital" not in str(state.view(seat))


def test_which_identical_hand_card_leaves_is_random():
    # ORE-R40: of identical copies in a hand, one at random leaves (a fixed rule
    # would tell watchers something about the faces they cannot see).
    left = set()
    for seed in range(40):
        state = table(3, hands={0: ["single_house", "single_house"]})
        state.hand_seen[0] = [0b001, 0b111]
        state.rng = Rng(seed)
        act(state, "construct:single_house:1:0")
        left.add(state.hand_seen[0][0])
    assert left == {0b001, 0b111}


def test_which_identical_face_down_pw_is_taken_is_random():
    # ORE-R9, ORE-R40: the common space is laid out, so the taken copy's place is seen.
    gone = set()
    for seed in range(40):
        state = table(3, hands={0: ["park"] * 3}, common=["city_hall", "hospital", "city_hall"])
        state.rng = Rng(seed)
        act(state, "exchange")
        act(state, "give:park")
        act(state, "end_giving")
        act(state, "take:city_hall")
        gone.add(tuple(state.common))
    assert gone == {("hospital", "city_hall", "park"), ("city_hall", "hospital", "park")}


def test_take_of_a_pw_is_logged_privately():
    # ORE-R9: the others see a back go into the taker's hand.
    state = table(3, hands={0: ["park"] * 3}, common=["university", "single_house"])
    act(state, "exchange")
    act(state, "give:park")
    act(state, "end_giving")
    act(state, "take:university")
    for seat in (1, 2):
        take = [e for e in state.log_for(seat) if e["event"] == "take"][0]
        assert take == {"event": "take", "seat": 0, "type": "public_works"}
        assert "university" not in str(state.log_for(seat)) and "university" not in str(state.view(seat))
    assert [e for e in state.log_for(0) if e["event"] == "take"][0]["private"] == {"card": "university"}


def test_flush_deals_public_works_face_down_in_the_log():
    # ORE-R35: with Residential exhausted, PWs dealt to the common space lie face down.
    residential = [c for c, k in TYPE.items() if k == 0 for _ in range(GAME.tables.copies[c])]
    state = table(3, hands={0: ["small_store"]}, common=["restaurant"],
                  spaces={2: [(c, 2) for c in residential]})
    act(state, "flush")
    for pile in ("commercial", "industrial", "industrial"):
        act(state, f"draw:{pile}")
    for _ in range(5):
        act(state, "draw:public_works")
    dealt = [e for e in state.log_for(1) if e["event"] == "flush_dealt"][0]
    assert dealt["common"] == [None] * 5
    assert all(TYPE[c] == 3 for c in state.common)
    for seat in range(3):
        assert not any(name in str(state.log_for(seat)) for name in state.common)
        assert [c["card"] for c in state.view(seat)["common"]] == [None] * 5


def test_determinize_redraws_unseen_face_down_pws():
    # ORE-R9: a seat that has not seen the common space's PWs must not find them in
    # its worlds; a seat that saw them finds them where they are.
    state = table(3, hands={0: ["park"] * 3}, common=["city_hall", "single_house", "hospital"])
    act(state, "exchange")
    act(state, "end_giving")
    faces = {tuple(state.determinize(1, Rng(seed)).common) for seed in range(30)}
    assert len(faces) > 5 and all(f[1] == "single_house" for f in faces)
    assert all(TYPE[f[0]] == TYPE[f[2]] == 3 for f in faces)
    assert all(state.determinize(0, Rng(seed)).common == state.common for seed in range(10))


def test_determinize_never_moves_a_card_across_a_reshuffle():
    # ORE-R8: the pile made by a reshuffle is exactly the discards everyone saw;
    # a hidden card drawn before it cannot be in it.
    state = table(3, hands={0: ["park", "park"], 1: ["condominium", "small_store", "highway"]})
    houses = [take(state, "single_house") for _ in range(5)]
    rest = state.piles[0]
    state.spaces[2], state.builders[2] = list(rest), [2] * len(rest)
    state.piles[0], state.discards[0] = houses[:1], houses[1:]
    state.validate()
    act(state, "pass")
    act(state, "draw:residential")  # the last card: the pile reshuffles from 4 Single Houses
    assert state.piles[0] == ["single_house"] * 4 and state.generation[0] == 1
    for seed in range(100):
        world = state.determinize(0, Rng(seed))
        assert world.piles[0] == ["single_house"] * 4 and world.hands[1][0] == "condominium"
        world.validate()
    # seat 2 does not know seat 0's older cards either: they swap only among themselves
    assert all(sorted(state.determinize(2, Rng(s)).piles[0]) == ["single_house"] * 4 for s in range(20))


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


def test_a_position_with_impossible_generations_is_refused():
    # The generation fields (ORE-R8) must add up: no card from a pile generation yet to come.
    import json

    import pytest

    from headframe.engine import PositionError

    state = table(3, hands={0: ["park"]}, common=["hospital"])
    state.to_json()
    for field, value in (("hand_gen", [[1], [], []]), ("common_gen", [1]), ("common_gen", []),
                         ("hand_gen", [[], [], []]), ("generation", [0, 0, 0])):
        data = json.loads(state.to_json())
        data["state"][field] = value
        with pytest.raises(PositionError):
            GAME.State.from_json(data, GAME)
    data = json.loads(state.to_json())
    data["state"]["generation"] = [0, 0, 0, 1]
    data["state"]["common_gen"] = [1]
    assert GAME.State.from_json(data, GAME).common_gen == [1]
