"""Coal Country's turn, read in one place (rulebook: Playing the Game): each round is foremen
placement, then the foremen revealed and used one area at a time (COAL-R28), then the end-of-round
actions.

Placement is one simultaneous, sealed step: `who` gives the seats still placing, each adds foremen to
a private draft and commits it (engine.turns.commit); under An Industry Amok the seats place one
foreman a turn in player order (COAL-R79). Once all are down, the reveal runs by itself: entering a
step turns its area's foremen face up and queues its turns (`state.queue`); each turn starts
automatically and either resolves or makes its seat decide (`state.actor`, with `state.sub["stage"]`
naming the decision). When a step's queue is empty and nobody decides, the next step is entered."""

from __future__ import annotations

from headframe.engine.flow import OVER, Flow, automatic, decide

from . import (
    coal_brokers,
    construction_company,
    economy,
    end_of_round,
    mine,
    permit_office,
    placement,
    refuse_pile,
    utility_market,
    utility_storage,
    village,
)
from .actions import (
    Build,
    BuildOver,
    BuyCube,
    ChurchTarget,
    Collide,
    Decline,
    Done,
    Exchange,
    FirstBuyer,
    Incentivize,
    Keep,
    PickStack,
    Place,
    PlaceTile,
    RemoveRefuse,
    Sell,
    Stop,
    Supply,
)
from .reveal import following

PLACING = ("place_foreman", -1)
ALL_PLACED = ("unplaced", -1)  # the foremen turn over and step 0 begins
# The decision step of each stage a seat may be in (`state.sub["stage"]`).
DECISIONS = {"exchange": "village_store", "church": "church", "sell": "sell_coal", "collide": "earnings_collision",
             "permit": "permit_permit", "keep": "permit_keep", "place": "permit_place", "order": "buyer_order",
             "buy": "buy_utilities", "build": "construction_build", "over": "construction_over",
             "supply": "utility_storage", "refuse": "refuse_pile"}
# The automatic step that starts each queued turn of a reveal step.
TURNS = {"village": "village_tiles", "mine": "mining", "brokers": "seller", "permit": "application",
         "market": "buyer", "construction": "builder", "storage": "storage_foreman", "refuse": "refuse_foreman",
         "report": "quarterly_report"}
_TURN_TASKS = {step: (turn, -1) for step, turn in TURNS.items()}


def task(state):
    """The decision a seat owes, else a queued turn to start, else the next step to enter."""
    if state.actor >= 0:
        return (DECISIONS[state.sub["stage"]], state.actor)
    step = state.step
    if step == "place":  # placement.all_placed, written out: this runs several times a move
        if state.options.industry_amok:
            return ALL_PLACED if all(state.done) else PLACING
        return ALL_PLACED if len(state.sealed) == state.players else PLACING
    if step == "over":
        return None
    if state.queue:
        return _TURN_TASKS[step]
    return (following(state, step), -1)


