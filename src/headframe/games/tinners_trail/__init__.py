"""Tinners' Trail (Martin Wallace, Treefrog Games 2008, 1st edition): tin and
copper mining in 19th-century Cornwall, for 3 or 4 players (2 unofficial)."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cached_property
from typing import Any, cast

from headframe import engine
from headframe.engine import Game
from headframe.engine.observation import ObservationLayout

from . import board, components, encoding, glossary, heuristic, hints, scoring, terminal, text
from .actions import TinAction
from .components import SCHEMA, Tables
from .options import TinnersTrailOptions
from .state import TinnersTrailState


class TinnersTrail(Game):
    name = "tinners-trail"
    title = "Tinners' Trail"
    rules_version = 1
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
    score_name = "VP"  # the results in the game's terms: victory points, counted turn by turn
    round_name = "Turn"
    statistic_labels = {
        **{f"score_turn_{turn}": f"Victory points from turn {turn}'s external investments" for turn in range(1, 5)},
        "vp": "Victory points",
        "money": "Money left (£)",
        "mines": "Mines built",
        "cubes_invested": "Investment cubes placed",
        "mine_prices": "Paid for mines (£)",
        "mining_costs": "Paid for mining (£)",
        "investment_costs": "Paid for investments (£)",
        "ore_income": "Earned from ore (£)",
        "water_pumped": "Water cubes pumped out",
    }
    data_file = "tinners-trail.data.yaml"
    schema = SCHEMA
    turn_guide = (
        "Each of the four turns has seven phases: ore prices, developments, actions, selling ore, investments, "
        "prospecting, and the end of the turn. In the actions phase every action costs time (build a mine by "
        "auction, mine ore, build a port, place a miner, build an adit or a train, improve steam pumps, sell "
        "pasties, or pass), and whoever has spent the least time acts next. Ore sells at the turn's prices, "
        "money invested buys victory points, and after four turns the most victory points wins.")
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
        return components.most_money(self.tables, players)

    def most_money_in_hand(self) -> int:
        return components.most_money_in_hand(self.tables)

    def decision_limit(self, players: int) -> int:
        return components.decision_limit(self.tables, players)

    def enumerate_actions(self, players: int) -> list[engine.Action]:
        return components.every_action(self.tables, players)

    def observation_layout(self, players: int, options: Any = None) -> ObservationLayout:
        """The same fields under every option set (the options are a field)."""
        layouts = self.__dict__.setdefault("_observation_layouts", {})
        if players not in layouts:
            layouts[players] = encoding.layout(self.tables, players)
        return layouts[players]

    def encode_observation(self, view: dict[str, Any]) -> list[float]:
        return encoding.encode(self.tables, self.observation_layout(view["player_count"]), view)

    def heuristic(self, state: engine.State, seat: int, rng) -> engine.Action:
        return heuristic.choose(state, seat, rng)

    def evaluate(self, state: engine.State) -> list[float]:
        if state.is_over():
            return super().evaluate(state)
        return heuristic.evaluate(state)

    def round_of(self, state: engine.State) -> int | None:
        return cast(TinnersTrailState, state).turn  # rulebook: Game Play, four turns

    def standing(self, state: engine.State) -> list[int]:
        """Each seat's victory points from the cubes on the Investment Display so far."""
        return scoring.victory_points(state)

    def gains(self, before: dict[str, Any], after: dict[str, Any]) -> str:
        return hints.gains(before, after)

    def value_names(self) -> dict[str, str]:
        """The glossary's names (areas by their ids), and the borders and steps a view holds."""
        t = self.tables
        names = super().value_names()
        names.update({border: f"{t.area_names[a]}–{t.area_names[b]}" for border, (a, b) in zip(t.border_ids, t.borders)})
        names.update(text.STEP_WORDS)
        return names

    def explanations(self) -> Iterable[engine.Entry]:
        return glossary.explanations(self.tables, self.components)

    def render_board(self, view: dict[str, Any], narrow: bool = False) -> str:
        return board.render_board(self, view, narrow)

    def render_boards(self, shared: dict[str, Any], views: list[dict[str, Any]],
                      narrow: bool = False) -> list[list[str]]:
        return board.render_boards(self, shared, views, narrow)

    def render_text(self, view: dict[str, Any]) -> str:
        return terminal.render_text(self.tables, view)

    def describe_event(self, entry: dict[str, Any]) -> str:
        return text.PHRASES.event(self.tables, entry)

    def describe_action(self, action) -> str:
        return text.PHRASES.action(self.tables, action)


__all__ = ["TinnersTrail", "TinnersTrailOptions"]
