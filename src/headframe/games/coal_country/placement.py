"""Foremen Placement (rulebook: Foremen Placement; COAL-R17 to COAL-R22): every seat places its
foremen face down, all at once and sealed (An Industry Amok: one at a time in player order,
COAL-R79); then they are turned over. The fees for foremen left unplaced (COAL-R24) or idle
(COAL-R25, COAL-R26) are this chapter's rules too."""

from __future__ import annotations

from itertools import chain
from operator import itemgetter
from typing import NamedTuple

from headframe.engine import turns

from .actions import Done, Place
from .components import FOREMEN, LOTS, UTILITIES
from .economy import penalty, player_order
from .mine import relink
from .reveal import enter, finish, printed, steps, unplaced

_UNSEALED: dict[tuple, tuple[int, ...]] = {}  # by the player count and the sealed seats' keys
SEAT_KEYS = ("0", "1", "2", "3")  # a seat's key in drafts and sealed
EVERY_SEAT = tuple(tuple(range(players)) for players in range(5))  # by the player count
DECLARED = tuple(f"UM:{utility}" for utility in UTILITIES)  # COAL-R56: a buyer's declared type


def start(state) -> None:
    state.step = "place"
    state.foremen = [[] for _ in range(state.players)]
    state.tavern = [False] * state.players
    state.church = [-1] * state.players
    state.order = player_order(state)
    state.turn = 0
    state.done = [False] * state.players
    state.drafts, state.sealed = {}, {}


def placing(state) -> tuple[int, ...]:
    """The seats placing now: every seat not yet committed (Amok: the seat whose turn it is)."""
    if state.options.industry_amok:
        return (state.order[state.turn],)
    return unsealed(state.players, state.sealed)


def unsealed(players: int, sealed: dict[str, list]) -> tuple[int, ...]:
    """The seats that have not committed their placement."""
    if not sealed:
        return EVERY_SEAT[players]
    key = (players, *sealed)
    seats = _UNSEALED.get(key)
    if seats is None:
        seats = _UNSEALED[key] = turns.uncommitted(sealed, range(players))
    return seats


def placed(state, seat: int) -> list[list]:
    """The foremen this seat has placed so far this round."""
    if state.options.industry_amok or state.step != "place":
        return state.foremen[seat]
    return state.drafts.get(SEAT_KEYS[seat], [])


def remaining_values(state, seat: int) -> list[int]:
    values = list(state.game.tables.foreman_values[state.options.foreman_values])
    for value, _ in placed(state, seat):
        values.remove(value)
    return values


_VALUE, _LOCATION = itemgetter(0), itemgetter(1)
LOT_SPACES = tuple(f"B{lot}" for lot in range(LOTS))
MARKET = ("UM", "UT", *DECLARED)  # the utility market's places (COAL-R55, COAL-R56)


class Situation(NamedTuple):
    """All that a seat's places this round depend on apart from its own foremen: a number for it, and
    the places open to its first foreman, which its foremen placed then close."""

    number: int
    places: tuple[str, ...]  # in the order offered, the tandem place "UT" included
    same_kind: dict[str, tuple[str, ...]]  # a lot's space: the spaces of the lots of its building
    reusable: tuple[str, ...]  # the desk places any number of the seat's foremen may take (COAL-R20)


def locations(state, situation: Situation, taken: list[str]) -> list[str]:
    """COAL-R19 to COAL-R22: where one more foreman may go (`taken`: the seat's placed locations)."""
    if state.round == 1 and len(taken) == FOREMEN - 1 and "CB" not in taken:
        return ["CB"]  # COAL-R21: round 1 needs one foreman at the coal brokers
    closed = set(taken)  # COAL-R20: one foreman a place, but for the market and the unlimited desk places
    market = 0  # the foremen at the utility market
    for place in taken:
        if place[0] == "B":
            closed.update(situation.same_kind[place])  # COAL-R35: one foreman per kind of building
        elif place[0] == "U":
            market += 1
    closed.difference_update(situation.reusable)
    if market == 1:
        closed.difference_update(MARKET)  # COAL-R55: a second buyer, or one stacked in tandem with the first
    else:
        closed.update(MARKET if market else ("UT",))  # COAL-R20: two at most; a tandem needs a first
    return [place for place in situation.places if place not in closed]


def choices(state, task) -> tuple:
    return placement_actions(state, task[1])


def placement_actions(state, seat: int) -> tuple:
    """Memoized on the game by the seat's situation this round and the foremen it has placed."""
    draft = placed(state, seat)
    situation = placement_situation(state, seat)
    by_draft = state.game.tables.placement_by_draft
    # flat, without a tuple per foreman: less to allocate, and nothing for the garbage collector to track
    key = (situation.number, *chain.from_iterable(draft))
    actions = by_draft.get(key)
    if actions is None:
        actions = by_draft.keep(key, _placement_actions(state, situation, draft))
    return actions


def placement_situation(state, seat: int) -> Situation:
    """The seat's situation this round: numbered and interned on the game by all it is made from."""
    # Nothing it reads changes while the foremen are placed: one per seat and round.
    key = ("placement situation", seat, state.round)
    situation = state.memo.get(key)
    if situation is None:
        options, now = state.options, state.round
        made_of = (now == 1, tuple(state.lots[seat]), tuple(built < now for built in state.lot_round[seat]),
                   tuple(state.linked[seat]), any(state.stacks),
                   not state.closed and bool(state.top_row or state.bottom_row), options.foreman_values,
                   options.utility_type_choice, options.permit_foremen_per_player,
                   options.construction_foremen_per_player)
        situations = state.game.tables.placement_situations
        situation = situations.get(made_of)
        if situation is None:
            situation = situations.setdefault(made_of, _situation(state.game.tables, made_of))
        state.memo[key] = situation
    return situation


