"""Views, positions, component data, rulings, presentation and the heuristic."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from headframe.engine import PositionError, Rng
from headframe.games.tinners_trail import TinnersTrail
from headframe.games.tinners_trail.heuristic import area_value, choose

from .helpers import GAME, T, actions_phase, area, new, play

RULES = Path("/work/shared/rules/tinners-trail.components.md")


def random_game(players, seed, stop=None):
    state = new(players, seed)
    rng = Rng(seed)
    count = 0
    while not state.is_over() and count != stop:
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.decision(seat).actions))
        count += 1
    return state


def test_everything_is_public():
    # TIN-R7: every seat and a spectator see the same
    state = random_game(4, 3, stop=40)
    views = [state.view(seat) for seat in (None, 0, 1, 2, 3)]
    for view in views:
        view.pop("seat")
        view.pop("decision", None)
    assert all(view == views[0] for view in views)
    assert views[0]["players"][0]["money"] == state.money[0]


def test_determinize_only_reseeds():
    # TIN-R7: only future dice are unknown; resample_hidden is the engine's no-op
    state = random_game(3, 4, stop=30)
    world = state.determinize(0, Rng(99))
    assert world.fields() == state.fields()
    assert world.rng.state != state.rng.state


def test_view_keys_are_documented():
    view = random_game(3, 5, stop=10).view(0)
    docs = Path(__file__).parents[2].joinpath("docs/games/tinners-trail.md").read_text()
    for key in view:
        assert f"`{key}`" in docs, key
    for key in view["areas"][0]:
        assert f"`{key}`" in docs, key
    for key in view["players"][0]:
        assert f"`{key}`" in docs, key
    for field in state_fields():
        assert f"`{field}`" in docs, field


def state_fields():
    return GAME.State.FIELDS


def test_position_round_trip_mid_auction():
    state = new(3)
    actions_phase(state, spent=[0, 3, 3], money=[20, 20, 20])
    play(state, "build_mine:camborne", "bid:2")
    loaded = GAME.load_position(state.to_json())
    assert loaded == state and loaded.to_move() == (1,)


def test_corrupt_position_is_rejected():
    state = new(3)
    data = state.to_dict()
    data["state"]["water"] = [0, 1]
    with pytest.raises(PositionError):
        GAME.load_position(data)
    data = new(3).to_dict()
    data["state"]["step"] = "dancing"
    with pytest.raises(PositionError):
        GAME.load_position(data)


def test_data_file_keeps_its_source_labels():
    ours = Path(__file__).parents[2] / "src/headframe/games/tinners_trail/data/tinners-trail.data.yaml"
    data = yaml.safe_load(ours.read_text())
    for section in ("map", "dice", "ore_prices", "developments", "steam_pumps", "investments", "actions"):
        assert data[section]["source"] in ("RULEBOOK", "PUBLISHED", "DERIVED", "RECONSTRUCTED")


def test_every_ruling_is_listed():
    # TIN-R55 and every other ruling: rulings.yaml lists each id of the components file
    wanted = set(re.findall(r"\*\*(TIN-R\d+) ·", RULES.read_text())) if RULES.exists() else set()
    listed = {ruling.id for ruling in GAME.rulings()}
    assert wanted <= listed
    assert {f"TIN-R{n}" for n in range(1, 58)} <= listed
    assert all(r.source in ("RULEBOOK", "PUBLISHED", "DERIVED", "RECONSTRUCTED") for r in GAME.rulings())


def test_render_text_shows_the_board():
    state = random_game(4, 6, stop=25)
    text = GAME.presentation.render_text(state.view(state.to_move()[0]))
    for words in ("Ore prices", "Camborne", "Players", "Order of play", "External investments", "turn"):
        assert words in text


def test_every_event_and_action_has_words():
    state = random_game(4, 7)
    for entry in state.log_for(0):
        assert GAME.presentation.describe_event(entry) != entry["event"]
    for kind in GAME.Action.kinds():
        assert kind in {a.kind for _, a, _ in state.history} or kind in ("drop_out", "stop_pumping", "build_train")
    for _, action, _ in state.history:
        assert GAME.presentation.describe_action(action)


def test_decision_limit_holds_for_random_games():
    for players in (2, 3, 4):
        for seed in range(5):
            assert len(random_game(players, seed).history) <= GAME.decision_limit(players)


def test_heuristic_values_ore_minus_water():
    state = new(3)
    camborne = area("camborne")
    state.copper[camborne], state.tin[camborne], state.water[camborne] = 2, 0, 0
    dry = area_value(state, camborne)
    state.water[camborne] = 2
    assert area_value(state, camborne) < dry
    state.water[camborne] = 10
    assert area_value(state, camborne) == 0


def test_heuristic_invests_everything_in_the_last_turn():
    state = new(3)
    state.turn = 4
    state.money = [35, 0, 0]
    actions_phase(state, pending=[0, 1, 2])
    play(state, "pass", "pass", "pass")
    assert choose(state, 0, Rng(1)).id == "invest:5"


def test_heuristic_keeps_a_reserve_before_the_last_turn():
    state = new(3)
    state.money = [20, 0, 0]
    actions_phase(state, pending=[0, 1, 2])
    play(state, "pass", "pass", "pass")
    assert choose(state, 0, Rng(1)).id == "invest:0"  # £20 - £12 reserve leaves £8


def test_heuristic_beats_random():
    wins = games = 0
    for players in (2, 3, 4):
        for seed in range(14):
            state = GAME.new_state(players, seed)
            rng = Rng(seed)
            smart = seed % players
            while not state.is_over():
                seat = state.to_move()[0]
                action = choose(state, seat, rng) if seat == smart else rng.choice(state.decision(seat).actions)
                state.apply(seat, action)
            games += 1
            wins += smart in state.result().winners
    assert wins >= 0.8 * games  # a fair share would be about 1/3


def test_game_class_is_exported():
    assert isinstance(GAME, TinnersTrail) and T is GAME.tables


def test_statistics_progress_and_evaluate():
    state = new(3, seed=2)
    assert state.progress() == 0.0
    assert GAME.learning.evaluate(state) == [0.5, 0.5, 0.5]  # nobody ahead yet: all tied
    state.held_tin = [3, 0, 0]
    assert GAME.learning.evaluate(state) == [1.0, 0.25, 0.25]
    finished = random_game(3, 2)
    assert finished.progress() == 100.0
    stats = finished.statistics()
    assert stats["vp"] == list(finished.result().scores)
    sold = sum(e["tin"][0] for e in finished.log if e["event"] == "sell_ore")
    assert stats["tin_sold"][0] == sold
    assert GAME.learning.has_heuristic()
    middle = random_game(3, 2, stop=60)
    assert 0 < middle.progress() < 100


def test_action_space_holds_every_legal_action():
    for players in (2, 4):
        space = GAME.learning.action_space(players)
        state = new(players, seed=8)
        rng = Rng(8)
        while not state.is_over():
            seat = state.to_move()[0]
            actions = state.decision(seat).actions
            assert all(action in space for action in actions)
            state.apply(seat, rng.choice(actions))
        assert GAME.presentation.describe_action(space.action(len(space) - 1))
