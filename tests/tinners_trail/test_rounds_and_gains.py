"""The results screen's chart per turn, the rulebook's scoring computed afresh from
a finished game, and a hint's line of what an action did to its seat (#53)."""

from __future__ import annotations

import pytest

from headframe.engine import Rng

from .helpers import GAME, actions_phase, new, play


def played(players: int, seed: int):
    """Every state of a seeded game (random and heuristic moves), the last one finished."""
    state = GAME.new_state(players, seed)
    rng = Rng(seed)
    states, step = [state.clone()], 0
    while not state.is_over():
        seat = state.to_move()[0]
        decision = state.decision(seat)
        state.apply(seat, GAME.learning.heuristic(state, seat, rng) if step % 3 else rng.choice(decision.actions))
        states.append(state.clone())
        step += 1
    return states


@pytest.mark.parametrize("players, seed", [(2, 3), (4, 8)])
def test_the_turn_never_goes_back_and_the_standing_ends_as_the_result(players, seed):
    # rulebook: Game Play (four turns); End of the Game
    states = played(players, seed)
    turns = [GAME.presentation.round_of(state) for state in states]
    assert turns[0] == 1 and turns[-1] == GAME.tables.turns == 4
    assert turns == sorted(turns)
    final = states[-1]
    assert GAME.presentation.standing(final) == list(final.result().scores) == final.statistics()["vp"]


def test_a_finished_games_scores_are_the_rulebooks_count_of_the_investment_display():
    # rulebook: End of the Game: each cube scores the victory points printed in its box, nothing else does
    final = played(3, 12)[-1]
    view = final.view(None)
    scores = [0] * 3
    for row in view["investments"]:
        for box in row["boxes"]:
            for seat in box["cubes"]:
                scores[seat] += box["vp"]
    assert list(final.result().scores) == scores
    vp_of_a_box = {(1, 5): 6, (2, 10): 10, (3, 15): 12, (4, 30): 18}  # the printed Investment Display
    for (turn, cost), vp in vp_of_a_box.items():
        assert next(box["vp"] for box in view["investments"][turn - 1]["boxes"] if box["cost"] == cost) == vp


def test_gains_say_the_seats_own_amounts_that_changed():
    # rulebook: B. Mine Ore (each cube costs the water in the area), H. Sell Pasties
    state = new(3, seed=2)
    actions_phase(state, pending=[0, 1, 2], money=[20, 20, 20])
    seat = state.to_move()[0]
    before = state.view(seat)
    play(state, "sell_pasties")
    assert GAME.presentation.gains(before, state.view(seat)) == "+£1, 1 TP spent"
    assert GAME.presentation.gains(before, before) == ""
    assert GAME.presentation.gains(state.view(None), state.view(None)) == ""


def test_gains_over_a_whole_game_name_only_amounts():
    states = played(3, 5)
    said = set()
    for before, after in zip(states, states[1:]):
        for seat in range(3):
            said.add(GAME.presentation.gains(before.view(seat), after.view(seat)))
    said.discard("")
    assert said and all(text[0] in "+−0123456789" for text in said)
    assert any("VP" in text for text in said) and any("copper cube" in text or "tin cube" in text for text in said)
    assert not [text for text in said if "_" in text]
