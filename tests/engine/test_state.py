"""The engine's own promises, shown on the test game Pit Lamps."""

from __future__ import annotations

import json

import pytest

from headframe.engine import (
    IllegalAction,
    OptionError,
    PositionError,
    RecordError,
    Result,
    jsontext,
    load_game,
    load_position,
    replay,
)
from headframe.engine.records import load_record, save_record
from tests.tinygame import Bid, Dig, DrawCard, PitLamps, Rest


@pytest.fixture
def game() -> PitLamps:
    return load_game("pit-lamps")


def bid_all(state) -> None:
    for seat in state.to_move():
        state.apply(seat, state.legal_actions(seat)[0])


def test_simultaneous_bids_are_sealed_until_all_are_in(game) -> None:
    state = game.new_state(3, 11)
    assert state.to_move() == (0, 1, 2)
    card = state.legal_actions(1)[0]
    state.apply(1, card)
    assert state.to_move() == (0, 2)
    assert state.view(0)["sealed"] == {"1": "sealed"}
    assert state.view(1)["sealed"] == {"1": card.card}
    assert "private" not in state.log_for(0)[-1] and state.log_for(1)[-1]["private"] == {"card": card.card}


def test_out_of_turn_and_game_over_are_refused(game) -> None:
    state = game.new_state(2, 3)
    bid_all(state)
    worker = state.to_move()[0]
    with pytest.raises(IllegalAction, match="not seat .*'s move"):
        state.apply(1 - worker, Rest.of())
    with pytest.raises(IllegalAction, match="no seat 5"):
        state.apply(5, Rest.of())
    with pytest.raises(IllegalAction, match="not a legal action"):
        state.apply(worker, Bid.of(1))


def test_undo_within_a_turn_but_not_past_a_draw(game) -> None:
    state = game.new_state(2, 3)
    bid_all(state)
    worker = state.to_move()[0]
    before = state.to_json()
    state.apply(worker, Dig.of())
    assert state.can_undo(worker) and not state.can_undo(1 - worker)
    state.undo(worker)
    assert state.to_json() == before
    state.apply(worker, Dig.of())
    state.apply(worker, DrawCard.of())  # draws from the face-down deck: a reveal
    assert not state.can_undo(worker)
    with pytest.raises(IllegalAction, match="revealed information"):
        state.undo(worker)


def test_result_ranks_with_tiebreak() -> None:
    result = Result.rank([5, 5, 3], (("cards", [1, 2, 0]),))
    assert result.ranking == (2, 1, 3) and result.tiebreak == "cards" and result.winners == (1,)
    assert result.ties == ((0, 1, "cards"),)
    three = Result.rank([2, 7, 2, 2], (("money", [1, 0, 1, 3]), ("order", [0, 0, 1, 2])))
    assert three.ranking == (4, 1, 3, 2) and three.tiebreak is None
    assert three.ties == ((0, 2, "order"), (0, 3, "money"), (2, 3, "money"))
    tied = Result.rank([4, 4], (("cards", [1, 1]),))
    assert tied.ranking == (1, 1) and tied.tiebreak is None and tied.winners == (0, 1)


def test_options_are_validated(game) -> None:
    assert game.new_state(2, 1, {"rounds": 2}).options.rounds == 2
    with pytest.raises(OptionError, match="unknown option 'speed'"):
        game.new_state(2, 1, {"speed": 3})
    with pytest.raises(OptionError, match="one of 1, 2"):
        game.new_state(2, 1, {"dig_limit": 3})
    with pytest.raises(OptionError, match="at least 1"):
        game.new_state(2, 1, {"rounds": 0})
    with pytest.raises(OptionError, match="must be int"):
        game.new_state(2, 1, {"rounds": "2"})
    with pytest.raises(OptionError, match="played by 2, 3, 4 players"):
        game.new_state(5, 1)
    assert game.Options.parse_assignment("rounds=4") == ("rounds", 4)


def play(state, steps: int) -> None:
    for _ in range(steps):
        seat = state.to_move()[0]
        state.apply(seat, state.legal_actions(seat)[-1])


def test_positions_round_trip_and_corrupt_ones_are_refused(game) -> None:
    state = game.new_state(3, 8)
    play(state, 7)
    assert load_position(state.to_json()).to_json() == state.to_json()
    corruptions = {
        "format": lambda d: d.update(format="chess"),
        "game": lambda d: d.update(game="ore-city"),
        "integer": lambda d: d.update(seed="x"),
        "unknown": lambda d: d["state"].update(weather=1),
        "expected list": lambda d: d["state"].update(hands=3),
        "history": lambda d: d["history"].append([0, {"kind": "fly"}, False]),
        "inconsistent": lambda d: d["state"].update(worker=9, phase="work"),
    }
    for message, corrupt in corruptions.items():
        broken = json.loads(state.to_json())
        corrupt(broken)
        with pytest.raises(PositionError, match=message):
            game.load_position(broken)
    with pytest.raises(PositionError, match="JSON"):
        game.load_position("{nope")


