"""`Game`: the declarative description of one game, and the factory of its states."""

from __future__ import annotations

import json
import os
import secrets
import sys
from collections.abc import Iterable, Sequence
from functools import cached_property
from typing import Any, ClassVar

from .actions import Action as BaseAction
from .components import Ruling, load_components, load_rulings
from .errors import MalformedAction, OptionError
from .glossary import Entry, Glossary
from .observation import ObservationLayout
from .options import Options
from .records import rebuild
from .rulebook import Rulebook, Section, load_rulebook
from .spaces import ActionSpace
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
    search_depth(players)  decisions a search's rollout plays before `evaluate` judges it
    decision_limit   most decisions a game of this many players can take
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

    @cached_property
    def rulebook(self) -> Rulebook | None:
        """The printed rulebook in its sections (rulebook.py), if the game ships one."""
        return load_rulebook(self.package)

    def rulebook_for(self, decision_kind: str) -> list[Section]:
        """The rulebook sections a player reads to make this kind of decision."""
        return self.rulebook.for_decision(decision_kind) if self.rulebook else []

    def decision_limit(self, players: int) -> int:
        raise NotImplementedError

    def search_depth(self, players: int) -> int:
        """Decisions a search's rollout plays before `evaluate` judges the position."""
        return 200

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

    # --- for agents and learners ----------------------------------------------------

    def enumerate_actions(self, players: int) -> Iterable[BaseAction]:
        """Every action the game can ever offer at this player count, in a fixed
        order: the game's integer action space (RL, OpenSpiel)."""
        raise NotImplementedError(f"{self.title} declares no action space")

    def action_space(self, players: int) -> ActionSpace:
        spaces = self.__dict__.setdefault("_action_spaces", {})
        if players not in spaces:
            spaces[players] = ActionSpace(self.enumerate_actions(players))
        return spaces[players]

    def has_action_space(self) -> bool:
        return type(self).enumerate_actions is not Game.enumerate_actions

    def observation_layout(self, players: int, options: Any = None) -> ObservationLayout:
        """The fields of the flat observation vector at this player count and
        these options (RL), documented in the game's docs page."""
        raise NotImplementedError(f"{self.title} declares no observation encoding")

    def encode_observation(self, view: dict[str, Any]) -> list[float]:
        """A seat's view as the vector `observation_layout` describes: built
        from the view alone."""
        raise NotImplementedError(f"{self.title} declares no observation encoding")

    def has_observation(self) -> bool:
        return type(self).encode_observation is not Game.encode_observation

    def heuristic(self, state: BaseState, seat: int, rng) -> BaseAction:
        """The game's cheap, sensible policy: one of `state.decision(seat).actions`,
        reading only what `seat` may know (agents call it on a determinized world)."""
        raise NotImplementedError(f"{self.title} has no heuristic policy")

    def has_heuristic(self) -> bool:
        return type(self).heuristic is not Game.heuristic

    def evaluate(self, state: BaseState) -> list[float]:
        """Each seat's expected reward in [0, 1] (1: a sure win). A finished game
        scores its ranking; games override this to judge unfinished ones."""
        if state.is_over():
            return rank_rewards(state.result().ranking)
        return [1.0 / state.players] * state.players

    # --- presentation ------------------------------------------------------------

    def render_text(self, view: dict[str, Any]) -> str:
        """A plain-text picture of a view, for terminals and logs."""
        return json.dumps(view, indent=2, ensure_ascii=False)

    def render_board(self, view: dict[str, Any], narrow: bool = False) -> str:
        """The view drawn as one SVG element. Every element on which a legal
        action of the seat's decision happens carries `data-actions` (the
        action ids, space-separated) and a `<title>` saying what clicking does;
        hidden things are drawn face down. `narrow`: the same board laid out for
        a phone, in one column at most `svg.NARROW_WIDTH` units wide, with no
        text under `svg.NARROW_TEXT` units (docs/architecture.md)."""
        raise NotImplementedError(f"{self.title} has no board picture")

    def render_boards(self, shared: dict[str, Any], views: list[dict[str, Any]],
                      narrow: bool = False) -> list[list[str]]:
        """`render_board` of each of `views`, views of one state (`shared`: its
        spectator's view), as parts that joined are the board. A game whose boards
        differ by seat only in parts it draws through `svg.Seat` draws what they
        share once, one object in every board (`svg.layered`)."""
        return [[self.render_board(view, narrow)] for view in views]

    def has_board(self) -> bool:
        return type(self).render_board is not Game.render_board

    def describe_event(self, entry: dict[str, Any]) -> str:
        """One log entry (as `State.log_for` gives it) in words."""
        details = ", ".join(f"{k}={v}" for k, v in entry.items() if k not in ("event", "private"))
        text = f"{entry['event']}: {details}" if details else entry["event"]
        if "private" in entry:
            text += f" (you: {entry['private']})"
        return text

    def describe_action(self, action: BaseAction) -> str:
        return action.id

    def statistic_label(self, key: str) -> str:
        """A statistic's name for people: the game's label, else its key in words
        (`score_company_claim`: "Company claim"; the `score_` parts sum to the score)."""
        if key in self.statistic_labels:
            return self.statistic_labels[key]
        return key.removeprefix("score_").replace("_", " ").capitalize()

    def round_of(self, state: BaseState) -> int | None:
        """The round (era, turn) the game is in, for the results' chart per round;
        None for a game without rounds."""
        return None

    def standing(self, state: BaseState) -> Sequence[float]:
        """Each seat's score so far, as the game counts it (its VP, its money), read
        from a whole state at the end of a round for the results' chart per round."""
        return list(state.result().scores) if state.is_over() else [0] * state.players

    def gains(self, before: dict[str, Any], after: dict[str, Any]) -> str:
        """What an action gained or cost its seat, in the game's words ("+$4, 1 coal
        cube sold"), from that seat's view before and after it in one world sampled
        from what the seat knows: a hint's one line of why. Empty: nothing to say."""
        return ""

    def value_names(self) -> dict[str, str]:
        """What a person calls each string a view may hold (a component's id, a
        snake_case value): the tables panel shows these names. From the glossary, an
        entry naming the id after its kind (`card:park` names `park`); a game adds
        the rest."""
        names: dict[str, str] = {}
        for entry in self.glossary:
            named = entry.key.partition(":")[2]
            if named and not named.isdigit():  # "1" or "" name nothing a view holds
                names.setdefault(named, entry.name)
        return names

    def explanations(self) -> Iterable[Entry]:
        """Every card, tile, building and space of the game, explained from its
        component data: the glossary's entries. Board elements name theirs in
        `data-explain`."""
        return ()

    @cached_property
    def glossary(self) -> Glossary:
        return Glossary(self.explanations())

    def __deepcopy__(self, memo: dict) -> Game:
        return self  # a game holds only static data, shared by all its states

    def __repr__(self) -> str:
        return f"<game {self.name}>"



def rank_rewards(ranking: tuple[int, ...]) -> list[float]:
    """1 for first place, 0 for last, evenly between; tied seats share the
    rewards of the places they tie for."""
    players = len(ranking)
    if players == 1:
        return [1.0]
    place_reward = [(players - 1 - place) / (players - 1) for place in range(players)]
    rewards = []
    for rank in ranking:
        tied = ranking.count(rank)
        rewards.append(sum(place_reward[rank - 1:rank - 1 + tied]) / tied)
    return rewards


def worth_rewards(worth: list[float]) -> list[float]:
    """`rank_rewards` of the seats ranked by a worth each, higher first, equal worths
    sharing a rank (`Result.rank` without tie-breakers, for a game's evaluation of an
    unfinished game, which needs no `Result`): a seat's rank is 1 + the seats worth more."""
    return rank_rewards(tuple(1 + sum(other > mine for other in worth) for mine in worth))
