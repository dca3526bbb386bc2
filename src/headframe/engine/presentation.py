"""What a game shows people: its board, its text picture, its words for actions and
events, its glossary and the results screen's terms. A game declares these in its own
presentation module (`PRESENTATION = Presentation(...)`, each a function with the game
first where it reads the game's data), which the engine loads only when something shows
the game (`Game.presentation`): a simulation or a search never imports a board."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

from .glossary import Entry, Glossary

if TYPE_CHECKING:
    from .actions import Action
    from .game import Game
    from .state import State


@dataclass(frozen=True)
class Presentation:
    """A game's presentation, declared. None: the engine's plain default (a view as JSON,
    an action as its id, no board). Signatures, `game` being the game's `Game`:

    render_board(game, view, narrow) -> SVG   every element where a legal action of the
        seat's decision happens carries `data-actions` (the action ids) and a `<title>`;
        hidden things are drawn face down; `narrow`: the phone's one-column layout
        (docs/architecture.md, "Boards in the browser")
    render_boards(game, shared, views, narrow) -> each view's board as parts: a game whose
        boards differ by seat only in `svg.Seat` parts draws what they share once
    render_text(game, view) -> str            a plain-text picture, for terminals
    describe_event(game, entry) -> str        one log entry in words
    describe_action(game, action) -> str      an action in words
    statistic_label(game, key) -> str | None  a statistic's name the labels do not give
    explanations(game) -> entries             every card, tile and space explained: the glossary
    value_names(game, names) -> {value: name} every name for a view's values, given the
        glossary's (`names`)
    gains(game, before, after) -> str         a hint's one line of why, from a seat's views
    round_of(state) -> int | None             the round, for the results' chart per round
    standing(state) -> scores                 each seat's score so far, as the game counts it
    """

    render_board: Callable[[Game, dict[str, Any], bool], str] | None = None
    render_boards: Callable[[Game, dict[str, Any], list[dict[str, Any]], bool], list[list[str]]] | None = None
    render_text: Callable[[Game, dict[str, Any]], str] | None = None
    describe_event: Callable[[Game, dict[str, Any]], str] | None = None
    describe_action: Callable[[Game, Action], str] | None = None
    statistic_label: Callable[[Game, str], str | None] | None = None
    explanations: Callable[[Game], Iterable[Entry]] | None = None
    value_names: Callable[[Game, dict[str, str]], dict[str, str]] | None = None
    gains: Callable[[Game, dict[str, Any], dict[str, Any]], str] | None = None
    round_of: Callable[[State], int | None] | None = None
    standing: Callable[[State], Sequence[float]] | None = None


class Shown:
    """A game's presentation for its callers (`game.presentation`): the declared
    functions with the game given, and the engine's defaults where a game declares none."""

    def __init__(self, game: Game, declared: Presentation) -> None:
        self.game = game
        self.declared = declared

    def has_board(self) -> bool:
        return self.declared.render_board is not None

    def render_board(self, view: dict[str, Any], narrow: bool = False) -> str:
        if self.declared.render_board is None:
            raise NotImplementedError(f"{self.game.title} has no board picture")
        return self.declared.render_board(self.game, view, narrow)

    def render_boards(self, shared: dict[str, Any], views: list[dict[str, Any]],
                      narrow: bool = False) -> list[list[str]]:
        """`render_board` of each of `views`, views of one state (`shared`: its spectator's
        view), as parts that joined are the board."""
        if self.declared.render_boards is not None:
            return self.declared.render_boards(self.game, shared, views, narrow)
        return [[self.render_board(view, narrow)] for view in views]

    def render_text(self, view: dict[str, Any]) -> str:
        if self.declared.render_text is None:
            return json.dumps(view, indent=2, ensure_ascii=False)
        return self.declared.render_text(self.game, view)

    def describe_event(self, entry: dict[str, Any]) -> str:
        """One log entry (as `State.log_for` gives it) in words."""
        if self.declared.describe_event is not None:
            return self.declared.describe_event(self.game, entry)
        details = ", ".join(f"{k}={v}" for k, v in entry.items() if k not in ("event", "private"))
        text = f"{entry['event']}: {details}" if details else entry["event"]
        if "private" in entry:
            text += f" (you: {entry['private']})"
        return text

    def describe_action(self, action: Action) -> str:
        if self.declared.describe_action is None:
            return action.id
        return self.declared.describe_action(self.game, action)

    def statistic_label(self, key: str) -> str:
        """A statistic's name for people: the game's own, else its label, else its key in
        words (`score_company_claim`: "Company claim"; the `score_` parts sum to the score)."""
        if self.declared.statistic_label is not None:
            label = self.declared.statistic_label(self.game, key)
            if label is not None:
                return label
        if key in self.game.statistic_labels:
            return self.game.statistic_labels[key]
        return key.removeprefix("score_").replace("_", " ").capitalize()

    def explanations(self) -> Iterable[Entry]:
        """Every card, tile, building and space of the game, explained from its component
        data: the glossary's entries. Board elements name theirs in `data-explain`."""
        return () if self.declared.explanations is None else self.declared.explanations(self.game)

    @cached_property
    def glossary(self) -> Glossary:
        return Glossary(self.explanations())

    def value_names(self) -> dict[str, str]:
        """What a person calls each string a view may hold (a component's id, a snake_case
        value): the glossary's entries name the ids after their kind (`card:park` names
        `park`), and the game names the rest."""
        names: dict[str, str] = {}
        for entry in self.glossary:
            named = entry.key.partition(":")[2]
            if named and not named.isdigit():  # "1" or "" name nothing a view holds
                names.setdefault(named, entry.name)
        return names if self.declared.value_names is None else self.declared.value_names(self.game, names)

    def gains(self, before: dict[str, Any], after: dict[str, Any]) -> str:
        """What an action gained or cost its seat, in the game's words ("+$4, 1 coal cube
        sold"), from that seat's view before and after it in one world sampled from what
        the seat knows. Empty: nothing to say."""
        return "" if self.declared.gains is None else self.declared.gains(self.game, before, after)

    def round_of(self, state: State) -> int | None:
        return None if self.declared.round_of is None else self.declared.round_of(state)

    def standing(self, state: State) -> Sequence[float]:
        if self.declared.standing is not None:
            return self.declared.standing(state)
        return list(state.result().scores) if state.is_over() else [0] * state.players
