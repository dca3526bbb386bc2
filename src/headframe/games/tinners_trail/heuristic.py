"""A cheap, sensible Tinners' Trail player for the agents layer.

It values an area by the profit its ore would bring at today's prices (price
minus the water cost of each cube, as much as its capacity can bring out in the
turns left), bids up to part of that value, mines where profit exceeds the
water cost, pumps water out of its own mines, builds developments where its
mines are, and invests what it does not need (everything in the last turn).
Everything it reads is public (TIN-R7). `evaluate` judges unfinished games for
searches.
"""

from __future__ import annotations

from headframe.engine import Action, Rng
from headframe.engine.learning import worth_rewards

from .mine_ore import capacity
from .scoring import victory_points

# the expected cubes of one roll of the three dice (TIN-R9)
_MEAN_WATER, _MEAN_COPPER, _MEAN_TIN = 3.0, 2.0, 1.5
_BID_SHARE = 0.6
_RESERVE = 12  # money kept back from investing before the last turn


def choose(state, seat: int, rng: Rng) -> Action:
    decision = state.decision(seat)
    actions = decision.actions
    kind = decision.kind
    if kind == "action":
        return _action(state, seat, actions)
    if kind in ("opening_bid", "bid"):
        return _bid(state, seat, actions)
    if kind == "remove_water":
        return _remove_water(state, seat, actions)
    if kind == "invest":
        return _invest(state, seat, actions)
    return _prospect(state, actions)


def _prices(state) -> tuple[int, int]:
    t = state.tables
    return t.copper_price[state.copper_row], t.tin_price[state.tin_row]


def area_value(state, area: int) -> float:
    """What a mine in this area may earn over the rest of the game."""
    copper_price, tin_price = _prices(state)
    if state.discovered[area]:
        copper, tin, water = state.copper[area], state.tin[area], state.water[area]
    else:
        copper, tin, water = _MEAN_COPPER, _MEAN_TIN, _MEAN_WATER
    turns_left = state.tables.turns - state.turn + 1
    room = capacity(state, area) * 2 * turns_left
    cubes = sorted([copper_price - water] * int(copper) + [tin_price - water] * int(tin), reverse=True)
    return float(sum(profit for profit in cubes[:room] if profit > 0))


def _action(state, seat: int, actions) -> Action:
    by_kind: dict[str, list] = {}
    for action in actions:
        by_kind.setdefault(action.kind, []).append(action)
    if len(actions) == 1:
        return actions[0]
    best_mining = _best_mining(state, by_kind.get("mine_ore", ()))
    if best_mining is not None:
        return best_mining
    mine = _best_mine(state, seat, by_kind.get("build_mine", ()))
    if mine is not None:
        return mine
    own = [a for a, owner in enumerate(state.mine) if owner == seat and state.copper[a] + state.tin[a]]
    if "improve_steam_pumps" in by_kind and any(state.water[a] for a in own):
        return max(by_kind["improve_steam_pumps"], key=lambda a: state.pumps[a.box])
    index = state.tables.index
    for kind in ("build_train", "build_port", "place_miner"):
        for action in by_kind.get(kind, ()):
            if index[action.area] in own:
                return action
    if "sell_pasties" in by_kind and state.money[seat] < 5:
        return by_kind["sell_pasties"][0]
    return by_kind["pass"][0]


def _best_mining(state, choices) -> Action | None:
    """The Mine Ore with the largest profit (price minus water per cube), if any."""
    copper_price, tin_price = _prices(state)
    index = state.tables.index
    best, best_profit = None, 0
    for action in choices:
        water = state.water[index[action.area]]
        profit = action.copper * (copper_price - water) + action.tin * (tin_price - water)
        if profit > best_profit:
            best, best_profit = action, profit
    return best


def _best_mine(state, seat: int, choices) -> Action | None:
    index = state.tables.index
    best, best_value = None, 4.0
    for action in choices:
        value = area_value(state, index[action.area])
        if value > best_value:
            best, best_value = action, value
    if best is None or state.money[seat] < 2:
        return None
    return best


def _bid(state, seat: int, actions) -> Action:
    auction = state.auction
    limit = min(state.money[seat], int(area_value(state, state.tables.index[auction["area"]]) * _BID_SHARE))
    bids = [a for a in actions if a.kind == "bid"]
    if auction["high"] == 0:
        return bids[max(0, min(len(bids) - 1, limit // 2 - 1))]
    if bids and bids[0].amount <= limit:
        return bids[0]
    return actions[-1]  # drop out


def _remove_water(state, seat: int, actions) -> Action:
    index = state.tables.index
    for action in actions:
        if action.kind == "remove_water":
            area = index[action.area]
            if state.mine[area] == seat and state.copper[area] + state.tin[area]:
                return action
    return actions[-1]  # stop pumping


def _invest(state, seat: int, actions) -> Action:
    t = state.tables
    reserve = 0 if state.turn == t.turns else _RESERVE
    spare = state.money[seat] - reserve
    boxes = [a for a in actions if a.kind == "invest" and t.column_costs[a.column] <= spare]
    if not boxes:
        return actions[-1]  # decline
    return max(boxes, key=lambda a: a.column)


def _prospect(state, actions) -> Action:
    return actions[0]


def evaluate(state) -> list[float]:
    """Unfinished games: rank the seats by VP plus what their money and held
    ore would buy at the rate of the next investment row."""
    t = state.tables
    row = min(state.turn + (state.step == "prospect"), t.turns) - 1
    rate = t.investment_vp[row][0] / t.column_costs[0]
    copper, tin = t.copper_price[state.copper_row], t.tin_price[state.tin_row]
    worth = [
        vp + rate * (money + held_copper * copper + held_tin * tin)
        for vp, money, held_copper, held_tin in zip(
            victory_points(state), state.money, state.held_copper, state.held_tin
        )
    ]
    return worth_rewards(worth)
