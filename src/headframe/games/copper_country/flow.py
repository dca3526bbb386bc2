"""Copper Country's turn structure, in rulebook order.

The state keeps an agenda of tasks (`state.tasks`, plain lists `[step, seat,
...]`); the head task is the step the game waits in. Setup queues the excess
poor rock (COP-R45), one contract per seat and the first turn; a turn queues
manage, manage, labor, before_dividends, dividends, end_turn, and end_turn
queues the next player's turn. Every move pushes its own follow-up tasks at the
head: a work action unrolls into shift, row, pay, casualty, rock, settle,
stamp_mill, next_shift (and continue, for another shift), and an event revealed
by a poor rock is resolved at once, one task per seat in turn order, before the
row goes on (COP-R20, COP-R25, COP-R37). Using a local business pushes its
costs and then the interrupted decision again (COP-R36).
"""

from __future__ import annotations

from headframe.engine.flow import OVER, Flow, automatic, decide

from . import (
    dividends,
    events,
    labor,
    local_business,
    management,
    miners,
    poor_rock,
    production,
    setup,
    turn,
    work,
)
from .actions import (
    Accept,
    Build,
    Casualty,
    ChooseBuilding,
    ChooseRow,
    Contract,
    Discard,
    Done,
    Keep,
    Labor,
    Manage,
    MoveRock,
    PlaceRock,
    Play,
    Prospect,
    Redraw,
    Relocate,
    Sacrifice,
    StockpileAt,
    Survey,
    Take,
    UseBusiness,
    WorkAt,
)

