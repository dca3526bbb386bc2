"""Hidden information (COP-R4), determinize, rendering, positions, the heuristic."""

from __future__ import annotations

import json

from headframe.engine import Rng
from headframe.games.copper_country.actions import Keep, Labor, Manage, Prospect, StockpileAt, Take
from headframe.games.copper_country.cards import card_of, distinct_hand
from headframe.games.copper_country.heuristic import choose
from headframe.games.copper_country.track import rocks_left
from headframe.games.copper_country.work import drawn_play

from .helpers import GAME, at_labor, new


def play_random(state, decisions, seed=0):
    rng = Rng(seed)
    for _ in range(decisions):
        if state.is_over():
            break
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.decision(seat).actions))


def test_views_hide_hands_and_copper_piles():  # COP-R4
    state = new()
    state.copper[1] = ["PROD1-01"]
    mine, theirs = state.view(0)["seats"][0], state.view(0)["seats"][1]
    assert mine["hand"] == sorted(state.hands[0]) and "hand" not in theirs
    assert theirs["copper_cards"] == 1 and "copper" not in theirs and "copper_score" not in theirs
    assert state.view(1)["seats"][1]["copper_score"] == 2
    assert all("hand" not in entry for entry in state.view(None)["seats"])
    assert json.dumps(state.view(None))
    assert set(state.view(0)["terrain"].values()) == {None}  # every token face-down


def test_public_scores_option():  # COP-R4 option hidden_scores
    state = new(hidden_scores=False)
    state.copper[1] = ["PROD1-01"]
    assert state.view(0)["seats"][1]["copper_score"] == 2


def test_determinize_keeps_what_the_seat_saw():  # COP-R4: the card returned by prospect
    state = new()
    state.apply(0, Manage.of("prospect"))
    kept = state.looking[1]
    state.apply(0, Prospect.of(kept))
    for seed in range(10):
        world = state.determinize(0, Rng(seed))
        assert world.production_deck[-1] == kept and world.view(0) == state.view(0)
        other = state.determinize(1, Rng(seed))
        assert other.view(1) == state.view(1)
        assert sorted(other.production_deck) == sorted(state.production_deck)
    moved = sum(state.determinize(1, Rng(seed)).production_deck[-1] != kept for seed in range(10))
    assert moved > 0  # seat 1 does not know the top card


def test_determinize_redeals_hidden_hands_but_not_public_cards():  # COP-R4
    state = new()
    taken = state.community[0]
    state.apply(0, Take.of(0))
    changed = False
    for seed in range(10):
        world = state.determinize(1, Rng(seed))
        assert taken in world.hands[0] and world.hands[1] == state.hands[1]
        assert world.view(1) == state.view(1)
        changed |= sorted(world.hands[0]) != sorted(state.hands[0])
    assert changed


def test_determinize_hides_a_stockpile_look_from_others():  # COP-R4
    state = new()
    at_labor(state)
    state.apply(0, Labor.of("stockpile"))
    state.apply(0, StockpileAt.of(0, "C1"))
    looked = list(state.looking)
    assert state.determinize(0, Rng(1)).looking == looked
    assert any(state.determinize(1, Rng(s)).looking != looked for s in range(10))
    state.apply(0, Keep.of(looked[0]))


def test_face_down_terrain_is_resampled():  # COP-R4
    state = new()
    worlds = {tuple(state.determinize(0, Rng(s)).terrain.values()) for s in range(5)}
    assert len(worlds) > 1


def test_positions_round_trip_mid_game():
    state = new(players=3)
    play_random(state, 400)
    text = state.to_json()
    assert GAME.load_position(text).to_json() == text


def test_render_text_and_descriptions():
    state = new(players=3)
    play_random(state, 300, seed=4)
    seat = state.to_move()[0]
    text = GAME.presentation.render_text(state.view(seat))
    assert "Copper Country" in text and "Mine site 7 —" in text and "Your decision" in text
    for entry in state.log_for(seat):
        assert GAME.presentation.describe_event(entry)
    for action in state.decision(seat).actions:
        assert GAME.presentation.describe_action(action)


def test_heuristic_beats_random():
    wins, games = 0, 39
    for seed in range(games):
        state = GAME.new_state(2 + seed % 3, seed, {"short_game": "eras_1_2"})
        rng = Rng(seed)
        hero = seed % state.players
        while not state.is_over():
            seat = state.to_move()[0]
            action = choose(state, seat, rng) if seat == hero else rng.choice(state.decision(seat).actions)
            state.apply(seat, action)
        wins += hero in state.result().winners
    assert wins >= games * 0.75  # its fair share is about a third


def test_the_heuristic_draws_each_payment_play_alike():  # COP-R21: any play that leaves the rest payable
    positions, rng = [], Rng(4)
    state = GAME.new_state(4, 4)
    while not state.is_over() and len(positions) < 12:
        seat = state.to_move()[0]
        if state.decision(seat).kind == "pay" and len(state.decision(seat).actions) > 1:
            positions.append(state.clone())
        state.apply(seat, choose(state, seat, rng))
    assert len(positions) == 12
    for position in positions:
        seat = position.to_move()[0]
        plays = position.decision(seat).actions
        draws, per_play = Rng(7), 200
        counts = {play: 0 for play in plays}
        for _ in range(per_play * len(plays)):
            counts[drawn_play(position, seat, draws)] += 1  # a play not offered has no count: KeyError
        assert all(abs(count - per_play) < 5 * per_play ** 0.5 for count in counts.values()), counts


def test_card_of_a_signature_is_the_one_distinct_hand_offers():  # COP-R53: public cards first
    state, rng, compared, public = GAME.new_state(3, 5), Rng(5), 0, 0
    while not state.is_over() and compared < 400:
        for seat in range(state.players):
            for card in distinct_hand(state, seat):
                assert card_of(state, seat, state.tables.signature[card]) == card
                compared += 1
                public += card in state.hand_public[seat]
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.decision(seat).actions))
    assert compared >= 400 and public


def test_action_space_holds_every_offered_action():
    space = GAME.learning.action_space(3)
    assert len(space) == len(set(space.actions))
    for options in ({}, {"board": "winter"}):
        state = GAME.new_state(3, 11, options)
        rng = Rng(11)
        for _ in range(600):
            seat = state.to_move()[0]
            actions = state.decision(seat).actions
            assert all(action in space for action in actions)
            state.apply(seat, rng.choice(actions))


def test_heuristic_self_play_ends():
    for seed, players, options in ((7, 2, {}), (9, 2, {"board": "winter"}), (3, 3, {}), (5, 4, {"board": "winter"})):
        state = GAME.new_state(players, seed, options)
        rng = Rng(seed)
        for _ in range(5000):
            if state.is_over():
                break
            seat = state.to_move()[0]
            state.apply(seat, GAME.learning.heuristic(state, seat, rng))
        assert state.is_over() and rocks_left(state) == 0
