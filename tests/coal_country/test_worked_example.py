"""COAL-R81: the round-1 worked example of the components file, step by step."""

from headframe.games.coal_country import coal_brokers, economy, mine
from headframe.games.coal_country.actions import Build, BuyCube, PickStack, PlaceTile, RemoveRefuse, Sell, Supply

from .helpers import DESIGN, new, place_all

A, B = 0, 1


def example_state():
    state = new(2, seed=7)
    state.draw_rank = [0, 1]  # A drawn first at setup (COAL-R12)
    state.calendar, state.m = [1, -1, 0, 0], 0
    state.market = [3, 3, 3]
    state.top_row = ["school", "tailor"]
    state.stacks[2].append(DESIGN["3B"])
    state.stacks[3].append(DESIGN["4B"])
    state.order = economy.player_order(state)
    place_all(state, {
        A: [("M0", 4), ("CB", 4), ("PO", 3), ("UM", 2), ("UT", 1), ("CC", 2), ("ST", 3), ("RF", 1)],
        B: [("M0", 4), ("CB", 3), ("PO", 4), ("UM", 2), ("UM", 1), ("CC", 2), ("ST", 3), ("RF", 1)],
    })
    return state


def test_coal_r81_round_one_worked_example():  # COAL-R81
    state = example_state()
    # step 0: the 0s are revealed and cost 0 fees; step 2: 5 + 2 auto = 7 coal and 1 refuse each
    assert state.coal == [7, 7] and state.refuse == [1, 1] and economy.stockpile(state) == 14
    # step 3: B's 3 sells before A's 4
    assert state.to_move() == (B,) and state.sub["stage"] == "sell"
    assert economy.coal_price(state) == 9 and coal_brokers.seller_price(state, B, 3) == 10
    state.apply(B, Sell.of(7))
    assert state.cash[B] == 70 and state.earnings[B] == 70 and economy.fee(state, B) == 8 and economy.stockpile(state) == 7
    assert economy.coal_price(state) == 10 and coal_brokers.seller_price(state, A, 4) == 12
    state.apply(A, Sell.of(7))
    assert state.cash[A] == 84 and state.earnings[A] == 84 and economy.fee(state, A) == 9
    # step 4: B's 4 applies first
    assert state.to_move() == (B,) and state.step == "permit"
    state.apply(B, PickStack.of(4))
    state.apply(B, PlaceTile.of(0, 1, 0))
    assert state.cash[B] == 38
    state.apply(A, PickStack.of(3))
    state.apply(A, PlaceTile.of(-1, 0, 0))
    assert state.cash[A] == 57
    # step 5: A's tandem (e 3) buys first, then B's 2, then B's 1
    assert state.step == "market" and state.to_move() == (A,) and state.sub["limit"] == 3
    for utility in ("wood", "water", "electricity"):
        state.apply(A, BuyCube.of(utility))
    assert state.cash[A] == 30 and state.storage[A] == [1, 1, 1]
    assert state.to_move() == (B,) and state.sub["limit"] == 2
    state.apply(B, BuyCube.of("wood"))
    state.apply(B, BuyCube.of("water"))
    assert state.cash[B] == 22 and state.sub["limit"] == 1
    state.apply(B, BuyCube.of("electricity"))
    assert state.cash[B] == 14 and state.market == [1, 1, 1]
    # step 6: both 2s tie on e, A (higher in player order) buys first
    assert state.step == "construction" and state.to_move() == (A,)
    state.apply(A, Build.of("school", "top"))
    assert state.cash[A] == 21
    state.apply(B, Build.of("tailor", "top"))
    assert state.cash[B] == 6
    # step 7: with the School A's 3 may place up to 4
    assert state.step == "storage" and state.sub["limit"] == 4
    for utility in ("wood", "water", "electricity"):
        state.apply(A, Supply.of(1, utility))
    assert state.sub["limit"] == 3
    for utility in ("wood", "water", "electricity"):
        state.apply(B, Supply.of(1, utility))
    # step 8: each removes its 1 refuse
    state.apply(A, RemoveRefuse.of(1))
    state.apply(B, RemoveRefuse.of(1))
    assert state.round == 2 and state.step == "place"
    assert state.cash == [21, 6] and state.earnings == [84, 70]
    # both new tiles are linked to the entrance and fully supplied
    assert mine.connected(state, A) == {0, 1} and mine.connected(state, B) == {0, 1}
    assert state.mine[A][1][4] == 7 and state.mine[B][1][4] == 7
