"""Results and rounds: the round a game is in and each seat's VP so far, for the results'
chart per round; the final result scored as the rulebook scores it; and a hint's line
of what an action gained its seat."""

from __future__ import annotations

import pytest

from headframe.engine import Rng

from .helpers import GAME, act, table

# rulebook: 9.4. Public Works Cards (the Victory Points printed on each)
PRINTED_VP = {"city_hall": 1, "hospital": 3, "university": 3, "airport": 3, "police_station": 1}


def heuristic_game(players: int, seed: int, options=None):
    """A seeded game of heuristic bots to its end, with the round and standing at every decision."""
    state = GAME.new_state(players, seed, options)
    rng = Rng(seed)
    seen = [(GAME.presentation.round_of(state), GAME.presentation.standing(state))]
    while state.to_move():
        seat = state.to_move()[0]
        state.apply(seat, GAME.learning.heuristic(state, seat, rng))
        seen.append((GAME.presentation.round_of(state), GAME.presentation.standing(state)))
    return state, seen


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (5, 4)])
def test_rounds_count_up_from_1_and_the_standing_ends_at_the_vp(players, seed):
    # rulebook: 6. Turn Procedure; ORE-R37 (a round is one turn for each player)
    state, seen = heuristic_game(players, seed)
    rounds = [number for number, _ in seen]
    assert rounds[0] == 1 and rounds == sorted(rounds) and rounds[-1] == state.round
    assert seen[-1][1] == state.statistics()[GAME.score_statistic] == state.vp
    assert all(later >= earlier for (_, before), (_, after) in zip(seen, seen[1:])
               for earlier, later in zip(before, after))  # VP are never lost (ORE-R36)


def test_a_round_limit_ends_in_its_last_round():
    # ORE-R37: the game ends when the last player of round k ends their turn
    state = GAME.new_state(3, 2, {"round_limit": 4})
    rng = Rng(2)
    while state.to_move():
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.decision(seat).actions))
        assert 1 <= GAME.presentation.round_of(state) <= 4
    assert state.log[-1]["event"] == "round_limit" and GAME.presentation.round_of(state) == 4


@pytest.mark.parametrize("players, seed", [(2, 1), (4, 3), (6, 5)])
def test_a_finished_game_is_scored_as_the_rulebook_scores_it(players, seed):
    # rulebook: 7. End of Game: the first to 10 VP, scored only by Public Works, wins
    state, _ = heuristic_game(players, seed)
    vp = [sum(PRINTED_VP.get(card, 0) for card in state.acquired[seat]) for seat in range(players)]
    assert vp == state.vp
    winners = [seat for seat in range(players) if vp[seat] >= 10]
    assert len(winners) == 1
    assert list(state.result().scores) == [1 if seat in winners else 0 for seat in range(players)]


def test_gains_name_the_seats_own_vp_coins_and_technology():
    # rulebook: 6. c) Accomplishment (pay its cost, score its VP); 9.4.3 University
    state = table(2, hands={0: ["university"], 1: []}, spaces={0: [("small_store", 0)]}, coins=[15, 0])
    before = state.view(0)
    act(state, "accomplish:university")
    assert GAME.presentation.gains(before, state.view(0)) == "+3 VP, −12G"
    assert GAME.presentation.gains(before, before) == ""
    assert GAME.presentation.gains(state.view(None), state.view(None)) == ""


def test_gains_name_the_technology_a_book_closing_acquires():
    # rulebook: 6. b) Book-closing; 9.5.2 Technology (a Wind Turbine acquired gives 1)
    state = table(2, hands={0: [], 1: []}, spaces={0: [("wind_turbine", 0)]})
    before = state.view(0)
    act(state, "book_close")
    assert GAME.presentation.gains(before, state.view(0)) == "+1 technology"
