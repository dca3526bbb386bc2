"""Ore City's turn structure, in rulebook order.

One seat decides at a time. The state waits in its `phase`, owed by the active
player (during setup: the player discarding), or by the Police Station's
`victim` during their redraw; the game is over in phase "over". Setup (§5) has
the players at turn positions 2..6 discard; then each turn (§6) is one action,
some of which go on through steps of their own (the Airport's discard, the
Police Station's take and the victim's redraw, the Exchange's gives and takes,
the Flush's draws), and ends with the refill to three cards. A draw with only
one legal pile is made without asking, inside the move that leads to it; only
real choices of pile are steps.
"""

from __future__ import annotations

from headframe.engine.flow import OVER, Flow, decide

from . import accomplishment, book_closing, construction, exchange, flush, public_works, refill, setup, turn
from .actions import (
    Accomplish,
    AirportDiscard,
    BookClose,
    Construct,
    Discard,
    Draw,
    EndGiving,
    Exchange,
    Flush,
    Give,
    Pass,
    PoliceDecline,
    PoliceTake,
    Take,
)


def task(state) -> tuple[str, int] | None:
    phase = state.phase
    if phase == "over":
        return None
    return (phase, state.victim if phase == "police_redraw" else state.active)


FLOW = Flow("Ore City", task=task, start=("setup_discard",), steps=[
    decide("setup_discard", setup.discards, {Discard: setup.setup_discard}, prompt=setup.discard_prompt,
           leads_to=("setup_discard", "action")),
    decide("action", turn.choices, {
        Construct: construction.construct,
        BookClose: book_closing.book_close,
        Accomplish: accomplishment.accomplish,
        Exchange: exchange.exchange,
        Flush: flush.flush,
        Pass: turn.pass_,
    }, prompt=turn.PROMPT,
           leads_to=("action", "airport_discard", "police", "exchange_give", "flush_hand", "flush_common", "refill", OVER)),
    decide("airport_discard", public_works.airport_choices, {AirportDiscard: public_works.airport_discard},
           prompt="Discard one of your Industrial cards with technology for the Airport", leads_to=("refill", OVER)),
    decide("police", public_works.police_choices,
           {PoliceTake: public_works.police_take, PoliceDecline: public_works.police_decline},
           prompt="Take a card from an opponent's hand, or take none", leads_to=("action", "police_redraw", "refill")),
    decide("police_redraw", refill.pile_choices, {Draw: public_works.police_redraw},
           prompt="Draw a card from any draw pile: the Police Station took one of yours", leads_to=("action", OVER)),
    decide("exchange_give", exchange.gifts, {Give: exchange.give, EndGiving: exchange.end_giving},
           prompt="Put a card from your hand into the common space, or stop",
           leads_to=("action", "exchange_give", "exchange_take", OVER)),
    decide("exchange_take", exchange.takings, {Take: exchange.take}, prompt=exchange.take_prompt,
           leads_to=("action", "exchange_take", OVER)),
    decide("flush_hand", refill.pile_choices, {Draw: flush.draw_hand},
           prompt="Draw a card for your new hand from another pile: the Residential cards have run out",
           leads_to=("flush_hand", "flush_common")),
    decide("flush_common", flush.common_piles, {Draw: flush.deal_common},
           prompt="Deal a card to the common space from another pile: the Residential cards have run out",
           leads_to=("action", "flush_common", OVER)),
    decide("refill", refill.pile_choices, {Draw: refill.draw}, prompt="Draw a card from the pile of your choice",
           leads_to=("action", "refill", OVER)),
])
