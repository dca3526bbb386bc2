"""Statistics and progress for the simulation lab (the `score_` convention: the
parts of the final score by source sum to it)."""

from __future__ import annotations

import pytest

from headframe.engine import Rng

from .helpers import GAME, act, table

PUBLIC_WORKS = GAME.tables.cards_of_type[3]


def play(state, rng, heuristic_seats=()):
    """To the end, checking progress after every decision; returns the progress seen."""
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
    scores = state.result().scores
    parts = [name for name in stats if name.startswith("score_")]
    for seat in range(state.players):
        assert sum(stats[name][seat] for name in parts) == scores[seat]
        assert sum(stats[f"vp_{card}"][seat] for card in PUBLIC_WORKS) == stats["vp"][seat] == state.vp[seat]
    assert stats["coins"] == state.coins


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_and_heuristic_games_add_up_and_progress_never_goes_back(players):
    for seed, heuristic_seats, options in ((players, (), None), (players + 10, (0,), {"round_limit": 30})):
        state = GAME.new_state(players, seed=seed, options=options)
        seen = play(state, Rng(seed), heuristic_seats)
        assert all(0.0 <= p <= 100.0 for p in seen)
        assert seen == sorted(seen)
        assert seen[-1] == 100.0 and 100.0 not in seen[:-1]
        check_finished(state)


def test_a_heuristic_winner_scores_its_win_and_its_vp_by_public_work():
    state = GAME.new_state(3, seed=1)
    play(state, Rng(1), heuristic_seats=(0, 1, 2))
    stats = state.statistics()
    winner = state.result().winners[0]
    assert stats["score_win"] == [int(seat == winner) for seat in range(3)]
    assert stats["vp"][winner] >= 10
    assert stats["accomplishments"][winner] == len([c for c in state.acquired[winner] if c in PUBLIC_WORKS])


def draw_until_turn_ends(state):
    seat = state.active
    while state.phase == "refill":
        act(state, state.decision(seat).actions[0].id)


def test_statistics_of_a_hand_played_position():
    # ORE-R4: in 2 players the opponent's 3 Residential cards count once: the
    # Convenience Store earns 3G (its maximum). Seat 1 then book-closes its 3 Single Houses.
    state = table(2, hands={0: ["convenience_store", "city_hall"], 1: []},
                  spaces={1: [("single_house", 1)] * 3}, coins=[4, 0])
    act(state, "construct:convenience_store:1:0")
    draw_until_turn_ends(state)
    act(state, "book_close")
    draw_until_turn_ends(state)
    single_house_first = GAME.tables.payouts["reconstructed"]["single_house"][2][0]
    act(state, "accomplish:city_hall")
    stats = state.statistics()
    assert stats["constructed_commercial"] == [1, 0] and stats["constructed_residential"] == [0, 0]
    assert stats["income_constructing"] == [3, 0]
    assert stats["income_book_closing"] == [0, single_house_first]
    assert stats["coins_spent_constructing"] == [0, 0]
    assert stats["coins_spent_accomplishing"] == [GAME.tables.cost["city_hall"], 0]
    assert stats["book_closings"] == [0, 1] and stats["accomplishments"] == [1, 0]
    assert stats["vp_city_hall"] == [1, 0] and stats["vp"] == [1, 0]
    assert stats["score_win"] == [0, 0]


def test_progress_is_the_leaders_vp_share_or_the_rounds_played_under_a_limit():
    state = table(4, first=1, active=3, coins=[0, 0, 0, 0], options={"round_limit": 10})
    state.vp = [2, 4, 0, 1]
    state.round = 3  # two rounds done, and seats 1 and 2 have played this one
    assert state.progress() == 40.0
    state.vp = [2, 1, 0, 1]
    assert state.progress() == 25.0  # (3 - 1 + 2/4) / 10
    state = table(4, options=None)
    state.vp = [0, 7, 0, 3]
    assert state.progress() == 70.0


def test_progress_moves_from_the_first_round_before_anyone_scores():
    state = table(4, first=1, active=3, coins=[0, 0, 0, 0], options=None)
    state.vp = [0, 0, 0, 0]
    state.round = 2  # one round done, and seats 1 and 2 have played this one
    assert state.progress() == 3.8  # (2 - 1 + 2/4) / 40 rounds, the usual length of a game
    state.round = 60  # a long game: the rounds alone never say it is nearly over
    assert state.progress() == 90.0


def test_every_statistic_has_a_label_in_words():
    # What the results screen shows: names from the data for VP by Public Work, no keys.
    labels = {key: GAME.presentation.statistic_label(key) for key in GAME.new_state(3, 1).statistics()}
    assert labels["score_win"] == "Win (first to 10 VP)"
    assert labels["vp_police_station"] == "VP from Police Station"
    assert labels["book_closings"] == "Book-closings"
    assert all("_" not in label and label[0].isupper() for label in labels.values()), labels