def _situation(tables, made_of: tuple) -> Situation:
    _, lots, built_before, linked, permits, company, _, utility_choice, permit_foremen, company_foremen = made_of
    # COAL-R19/R35: own playable building, built before this round
    places = [LOT_SPACES[lot] for lot, building in enumerate(lots) if building in tables.playable and built_before[lot]]
    places += ["ST", "RF"]
    places += [tables.mine_spaces[tile] for tile in linked]  # COAL-R21/R40: connected at the start of the round
    places.append("CB")
    if permits:
        places.append("PO")  # COAL-R22
    places += DECLARED if utility_choice == "declared_at_placement" else ("UM",)  # COAL-R56
    places.append("UT")  # COAL-R55: stacked in tandem with the first
    if company:
        places.append("CC")  # COAL-R22, COAL-R82
    same_kind = {space: tuple(LOT_SPACES[other] for other, kind in enumerate(lots) if kind == lots[lot])
                 for lot, space in enumerate(LOT_SPACES)}
    reusable = tuple(place for place, foremen in (("PO", permit_foremen), ("CC", company_foremen))
                     if foremen == "unlimited")
    return Situation(next(tables.numbers), tuple(places), same_kind, reusable)


def _placement_actions(state, situation: Situation, draft: list[list]) -> tuple:
    """Interned on the game by the locations open, the values left and whether the seat may stop."""
    taken = list(map(_LOCATION, draft))
    done = state.round > 1 or "CB" in taken  # COAL-R21
    tables = state.game.tables
    placed_values = (state.options.foreman_values, tuple(sorted(map(_VALUE, draft))))
    values = tables.values_left.get(placed_values)
    if values is None:
        left = list(tables.foreman_values[placed_values[0]])
        for value in placed_values[1]:
            left.remove(value)
        values = tables.values_left[placed_values] = tuple(sorted(set(left), reverse=True))
    key = (tuple(locations(state, situation, taken)), values, done)
    actions = tables.placement_memo.get(key)
    if actions is None:
        actions = tables.placement_memo[key] = _actions(tables.place_rows, *key)
    return actions


def _actions(rows: dict[tuple, tuple], locations: tuple[str, ...], values: tuple[int, ...], done: bool) -> tuple:
    """A Place for each location and value, a location's row interned on the game (`rows`), then Done."""
    actions: list = []
    for location in locations:
        row = rows.get((location, values))
        if row is None:
            row = rows[(location, values)] = tuple(Place.of(location, value) for value in values)
        actions += row
    if done:
        actions.append(Done.of())
    return tuple(actions)


def place(state, task, action) -> None:
    seat = task[1]
    if state.options.industry_amok:  # COAL-R79: placed face down in turn, location public
        state.foremen[seat].append([action.value, action.location])
        state.event("place", seat=seat, location=action.location, private={seat: {"value": action.value}})
        if len(state.foremen[seat]) == FOREMEN:
            _amok_done(state, seat)
        _next_amok_turn(state)
        return
    draft = state.drafts.setdefault(SEAT_KEYS[seat], [])  # COAL-R19: a private draft, sealed when complete
    draft.append([action.value, action.location])
    if len(draft) == FOREMEN:
        _commit(state, seat)


def done(state, task, action) -> None:
    """The remaining foremen stay unplaced (COAL-R24, COAL-R79)."""
    seat = task[1]
    if state.options.industry_amok:
        _amok_done(state, seat)
        _next_amok_turn(state)
        return
    _commit(state, seat)


def _commit(state, seat: int) -> None:
    turns.commit(state.sealed, seat, state.drafts.pop(str(seat), []))
    if state.records:
        state.event("committed", seat=seat)


def _amok_done(state, seat: int) -> None:
    state.done[seat] = True
    state.event("placement_done", seat=seat)


def _next_amok_turn(state) -> None:
    for _ in range(state.players):
        state.turn = (state.turn + 1) % state.players
        if not state.done[state.order[state.turn]]:
            return


# --- turning the foremen over ---------------------------------------------------------------

def turn_over(state, task) -> None:
    """All foremen are down: the sealed placements open at once, and the reveal begins."""
    if not state.options.industry_amok:
        for other, placement in turns.reveal(state.sealed).items():
            state.foremen[other] = placement
        state.reveals()
        if state.records:
            state.event("placements", locations=[sorted(loc for _, loc in f) for f in state.foremen])
    begin_reveal(state)


def begin_reveal(state) -> None:
    """Step 0 (COAL-R24): the mines' connections hold for the round, the unplaced foremen turn face up."""
    relink(state)
    enter(state, steps(state)[0])
    if state.options.unplaced_fee_timing == "start_of_reveal":
        charge_unplaced(state)


def unplaced_end(state, task) -> None:
    enter(state, "unplaced_end")
    if state.options.unplaced_fee_timing == "end_of_reveal":
        charge_unplaced(state)


def charge_unplaced(state) -> None:
    for seat in player_order(state):
        penalty(state, seat, sum(printed(state, seat, v) for v in unplaced(state, seat)), "unplaced")


def passes(state, seat: int, value: int, area: str) -> None:
    """COAL-R26: a passing desk foreman pays its printed influence (option pass_fee_scope)."""
    if state.options.pass_fee_scope == "all_desk_spaces":
        penalty(state, seat, printed(state, seat, value), f"pass_{area}")
    finish(state)
