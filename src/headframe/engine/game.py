"""`Game`: the declarative description of one game, and the factory of its states."""

from __future__ import annotations

import json
import os
import secrets
import sys
from functools import cached_property
from typing import Any, ClassVar

from .actions import Action
from .components import Ruling, load_components, load_rulings
from .errors import MalformedAction, OptionError
from .options import Options
from .state import State


class Game:
    """Subclass per game and fill in the class attributes:

    name          the registry name, "ore-city"
    title         "Ore City"
    players       allowed player counts, (2, 3, 4, 5, 6)
    Options       the game's frozen Options dataclass
    State         the game's State subclass
    Action        the game's action family root
    option_sets   the main variants the conformance suite plays ({} = defaults)
    data_file     the component data file in the package's data/ folder, or None
    schema        the schema the data file is validated against
    summary       a short rule summary for `headframe rules`
    decision_limit   most decisions a game of this many players can take
    """

    name: ClassVar[str]
    title: ClassVar[str]
    players: ClassVar[tuple[int, ...]]
    Options: ClassVar[type[Options]] = Options
    State: ClassVar[type[State]]
    Action: ClassVar[type[Action]]
    option_sets: ClassVar[tuple[dict[str, Any], ...]] = ({},)
    data_file: ClassVar[str | None] = None
    schema: ClassVar[Any] = None
    summary: ClassVar[str] = ""

    def __init__(self, components: str | os.PathLike | None = None) -> None:
        self.components_path = components

    @property
    def package(self) -> str:
        """The package whose data/ folder holds this game's files: that of the
        class that names the data file."""
        owner = next((k for k in type(self).__mro__ if "data_file" in k.__dict__), type(self))
        module = owner.__module__
        return module if hasattr(sys.modules[module], "__path__") else module.rpartition(".")[0]

    @cached_property
    def components(self) -> dict[str, Any]:
        if self.data_file is None:
            return {}
        return load_components(self.package, self.data_file, self.schema, self.components_path)

    def rulings(self) -> list[Ruling]:
        return load_rulings(self.package)

    def decision_limit(self, players: int) -> int:
        raise NotImplementedError

    def new_state(self, players: int, seed: int | None = None, options: Any = None) -> State:
        if isinstance(players, bool) or players not in self.players:
            allowed = ", ".join(map(str, self.players))
            raise OptionError(f"{self.title} is played by {allowed} players, not {players!r}")
        if seed is None:
            seed = secrets.randbits(63)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise OptionError(f"a seed is an integer, not {seed!r}")
        state = self.State._blank(self, players, seed, self.Options.from_dict(options))
        state.setup()
        return state

    def parse_action(self, data: Any) -> Action:
        """An action from its JSON form (dict or text) or its short id."""
        if isinstance(data, str) and not data.lstrip().startswith("{"):
            return self.Action.from_id(data)
        if isinstance(data, (dict, str, bytes)):
            return self.Action.from_json(data)
        raise MalformedAction(f"an action is an Action, its JSON or its id, not {type(data).__name__}")

    def load_position(self, text: str | bytes | dict) -> State:
        return self.State.from_json(text, self)

    def replay(self, record: dict[str, Any]) -> State:
        from .records import replay

        return replay(record, self)

    # --- presentation ------------------------------------------------------------

    def render_text(self, view: dict[str, Any]) -> str:
        """A plain-text picture of a view, for terminals and logs."""
        return json.dumps(view, indent=2, ensure_ascii=False)

    def describe_event(self, entry: dict[str, Any]) -> str:
        """One log entry (as `State.log_for` gives it) in words."""
        details = ", ".join(f"{k}={v}" for k, v in entry.items() if k not in ("event", "private"))
        text = f"{entry['event']}: {details}" if details else entry["event"]
        if "private" in entry:
            text += f" (you: {entry['private']})"
        return text

    def describe_action(self, action: Action) -> str:
        return action.id

    def __repr__(self) -> str:
        return f"<game {self.name}>"

