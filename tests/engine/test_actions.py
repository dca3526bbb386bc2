from __future__ import annotations

from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

from headframe.engine import Action, MalformedAction


class Sample(Action):
    pass


@dataclass(frozen=True)
class Build(Sample):
    kind = "build"
    card: str
    space: int


@dataclass(frozen=True)
class Choose(Sample):
    kind = "choose"
    cards: tuple[int, ...]
    bonus: int | None
    confirm: bool


@dataclass(frozen=True)
class Pass(Sample):
    kind = "pass"


class Other(Action):
    pass


@dataclass(frozen=True)
class OtherPass(Other):
    kind = "pass"


def test_json_and_id_forms() -> None:
    action = Build.of("park", 2)
    assert action.to_json() == {"kind": "build", "card": "park", "space": 2}
    assert action.id == "build:park:2"
    assert Sample.from_json(action.to_json()) is action
    assert Sample.from_id("build:park:2") is action
    assert Sample.from_json('{"kind": "pass"}') is Pass.of()


def test_of_interns() -> None:
    assert Build.of("mine", 1) is Build.of("mine", 1)
    assert Build.of("mine", 1) == Build("mine", 1)


def test_families_are_separate() -> None:
    assert Sample.from_id("pass") != Other.from_id("pass")
    with pytest.raises(MalformedAction, match="unknown action kind 'build'"):
        Other.from_json({"kind": "build", "card": "x", "space": 1})


@given(st.lists(st.integers(min_value=-5, max_value=99), max_size=4),
       st.none() | st.integers(min_value=0, max_value=9), st.booleans())
def test_round_trips(cards: list[int], bonus: int | None, confirm: bool) -> None:
    action = Choose.of(tuple(cards), bonus, confirm)
    assert Sample.from_json(action.to_json()) == action
    assert Sample.from_id(action.id) == action


@pytest.mark.parametrize("bad, message", [
    ("{oops", "not valid JSON"),
    ([1], "JSON object"),
    ({"card": "x"}, "string field 'kind'"),
    ({"kind": "dig"}, "unknown action kind"),
    ({"kind": "build", "card": "x"}, "missing field"),
    ({"kind": "build", "card": "x", "space": 1, "extra": 0}, "has no field"),
    ({"kind": "build", "card": "x", "space": "1"}, "must be int"),
    ({"kind": "build", "card": "x", "space": True}, "must be int"),
    ({"kind": "choose", "cards": 3, "bonus": None, "confirm": True}, "must be a list"),
])
def test_malformed_json_gets_a_clear_error(bad, message) -> None:
    with pytest.raises(MalformedAction, match=message):
        Sample.from_json(bad)


@pytest.mark.parametrize("bad, message", [
    ("", "non-empty"),
    ("build:park", "takes 2 part"),
    ("build:park:two", "must be a number"),
    ("choose:1,2:-:maybe", "true or false"),
])
def test_malformed_ids_get_a_clear_error(bad, message) -> None:
    with pytest.raises(MalformedAction, match=message):
        Sample.from_id(bad)



@pytest.mark.parametrize("card", ["UM:wood", "a,b", "50%", "%3A", "plain"])
def test_ids_escape_the_separators_inside_text_fields(card: str) -> None:
    # found in Coal Country: a location "UM:wood" split its action's id in two
    action = Build.of(card, 3)
    assert action.id.count(":") == 2
    assert Sample.from_id(action.id) == action


@dataclass(frozen=True)
class Flag(Sample):
    kind = "flag"
    value: int


def test_the_intern_cache_tells_true_from_one() -> None:
    # True == 1 and hash(True) == hash(1): the cache must not hand one's object out for the other.
    true, one = Flag.of(True), Flag.of(1)
    assert one is not true
    assert type(one.value) is int and type(true.value) is bool
    assert Flag.of(True) is true and Flag.of(1) is one
    assert Choose.of((1,), None, True) is not Choose.of((1,), None, 1)
