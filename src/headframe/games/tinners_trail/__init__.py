"""Tinners' Trail (Martin Wallace, Treefrog Games 2008, 1st edition): tin and
copper mining in 19th-century Cornwall, for 3 or 4 players (2 unofficial)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from headframe.engine import Action, Game, Options, Result, State, option
from headframe.engine.game import rank_rewards

from headframe.engine.observation import ObservationLayout

from . import board, encoding, heuristic, render
from .actions import Decline, DropOut, Pass, SellPasties, StopPumping, TinAction
from .components import SCHEMA, Tables
from .rules import TinnersTrailState


@dataclass(frozen=True)
class TinnersTrailOptions(Options):
    water_added_per_mine_action: int = option(
        0, "Water cubes added to an area after each Mine Ore action (TIN-R33)", choices=(0, 1)
    )
    adit_bonus_test: str = option(
        "cubes_present",
        "Which areas get an adit's immediate +1 copper, +1 tin: those holding a cube, or every discovered area (TIN-R38)",
        choices=("cubes_present", "discovered"),
    )
    adit_roll_bonus: str = option(
        "per_adit", "Each adit touching a rolled area adds its bonus, or the bonus counts once (TIN-R43)",
        choices=("per_adit", "once"),
    )
    roll_modifiers_on_mine_build: bool = option(
        True, "Train and port water modifiers also apply to the roll after a mine is built in a clear area (TIN-R44)"
    )
    investment_decline_is_final: bool = option(
        True, "A player who declines to invest is out for the rest of the phase (TIN-R48)"
    )
    prospect_in_final_turn: bool = option(True, "Phase 6 (prospecting) is played in turn 4 (TIN-R50)")


class TinnersTrail(Game):
    name = "tinners-trail"
    title = "Tinners' Trail"
    players = (2, 3, 4)  # TIN-R1: 3-4 official; TIN-R2: 2 unofficial
    official_players = (3, 4)
    Options = TinnersTrailOptions
    State = TinnersTrailState
    Action = TinAction
    option_sets = (
        {},
        {"water_added_per_mine_action": 1, "adit_bonus_test": "discovered", "adit_roll_bonus": "once"},
        {"roll_modifiers_on_mine_build": False, "investment_decline_is_final": False, "prospect_in_final_turn": False},
    )
    data_file = "tinners-trail.data.yaml"
    schema = SCHEMA
    summary = """\
Four turns of seven phases; victory points come only from investments.
1 Ore prices: three dice for tin, then for copper: +1 in turn 1, -1 in
  turn 4, -1 if last turn's price was on the top row, +1 if on the bottom.
2 Developments: restock miners, ports, trains, the adit, steam pump stacks.
3 Actions, 10 time points each: the top waiting player on the Order of Play
  column acts, then whoever has spent least (ties: first to arrive there).
  Build mine (auction; the winner pays and spends 2), mine ore (1; capacity
  2 + port + miner + train, each cube costs the water there), build port
  (2), place miner (1), build adit (3), build train (2), improve steam
  pumps (1), sell pasties (1, +1 pound), pass. When all but one have
  passed, the last player takes one more action, then passes.
4 Sell ore: all held tin and copper at this turn's prices.
5 External investments: in pass order, one cube at a time, this turn's
  row only, two cubes per box at most, twelve cubes per player.
