"""Foremen Reveal & Utilization (rulebook: Foremen Reveal & Utilization; COAL-R23, COAL-R28): once
all foremen are down, the areas resolve one at a time. Entering an area turns its foremen face up
together and queues its turns (`state.queue`) in the ruled order; a turn resolves by itself or makes
its seat decide (`state.actor`, the decision's details in `state.sub`). Also here: what a foreman's
influence counts for (COAL-R18, with the Tailor and the Tavern of Appendix A)."""

from __future__ import annotations

from operator import itemgetter

DESK = {"permit_office": "permit", "utility_market": "market", "construction_company": "construction"}
AREA = {"B": "village", "M": "mine", "CB": "brokers", "PO": "permit", "UM": "market", "UT": "market",
        "CC": "construction", "ST": "storage", "RF": "refuse"}
AREAS = ("unplaced", "village", "mine", "brokers", "permit", "market", "construction", "storage", "refuse")
_STEP_ORDERS: dict[str, list[str]] = {}
_FOLLOWING: dict[str, dict[str, str]] = {}
_AREAS: dict[str, str] = {}
_VALUE = itemgetter(0)  # of a [value, location] foreman


def area_of(location: str) -> str:
    area = _AREAS.get(location)
    if area is None:
        area = _AREAS[location] = AREA.get(location[:2]) or AREA[location[0]]
    return area


# --- the steps of the round ---------------------------------------------------------------

def steps(state) -> list[str]:
    """COAL-R28: the reveal sequence, with the desk steps in the chosen order."""
    order = state.options.desk_resolution_order
    sequence = _STEP_ORDERS.get(order)
    if sequence is None:
        desk = [DESK[name] for name in order.split(",")]
        sequence = _STEP_ORDERS[order] = ["unplaced", "village", "mine", "brokers", *desk, "storage", "refuse",
                                          "unplaced_end", "report", "end"]
    return sequence


def following(state, step: str) -> str:
    """The step entered once `step`'s turns are all done."""
    table = _FOLLOWING.get(state.options.desk_resolution_order)
    if table is None:
        sequence = steps(state)
        table = _FOLLOWING[state.options.desk_resolution_order] = dict(zip(sequence, sequence[1:]))
    return table[step]


def enter(state, step: str) -> list[list[list]]:
    """Begin a step with an empty queue (the step fills it); entering an area turns its foremen face up
    together (COAL-R23). Returns each seat's foremen in the area entered (none for another step)."""
    state.step = step
    state.queue = []
    found: list[list[list]] = []
    if step in AREAS:
        if step != "unplaced":
            found = [foremen_in(state, seat, step) for seat in range(state.players)]
        state.reveals()
        if state.records:
            values = ([unplaced(state, seat) for seat in range(state.players)] if step == "unplaced"
                      else [sorted(map(_VALUE, here)) for here in found])
            state.event("reveal", area=step, values=values)
    return found


def next_turn(state) -> list:
    """The step's next queued turn, which leaves the queue as it starts."""
    return state.queue.pop(0)


def finish(state) -> None:
    """The deciding seat's turn is over: the flow goes on with the next turn or step."""
    state.actor, state.sub = -1, {}


def progress(state) -> float:
    if state.step == "over":
        return 100.0
    sequence = steps(state)
    within = (sequence.index(state.step) + 1) / (len(sequence) + 1) if state.step in sequence else 0.0
    return round(100.0 * (state.round - 1 + within) / state.options.rounds, 1)


# --- the foremen --------------------------------------------------------------------------

def revealed(state, area: str) -> bool:
    """COAL-R23: an area's foremen are face up from its step on (unplaced ones from step 0)."""
    if state.step in ("place", "over"):
        return state.step == "over"
    sequence = steps(state)
    return sequence.index(area) <= sequence.index(state.step)


def foremen_in(state, seat: int, area: str) -> list[list]:
    """The seat's foremen in an area, once the foremen are turned over."""
    # No action moves a foreman from the turn-over to the end of the round: one grouping per seat and round.
    by_area = state.memo.get(("foremen by area", seat, state.round))
    if by_area is None:
        by_area = state.memo[("foremen by area", seat, state.round)] = _by_area(state.foremen[seat])
    return by_area.get(area, [])


def _by_area(foremen: list[list]) -> dict[str, list[list]]:
    by_area: dict[str, list[list]] = {}
    for entry in foremen:
        location = entry[1]
        by_area.setdefault(_AREAS.get(location) or area_of(location), []).append(entry)
    return by_area


def unplaced(state, seat: int) -> list[int]:
    """The values of the seat's foremen not placed; memoized on the game by the values placed, sorted
    (the order the foremen were placed in does not change the values left)."""
    memo = state.game.tables.unplaced
    key = (state.options.foreman_values, *sorted(map(_VALUE, state.foremen[seat])))
    values = memo.get(key)
    if values is None:
        values = memo.keep(key, _unplaced(state.game.tables.foreman_values[key[0]], key[1:]))
    return list(values)


def _unplaced(values: list[int], placed: tuple[int, ...]) -> tuple[int, ...]:
    left = list(values)
    for value in placed:
        left.remove(value)
    return tuple(left)


def has(state, seat: int, building: str) -> bool:
    """A building that is built and not built over (COAL-R34, COAL-R35, COAL-R60)."""
    return building in state.lots[seat]


def printed(state, seat: int, value: int) -> int:
    """COAL-R18: the 0 foreman counts as 1 while its owner has a Tailor."""
    return 1 if value == 0 and has(state, seat, "tailor") else value


def effective(state, seat: int, value: int) -> int:
    """COAL-R18/R31: +1 at the desk while the owner's Tavern is active."""
    return printed(state, seat, value) + (1 if state.tavern[seat] else 0)


def buyer_order(state, order: list[int], found: list[list[list]]) -> list[list]:
    """COAL-R29: highest effective influence first, ties by player order (`found`: each seat's foremen
    in the area)."""
    buyers = [[seat, value] for seat in order for value, _ in found[seat]]
    return sorted(buyers, key=lambda b: (-effective(state, b[0], b[1]), order.index(b[0])))