FLOW = Flow("Coal Country", task=task, start=("place_foreman",), steps=[
    # Foremen Placement (COAL-R17 to COAL-R22, COAL-R79)
    decide("place_foreman", placement.choices, {Place: placement.place, Done: placement.done},
           who=placement.placing, prompt="Place a foreman, or leave the rest unplaced",
           leads_to=("place_foreman", "unplaced")),
    # Foremen Reveal & Utilization, step by step (COAL-R28)
    automatic("unplaced", placement.turn_over, leads_to=("village",)),  # step 0: unplaced foremen (COAL-R24)
    automatic("village", village.reveal, leads_to=("village_tiles", "mine")),  # step 1: village tiles
    automatic("village_tiles", village.village_tiles, leads_to=("village_tiles", "village_store", "mine")),
    decide("village_store", village.exchanges, {Exchange: village.exchange, Stop: village.stop},
           prompt="Exchange a stored cube at the Village Store, or stop",
           leads_to=("village_tiles", "village_store", "mine")),
    automatic("mine", mine.reveal, leads_to=("mining",)),  # step 2: mineshaft tiles
    automatic("mining", mine.mining, leads_to=("mining", "church", "brokers")),
    decide("church", mine.church_targets, {ChurchTarget: mine.bless},
           prompt="Choose the mining foreman the Church blesses", leads_to=("mining", "brokers")),
    automatic("brokers", coal_brokers.reveal,
              leads_to=("seller", "permit", "market", "construction")),  # step 3: coal brokers
    automatic("seller", coal_brokers.seller, leads_to=("seller", "sell_coal", "permit", "market", "construction")),
    decide("sell_coal", coal_brokers.amounts, {Sell: coal_brokers.sell}, prompt="Choose how much coal to sell",
           leads_to=("seller", "earnings_collision", "permit", "market", "construction")),
    # a marker moved by a sale (or a quarterly report) onto a taken value (COAL-R11)
    decide("earnings_collision", economy.directions, {Collide: economy.collide},
           prompt="Move your earnings marker above or below the marker on that space",
           leads_to=("seller", "permit", "market", "construction", "quarterly_report", "end")),
    # steps 4 to 6, the desk, in the order of option desk_resolution_order
    automatic("permit", permit_office.reveal,
              leads_to=("application", "storage"), in_option_order=("market", "construction")),
    automatic("application", permit_office.application,
              leads_to=("application", "permit_permit", "storage"), in_option_order=("market", "construction")),
    decide("permit_permit", permit_office.stacks,
           {PickStack: permit_office.pick_stack, Incentivize: permit_office.incentivize, Stop: permit_office.pass_},
           prompt="Draw a permit tile, or stop",
           leads_to=("application", "permit_permit", "permit_keep", "permit_place", "storage"),
           in_option_order=("market", "construction")),
    decide("permit_keep", permit_office.looked_at, {Keep: permit_office.keep}, prompt="Keep one of the two permit tiles",
           leads_to=("permit_place",)),
    decide("permit_place", permit_office.positions,
           {PlaceTile: permit_office.place_tile, Decline: permit_office.decline},
           prompt="Place the drawn tile in your mine, or decline it",
           leads_to=("application", "storage"), in_option_order=("market", "construction")),
    automatic("market", utility_market.reveal,
              leads_to=("buyer", "storage"), in_option_order=("permit", "construction")),
    automatic("buyer", utility_market.buyer,
              leads_to=("buyer", "buyer_order", "buy_utilities", "storage"),
              in_option_order=("permit", "construction")),
    decide("buyer_order", utility_market.buyer_orders, {FirstBuyer: utility_market.first_buyer},
           prompt="Choose which of your utility buyers buys first", leads_to=("buyer", "buy_utilities")),
    decide("buy_utilities", utility_market.purchases, {BuyCube: utility_market.buy_cube, Stop: utility_market.stop},
           prompt="Buy a utility cube, or stop",
           leads_to=("buyer", "buy_utilities", "storage"), in_option_order=("permit", "construction")),
    automatic("construction", construction_company.reveal,
              leads_to=("builder", "storage"), in_option_order=("permit", "market")),
    automatic("builder", construction_company.builder,
              leads_to=("builder", "construction_build", "storage"), in_option_order=("permit", "market")),
    decide("construction_build", construction_company.builds,
           {Build: construction_company.build, Stop: construction_company.pass_}, prompt="Buy a building, or stop",
           leads_to=("builder", "construction_over", "storage"), in_option_order=("permit", "market")),
    decide("construction_over", construction_company.lots, {BuildOver: construction_company.build_over},
           prompt="Choose the building to build over",
           leads_to=("builder", "storage"), in_option_order=("permit", "market")),
    automatic("storage", utility_storage.reveal, leads_to=("storage_foreman", "refuse")),  # step 7: utility storage
    automatic("storage_foreman", utility_storage.storage_foreman,
              leads_to=("storage_foreman", "utility_storage", "refuse")),
    decide("utility_storage", utility_storage.supplies, {Supply: utility_storage.supply, Stop: utility_storage.stop},
           prompt="Move a stored cube onto a mine tile, or stop",
           leads_to=("storage_foreman", "utility_storage", "refuse")),
    automatic("refuse", refuse_pile.reveal, leads_to=("refuse_foreman", "unplaced_end")),  # step 8: refuse pile
    automatic("refuse_foreman", refuse_pile.refuse_foreman, leads_to=("refuse_foreman", "refuse_pile", "unplaced_end")),
    decide("refuse_pile", refuse_pile.removals, {RemoveRefuse: refuse_pile.remove},
           prompt="Choose how many refuse cubes to remove", leads_to=("refuse_foreman", "unplaced_end")),
    automatic("unplaced_end", placement.unplaced_end, leads_to=("report",)),  # COAL-R24, option unplaced_fee_timing
    # End of the Round Actions (COAL-R65)
    automatic("report", end_of_round.report, leads_to=("quarterly_report", "end")),
    automatic("quarterly_report", end_of_round.quarterly_report,
              leads_to=("earnings_collision", "quarterly_report", "end")),
    automatic("end", end_of_round.end, leads_to=("place_foreman", OVER)),
])