# scoring.end_game empties the agenda: no task once over
FLOW = Flow("Copper Country", agenda="tasks", start=("excess", "contract"), steps=[
    # Setup
    decide("excess", setup.excess_places, {PlaceRock: setup.place_excess},
           kind="excess_rock", prompt="Place an excess poor rock on any mine site", leads_to=("excess", "contract")),
    decide("contract", setup.camps, {Contract: setup.contract},
           kind="contract", prompt="Contract a miner at a camp", leads_to=("contract", "turn", "before_dividends")),
    # Playing the Game
    automatic("turn", turn.begin, leads_to=("manage", OVER)),
    # Management Actions (Choose Two)
    decide("manage", management.choices,
           {Take: management.capital_call, Manage: management.manage, UseBusiness: local_business.use,
            Done: management.skip},
           kind="management", prompt="Choose a management action", skip=management.nothing_to_do,
           leads_to=("manage", "survey", "build", "prospect", "labor", "lb_discard")),
    decide("survey", management.face_down, {Survey: management.survey_site},
           prompt="Turn a face-down terrain token face-up", leads_to=("manage", "survey_rock", "labor")),
    decide("survey_rock", management.site_rocks, {MoveRock: management.rock_to_token},
           prompt="Move a poor rock of this mine site onto its token", leads_to=("manage", "labor")),
    decide("build", management.buildings, {ChooseBuilding: management.choose_building},
           kind="building", prompt="Choose what to build", leads_to=("build_at",)),
    decide("build_at", management.places, {Build: management.build_at}, prompt="Choose where to build",
           leads_to=("manage", "labor")),
    decide("prospect", management.prospected, {Prospect: management.return_card},
           prompt="Discard both cards, or return one on top of the production deck", leads_to=("manage", "labor")),
    # Labor Actions (Choose One)
    decide("labor", labor.choices, {WorkAt: labor.work_now, Labor: labor.labor, UseBusiness: local_business.use},
           prompt="Choose the labor action",
           leads_to=("contract", "stockpile_at", "relocate", "shift", "pay", "before_dividends", "lb_discard")),
    decide("work_at", labor.work_places, {WorkAt: labor.start_work},
           prompt="Choose a miner and the mine site it works", leads_to=("shift", "before_dividends")),
    decide("stockpile_at", labor.stockpile_places, {StockpileAt: labor.stockpile_at},
           prompt="Choose a miner and the camp where it stockpiles", leads_to=("look",)),
    automatic("look", labor.look, leads_to=("keep",)),
    decide("keep", labor.looked_at, {Keep: labor.keep}, prompt="Keep one card; the other is discarded",
           leads_to=("look", "before_dividends")),
    decide("relocate", labor.relocations, {Relocate: labor.relocate_to}, prompt="Move a miner to any camp",
           leads_to=("ready", "before_dividends")),
    decide("ready", labor.yes_or_no, {Accept: labor.ready}, prompt="Ready the relocated miner?",
           leads_to=("before_dividends",)),
    # Working Mine Sites to Produce Copper: a shift
    automatic("shift", work.shift, leads_to=("row",)),
    decide("row", production.rows, {ChooseRow: production.choose_row, Redraw: production.redraw,
                                    Done: production.decline},
           prompt="Choose a row of the revealed production card", leads_to=("row", "pay", "casualty", "settle")),
    decide("pay", work.plays, {Play: work.play}, prompt="Play a capital card resource",
           leads_to=("work_at", "pay", "casualty", "rock")),
    decide("casualty", miners.casualties, {Casualty: miners.casualty}, prompt=miners.casualty_prompt,
           leads_to=("casualty", "rock", "settle")),
    decide("rock", poor_rock.places, {PlaceRock: poor_rock.place}, kind="place_rock",
           prompt="Place the next poor rock", leads_to=("settle", "event")),
    automatic("settle", work.settle, leads_to=("stamp_mill",)),
    automatic("stamp_mill", work.stamp_mill, leads_to=("stamp_mill_offer", "next_shift")),
    decide("stamp_mill_offer", local_business.stamp_mill_offer,
           {UseBusiness: local_business.stamp_mill, Done: local_business.decline},
           kind="stamp_mill", prompt="Use the Stamp Mill to draw a capital card?", leads_to=("next_shift",)),
    automatic("next_shift", work.next_shift, leads_to=("continue", "before_dividends", OVER)),
    decide("continue", work.another_shift, {Accept: work.take_another, UseBusiness: local_business.use},
           prompt="Take another shift?", leads_to=("shift", "continue", "before_dividends", "lb_discard")),
    # End of Turn Dividends (Mandatory)
    automatic("before_dividends", dividends.before_dividends, leads_to=("turn_end_window", "dividends")),
    decide("turn_end_window", dividends.last_businesses,
           {UseBusiness: dividends.use_business, Done: dividends.go_on},
           kind="before_dividends", prompt="Use a local business, or go on to dividends",
           leads_to=("dividends", "lb_discard")),
    automatic("dividends", dividends.dividends, leads_to=("discard", "end_turn")),
    decide("discard", dividends.discards, {Discard: dividends.discard}, kind="dividends",
           prompt=dividends.discard_prompt, leads_to=("dividends",)),
    automatic("end_turn", turn.end, leads_to=("turn",)),
    # Local Business Cards: paying for LB1 to LB4
    decide("lb_discard", local_business.discards, {Discard: local_business.discard}, kind="business_discard",
           prompt="Discard a capital card for the business",
           leads_to=("lb_discard", "lb_take", "lb_draw", "lb_negotiate", "lb_immigrate")),
    decide("lb_take", local_business.community, {Take: local_business.take}, kind="business_take",
           prompt="Take a community card", leads_to=("manage", "labor", "continue", "before_dividends")),
    automatic("lb_draw", local_business.draw, leads_to=("manage", "labor", "continue", "before_dividends")),
    automatic("lb_negotiate", local_business.negotiate, leads_to=("manage", "labor", "continue", "before_dividends")),
    automatic("lb_immigrate", local_business.immigrate, leads_to=("manage", "labor", "continue", "before_dividends")),
    # 19th and 20th Century Event Cards
    automatic("event", events.resolve,
              leads_to=("settle", "event", "event_victim", "event_discard", "event_drill", "event_compensation", "event_war")),
    decide("event_victim", events.victim_choices, {Sacrifice: events.choose_victim}, kind="event_miner",
           prompt=events.victim_prompt, leads_to=("settle", "event")),
    decide("event_discard", events.discards, {Discard: events.discard}, prompt="Discard a capital card",
           leads_to=("settle", "event")),
    decide("event_drill", events.drill_choices, {Discard: events.drill, Done: events.decline},
           prompt="Discard a capital card to draw one?", leads_to=("event",)),
    decide("event_compensation", events.compensation_choices, {Accept: events.compensation},
           prompt="Move a miner from the cemetery to unskilled?", leads_to=("settle", "event")),
    decide("event_war", events.war_choices, {Take: events.war},
           prompt="Draw a community card or the top of the capital deck", leads_to=("settle", "event")),
])
