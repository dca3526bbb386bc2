"""rulebook: 19th and 20th Century Event Cards (COP-R37): an event drawn when its icon
comes off the industry track is resolved at once, by each player in turn order
from the current player, before the interrupted shift goes on."""

from __future__ import annotations

from headframe.engine.deck import draw_from_bag
from headframe.engine.flow import push
from headframe.engine.turns import clockwise

from . import cards, eras, miners
from .actions import Accept, Discard, Done, Sacrifice
from .text import AREAS


def draw_event(state, century: str) -> None:
    pool = state.event_pools[century]
    if not pool:
        return
    card = draw_from_bag(pool, state.rng)
    state.reveals()
    state.events_played.append(card)
    state.event("event_card", card=card)
    order = clockwise(state.current, state.players)  # COP-R37
    tasks = [["event", seat, card, 0] for seat in order]
    if card == "E20-1":
        tasks += [["event", seat, card, 1] for seat in order]
    push(state.tasks, *tasks)


def resolve(state, task) -> None:
    """One player's part of an event card."""
    seat, card, part = task[1], task[2], task[3]
    if card in ("E19-1",) or (card == "E20-1" and part == 1):
        if miners.unskilled(state, seat):
            miners.move_miner(state, seat, "unskilled", "unrest")
    elif card == "E19-2":
        cards.draw_capital(state, seat)
    elif card == "E19-3":
        if state.hands[seat] and len(state.hands[seat]) >= eras.hand_limit(state):
            push(state.tasks, ["event_discard", seat, card])
    elif card == "E19-4":
        options = victims(state, seat, mine_sites_only=True)
        if len(options) > 1:
            push(state.tasks, ["event_victim", seat, "cemetery"])
        elif options:
            sacrifice(state, seat, options[0], "cemetery")
    elif card == "E20-1":
        if state.hands[seat]:
            push(state.tasks, ["event_drill", seat])
    elif card == "E20-2":
        options = victims(state, seat, mine_sites_only=False)
        if len(options) > 1:
            push(state.tasks, ["event_victim", seat, "unrest"])
        elif options:
            sacrifice(state, seat, options[0], "unrest")
    elif card == "E20-3":
        if "cemetery" in state.miner_at[seat]:
            push(state.tasks, ["event_compensation", seat])
    elif card == "E20-4":
        if any(state.community) or state.capital_deck:
            push(state.tasks, ["event_war", seat])


def victims(state, seat: int, mine_sites_only: bool) -> list[int]:
    """E19-4: an unskilled miner (-1) or a miner at a mine site; E20-2: a miner on the board."""
    sites = state.board.site_spaces
    found, seen = [], set()
    if mine_sites_only and miners.unskilled(state, seat):
        found.append(-1)
    for miner in miners.on_board(state, seat):
        at = state.miner_at[seat][miner]
        if mine_sites_only and at not in sites:
            continue
        key = (at, state.miner_ready[seat][miner], is_working(state, seat, miner))
        if key not in seen:
            seen.add(key)
            found.append(miner)
    return found


def is_working(state, seat: int, miner: int) -> bool:
    return state.work is not None and seat == state.current and state.work["miner"] == miner


def sacrifice(state, seat: int, miner: int, area: str) -> None:
    if miner < 0:
        miner = state.miner_at[seat].index("unskilled")
    state.miner_at[seat][miner] = area
    state.miner_ready[seat][miner] = False
    state.event("event_miner", seat=seat, miner=miner, area=area)


# --- the events' decisions ---------------------------------------------------------------------

def victim_prompt(state, task) -> str:
    return f"Choose a miner to place in {AREAS[task[2]]}"


def victim_choices(state, task) -> list:
    return [Sacrifice.of(m) for m in victims(state, task[1], mine_sites_only=task[2] == "cemetery")]


def choose_victim(state, task, action) -> None:
    sacrifice(state, task[1], action.miner, task[2])


def discards(state, task) -> list:
    return [Discard.of(c) for c in cards.distinct_hand(state, task[1])]


def discard(state, task, action) -> None:
    cards.discard(state, task[1], action.card)


def drill_choices(state, task) -> list:
    return discards(state, task) + [Done.of()]


def drill(state, task, action) -> None:
    """E20-1: discard a capital card to draw one."""
    cards.discard(state, task[1], action.card)
    cards.draw_capital(state, task[1])


def decline(state, task, action) -> None:
    """`done`: the offer declined."""


def compensation_choices(state, task) -> list:
    return [Accept.of(True), Accept.of(False)]


def compensation(state, task, action) -> None:
    if action.yes:
        miners.move_miner(state, task[1], "cemetery", "unskilled")


def war_choices(state, task) -> list:
    return cards.capital_call(state)


def war(state, task, action) -> None:
    cards.take_capital(state, task[1], action.slot)
