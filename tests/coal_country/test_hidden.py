"""Hidden information (COAL-R23, AMOK-2) and the review's rule checks (COAL-R18, R24, R29, R31, R32, R64)."""

from headframe.engine import Rng
from headframe.games.coal_country import reveal
from headframe.games.coal_country.actions import Decline, Incentivize, Keep, PickStack, Place, Sell, Stop

from .helpers import DESIGN, add_tile, new
from .test_reveal import resolve, rich

IDS = list(DESIGN)


def worlds(state, seat, count=30):
    return [state.determinize(seat, Rng(seed)) for seed in range(count)]


def same_tiles(state, world):
    """A world holds the same permit tiles as the real state, wherever they are."""
    def tiles(s):
        held = list(s.sub.get("looked", [])) + ([s.sub["tile"]] if "tile" in s.sub else [])
        return sorted(t for pile in s.stacks for t in pile) + sorted(held)
    return sorted(tiles(state)) == sorted(tiles(world))


def amok_look(state_options=None):
    state = rich(industry_amok=True, permit_incentive_effect="look_two_keep_one", **(state_options or {}))
    resolve(state, {0: [("PO", 2)]})
    state.stacks[1] = [DESIGN[d] for d in ("2A", "2B", "2C", "2A", "2B", "2C", "2A", "2B", "2C")]
    state.bottoms[1] = []
    top = state.stacks[1][-1]
    state.apply(0, Incentivize.of())
    state.apply(0, PickStack.of(2))
    assert state.sub["stage"] == "keep"
    return state, top


# --- finding 1: Amok + look_two_keep_one ----------------------------------------------------

def test_amok_look_two_keeps_face_up_top_and_redraws_the_second():  # COAL-R23, COAL-R52, AMOK-2
    state, top = amok_look()
    assert state.sub["looked"][0] == top
    seen = [w.sub["looked"] for w in worlds(state, 1)]
    assert all(looked[0] == top for looked in seen)  # the face-up top was public
    assert len({looked[1] for looked in seen}) > 1  # the second tile was seen only by the drawer
    assert all(w.stacks[1][-1] == state.stacks[1][-1] for w in worlds(state, 1))  # the new face-up top
    assert all(same_tiles(state, w) for w in worlds(state, 1))
    assert all(w.sub["looked"] == state.sub["looked"] for w in worlds(state, 0))


def test_amok_kept_tile_is_hidden_but_the_pair_holds_the_face_up_top():  # COAL-R23, COAL-R52, AMOK-2
    state, top = amok_look()
    second = state.sub["looked"][1]
    state.apply(0, Keep.of(IDS[second]))
    assert state.sub["tile"] == second and state.stacks[1][0] == top
    others = worlds(state, 1)
    assert len({w.sub["tile"] for w in others}) > 1
    assert all(top in (w.sub["tile"], w.stacks[1][0]) for w in others)
    assert all(same_tiles(state, w) for w in others)
    assert all(w.sub["tile"] == second and w.stacks[1][0] == top for w in worlds(state, 0))


def test_another_seats_drawn_tile_is_resampled():  # COAL-R23
    state = rich()
    resolve(state, {0: [("PO", 4)]})
    state.apply(0, PickStack.of(3))
    tile = state.sub["tile"]
    assert len({w.sub["tile"] for w in worlds(state, 1)}) > 1
    assert all(w.sub["tile"] == tile for w in worlds(state, 0))


def test_amok_drawn_tile_was_face_up_and_is_kept():  # AMOK-2
    state = rich(industry_amok=True)
    resolve(state, {0: [("PO", 4)]})
    top = state.stacks[2][-1]
    state.apply(0, PickStack.of(3))
    assert all(w.sub["tile"] == top for w in worlds(state, 1))


# --- finding 2: public and shared knowledge of declined tiles ----------------------------------

def test_amok_declined_tile_is_public():  # AMOK-2, COAL-R54
    state = rich(industry_amok=True)
    resolve(state, {0: [("PO", 4)]})
    state.apply(0, PickStack.of(3))
    tile = state.sub["tile"]
    state.apply(0, Decline.of())
    assert state.bottoms[2] == ["all"]
    assert all(w.stacks[2][0] == tile for w in worlds(state, 1))


