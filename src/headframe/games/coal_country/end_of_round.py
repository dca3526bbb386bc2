"""End of the Round Actions (rulebook: End of the Round Actions; COAL-R65 to COAL-R70): the quarterly
report, the coal discard, the next round's market indicators and utilities, the construction
company's restock (COAL-R61, COAL-R62) and the round marker; after the last round, the end of the
game."""

from __future__ import annotations

from headframe.engine.deck import draw_from_bag, reshuffle

from . import end_of_game, placement
from .components import COAL_SHED
from .economy import move_marker, net_market, player_order
from .reveal import enter, has, next_turn


def report(state, task) -> None:
    enter(state, "report")
    if state.round in state.game.tables.report_rounds[state.options.rounds]:
        state.queue = [[seat] for seat in player_order(state)]  # COAL-R66


def quarterly_report(state, task) -> None:
    seat = next_turn(state)[0]
    if state.records:
        state.event("report", seat=seat, cash=state.cash[seat])
    move_marker(state, seat, state.cash[seat])


def end(state, task) -> None:
    enter(state, "end")
    if state.round == state.options.rounds:
        end_of_game.inspection(state)  # COAL-R71
        return
    for seat in range(state.players):  # COAL-R67
        state.coal[seat] = min(state.coal[seat], COAL_SHED) if has(state, seat, "coal_shed") else 0
    draw_market_indicators(state)
    refill_market(state)
    restock(state)
    state.round += 1
    if state.records:
        state.event("round", round=state.round, m=state.m, calendar=list(state.calendar))
    placement.start(state)


def draw_market_indicators(state) -> None:
    """COAL-R68/R69."""
    if state.options.reformed_industry:
        return  # REF-1
    carried = state.calendar[3]
    if state.options.market_bag_refill == "each_round":
        state.bag.extend(state.calendar[:3])
    else:
        state.spent_cubes.extend(state.calendar[:3])
        if len(state.bag) < 3:
            state.bag.extend(state.spent_cubes)
            state.spent_cubes = []
    state.calendar = [carried] + [draw_from_bag(state.bag, state.rng) for _ in range(3)]
    state.m = net_market(state)


def refill_market(state) -> None:
    """COAL-R70 (REF-3: the leftovers go back first)."""
    if state.options.reformed_industry:
        for t in range(3):
            state.supply[t] += state.market[t]
            state.market[t] = 0
    amount = state.players + 1 + state.m
    for t in range(3):
        added = min(amount, state.supply[t])  # COAL-R7
        state.supply[t] -= added
        state.market[t] += added


def restock(state) -> None:
    """COAL-R61/R62 (AMOK-3)."""
    if state.closed:
        return
    options = state.options
    state.removed.extend(state.bottom_row)
    state.bottom_row, state.top_row = state.top_row, []
    while len(state.top_row) < state.players:
        if not state.pile:
            if options.industry_amok and state.removed:  # AMOK-3: never closes
                reshuffle(state.pile, state.removed, state.rng)
            elif options.construction_closing == "on_empty_draw" and not options.industry_amok:
                if not state.top_row:
                    close_company(state)
                break
            else:
                break
        state.top_row.append(state.pile.pop())
    if options.construction_closing == "when_display_empty" and not options.industry_amok \
            and not state.bottom_row and not state.top_row:
        close_company(state)


def close_company(state) -> None:
    """COAL-R62: the displayed tiles leave the game; no foremen from now on."""
    state.removed.extend(state.bottom_row + state.top_row)
    state.bottom_row, state.top_row = [], []
    state.closed = True
    state.event("company_closed")
