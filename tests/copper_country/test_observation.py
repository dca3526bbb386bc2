"""The observation encoding: built from a seat's view only, the observer first."""

from __future__ import annotations

import math

import pytest

from headframe.engine import Rng

from .helpers import GAME, new, set_hand

OPTION_SETS = GAME.option_sets


def field(vector: list[float], layout, name: str) -> list[float]:
    return vector[layout.slice(name)]


@pytest.mark.parametrize("players", GAME.players)
@pytest.mark.parametrize("options", OPTION_SETS, ids=str)
def test_every_view_fits_the_layout(players, options):
    state = GAME.new_state(players, players, dict(options, turn_limit=12))
    layout = GAME.learning.observation_layout(players, state.options)
    rng = Rng(players)
    decisions = 0
    while True:
        if decisions % 7 == 0 or state.is_over():
            for seat in range(players):
                vector = GAME.learning.encode_observation(state.view(seat))
                assert len(vector) == layout.size
                assert all(math.isfinite(v) and -0.01 <= v <= 1.01 for v in vector)
                world = state.determinize(seat, rng)
                assert GAME.learning.encode_observation(world.view(seat)) == vector, "hidden information leaks"
        if state.is_over():
            break
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.decision(seat).actions))
        decisions += 1


def test_the_boards_have_their_own_layouts():
    summer, winter = (GAME.learning.observation_layout(3, {"board": board}) for board in ("summer", "winter"))
    assert summer.size != winter.size
    assert GAME.learning.observation_layout(3, None) is summer
    assert 500 < winter.size < 3000


def test_a_spectator_view_is_refused():
    with pytest.raises(ValueError):
        GAME.learning.encode_observation(new().view(None))


def test_my_hand_and_seat_come_first():
    state = new(3)
    set_hand(state, 1, ["CAP1-01", "CAP1-02", "CAP1-07"])  # labor, labor, surface
    layout = GAME.learning.observation_layout(3)
    mine = GAME.learning.encode_observation(state.view(1))
    hand = field(mine, layout, "hand")
    signatures = list(dict.fromkeys(GAME.tables.signature.values()))
    assert hand[signatures.index("labor")] == 2 / 6 and hand[signatures.index("surface")] == 1 / 6
    assert sum(hand) == 3 / 6
    assert field(mine, layout, "hand_size")[0] == 3 / 10  # relative seat 0 is the observer
    state.copper[2] = ["PROD2-04"]
    theirs = GAME.learning.encode_observation(state.view(0))
    assert field(theirs, layout, "copper_cards") == [0.0, 0.0, 1 / 30]  # seat 2 is two seats after seat 0
    assert field(GAME.learning.encode_observation(state.view(2)), layout, "copper_cards") == [1 / 30, 0.0, 0.0]


def test_public_changes_change_the_vector():
    state = new(2)
    layout = GAME.learning.observation_layout(2)
    before = GAME.learning.encode_observation(state.view(0))
    state.rock["P16"] = 1
    after = GAME.learning.encode_observation(state.view(0))
    assert before != after
    changed = [name for name, start, size, _ in layout.describe()
               if before[start:start + size] != after[start:start + size]]
    assert changed == ["poor_rock"]


def test_hidden_scores_are_encoded_only_when_visible():  # COP-R4
    state = new(2)
    state.copper[1] = ["PROD2-04"]
    layout = GAME.learning.observation_layout(2)
    mine = GAME.learning.encode_observation(state.view(0))
    assert field(mine, layout, "copper_score")[1] == 0.0 and field(mine, layout, "score_visible") == [1.0, 0.0]
    open_scores = new(2, hidden_scores=False)
    open_scores.copper[1] = ["PROD2-04"]
    mine = GAME.learning.encode_observation(open_scores.view(0))
    assert field(mine, layout, "copper_score")[1] == 4 / 100 and field(mine, layout, "score_visible") == [1.0, 1.0]
