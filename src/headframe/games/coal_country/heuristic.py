"""A cheap, sensible policy: mine with the strong foremen, sell everything, grow and supply
the mine, keep refuse down, and never leave a foreman idle where it costs a fee.

It reads only the seat's own holdings and public data (it is called on a determinized copy)."""

from __future__ import annotations

from itertools import chain

from headframe.engine import Rng
from headframe.engine.actions import offered
from headframe.engine.learning import worth_rewards

from . import economy
from .actions import BuildOver, Collide, Done, Place, RemoveRefuse, Sell, Stop
from .components import FULL, STEP, UTILITIES
from .construction_company import building_price
from .economy import coal_price, fee
from .end_of_game import inspection_fees
from .mine import cells as mine_cells
from .mine import openings
from .permit_office import drawn_tile_key
from .placement import LOT_SPACES, placed, placement_situation


def evaluate(state) -> list[float]:
    """An unfinished game: the seats ranked by cash, plus held coal at the market price, less what
    the inspection would cost now."""
    price = coal_price(state)
    worth = [state.cash[seat] + state.coal[seat] * price - inspection_fees(state, seat) * fee(state, seat)
             for seat in range(state.players)]
    return worth_rewards(worth)


def choose(state, seat: int, rng: Rng):
    decision = state.decision(seat)
    actions = decision.actions
    if decision.kind == "place_foreman":
        return _placement(state, seat, actions)  # always one of the actions: more than half the moves
    chosen = _choose(state, seat, decision.kind, actions)
    return chosen if offered(chosen, actions) else actions[rng.below(len(actions))]


def _choose(state, seat, kind, actions):
    if kind == "sell_coal":
        return Sell.of(state.coal[seat])
    if kind == "earnings_collision":
        return Collide.of("down")  # lower reported earnings mean lower fees
    if kind == "church":
        return max(actions, key=lambda a: state.game.tables.yields[state.mine[seat][a.tile][2]][4])
    if kind == "refuse_pile":
        return RemoveRefuse.of(max(a.count for a in actions))
    if kind == "utility_storage":
        return _supply(state, seat, actions)
    if kind == "buy_utilities":
        return _buy_cube(state, seat, actions)
    if kind.startswith("permit"):
        return _permit(state, seat, kind, actions)
    if kind == "construction_build":
        builds = [a for a in actions if a.kind == "build" and building_price(state, a.building) <= 2]
        return min(builds, key=lambda a: building_price(state, a.building)) if builds else Stop.of()
    if kind == "construction_over":
        return BuildOver.of(0)
    if kind == "village_store":
        return _exchange(state, seat, actions)
    return actions[0]


def _needs(state, seat) -> list[int]:
    """Cubes of each type that connected tiles still lack, less what is stored."""
    mine, stored = state.mine[seat], state.storage[seat]
    cubes = [mine[index][4] for index in state.linked[seat]]
    return [max(0, sum(1 for held in cubes if not held >> t & 1) - stored[t]) for t in range(3)]


def _closest(wanted: int) -> list[int]:
    """The foreman values from the closest to `wanted` on, ties to the higher."""
    return sorted(range(5), key=lambda v: (abs(v - wanted), -v))


_CLOSEST = [_closest(wanted) for wanted in range(5)]


def _plan(state, seat) -> list[tuple[str, int]]:
    """This round's placement, from the seat's own position at the start of the round."""
    left = [0] * 5  # foremen of each value not yet in the plan
    for value in state.game.tables.foreman_values[state.options.foreman_values]:
        left[value] += 1
    plan: list[tuple[str, int]] = []
    fee = economy.fee(state, seat)
    cash = state.cash[seat]

    def take(location: str, wanted: int) -> None:
        for best in _CLOSEST[wanted]:
            if left[best]:
                left[best] -= 1
                plan.append((location, best))
                return

    last = state.round == state.options.rounds
    late = state.round >= state.options.rounds - 2  # new tiles would only add inspection fees
    take("CB", 4)
    if late and state.refuse[seat] >= 2:
        take("RF", 4)
    mine = state.mine[seat]
    yields = state.game.tables.yields
    spaces = state.game.tables.mine_spaces
    tiles = sorted(state.linked[seat], key=lambda i: (-(mine[i][4] == FULL), -yields[mine[i][2]][4]))
    for index in tiles[:3]:
        take(spaces[index], 4)
    if any(state.stacks) and cash >= 4 * fee and not late:
        take("PO", 3)
    needs = _needs(state, seat)
    if sum(needs) and cash >= 3 * fee:
        take("UM" if state.options.utility_type_choice == "at_resolution"
             else f"UM:{UTILITIES[needs.index(max(needs))]}", 3)
    if sum(state.storage[seat]) or sum(needs):
        take("ST", 3)
    if not any(location == "RF" for location, _ in plan) and (state.refuse[seat] or state.round > 1):
        take("RF", 3 if last else 2)
    if (state.top_row or state.bottom_row) and not state.closed and cash >= 4 * fee and "" in state.lots[seat]:
        take("CC", 2)
    for lot, building in enumerate(state.lots[seat]):
        if building == "doctors_office" and state.lot_round[seat][lot] < state.round:
            take(LOT_SPACES[lot], 4)  # a free place for a spare foreman (COAL-R27)
    for index in tiles[3:]:
        take(spaces[index], 4)
    return plan


