"""Every game whose State declares the shapes of its fields (engine.shapes): each field has
exactly one shape; a clone holds the same copies as the engine's marshal round trip and shares
nothing mutable; a loaded position whose fields are of other shapes is refused."""

from __future__ import annotations

import json
import marshal
from types import SimpleNamespace

import pytest

from headframe.engine import PositionError, Rng, game_names, load_game
from headframe.engine.shapes import Shapes

SHAPED = [name for name in game_names() if load_game(name).State.SHAPES is not None]
SAMPLE_EVERY = 9  # decisions between sampled states


@pytest.fixture(scope="module", params=SHAPED)
def game(request):
    return load_game(request.param)


@pytest.fixture(scope="module")
def positions(game):
    """States all through random games of every player count and main option set."""
    found = []
    for players in game.players:
        for number, options in enumerate(game.option_sets):
            state, rng = game.new_state(players, number, options), Rng(number)
            decisions = 0
            while not state.is_over():
                if decisions % SAMPLE_EVERY == 0:
                    found.append(state.clone())
                seat = rng.choice(state.to_move())
                state.apply(seat, rng.choice(state.decision(seat).actions))
                decisions += 1
            found.append(state)
    return found


def _containers(value, found: set[int]) -> set[int]:
    if isinstance(value, (list, dict)):
        found.add(id(value))
        for part in value.values() if isinstance(value, dict) else value:
            _containers(part, found)
    return found


def test_copper_and_coal_country_declare_shapes():
    assert {"coal-country", "copper-country"} <= set(SHAPED)


def test_every_field_has_exactly_one_shape(game):
    assert sorted(game.State.SHAPES.names()) == sorted(game.State.FIELDS)


def test_a_clone_holds_the_marshal_copies_and_shares_nothing_mutable(game, positions):
    shapes = game.State.SHAPES
    nested = shapes.rows + shapes.tables + shapes.keyed + shapes.optional + shapes.deep
    empty = [name for name in nested if not any(getattr(state, name) for state in positions)]
    assert not empty, f"no sampled state holds anything in {empty}"
    for state in positions:
        assert shapes.error(state) is None
        twin = state.clone()
        assert twin.fields() == dict(zip(state.FIELDS, marshal.loads(marshal.dumps(state._values(state)))))
        assert not _containers(list(state._values(state)), set()) & _containers(list(twin._values(twin)), set())


# For each shape a value of the right type for the loader's check of types, of another shape inside.
OTHER_SHAPES = {
    "flat": lambda fresh: {"a": [1]} if isinstance(fresh, dict) else [[1]],
    "rows": lambda fresh: ["row"],
    "tables": lambda fresh: [["row"]],
    "keyed": lambda fresh: {"a": {"b": 1}},
    "optional": lambda fresh: "text",
}
REFUSALS = {
    "flat": "(a list|an object) of numbers, strings, booleans or null",
    "rows": "a list of lists of numbers, strings, booleans or null",
    "tables": "a list of lists of lists of numbers, strings, booleans or null",
    "keyed": "an object of lists of numbers, strings, booleans or null",
    "optional": "null or an object",
}


def test_a_position_of_another_shape_is_refused(game):
    fresh = game.new_state(game.players[0], 1)
    for shape, other in OTHER_SHAPES.items():
        for name in getattr(game.State.SHAPES, shape):
            data = json.loads(fresh.to_json())
            data["state"][name] = other(getattr(fresh, name))
            with pytest.raises(PositionError, match=rf"^state\.{name}: expected {REFUSALS[shape]}$"):
                game.load_position(json.dumps(data))


@pytest.mark.parametrize(("shapes", "value", "error"), [
    (Shapes(same=("a",)), [1], "state.a: expected one of the numbers, strings, booleans or null"),
    (Shapes(flat=("a",)), {"b": {}}, "state.a: expected an object of numbers, strings, booleans or null"),
    (Shapes(rows=("a",)), [[1, [2]]], "state.a: expected a list of lists of numbers, strings, booleans or null"),
    (Shapes(tables=("a",)), [[[1]], [2]], "state.a: expected a list of lists of lists of numbers, strings, "
                                          "booleans or null"),
    (Shapes(keyed=("a",)), [], "state.a: expected an object of lists of numbers, strings, booleans or null"),
    (Shapes(optional=("a",)), [], "state.a: expected null or an object"),
    (Shapes(deep=("a",)), {1: object()}, None),
])
def test_each_shape_names_what_it_expected(shapes, value, error):
    assert shapes.error(SimpleNamespace(a=value)) == error