6 Prospecting: the first two in the order of play roll for clear areas.
7 End of turn. After turn 4 most VP wins; ties: money, ore left in one's
  mined areas, then the order of play."""

    @cached_property
    def tables(self) -> Tables:
        return Tables(self.components)

    def most_money(self, players: int) -> int:
        """All the money that can ever enter a game, so more than any one player
        can hold: starting money, every possible pasty, and all the ore that can
        ever exist (printed, every area rolled at its best with every adit, every
        adit's immediate bonus) sold at the best price."""
        t = self.tables
        adits = sum(per_turn[3] for per_turn in t.developments)
        most_ore = (
            sum(t.printed_copper) + sum(t.printed_tin)
            + len(t.area_ids) * (max(t.copper_die) + max(t.tin_die) + 2 * adits)
            + adits * 2 * 2
        )
        best_price = max(max(t.tin_price.values()), max(t.copper_price.values()))
        pasties = t.turns * t.time_points * t.pasties_money
        return (t.start_money + pasties) * players + most_ore * best_price

    def most_money_in_hand(self) -> int:
        """A true bound on the money one player can ever hold, so on any bid.
        Income is only pasties (one per TP) and the sale of ore mined in one's
        own mines: at most six areas, each rolled once at most (TIN-R12), holding
        its printed cubes plus one best roll; each adit adds at most one copper
        and one tin to each of its two sides, now or at that side's roll
        (TIN-R37, TIN-R42), never both."""
        t = self.tables
        printed = sorted((c + n for c, n in zip(t.printed_copper, t.printed_tin)), reverse=True)
        adits = sum(per_turn[3] for per_turn in t.developments)
        ore = sum(printed[:t.max_mines]) + t.max_mines * (max(t.copper_die) + max(t.tin_die)) + adits * 2 * 2
        best_price = max(max(t.tin_price.values()), max(t.copper_price.values()))
        return t.start_money + t.turns * t.time_points * t.pasties_money + ore * best_price

    def decision_limit(self, players: int) -> int:
        """A true upper bound. The bids of one auction strictly increase from £1
        to the price the winner pays, so all the bids of a game number at most
        the money that ever enters it."""
        t = self.tables
        turns, tp = t.turns, t.time_points
        auctions = t.max_mines * players
        actions = turns * (tp + 1) * players
        pumping = sum(sum(t.pump_boxes[:turn]) + turn for turn in range(1, turns + 1))
        cubes = t.investment_cubes * players
        investing = cubes + (cubes + turns) * players  # each placement, then at most one decline each
        prospects = turns * t.prospects_per_turn
        return actions + self.most_money(players) + auctions * (1 + players) + pumping + investing + prospects

    def enumerate_actions(self, players: int) -> list[Action]:
        """Every action the game can ever offer: bids up to the most money one player can hold."""
        t = self.tables
        actions: list[Action] = list(t.build_mine)
        for area in t.areas:  # TIN-R31: 2 + miner + train, + a port on the coast only (TIN-R36)
            most = t.base_capacity + 2 + t.sea[area]
            actions.extend(t.mine_ore(area, most, most, most))
        actions += [t.build_port[a] for a in t.areas if t.sea[a]]
        actions += t.place_miner + t.build_adit + t.build_train + t.improve_pumps
        actions += [SellPasties.of(), Pass.of()]
        actions += t.bids(t.min_opening_bid, self.most_money_in_hand())
        actions += [DropOut.of(), *t.remove_water, StopPumping.of(), *t.invest, Decline.of(), *t.prospect]
        return actions

    def observation_layout(self, players: int, options: Any = None) -> ObservationLayout:
        """The same fields under every option set (the options are a field)."""
        layouts = self.__dict__.setdefault("_observation_layouts", {})
        if players not in layouts:
            layouts[players] = encoding.layout(self.tables, players)
        return layouts[players]

    def encode_observation(self, view: dict[str, Any]) -> list[float]:
        return encoding.encode(self.tables, self.observation_layout(view["player_count"]), view)

    def heuristic(self, state: State, seat: int, rng) -> Action:
        return heuristic.choose(state, seat, rng)

    def evaluate(self, state: State) -> list[float]:
        """Unfinished games: rank the seats by VP plus what their money and held
        ore would buy at the rate of the next investment row."""
        if state.is_over():
            return super().evaluate(state)
        t = self.tables
        row = min(state.turn + (state.step == "prospect"), t.turns) - 1
        rate = t.investment_vp[row][0] / t.column_costs[0]
        copper, tin = t.copper_price[state.copper_row], t.tin_price[state.tin_row]
        worth = [
            vp + rate * (money + held_copper * copper + held_tin * tin)
            for vp, money, held_copper, held_tin in zip(
                state.victory_points(), state.money, state.held_copper, state.held_tin
            )
        ]
        return rank_rewards(Result.rank(worth).ranking)

    def render_board(self, view: dict[str, Any]) -> str:
        return board.render_board(self, view)

    def render_text(self, view: dict[str, Any]) -> str:
        return render.render_text(view)

    def describe_event(self, entry: dict[str, Any]) -> str:
        return render.describe_event(self.tables, entry)

    def describe_action(self, action) -> str:
        return render.describe_action(self.tables, action)


__all__ = ["TinnersTrail", "TinnersTrailOptions"]