def _placement(state, seat, actions):
    """The plan's first foreman not yet placed that may be placed; memoized on the game by the plan, the
    seat's situation and its foremen placed, which make the actions too."""
    # Nothing _plan reads changes while the foremen are placed: one plan per seat and round.
    plan = state.memo.get(("plan", seat, state.round))
    if plan is None:
        plan = state.memo[("plan", seat, state.round)] = _round_plan(state, seat)
    draft = placed(state, seat)
    choices = state.game.tables.placement_choices
    key = (plan[0], placement_situation(state, seat).number, *chain.from_iterable(draft))
    choice = choices.get(key)
    if choice is None:
        choice = choices.keep(key, _planned(plan[1], draft, actions))
    return choice


def _round_plan(state, seat) -> tuple[int, list[tuple[str, int]]]:
    """The plan and its number (one per plan made); memoized on the game by all that _plan reads."""
    tables = state.game.tables
    key = _plan_key(state, seat)
    plan = tables.plan_by_position.get(key)
    if plan is None:
        made = _plan(state, seat)
        number = tables.plans.get(tuple(made))
        if number is None:
            number = tables.plans.setdefault(tuple(made), next(tables.numbers))
        plan = tables.plan_by_position.keep(key, (number, made))
    return plan


def _plan_key(state, seat) -> tuple:
    """All that _plan reads (the cash as the two thresholds it is held to)."""
    options, now, mine = state.options, state.round, state.mine[seat]
    fee, cash = economy.fee(state, seat), state.cash[seat]
    return (options.foreman_values, options.rounds - now, now > 1, min(state.refuse[seat], 2), any(state.stacks),
            cash >= 3 * fee, cash >= 4 * fee, options.utility_type_choice,
            not state.closed and bool(state.top_row or state.bottom_row), *state.storage[seat], *state.lots[seat],
            *(built < now for built in state.lot_round[seat]),
            *(part for index in state.linked[seat] for part in (index, mine[index][2], mine[index][4])))


def _planned(plan, draft, actions):
    remaining = [tuple(entry) for entry in draft]
    for location, value in plan:
        if (value, location) in remaining:
            remaining.remove((value, location))
            continue
        action = Place.of(location, value)
        if offered(action, actions):
            return action
    return Done.of() if offered(Done.of(), actions) else actions[0]


def _supply(state, seat, actions):
    connected = state.linked[seat]
    mine = state.mine[seat]
    supplies = [a for a in actions if a.kind == "supply"]
    if not supplies:
        return Stop.of()
    return min(supplies, key=lambda a: (a.tile not in connected, 3 - bin(mine[a.tile][4]).count("1"), a.tile))


def _buy_cube(state, seat, actions):
    needs = _needs(state, seat)
    buys = [a for a in actions if a.kind == "buy_cube"]
    wanted = [a for a in buys if needs[UTILITIES.index(a.utility)]]
    if wanted:
        return max(wanted, key=lambda a: needs[UTILITIES.index(a.utility)])
    if buys and not state.sub.get("bought"):
        return buys[0]  # buying one beats the non-compliance fee
    return Stop.of()


def _permit(state, seat, kind, actions):
    if kind == "permit_permit":
        stacks = [a for a in actions if a.kind == "stack"]
        affordable = [a for a in stacks if state.cash[seat] >= a.stack * fee(state, seat)]
        return max(affordable, key=lambda a: a.stack) if affordable else Stop.of()
    if kind == "permit_keep":
        return max(actions, key=lambda a: state.game.tables.design_ids.index(a.design))
    return _tile_place(state, seat, actions)


def _tile_place(state, seat, actions):
    """The place linking most; memoized on the game by what the places depend on and the tiles linked."""
    memo = state.game.tables.tile_choices
    key = (*drawn_tile_key(state, seat), *state.linked[seat])
    choice = memo.get(key)
    if choice is None:
        places = [a for a in actions if a.kind == "place_tile"]
        cells = mine_cells(state.mine[seat])
        choice = memo.keep(key, max(places, key=lambda a: _links(state, seat, a, cells)) if places else actions[-1])
    return choice


def _links(state, seat, action, cells: dict[tuple[int, int], int]) -> int:
    """How many of the new tile's openings face a neighbour's opening, less cost in fees."""
    mine, linked = state.mine[seat], state.linked[seat]
    mask = state.game.tables.masks[state.sub["tile"]][action.rotation]
    links = open_ends = 0
    for direction, (dx, dy) in enumerate(STEP):
        if not mask >> direction & 1:
            continue
        other = cells.get((action.x + dx, action.y + dy))
        if other is None:
            open_ends += 1
        elif openings(state, mine[other]) >> ((direction + 2) % 4) & 1:
            links += 1 + (other in linked) * 2
    return links * 10 - open_ends * 3 - action.y


def _exchange(state, seat, actions):
    needs = _needs(state, seat)
    for action in actions:
        if action.kind == "exchange" and needs[UTILITIES.index(action.take)] and \
                not needs[UTILITIES.index(action.give)]:
            return action
    exchanges = [a for a in actions if a.kind == "exchange"]
    if exchanges and not state.sub["given"]:
        return exchanges[0]
    return Stop.of()

