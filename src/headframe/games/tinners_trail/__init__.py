"""Tinners' Trail (Martin Wallace, Treefrog Games 2008, 1st edition): tin and
copper mining in 19th-century Cornwall, for 3 or 4 players (2 unofficial).

The game declared: its rules are the modules this one names (its state, actions, options
and component tables); what shows it (`presentation.py`) and what learns and searches
(`learning.py`) are imported only when first used."""

from __future__ import annotations

from headframe.engine import Game
from headframe.engine.learning import Learning
from headframe.engine.presentation import Presentation

from . import components
from .actions import TinAction
from .components import SCHEMA, Tables
from .options import TinnersTrailOptions
from .state import TinnersTrailState


def load_presentation() -> Presentation:
    from .presentation import PRESENTATION  # its board, text and words: loaded by what shows the game
    return PRESENTATION


def load_learning() -> Learning:
    from .learning import LEARNING  # its action space, observation and heuristic
    return LEARNING


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

    Tables = Tables
    presents = staticmethod(load_presentation)
    learns = staticmethod(load_learning)

    def decision_limit(self, players: int) -> int:
        return components.decision_limit(self.tables, players)


__all__ = ["TinnersTrail", "TinnersTrailOptions"]
