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

from headframe.engine.flow import Flow, automatic, decide

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

FLOW = Flow("Copper Country", agenda="tasks", steps=[  # scoring.end_game empties the agenda: no task once over
    # Setup
    decide("excess", setup.excess_places, {PlaceRock: setup.place_excess},
           kind="excess_rock", prompt="Place an excess poor rock on any mine site"),
    decide("contract", setup.camps, {Contract: setup.contract},
           kind="contract", prompt="Contract a miner at a camp"),
    # Playing the Game
    automatic("turn", turn.begin),
    # Management Actions (Choose Two)
    decide("manage", management.choices,
           {Take: management.capital_call, Manage: management.manage, UseBusiness: local_business.use,
            Done: management.skip},
           kind="management", prompt="Choose a management action", skip=management.nothing_to_do),
    decide("survey", management.face_down, {Survey: management.survey_site},
           prompt="Turn a face-down terrain token face-up"),
    decide("survey_rock", management.site_rocks, {MoveRock: management.rock_to_token},
           prompt="Move a poor rock of this mine site onto its token"),
    decide("build", management.buildings, {ChooseBuilding: management.choose_building},
           kind="building", prompt="Choose what to build"),
    decide("build_at", management.places, {Build: management.build_at}, prompt="Choose where to build"),
    decide("prospect", management.prospected, {Prospect: management.return_card},
           prompt="Discard both cards, or return one on top of the production deck"),
    # Labor Actions (Choose One)
    decide("labor", labor.choices, {WorkAt: labor.work_now, Labor: labor.labor, UseBusiness: local_business.use},
           prompt="Choose the labor action"),
    decide("work_at", labor.work_places, {WorkAt: labor.start_work},
           prompt="Choose a miner and the mine site it works"),
    decide("stockpile_at", labor.stockpile_places, {StockpileAt: labor.stockpile_at},
           prompt="Choose a miner and the camp where it stockpiles"),
    automatic("look", labor.look),
    decide("keep", labor.looked_at, {Keep: labor.keep}, prompt="Keep one card; the other is discarded"),
    decide("relocate", labor.relocations, {Relocate: labor.relocate_to}, prompt="Move a miner to any camp"),
    decide("ready", labor.yes_or_no, {Accept: labor.ready}, prompt="Ready the relocated miner?"),
    # Working Mine Sites to Produce Copper: a shift
    automatic("shift", work.shift),
    decide("row", production.rows, {ChooseRow: production.choose_row, Redraw: production.redraw,
                                    Done: production.decline},
           prompt="Choose a row of the revealed production card"),
    decide("pay", work.plays, {Play: work.play}, prompt="Play a capital card resource"),
    decide("casualty", miners.casualties, {Casualty: miners.casualty}, prompt=miners.casualty_prompt),
    decide("rock", poor_rock.places, {PlaceRock: poor_rock.place}, kind="place_rock",
           prompt="Place the next poor rock"),
    automatic("settle", work.settle),
    automatic("stamp_mill", work.stamp_mill),
    decide("stamp_mill_offer", local_business.stamp_mill_offer,
           {UseBusiness: local_business.stamp_mill, Done: local_business.decline},
           kind="stamp_mill", prompt="Use the Stamp Mill to draw a capital card?"),
    automatic("next_shift", work.next_shift),
    decide("continue", work.another_shift, {Accept: work.take_another, UseBusiness: local_business.use},
           prompt="Take another shift?"),
    # End of Turn Dividends (Mandatory)
    automatic("before_dividends", dividends.before_dividends),
    decide("turn_end_window", dividends.last_businesses,
           {UseBusiness: dividends.use_business, Done: dividends.go_on},
           kind="before_dividends", prompt="Use a local business, or go on to dividends"),
    automatic("dividends", dividends.dividends),
    decide("discard", dividends.discards, {Discard: dividends.discard}, kind="dividends",
           prompt=dividends.discard_prompt),
    automatic("end_turn", turn.end),
    # Local Business Cards: paying for LB1 to LB4
    decide("lb_discard", local_business.discards, {Discard: local_business.discard}, kind="business_discard",
           prompt="Discard a capital card for the business"),
    decide("lb_take", local_business.community, {Take: local_business.take}, kind="business_take",
           prompt="Take a community card"),
    automatic("lb_draw", local_business.draw),
    automatic("lb_negotiate", local_business.negotiate),
    automatic("lb_immigrate", local_business.immigrate),
    # 19th and 20th Century Event Cards
    automatic("event", events.resolve),
    decide("event_victim", events.victim_choices, {Sacrifice: events.choose_victim}, kind="event_miner",
           prompt=events.victim_prompt),
    decide("event_discard", events.discards, {Discard: events.discard}, prompt="Discard a capital card"),
    decide("event_drill", events.drill_choices, {Discard: events.drill, Done: events.decline},
           prompt="Discard a capital card to draw one?"),
    decide("event_compensation", events.compensation_choices, {Accept: events.compensation},
           prompt="Move a miner from the cemetery to unskilled?"),
    decide("event_war", events.war_choices, {Take: events.war},
           prompt="Draw a community card or the top of the capital deck"),
])