def test_a_tile_declined_twice_is_known_to_both():  # COAL-R23, COAL-R54
    state = rich()
    resolve(state, {0: [("PO", 4)], 1: [("PO", 3)]})
    x = DESIGN["1A"]
    state.stacks[0], state.bottoms[0] = [x], []
    first = state.actor
    state.apply(first, PickStack.of(1))
    state.apply(first, Decline.of())
    second = state.actor
    assert second == 1 - first and state.bottoms[0] == [[first]]
    state.apply(second, PickStack.of(1))
    state.apply(second, Decline.of())
    assert state.bottoms[0] == [[0, 1]]
    state.stacks[0] += [DESIGN[d] for d in ("1B", "1C", "1B", "1C", "1B", "1C")]
    for seat in (0, 1):
        assert all(w.stacks[0][0] == x for w in worlds(state, seat))


def test_validate_checks_bottoms():  # the position format
    import pytest

    from headframe.engine import PositionError
    state = rich()
    state.bottoms[0] = [5]
    with pytest.raises(PositionError):
        state.validate()
    state.bottoms[0] = [[0], "all"]
    state.validate()


# --- other hidden-information switches ------------------------------------------------------

def test_permit_draw_look_and_amok_place_are_private_in_the_log():  # COAL-R23
    state = rich(permit_incentive_effect="look_two_keep_one")
    resolve(state, {0: [("PO", 2)]})
    state.apply(0, Incentivize.of())
    state.apply(0, PickStack.of(2))
    state.apply(0, Keep.of(IDS[state.sub["looked"][0]]))
    for name in ("permit_look", ):
        other = [e for e in state.log_for(1) if e["event"] == name]
        own = [e for e in state.log_for(0) if e["event"] == name]
        assert other and all("private" not in e and "tiles" not in e for e in other)
        assert own[0]["private"]["tiles"]
    state = rich()
    resolve(state, {0: [("PO", 4)]})
    state.apply(0, PickStack.of(1))
    other = [e for e in state.log_for(1) if e["event"] == "permit_draw"]
    assert other and all("private" not in e and "tile" not in e for e in other)
    assert [e for e in state.log_for(0) if e["event"] == "permit_draw"][0]["private"]["tile"] == IDS[state.sub["tile"]]
    state = new(2, industry_amok=True)
    seat = state.to_move()[0]
    state.apply(seat, Place.of("CB", 3))
    other = [e for e in state.log_for(1 - seat) if e["event"] == "place"]
    assert other and all("value" not in e and "private" not in e for e in other)
    assert [e for e in state.log_for(seat) if e["event"] == "place"][0]["private"]["value"] == 3


def test_permit_values_hidden_during_the_brokers_step():  # COAL-R23 reveal timing
    state = rich()
    state.coal = [5, 5]
    resolve(state, {0: [("CB", 2), ("PO", 4)], 1: [("CB", 3), ("PO", 3)]})
    assert state.step == "brokers" and state.sub["stage"] == "sell"
    for seat, other in ((0, 1), (1, 0)):
        foremen = state.view(seat)["players"][other]["foremen"]
        shown = {f["location"]: f["value"] for f in foremen}
        assert shown["CB"] == [2, 3][other] and shown["PO"] is None
        own = state.view(seat)["players"][seat]["foremen"]
        assert {f["location"]: f["value"] for f in own}["PO"] == [4, 3][seat]


def test_other_seats_unplaced_foremen_hidden_during_placement():  # COAL-R23
    for amok in (False, True):
        state = new(2, industry_amok=amok)
        seat = state.to_move()[0]
        state.apply(seat, Place.of("CB", 3))
        assert state.view(1 - seat)["players"][seat]["unplaced"] is None
        assert state.view(None)["players"][seat]["unplaced"] is None


def test_building_pile_is_shuffled_in_determinize():  # COAL-R23
    state = new(2)
    piles = [w.pile for w in worlds(state, 0, 10)]
    assert len({tuple(p) for p in piles}) > 1
    assert all(sorted(p) == sorted(state.pile) for p in piles)


