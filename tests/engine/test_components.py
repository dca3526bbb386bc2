from __future__ import annotations

import pytest

from headframe.engine import ComponentError, load_game
from headframe.engine.schema import Either, Nullable, OneOf, validate
from tests.tinygame import PitLamps


def test_rulings_carry_their_source_labels() -> None:
    rulings = load_game("pit-lamps").rulings()
    assert [r.id for r in rulings] == ["LAMP-R1", "LAMP-R2"]
    assert {r.source for r in rulings} == {"INVENTED"}


def test_a_users_own_file_replaces_the_data(tmp_path) -> None:
    own = tmp_path / "mine.yaml"
    own.write_text("source: INVENTED\ndeck: {values: [7], copies: 9}\nhand_size: 1\n")
    game = PitLamps(components=own)
    state = game.new_state(2, 1)
    assert state.hands == [[7], [7]] and len(state.deck) == 7


def test_the_environment_variable_names_a_directory(tmp_path, monkeypatch) -> None:
    (tmp_path / "pit-lamps.data.yaml").write_text("source: INVENTED\ndeck: {values: [2], copies: 5}\nhand_size: 2\n")
    monkeypatch.setenv("HEADFRAME_COMPONENTS", str(tmp_path))
    assert PitLamps().components["deck"]["values"] == [2]


@pytest.mark.parametrize("text, message", [
    ("source: INVENTED\ndeck: {values: [1, x], copies: 2}\nhand_size: 2\n", r"deck.values\[1\]: expected an integer"),
    ("source: INVENTED\ndeck: {values: [1]}\nhand_size: 2\n", "deck: missing field 'copies'"),
    ("source: GUESSED\ndeck: {values: [1], copies: 1}\nhand_size: 2\n", "source: expected one of"),
    ("deck: [\n", "not valid YAML .line"),
])
def test_a_bad_file_is_named_with_its_field(tmp_path, text, message) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(text)
    with pytest.raises(ComponentError, match=message):
        PitLamps(components=bad).components  # noqa: B018 (loading is the act under test)
    with pytest.raises(ComponentError, match="no such component file"):
        PitLamps(components=tmp_path / "missing.yaml").components  # noqa: B018


def test_schema_forms() -> None:
    validate({"a": None, "b": 2.5, "c": "x"}, {"a": Nullable(int), "b": float, "c": Either(int, OneOf("x")), "d?": str})
    validate({"k1": [1], "k2": []}, {str: [int]})
    with pytest.raises(ComponentError, match="flag: expected true or false"):
        validate({"flag": 1}, {"flag": bool})
    with pytest.raises(ComponentError, match="n: expected an integer, got bool"):
        validate({"n": True}, {"n": int})
