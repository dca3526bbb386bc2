"""The permit office (COAL-R51 to COAL-R54): applicants, highest influence first, draw a mineshaft
tile from a stack their influence reaches (or any, after a 2-fee incentive), and place it in their
mine for N fees next to a supplied tile, else 2N, or decline it to the bottom of its stack."""

from __future__ import annotations

from itertools import chain

from .actions import Decline, Incentivize, Keep, PickStack, PlaceTile, Stop
from .components import FULL, STEP
from .economy import buy, can_afford, fee, player_order
from .mine import cells, links, neighbours
from .placement import passes
from .reveal import buyer_order, effective, enter, finish, next_turn


def reveal(state, task) -> None:
    found = enter(state, "permit")
    state.queue = buyer_order(state, player_order(state), found)


def application(state, task) -> None:
    seat, value = next_turn(state)
    state.actor, state.sub = seat, {"stage": "permit", "value": value, "incentive": False}
    if not _applications(state, seat):
        passes(state, seat, value, "permit")


# --- where a tile may go ------------------------------------------------------------------------

def permit_fees(state, stack: int, nearby: list[tuple[int, list[int]]]) -> int:
    """COAL-R53: N fees next to a fully supplied tile, else 2N (AMOK-2: always N)."""
    supplied = [tile[4] == FULL for _, tile in nearby]
    ok = all(supplied) if state.options.permit_supplied_test == "all_adjacent" else any(supplied)
    return stack if ok or state.options.industry_amok else 2 * stack


def tile_positions(state, seat: int, design: int) -> list[tuple[int, int, int, int]]:
    """COAL-R39: every (x, y, rotation, permit fee in fees) where the tile may go."""
    tables = state.game.tables
    matching = state.options.mine_placement == "matching_opening"
    by_cell = cells(state.mine[seat])
    empty = set()
    for tile in state.mine[seat]:
        for dx, dy in STEP:
            x, y = tile[0] + dx, tile[1] + dy
            if y >= 0 and (x, y) not in by_cell:
                empty.add((y, x))
    positions = []
    masks, stack = tables.masks, tables.stack_of[design]
    for y, x in sorted(empty):
        nearby = neighbours(state, seat, x, y, by_cell)
        fees = permit_fees(state, stack, nearby)
        # the openings of the neighbours that face this cell, as a mask of directions from it
        facing = sum(1 << d for d, t in nearby if masks[t[2]][t[3]] >> ((d + 2) % 4) & 1) if matching else 0
        for rotation in tables.rotations[design]:
            if matching and not masks[design][rotation] & facing:
                continue
            positions.append((x, y, rotation, fees))
    return positions


# --- the application ---------------------------------------------------------------------------

def accessible(state, seat: int, value: int, incentive: bool) -> list[int]:
    """COAL-R51/R52: stacks this application may pick."""
    options = state.options
    everything = options.permit_access == "any_stack" or (
        incentive and options.permit_incentive_effect == "ignore_access_limit")
    e = effective(state, seat, value)
    return [n for n in (1, 2, 3, 4) if state.stacks[n - 1] and (everything or n <= e)]


def stacks(state, task) -> tuple:
    return tuple(_applications(state, task[1])) + (Stop.of(),)


def _applications(state, seat: int) -> list:
    sub = state.sub
    open_now = accessible(state, seat, sub["value"], sub["incentive"])
    actions = [PickStack.of(n) for n in open_now]
    if not sub["incentive"] and _incentive_useful(state, seat, sub["value"], open_now) and can_afford(state, seat, 2):
        actions.append(Incentivize.of())
    return actions


def _incentive_useful(state, seat: int, value: int, open_now: list[int]) -> bool:
    """`open_now`: the stacks the application may pick without the incentive."""
    if state.options.permit_incentive_effect == "look_two_keep_one":
        return bool(accessible(state, seat, value, True))
    return len(accessible(state, seat, value, True)) > len(open_now)


def incentivize(state, task, action) -> None:
    seat = task[1]
    paid = buy(state, seat, 2)
    state.sub["incentive"] = True
    state.event("incentive", seat=seat, paid=paid)
    if not _applications(state, seat):
        passes(state, seat, state.sub["value"], "permit")


def pass_(state, task, action) -> None:
    passes(state, task[1], state.sub["value"], "permit")


