"""`Game`: the declarative description of one game, and the factory of its states. The
game's rules are here; what shows it (`presentation.py`) and what learns and searches
(`learning.py`) are facets, loaded by what uses them."""

from __future__ import annotations

import os
import secrets
import sys
from collections.abc import Callable
from functools import cached_property
from typing import Any, ClassVar

from .actions import Action as BaseAction
from .components import Ruling, load_components, load_rulings
from .errors import MalformedAction, OptionError
from .learning import Learned, Learning
from .options import Options
from .presentation import Presentation, Shown
from .records import rebuild
from .rulebook import Rulebook, Section, load_rulebook
from .state import State as BaseState


class Game:
    """Subclass per game and fill in the class attributes:

    name          the registry name, "ore-city"
    title         "Ore City"
    rules_version the version of the rules this code plays, in every record and
                  position: raise it when a change makes old games replay or
                  load otherwise (a rules fix, a new action), and old ones are refused
    players       allowed player counts, (2, 3, 4, 5, 6)
    Options       the game's frozen Options dataclass
    State         the game's State subclass
    Action        the game's action family root
    option_sets   the main variants the conformance suite plays ({} = defaults)
    short_options options for a short game, for demos and tests that play whole
                  games through slow interfaces (a terminal, a browser)
    data_file     the component data file in the package's data/ folder, or None
    schema        the schema the data file is validated against
    summary       a short rule summary for `headframe rules`
    turn_guide    how a turn goes, in a few sentences, for a new player's first decision
    statistic_labels  what people call the statistics whose keys do not say it in words
    score_name, score_statistic  what the results screen calls the score, and the statistic
                     shown as it (its parts: the statistics named after it, `vp_` for `vp`)
    round_name    what the game calls a round, for the results' chart of `standing` per `round_of`
    Tables        builds from the component data the tables the rules read (`game.tables`)
    presents      returns the game's `Presentation` (board, text, words, glossary), imported
                  only when something shows the game (`game.presentation`)
    learns        returns its `Learning` (action space, observation, heuristic, evaluation),
                  imported only when something learns or searches (`game.learning`)
    decision_limit(players)  most decisions a game of this many players can take
    """

    name: ClassVar[str]
    title: ClassVar[str]
    rules_version: ClassVar[int]
    players: ClassVar[tuple[int, ...]]
    Options: ClassVar[type[Options]] = Options
    State: ClassVar[type[BaseState]]
    Action: ClassVar[type[BaseAction]]
    option_sets: ClassVar[tuple[dict[str, Any], ...]] = ({},)
    short_options: ClassVar[dict[str, Any]] = {}
    data_file: ClassVar[str | None] = None
    schema: ClassVar[Any] = None
    summary: ClassVar[str] = ""
    turn_guide: ClassVar[str] = ""  # "How a turn goes", in a few sentences, shown at a player's first decision
    statistic_labels: ClassVar[dict[str, str]] = {}
    # The results screen in the game's terms: what its score is called, and the statistic it is
    # with the prefix of the parts that sum to it (None: the result's score, and its `score_` parts).
    score_name: ClassVar[str] = "score"
    score_statistic: ClassVar[str | None] = None
    round_name: ClassVar[str] = "Round"  # what the game calls the rounds `round_of` counts ("Era", "Turn")
    Tables: ClassVar[type | None] = None
    # The facets: functions that import the game's presentation and learning modules and
    # return their declarations (None: the engine's defaults, no board, no learning).
    presents: ClassVar[Callable[[], Presentation] | None] = None
    learns: ClassVar[Callable[[], Learning] | None] = None

    def __init__(self, components: str | os.PathLike | None = None) -> None:
        self.components_path = components

    @cached_property
    def tables(self) -> Any:
        """The game's component data as the rules read it (`Tables(components)`)."""
        tables = type(self).Tables
        if tables is None:
            raise NotImplementedError(f"{self.title} reads its components as they are")
        return tables(self.components)

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

    @cached_property
    def rulebook(self) -> Rulebook | None:
        """The printed rulebook in its sections (rulebook.py), if the game ships one."""
        return load_rulebook(self.package)

    def rulebook_for(self, decision_kind: str) -> list[Section]:
        """The rulebook sections a player reads to make this kind of decision."""
        return self.rulebook.for_decision(decision_kind) if self.rulebook else []

    def decision_limit(self, players: int) -> int:
        raise NotImplementedError

    def new_state(self, players: int, seed: int | None = None, options: Any = None) -> BaseState:
        if isinstance(players, bool) or players not in self.players:
            allowed = ", ".join(map(str, self.players))
            raise OptionError(f"{self.title} is played by {allowed} players, not {players!r}")
        if seed is None:
            seed = secrets.randbits(63)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise OptionError(f"a seed is an integer, not {seed!r}")
        state = self.State._blank(self, players, seed, self.Options.from_dict(options))
        state.setup()
        if state.flow is not None:
            state.flow.proceed(state)  # a new game goes on to its first decision
        return state

    def parse_action(self, data: Any) -> BaseAction:
        """An action from its JSON form (dict or text) or its short id."""
        if isinstance(data, str) and not data.lstrip().startswith("{"):
            return self.Action.from_id(data)
        if isinstance(data, (dict, str, bytes)):
            return self.Action.from_json(data)
        raise MalformedAction(f"an action is an Action, its JSON or its id, not {type(data).__name__}")

    def load_position(self, text: str | bytes | dict) -> BaseState:
        return self.State.from_json(text, self)

    def replay(self, record: dict[str, Any]) -> BaseState:
        return rebuild(record, self)

    # --- the facets, loaded by what uses them -----------------------------------------

    @cached_property
    def presentation(self) -> Shown:
        """Boards, text, words, glossary: the game's presentation module, imported now."""
        declared = type(self).presents
        return Shown(self, Presentation() if declared is None else declared())

    @cached_property
    def learning(self) -> Learned:
        """Action space, observations, heuristic, evaluation: the game's learning module."""
        declared = type(self).learns
        return Learned(self, Learning() if declared is None else declared())

    def __deepcopy__(self, memo: dict) -> Game:
        return self  # a game holds only static data, shared by all its states

    def __repr__(self) -> str:
        return f"<game {self.name}>"


