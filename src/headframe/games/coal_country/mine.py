"""2. Mineshaft tiles (rulebook: Foremen Reveal & Utilization): the mine (COAL-R36 to COAL-R45): its
shape (COAL-R36 to COAL-R40) and mining (COAL-R41 to COAL-R44, with the Church of COAL-R32)."""

from __future__ import annotations

from itertools import chain
from operator import itemgetter

from .actions import ChurchTarget
from .components import FULL, STEP
from .economy import player_order, stockpile
from .reveal import enter, finish, foremen_in, next_turn, printed


def openings(state, tile: list[int]) -> int:
    return state.game.tables.masks[tile[2]][tile[3]]


def cells(mine: list[list[int]]) -> dict[tuple[int, int], int]:
    """Each tile's index by its cell (x, y)."""
    return {(tile[0], tile[1]): index for index, tile in enumerate(mine)}


def connected(state, seat: int) -> set[int]:
    """COAL-R40: tiles linked to the entrance by facing openings."""
    mine = state.mine[seat]
    by_cell = cells(mine)
    reached, frontier = {0}, [0]
    while frontier:
        tile = mine[frontier.pop()]
        mask = openings(state, tile)
        for direction, (dx, dy) in enumerate(STEP):
            if not mask >> direction & 1:
                continue
            other = by_cell.get((tile[0] + dx, tile[1] + dy))
            if other is None or other in reached:
                continue
            if openings(state, mine[other]) >> ((direction + 2) % 4) & 1:
                reached.add(other)
                frontier.append(other)
    return reached


SHAPE = itemgetter(0, 1, 2, 3)  # a tile's cell, design and rotation: all that its openings depend on


def links(state, seat: int) -> list[int]:
    """The tiles connected to the entrance, in order; memoized on the game by the tiles' shapes."""
    memo = state.game.tables.links
    key = tuple(chain.from_iterable(map(SHAPE, state.mine[seat])))
    found = memo.get(key)
    if found is None:
        found = memo.keep(key, tuple(sorted(connected(state, seat))))
    return list(found)


def relink(state) -> None:
    """Cache each mine's connected tiles (they change only when a tile is placed)."""
    state.linked = [links(state, seat) for seat in range(state.players)]


def neighbours(state, seat: int, x: int, y: int, by_cell: dict[tuple[int, int], int]) -> list[tuple[int, list[int]]]:
    """(direction, tile) of each tile orthogonally next to cell (x, y)."""
    mine = state.mine[seat]
    found = []
    for direction, (dx, dy) in enumerate(STEP):
        other = by_cell.get((x + dx, y + dy))
        if other is not None:
            found.append((direction, mine[other]))
    return found


# --- step 2: mining (COAL-R42 to COAL-R44, COAL-R32) -------------------------------------------

def reveal(state, task) -> None:
    enter(state, "mine")
    state.queue = [[seat] for seat in player_order(state)]


def mining(state, task) -> None:
    """A seat's miners dig; an active Church with two miners or more asks which one it blesses."""
    seat = next_turn(state)[0]
    miners = [int(loc[1:]) for _, loc in foremen_in(state, seat, "mine")]
    if state.church[seat] == -2:
        if len(miners) > 1:
            state.actor, state.sub = seat, {"stage": "church", "tiles": sorted(miners)}
            return
        state.church[seat] = miners[0] if miners else -1
    produce(state, seat)


def church_targets(state, task) -> tuple:
    return tuple(ChurchTarget.of(t) for t in state.sub["tiles"])


def bless(state, task, action) -> None:
    seat = task[1]
    state.church[seat] = action.tile
    produce(state, seat)
    finish(state)


def produce(state, seat: int) -> None:
    tables = state.game.tables
    mine = state.mine[seat]
    mined = auto = refuse = 0
    blessed = state.church[seat]
    for value, location in foremen_in(state, seat, "mine"):
        index = int(location[1:])
        tile = mine[index]
        yields = tables.yields[tile[2]]
        amount, blessing = yields[printed(state, seat, value)], yields[1] if blessed == index else 0  # COAL-R32
        if tile[4] != FULL:
            amount, blessing = amount // 2, blessing // 2  # COAL-R42: halved separately
        if amount + blessing:
            refuse += 1  # COAL-R44
        mined += amount + blessing
    if not state.options.reformed_industry:  # COAL-R43, REF-2
        reach = state.linked[seat] if state.options.autoproduction_requires_connection else range(len(mine))
        auto = sum(tables.yields[mine[i][2]][1] for i in reach if mine[i][4] == FULL)  # COAL-R41
    state.coal[seat] += mined + auto
    state.refuse[seat] += refuse
    if state.records:
        state.event("mined", seat=seat, coal=mined, auto=auto, refuse=refuse, stockpile=stockpile(state))
