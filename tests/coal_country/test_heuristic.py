"""The heuristic policy plays legal moves and beats random play clearly."""

from headframe.engine import Rng
from headframe.games.coal_country.heuristic import choose

from .helpers import GAME


def play(players: int, seed: int, options: dict) -> tuple[int, object]:
    state = GAME.new_state(players, seed, options)
    rng, hero = Rng(seed), seed % players
    while not state.is_over():
        seat = state.to_move()[0]
        actions = state.legal_actions(seat)
        action = choose(state.determinize(seat, rng) if seat == hero else state, seat, rng) \
            if seat == hero else actions[rng.below(len(actions))]
        assert action in actions
        state.apply(seat, action)
    return hero, state.result()


def test_heuristic_beats_random():
    games = [(players, seed, options) for seed in range(12) for players in (2, 3, 4)
             for options in ({}, {"industry_amok": True})][:40]
    outright = 0
    for players, seed, options in games:
        hero, result = play(players, seed, options)
        outright += result.winners == (hero,)
    assert outright >= 0.9 * len(games)  # a fair share would be a third on average


def test_evaluate_ranks_unfinished_games():
    state = GAME.new_state(3, 1)
    state.cash = [50, 10, 10]
    assert GAME.learning.evaluate(state) == [1.0, 0.25, 0.25]
    state.refuse[0] = 20  # 20 fees of inspection at $5 wipe out the lead
    assert GAME.learning.evaluate(state)[0] == 0.0


def test_statistics_and_progress():
    state = GAME.new_state(2, 4)
    assert state.progress() == 0.0
    rng = Rng(4)
    while not state.is_over():
        seat = state.to_move()[0]
        state.apply(seat, choose(state, seat, rng))
        assert 0.0 <= state.progress() <= 100.0
    stats = state.statistics()
    assert state.progress() == 100.0
    assert sum(stats["coal_sold"]) > 0 and sum(stats["score_sales"]) >= sum(stats["coal_sold"])
    assert stats["mineshaft_tiles"] == [len(m) - 1 for m in state.mine]
    assert stats["inspection_fees"] == [f for f, _ in state.inspection]
