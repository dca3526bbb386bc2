"""A. Build Mine and its auction (TIN-R26 to TIN-R30): the active player puts a
mine-free area up for auction and bids first; bidding goes clockwise until all
but one have dropped out; the winner pays, builds and spends 2 TP."""

from __future__ import annotations

from headframe.engine.turns import clockwise

from .actions import DropOut
from .prospecting import roll
from .time_track import main_action, next_active, spend_time, time_left

DROP_OUT = DropOut.of()


def may_bid(state, seat: int) -> bool:
    """TIN-R27: not passed, at least 2 TP left, fewer than 6 mines."""
    t = state.game.tables
    return (
        seat not in state.passed
        and time_left(state, seat) >= t.auction_min_tp_left
        and state.mines_built[seat] < t.max_mines
    )


def build_mine(state, task, action) -> None:
    seat = task[1]
    main_action(state, seat)
    bidders = [s for s in range(state.players) if may_bid(state, s)]  # TIN-R27
    state.auction = {"area": action.area, "opener": seat, "high": 0, "leader": -1, "bidders": bidders}
    state.step = "auction"
    if state.records:
        state.event("auction", seat=seat, area=action.area, bidders=list(bidders))


# --- the auction: the step's decision --------------------------------------------

def bid_kind(state, task) -> str:
    return "opening_bid" if state.auction["high"] == 0 else "bid"


def bid_prompt(state, task) -> str:
    t = state.game.tables
    auction = state.auction
    name = t.area_names[t.index[auction["area"]]]
    if auction["high"] == 0:
        return f"Open the bidding for a mine in {name}"
    return f"Outbid £{auction['high']} for {name}, or drop out"


def bids(state, task) -> tuple:
    t = state.game.tables
    high = state.auction["high"]
    money = state.money[task[1]]
    if high == 0:  # TIN-R26: the opener bids first, at least £1
        return t.bids(t.min_opening_bid, money)
    return t.bids(high + 1, money) + (DROP_OUT,)


def bid(state, task, action) -> None:
    seat = task[1]
    auction = state.auction
    auction["high"] = action.amount
    auction["leader"] = seat
    if state.records:
        state.event("bid", seat=seat, amount=action.amount)
    next_bidder(state, seat)


def drop_out(state, task, action) -> None:
    seat = task[1]
    state.auction["bidders"].remove(seat)  # TIN-R56: for this auction only
    if state.records:
        state.event("drop_out", seat=seat)
    next_bidder(state, seat)


def next_bidder(state, after: int) -> None:
    """TIN-R28, TIN-R3: clockwise (increasing seat) from the last to act, skipping the high bidder;
    who cannot outbid drops out without being asked."""
    auction = state.auction
    bidders, leader, high = auction["bidders"], auction["leader"], auction["high"]
    for seat in clockwise(after + 1, state.players):
        if seat == leader or seat not in bidders:
            continue
        if state.money[seat] > high:
            state.actor = seat
            return
        bidders.remove(seat)
        if state.records:
            state.event("drop_out", seat=seat, forced=True)
    win_auction(state, leader)


def win_auction(state, winner: int) -> None:
    # TIN-R29: pay, place the mine, spend 2 TP; TIN-R30: then roll a clear area
    t = state.game.tables
    auction = state.auction
    area = t.index[auction["area"]]
    state.auction = None
    state.money[winner] -= auction["high"]
    state.mine[area] = winner
    state.mines_built[winner] += 1
    spend_time(state, winner, t.mine_tp)
    if state.records:
        state.event("mine_built", seat=winner, area=auction["area"], price=auction["high"])
    if not state.discovered[area]:
        roll(state, area, modifiers=True, train_and_port=state.options.roll_modifiers_on_mine_build)
    next_active(state)
