"""The game registry: games register through the entry-point group
`headframe.games` (name = "module:Class"); tests may register more by hand."""

from __future__ import annotations

import os
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from . import records, state
from .errors import HeadframeError, RecordError, UnknownGame
from .game import Game
from .state import State

GROUP = "headframe.games"

_registered: dict[str, type[Game]] = {}
_defaults: dict[str, Game] = {}


def register(game_class: type[Game]) -> type[Game]:
    """Register a game class under its name (usable as a decorator)."""
    _registered[game_class.name] = game_class
    _defaults.pop(game_class.name, None)
    return game_class


def _entry_points() -> dict[str, EntryPoint]:
    return {point.name: point for point in entry_points(group=GROUP)}


def game_names() -> list[str]:
    """Every registered game's name; a game's code is imported only when loaded."""
    return sorted(set(_registered) | set(_entry_points()))


def load_game(name: object, components: str | os.PathLike | None = None) -> Game:
    """The game of that name, with its own component data or with `components`."""
    if not isinstance(name, str):
        raise UnknownGame(f"a game is named by a string, not {name!r}")
    if name not in _registered:
        point = _entry_points().get(name)
        if point is None:
            raise UnknownGame(f"no game named {name!r} (games: {', '.join(game_names()) or 'none'})")
        try:
            _registered[name] = point.load()
        except Exception as exc:  # a broken plugin is reported, not a crash
            raise UnknownGame(f"game {name!r} is registered but does not load: {type(exc).__name__}: {exc}") from exc
    if components is not None:
        return _registered[name](components)
    if name not in _defaults:
        _defaults[name] = _registered[name]()
    return _defaults[name]


def replay(record: Any, game: Game | None = None, upto: int | None = None) -> State:
    """Rebuild the game a record describes (its first `upto` actions, if given),
    with the registered game the record names unless `game` is given."""
    if game is None:
        record = records.parse_record(record)
        try:
            game = load_game(record["game"])
        except HeadframeError as exc:
            raise RecordError(str(exc)) from None
    return records.rebuild(record, game, upto)


def load_position(text: str | bytes | dict) -> State:
    """Load any registered game's position (`State.to_json()`)."""
    data = state.parse_position(text)
    return load_game(data.get("game")).load_position(data)
