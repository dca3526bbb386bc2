"""Statistics: the `score_` parts sum to the final cash (COAL-R75), and the counts follow the play."""

import pytest

from headframe.agents.random_agent import play_random_game
from headframe.engine import Rng
from headframe.games.coal_country import coal_brokers, economy
from headframe.games.coal_country.actions import BuyCube, Sell
from headframe.games.coal_country.heuristic import choose

from .helpers import GAME, new, place_all, stop_until


def score_parts(stats: dict, seat: int) -> int:
    return sum(values[seat] for name, values in stats.items() if name.startswith("score_"))


def assert_parts_sum_to_scores(state) -> None:
    stats = state.statistics()
    scores = state.result().scores
    for seat in range(state.players):
        assert score_parts(stats, seat) == scores[seat]


@pytest.mark.parametrize("players, seed, options", [
    (2, 1, {}), (3, 2, {"industry_amok": True}), (4, 3, {"reformed_industry": True, "rounds": 8}),
    (3, 4, GAME.option_sets[5])])
def test_random_games_parts_sum_to_final_cash(players, seed, options):
    state = GAME.new_state(players, seed, options)
    play_random_game(state, Rng(seed))
    assert_parts_sum_to_scores(state)
    stats = state.statistics()
    assert stats["score_inspection"] == [change for _, change in state.inspection]
    assert stats["inspection_fees"] == [fees for fees, _ in state.inspection]


@pytest.mark.parametrize("players, seed, options", [(2, 5, {}), (4, 6, {"industry_amok": True})])
def test_heuristic_games_parts_sum_to_final_cash(players, seed, options):
    state = GAME.new_state(players, seed, options)
    rng = Rng(seed)
    progress = 0.0
    while not state.is_over():
        seat = state.to_move()[0]
        state.apply(seat, choose(state, seat, rng))
        assert state.progress() >= progress
        progress = state.progress()
    assert progress == 100.0
    assert_parts_sum_to_scores(state)
    stats = state.statistics()
    assert sum(stats["score_sales"]) > 0 and min(stats["score_permits"] + stats["score_penalties"]) <= 0
    assert sum(stats["coal_sold"]) <= sum(stats["coal_mined"])
    assert stats["mineshaft_tiles"] == [len(mine) - 1 for mine in state.mine]


def test_a_hand_played_round_counts_sales_cubes_and_fees():
    """Seat 0 mines the entrance with a 4, sells with a 3 and buys two cubes with a 2; seat 1, holding $150,
    leaves all its foremen unplaced but the compulsory seller and pays their influence in fees (COAL-R24),
    then sells its auto-produced coal first, its seller being the weaker (COAL-R48)."""
    state = new(2, seed=3)
    state.cash[1] = 150
    place_all(state, {0: [("M0", 4), ("CB", 3), ("UM", 2)], 1: [("CB", 0)]})
    assert state.statistics()["score_penalties"] == [0, -5 * 20]
    assert state.cash[1] == 50
    stop_until(state, "sell")
    mined = list(state.coal)
    assert mined == [5 + 2, 2]  # Y(4) of the entrance plus its Y(1) auto-production (COAL-R41); seat 1 auto only
    prices = [coal_brokers.seller_price(state, 0, 3), coal_brokers.seller_price(state, 1, 0)]
    state.apply(1, Sell.of(2))
    stop_until(state, "sell")
    state.apply(0, Sell.of(7))
    stop_until(state, "buy")
    fee = economy.fee(state, 0)
    state.apply(0, BuyCube.of("wood"))
    state.apply(0, BuyCube.of("water"))
    stats = state.statistics()
    assert stats["coal_mined"] == mined and stats["refuse_made"] == [1, 0]
    assert stats["coal_sold"] == mined and stats["score_sales"] == [7 * prices[0], 2 * prices[1]]
    assert stats["cubes_bought"] == [2, 0] and stats["score_utility_cubes"] == [-2 * fee, 0]
    assert stats["score_penalties"] == [0, -100]
    assert score_parts(stats, 0) == state.cash[0] == 7 * prices[0] - 2 * fee