def test_drawn_tile_shown_only_to_its_drawer():  # COAL-R23
    state = rich()
    resolve(state, {0: [("PO", 4)]})
    state.apply(0, PickStack.of(2))
    assert state.view(0)["current"]["tile"] == IDS[state.sub["tile"]]
    assert "tile" not in state.view(1)["current"] and "tile" not in state.view(None)["current"]


# --- rule checks that no other test pinned down ---------------------------------------------

def test_coal_r29_utility_buyers_tie_by_player_order():  # COAL-R29
    for earnings, first in (([120, 100], 0), ([100, 120], 1)):
        state = rich()
        state.earnings = earnings
        state.market = [3, 3, 3]
        resolve(state, {0: [("UM", 2)], 1: [("UM", 2)]})
        assert state.step == "market" and state.actor == first and state.sub["stage"] == "buy"


def test_coal_r32_unsupplied_church_yields_halved_separately():  # COAL-R32, COAL-R42: 3 // 2 + 1 // 2 = 1
    state = rich()
    state.lots[0][0], state.lot_round[0][0] = "church", 1
    add_tile(state, 0, "1A", 0, 1, 0, cubes=0)
    resolve(state, {0: [("B0", 3), ("M1", 4)]})
    mined = [e for e in state.log if e["event"] == "mined" and e["seat"] == 0]
    assert mined[-1]["coal"] == 1


def test_coal_r18_r24_tailor_unplaced_zero_pays_one_fee():  # COAL-R18, COAL-R24
    state = rich(unplaced_fee_timing="start_of_reveal")
    state.lots[0][0], state.lot_round[0][0] = "tailor", 1
    resolve(state, {0: [("CB", 1), ("ST", 1), ("PO", 2), ("RF", 2), ("M0", 3), ("UM", 3), ("UT", 4), ("CC", 4)]})
    assert reveal.unplaced(state, 0) == [0]
    fees = [e for e in state.log if e["event"] == "fee" and e["seat"] == 0 and e["reason"] == "unplaced"]
    assert fees == [{"event": "fee", "seat": 0, "fees": 1, "paid": 10, "reason": "unplaced"}]


def tavern_state(foremen, market=(3, 3, 3)):
    state = rich()
    state.lots[0][0], state.lot_round[0][0] = "tavern", 1
    state.mine[0][0][4] = 0  # no auto-production: seat 0 has no coal
    state.market = list(market)
    resolve(state, {0: [("B0", 4), *foremen]})
    assert state.tavern[0]
    return state


def fees_paid(state, reason):
    return [(e["fees"], e["paid"]) for e in state.log if e["event"] == "fee" and e["seat"] == 0
            and e["reason"] == reason]


def test_coal_r18_r31_tavern_never_changes_a_fee():  # COAL-R18, COAL-R25, COAL-R26, COAL-R31
    state = tavern_state([("CB", 2)])  # no coal: the idle seller pays its printed 2
    assert fees_paid(state, "no_sale") == [(2, 20)]
    state = rich()
    state.lots[0][0], state.lot_round[0][0] = "tavern", 1
    state.coal = [5, 0]
    resolve(state, {0: [("B0", 4), ("CB", 2)]})
    assert state.sub["stage"] == "sell"
    state.apply(0, Sell.of(0))  # sells nothing
    assert fees_paid(state, "no_sale") == [(2, 20)]
    state = tavern_state([("PO", 2)])
    state.apply(0, Stop.of())  # a desk pass
    assert fees_paid(state, "pass_permit") == [(2, 20)]
    state = tavern_state([("UM", 2)], market=(0, 0, 0))  # nothing to buy
    assert fees_paid(state, "no_utility") == [(2, 20)]


def test_coal_r64_mess_hall_removes_at_most_four():  # COAL-R64; Appendix A: Mess hall
    state = rich()
    state.refuse[0] = 6
    state.lots[0][0] = "mess_hall"
    resolve(state, {0: [("RF", 4)]}, pause=False)
    assert state.sub["most"] == 4
    assert [a.count for a in state.legal_actions(0)] == [4, 3, 2, 1, 0]