def pick_stack(state, task, action) -> None:
    seat, stack = task[1], action.stack
    sub = state.sub
    pile = state.stacks[stack - 1]
    ids = state.game.tables.design_ids
    state.reveals()
    sub["stack"] = stack
    if sub["incentive"] and state.options.permit_incentive_effect == "look_two_keep_one" and len(pile) > 1:
        seen = [_knowers(state, stack, len(pile) - 1), _knowers(state, stack, len(pile) - 2)]
        sub["stage"], sub["looked"], sub["seen"] = "keep", [pile.pop(), pile.pop()], seen
        del state.bottoms[stack - 1][len(pile):]
        state.event("permit_look", seat=seat, stack=stack, private={seat: {"tiles": [ids[d] for d in sub["looked"]]}})
        return
    sub["known"] = _knowers(state, stack, len(pile) - 1)
    sub["stage"], sub["tile"] = "place", pile.pop()
    del state.bottoms[stack - 1][len(pile):]
    if state.records:
        state.event("permit_draw", seat=seat, stack=stack, private={seat: {"tile": ids[sub["tile"]]}})


def looked_at(state, task) -> tuple:
    return tuple(Keep.of(state.game.tables.design_ids[d]) for d in sorted(set(state.sub["looked"])))


def keep(state, task, action) -> None:
    seat = task[1]
    sub = state.sub
    looked, seen = sub.pop("looked"), sub.pop("seen")
    kept = state.game.tables.design_ids.index(action.design)
    first = looked.index(kept)
    # The others know at most which two tiles were looked at, not which one was kept.
    sub["pair"] = [[looked[first], seen[first]], [looked[1 - first], seen[1 - first]]]
    _to_bottom(state, seat, sub["stack"], looked[1 - first], [])  # COAL-R52: the other to the bottom
    sub["stage"], sub["tile"], sub["known"] = "place", kept, [seat]


def _knowers(state, stack: int, index: int) -> str | list[int]:
    """Who knows the tile at this position of a stack: "all" (AMOK-2: the face-up top) or seats."""
    pile, bottoms = state.stacks[stack - 1], state.bottoms[stack - 1]
    if state.options.industry_amok and index == len(pile) - 1:
        return "all"
    return list(bottoms[index]) if index < len(bottoms) else []


def _to_bottom(state, seat: int, stack: int, tile: int, known: str | list[int]) -> None:
    """Face down under the stack; `seat` and whoever knew the tile know what it is (COAL-R23, COAL-R54)."""
    state.stacks[stack - 1].insert(0, tile)
    state.bottoms[stack - 1].insert(0, "all" if known == "all" else sorted({*known, seat}))


# --- the drawn tile ------------------------------------------------------------------------------

def positions(state, task) -> tuple:
    """Memoized on the game by all they depend on (`drawn_tile_key`)."""
    memo = state.game.tables.tile_places
    key = drawn_tile_key(state, task[1])
    actions = memo.get(key)
    if actions is None:
        actions = memo.keep(key, _positions(state, task[1], key[1]))
    return actions


def drawn_tile_key(state, seat: int) -> tuple:
    """The drawn tile, the most fees the seat can pay (COAL-R15), the options that place a tile, and the
    seat's mine tiles with their cubes: all the places for the tile depend on."""
    options = state.options
    return (state.sub["tile"], state.cash[seat] // fee(state, seat), options.mine_placement,
            options.permit_supplied_test, options.industry_amok, *chain.from_iterable(state.mine[seat]))


def _positions(state, seat: int, affordable: int) -> tuple:
    found = tile_positions(state, seat, state.sub["tile"])
    return tuple(PlaceTile.of(x, y, r) for x, y, r, fees in found if fees <= affordable) + (Decline.of(),)


def place_tile(state, task, action) -> None:
    seat, x, y, rotation = task[1], action.x, action.y, action.rotation
    tile = state.sub["tile"]
    tables = state.game.tables
    nearby = neighbours(state, seat, x, y, cells(state.mine[seat]))
    paid = buy(state, seat, permit_fees(state, tables.stack_of[tile], nearby))
    state.mine[seat].append([x, y, tile, rotation, 0])
    state.linked[seat] = links(state, seat)
    if state.records:
        state.event("tile_placed", seat=seat, tile=tables.design_ids[tile], x=x, y=y, rotation=rotation, paid=paid)
    finish(state)


def decline(state, task, action) -> None:
    seat = task[1]
    sub = state.sub
    _to_bottom(state, seat, sub["stack"], sub["tile"], sub["known"])  # COAL-R54
    state.event("tile_declined", seat=seat, stack=sub["stack"])
    passes(state, seat, sub["value"], "permit")
