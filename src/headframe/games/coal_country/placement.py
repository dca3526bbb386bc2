"""Foremen Placement (rulebook: Foremen Placement; COAL-R17 to COAL-R22): every seat places its
foremen face down, all at once and sealed (An Industry Amok: one at a time in player order,
COAL-R79); then they are turned over. The fees for foremen left unplaced (COAL-R24) or idle
(COAL-R25, COAL-R26) are this chapter's rules too."""

from __future__ import annotations

from itertools import chain
from operator import itemgetter

from headframe.engine import turns

from .actions import Done, Place
from .components import FOREMEN, LOTS, UTILITIES
from .economy import penalty, player_order
from .mine import relink
from .reveal import enter, finish, printed, steps, unplaced

_UNSEALED: dict[tuple, tuple[int, ...]] = {}  # by the player count and the sealed seats' keys
SEAT_KEYS = ("0", "1", "2", "3")  # a seat's key in drafts and sealed
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


def locations(state, seat: int, taken: list[str] | None = None) -> list[str]:
    """COAL-R19 to COAL-R22: where one more foreman may go (`taken`: the seat's placed locations)."""
    if taken is None:
        taken = list(map(_LOCATION, placed(state, seat)))
    options = state.options
    if state.round == 1 and len(taken) == FOREMEN - 1 and "CB" not in taken:
        return ["CB"]  # COAL-R21: round 1 needs one foreman at the coal brokers
    lots, built, playable, now = state.lots[seat], state.lot_round[seat], state.game.tables.playable, state.round
    kinds, market = set(), 0  # the kinds of building used, the foremen at the utility market
    for loc in taken:
        if loc[0] == "B":
            kinds.add(lots[int(loc[1])])
        elif loc[0] == "U":
            market += 1
    # COAL-R19/R35: own playable building, built before this round, one per tile and per kind
    found = [LOT_SPACES[lot] for lot, building in enumerate(lots)
             if building in playable and built[lot] < now and building not in kinds]
    if "ST" not in taken:
        found.append("ST")
    if "RF" not in taken:
        found.append("RF")
    spaces = state.game.tables.mine_spaces
    found.extend(space for space in map(spaces.__getitem__, state.linked[seat])
                 if space not in taken)  # COAL-R21/R40: connected at the start of the round
    if "CB" not in taken:
        found.append("CB")
    if any(state.stacks) and (options.permit_foremen_per_player == "unlimited" or "PO" not in taken):
        found.append("PO")  # COAL-R22
    if market < 2:
        if options.utility_type_choice == "declared_at_placement":
            found.extend(DECLARED)  # COAL-R56
        else:
            found.append("UM")
        if market:
            found.append("UT")  # COAL-R55: stacked in tandem with the first
    if not state.closed and (state.top_row or state.bottom_row) and (
            options.construction_foremen_per_player == "unlimited" or "CC" not in taken):
        found.append("CC")  # COAL-R22, COAL-R82
    return found


def choices(state, task) -> tuple:
    return placement_actions(state, task[1])


def placement_actions(state, seat: int) -> tuple:
    """Memoized on the game by the seat's situation this round and the foremen it has placed."""
    draft = placed(state, seat)
    by_draft = state.game.tables.placement_by_draft
    # flat, without a tuple per foreman: less to allocate, and nothing for the garbage collector to track
    key = (placement_situation(state, seat), *chain.from_iterable(draft))
    actions = by_draft.get(key)
    if actions is None:
        actions = by_draft.keep(key, _placement_actions(state, seat, draft))
    return actions


def placement_situation(state, seat: int) -> int:
    """A number for all that the seat's places this round depend on, apart from its own foremen."""
    # Nothing it reads changes while the foremen are placed: one per seat and round.
    key = ("placement situation", seat, state.round)
    number = state.memo.get(key)
    if number is None:
        options, now = state.options, state.round
        situation = (now == 1, tuple(state.lots[seat]), tuple(built < now for built in state.lot_round[seat]),
                     tuple(state.linked[seat]), any(state.stacks),
                     not state.closed and bool(state.top_row or state.bottom_row), options.foreman_values,
                     options.utility_type_choice, options.permit_foremen_per_player,
                     options.construction_foremen_per_player)
        situations = state.game.tables.placement_situations
        number = situations.get(situation)
        if number is None:
            number = situations.setdefault(situation, next(state.game.tables.numbers))
        state.memo[key] = number
    return number


def _placement_actions(state, seat: int, draft: list[list]) -> tuple:
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
    key = (tuple(locations(state, seat, taken)), values, done)
    actions = tables.placement_memo.get(key)
    if actions is None:
        actions = tuple(Place.of(location, value) for location in key[0] for value in values)
        actions = tables.placement_memo[key] = actions + (Done.of(),) if done else actions
    return actions


def place(state, task, action) -> None:
    seat = task[1]
    if state.options.industry_amok:  # COAL-R79: placed face down in turn, location public
        state.foremen[seat].append([action.value, action.location])
        state.event("place", seat=seat, location=action.location, private={seat: {"value": action.value}})
        if len(state.foremen[seat]) == FOREMEN:
            _amok_done(state, seat)
        _next_amok_turn(state)
        return
    draft = state.drafts.setdefault(str(seat), [])  # COAL-R19: a private draft, sealed when complete
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
