"""Statistics and progress for the simulation lab: the `score_turn_N` parts (VP
of the cubes placed in each turn's row of the investment display) add up to the
score, and the money statistics account for every pound."""

from __future__ import annotations

import pytest

from headframe.engine import Rng

from .helpers import GAME, T, actions_phase, area, empty_board, new, play


def play_out(state, rng, heuristic_seats=()):
    """To the end; returns the progress seen after every decision."""
    seen = [state.progress()]
    while state.to_move():
        seat = state.to_move()[0]
        if seat in heuristic_seats:
            action = GAME.learning.heuristic(state, seat, rng)
        else:
            action = rng.choice(state.decision(seat).actions)
        state.apply(seat, action)
        seen.append(state.progress())
    return seen


def check_finished(state):
    stats = state.statistics()
    assert all(len(values) == state.players for values in stats.values())
    parts = [name for name in stats if name.startswith("score_")]
    assert parts == [f"score_turn_{turn}" for turn in range(1, T.turns + 1)]
    scores = state.result().scores
    for seat in range(state.players):
        assert sum(stats[name][seat] for name in parts) == scores[seat] == stats["vp"][seat]
        # every pound in and out: start money, ore sales, pasties; mines, water, investments
        assert stats["money"][seat] == (
            T.start_money + stats["ore_income"][seat] + stats["pasties_sold"][seat] * T.pasties_money
            - stats["mine_prices"][seat] - stats["mining_costs"][seat] - stats["investment_costs"][seat]
        )
        invested = [cost for row in state.investments for cost, cubes in zip(T.column_costs, row) for s in cubes
                    if s == seat]
        assert stats["investment_costs"][seat] == sum(invested)
        assert stats["cubes_invested"][seat] == len(invested)
    assert sum(stats["ports_built"]) == sum(state.port)
    assert sum(stats["miners_placed"]) == sum(state.miner)
    assert sum(stats["trains_built"]) == sum(state.train)
    assert sum(stats["adits_built"]) == sum(state.adit)
    assert sum(stats["mines"]) == sum(owner >= 0 for owner in state.mine)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("options", list(range(len(GAME.option_sets))))
def test_random_and_heuristic_games_add_up_and_progress_never_goes_back(players, options):
    for seed, heuristic_seats in ((players * 7 + options, ()), (players * 7 + options + 50, tuple(range(players)))):
        state = GAME.new_state(players, seed=seed, options=GAME.option_sets[options] or None)
        seen = play_out(state, Rng(seed), heuristic_seats)
        assert seen == sorted(seen) and seen[-1] == 100.0 and 100.0 not in seen[:-1]
        check_finished(state)


def test_a_hand_played_turn_counts_what_happened():
    state = new(3, seed=2)
    empty_board(state)
    t = state.tables
    camborne = area("camborne")
    state.copper[camborne], state.tin[camborne], state.water[camborne] = 3, 2, 2
    actions_phase(state, pending=[0, 1, 2], money=[20, 20, 20])
    play(state, "build_mine:camborne", "bid:3", "bid:4", "drop_out", "drop_out")  # seat 1 wins at £4
    assert state.mine[camborne] == 1
    play(state, "sell_pasties")  # seat 0 again: the outbid opener acts (TIN-R29)
    play(state, "place_miner:camborne")  # seat 2 (1 TP)
    assert state.to_move() == (0,)
    play(state, "pass", "pass", "mine_ore:camborne:2:1")  # seats 0, 2 pass; seat 1 mines 3 cubes at 2 water
    stats = state.statistics()
    assert stats["auctions_opened"] == [1, 0, 0]
    assert stats["mine_prices"] == [0, 4, 0] and stats["mines"] == [0, 1, 0]
    assert stats["pasties_sold"] == [1, 0, 0]
    assert stats["miners_placed"] == [0, 0, 1]
    assert stats["mining_costs"] == [0, 6, 0]
    assert state.money == [21, 10, 20]
    assert all(stats[f"score_turn_{turn}"] == [0, 0, 0] for turn in range(1, 5))
    # phase four sells the held ore at this turn's prices
    play(state, "pass")
    income = 2 * t.copper_price[state.copper_row] + t.tin_price[state.tin_row]
    stats = state.statistics()
    assert stats["ore_income"] == [0, income, 0]
    assert stats["copper_sold"] == [0, 2, 0] and stats["tin_sold"] == [0, 1, 0]


def test_investments_score_in_their_turns_row():
    state = new(2, seed=3)
    state.investments[0][5] = [0, 1]  # turn 1, £30: 36 VP each
    state.investments[2][0] = [1]  # turn 3, £5: 4 VP
    stats = state.statistics()
    assert stats["score_turn_1"] == [36, 36]
    assert stats["score_turn_2"] == [0, 0]
    assert stats["score_turn_3"] == [0, 4]
    assert stats["vp"] == [36, 40]