def canonical_by_json(value) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def test_canonical_json_is_jsons_sorted_compact_unescaped_text() -> None:
    # Positions are written by orjson (State.to_json): the text json writes, keys sorted in code-point order.
    value = {"b": [1, -2, 2**63, True, None, 0.5, 1e16], "a": {"é": "Bé\n\"q\"\\ \u2028\x01", "Z": [], "z": {}},
             "~": "\U0001F600"}
    assert jsontext.canonical(value) == canonical_by_json(value)
    # What orjson refuses, json writes: an integer past 64 bits, a key that is not text.
    for refused in ({"seed": 2**70}, {2: "two", 1: "one"}):
        assert jsontext.canonical(refused) == canonical_by_json(refused)


def test_records_replay_and_bad_records_are_refused(game, tmp_path) -> None:
    state = game.new_state(2, 4)
    play(state, 9)
    path = tmp_path / "game.json"
    save_record(state, path)
    assert replay(load_record(path)).to_json() == state.to_json()
    assert replay(state.record(), upto=3).history == state.history[:3]
    record = state.record()
    record["actions"][2]["action"] = {"kind": "bid", "card": 99}
    with pytest.raises(RecordError, match=r"actions\[2\]"):
        replay(record)
    with pytest.raises(RecordError, match="format"):
        replay({**state.record(), "format": "pgn"})
    path.write_text("{")
    with pytest.raises(RecordError, match="JSON"):
        load_record(path)


def test_action_input_forms(game) -> None:
    state = game.new_state(2, 6)
    card = state.legal_actions(0)[0]
    state.apply(0, f"bid:{card.card}")
    state.apply(1, json.dumps(state.legal_actions(1)[0].to_json()))
    assert state.phase == "work"


def test_a_determinized_world_keeps_nothing_hidden(game) -> None:
    from headframe.engine import Rng

    state = game.new_state(3, 21)
    state.apply(0, state.legal_actions(0)[0])  # seat 0's sealed bid, in its private log
    world = state.determinize(1, Rng(5))
    assert world.history == [] and world.seed != state.seed
    assert all("0" not in entry.get("private", {}) for entry in world.log)
    assert world.view(1) == state.view(1) and world.log_for(1) == state.log_for(1)
    assert world.sealed["0"] in range(1, 7)


def test_records_and_positions_carry_the_rules_version_and_refuse_another(game) -> None:
    state = game.new_state(2, 5)
    bid_all(state)
    record, position = state.record(), json.loads(state.to_json())
    assert record["rules_version"] == position["rules_version"] == game.rules_version == 1
    # Written before versions were kept: version 1.
    assert replay({k: v for k, v in record.items() if k != "rules_version"}).to_json() == state.to_json()
    assert load_position({k: v for k, v in position.items() if k != "rules_version"}).to_json() == state.to_json()
    with pytest.raises(RecordError, match="rules version 2, but this is version 1"):
        replay({**record, "rules_version": 2})
    with pytest.raises(PositionError, match="rules version 2, but this is version 1"):
        load_position({**position, "rules_version": 2})
    with pytest.raises(RecordError, match="rules_version: expected an integer"):
        replay({**record, "rules_version": "1"})


@pytest.mark.parametrize("name", ["pit-lamps", "copper-country", "coal-country"])
def test_play_is_apply_without_the_checks(name) -> None:
    """Search plays the actions it took from the decisions: the same states, history and undo."""
    from headframe.engine import Rng

    game = load_game(name)
    checked, played = game.new_state(2, 5), game.new_state(2, 5)
    rng = Rng(3)
    for _ in range(300):
        if checked.is_over():
            break
        seat = rng.choice(checked.to_move())
        action = rng.choice(checked.legal_actions(seat))
        checked.apply(seat, action)
        played.play(seat, action)
        assert played.history == checked.history
        assert played.can_undo(seat) == checked.can_undo(seat)
    assert played.to_json() == checked.to_json()


@pytest.mark.parametrize("name", ["copper-country", "tinners-trail"])
def test_derived_values_are_attributes_outside_the_position(name) -> None:
    """DERIVED values come from the game and options alone: every state made, cloned or loaded has
    them, and no position holds them."""
    game = load_game(name)
    state = game.new_state(3, 1)
    values = state.derive()
    assert state.DERIVED and len(values) == len(state.DERIVED)
    assert not set(state.DERIVED) & set(state.FIELDS)
    assert not set(state.DERIVED) & set(json.loads(state.to_json())["state"])
    for made in (state.clone(), load_position(state.to_json())):
        assert all(getattr(made, name) is value for name, value in zip(state.DERIVED, values))


def test_a_derived_value_needs_a_slot() -> None:
    from headframe.engine import State

    with pytest.raises(TypeError, match=r"derived values \['board'\] have no slot"):
        type("Unslotted", (State,), {"__slots__": ("turn",), "DERIVED": ("board",)})
