"""Tinners' Trail's turn structure, in rulebook order: four turns of seven phases.

The state waits in `step`, owed by the seat `actor`. Phases one, two, four and
seven need no decisions: they are automatic steps that the flow runs as soon as
the state reaches them. Phase three (Player Actions) is the `actions` step,
with two chains its actions open: a Build Mine `auction` (the opener bids
first, then clockwise) and the `pumps` of an Improve Steam Pumps action (one
water cube at a time). When all have passed, ore is sold; then `invest`
(phase five) and `prospect` (phase six) go round the order of play, and the
end of the turn starts the next one, or ends the game (`over`).
"""

from __future__ import annotations

from headframe.engine.flow import OVER, Flow, automatic, decide

from . import (
    build_mine,
    developments,
    end_of_turn,
    external_investments,
    mine_ore,
    ore_prices,
    player_actions,
    prospecting,
    sell_ore,
    steam_pumps,
)
from .actions import (
    Bid,
    BuildAdit,
    BuildMine,
    BuildPort,
    BuildTrain,
    Decline,
    DropOut,
    ImproveSteamPumps,
    Invest,
    MineOre,
    Pass,
    PlaceMiner,
    Prospect,
    RemoveWater,
    SellPasties,
    StopPumping,
)

# The steps a state waits in (for the observation encoding and loaded positions).
STEPS = ("actions", "auction", "pumps", "invest", "prospect", "over")


def task(state) -> tuple | None:
    step = state.step
    return None if step == "over" else (step, state.actor)


# rulebook: Game Play; TIN-R13: phases one to three, then four to seven as phase three ends
FLOW = Flow("Tinners' Trail", task=task, start=("ore_prices",), steps=[
    automatic("ore_prices", ore_prices.phase_one, leads_to=("developments",)),
    automatic("developments", developments.phase_two, leads_to=("actions",)),
    decide("actions", player_actions.choices, {
        BuildMine: build_mine.build_mine,
        MineOre: mine_ore.mine_ore,
        BuildPort: developments.build_port,
        PlaceMiner: developments.place_miner,
        BuildAdit: developments.build_adit,
        BuildTrain: developments.build_train,
        ImproveSteamPumps: steam_pumps.improve_steam_pumps,
        SellPasties: player_actions.sell_pasties,
        Pass: player_actions.pass_,
    }, kind="action", prompt="Choose an action", leads_to=("actions", "auction", "pumps", "sell_ore")),
    decide("auction", build_mine.bids, {Bid: build_mine.bid, DropOut: build_mine.drop_out},
           kind=build_mine.bid_kind, prompt=build_mine.bid_prompt, leads_to=("actions", "auction")),
    decide("pumps", steam_pumps.choices, {RemoveWater: steam_pumps.remove_water, StopPumping: steam_pumps.stop_pumping},
           kind="remove_water", prompt=steam_pumps.prompt, leads_to=("actions", "pumps")),
    automatic("sell_ore", sell_ore.phase_four, leads_to=("invest", "prospect", "end_of_turn")),
    decide("invest", external_investments.choices,
           {Invest: external_investments.invest, Decline: external_investments.decline},
           prompt="Place an investment cube, or make no further investment",
           leads_to=("invest", "prospect", "end_of_turn")),
    decide("prospect", prospecting.choices, {Prospect: prospecting.prospect},
           prompt="Choose a clear area to prospect", leads_to=("prospect", "end_of_turn")),
    automatic("end_of_turn", end_of_turn.end_of_turn, leads_to=("ore_prices", OVER)),
])
