"""Phase Three: Player Actions. The active player (see `time_track`) must take
one of the nine actions he has the Time Points for: A. Build Mine
(`build_mine`), B. Mine Ore (`mine_ore`), C. Build Port to F. Build Train
(`developments`), G. Improve Steam Pumps (`steam_pumps`), and H. Sell
Pasties and I. Pass, here."""

from __future__ import annotations

from .actions import Pass, SellPasties
from .build_mine import may_bid
from .developments import ADIT, MINER, PORT, TRAIN
from .mine_ore import mine_ore_choices
from .time_track import main_action, next_active, spend_time

PASS = Pass.of()
SELL_PASTIES = SellPasties.of()
ONLY_PASS = (PASS,)


def choices(state, task) -> tuple:
    """Every legal action of the active player (TIN-R22)."""
    seat = task[1]
    t = state.game.tables
    left = t.time_points - state.track["spent"][seat]  # time_left, inlined: this is the hot path
    if left <= 0 or state.last_action_taken:  # TIN-R23, TIN-R24: forced pass
        return ONLY_PASS
    money = state.money[seat]
    found: list = []
    mine = state.mine
    if may_bid(state, seat) and money >= t.min_opening_bid:  # TIN-R26
        found += [action for action, owner in zip(t.build_mine, mine) if owner < 0]
    if left >= t.mine_ore_tp:
        for area, owner in enumerate(mine):
            if owner == seat:
                found += mine_ore_choices(state, area, money)
    stock = state.stock
    if left >= t.port_tp and stock[PORT]:  # TIN-R36
        found += [action for action, sea, port in zip(t.build_port, t.sea, state.port) if sea and not port]
    if left >= t.miner_tp and stock[MINER]:
        found += [action for action, miner in zip(t.place_miner, state.miner) if not miner]
    if left >= t.adit_tp and stock[ADIT]:  # TIN-R37
        found += [action for action, built in zip(t.build_adit, state.adit) if not built]
    if left >= t.train_tp and stock[TRAIN]:  # TIN-R39
        found += [action for action, train in zip(t.build_train, state.train) if not train]
    if left >= t.pumps_tp:  # TIN-R41, TIN-R57: one choice per distinct stack size
        sizes = set()
        for box, size in enumerate(state.pumps):
            if size and size not in sizes:
                sizes.add(size)
                found.append(t.improve_pumps[box])
    if left >= t.pasties_tp:
        found.append(SELL_PASTIES)
    found.append(PASS)
    return tuple(found)


# H. Sell Pasties

def sell_pasties(state, task, action) -> None:
    seat = task[1]
    t = state.game.tables
    main_action(state, seat)
    state.money[seat] += t.pasties_money
    spend_time(state, seat, t.pasties_tp)
    if state.records:
        state.event("sell_pasties", seat=seat)
    next_active(state)


# I. Pass

def pass_(state, task, action) -> None:
    # TIN-R25: off the track (or the column), onto the highest empty space
    seat = task[1]
    if seat in state.pending:
        state.pending.remove(seat)
    state.passed.append(seat)
    if state.records:
        state.event("pass", seat=seat)
    next_active(state)
