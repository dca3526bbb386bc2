"""Log entries and actions in words: each game declares a `Phrasebook`, one
sentence function per event and per action kind, and the engine turns a log
into sentences the same way for every game (the private part of an entry, as
its seat reads it, is added after a semicolon)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .people import seat_label

Sentence = Callable[[Any, dict[str, Any]], str]
"""(the game's tables, a log entry or its private part) -> a sentence."""


class Phrasebook:
    """A game's sentences: `events[name](tables, entry)`, `private[name](tables,
    part)` for events with a private part, `actions[kind](tables, action)`."""

    __slots__ = ("title", "events", "private", "actions")

    def __init__(
        self,
        title: str,
        events: Mapping[str, Sentence],
        actions: Mapping[str, Callable[[Any, Any], str]],
        private: Mapping[str, Sentence] | None = None,
    ) -> None:
        self.title = title
        self.events = dict(events)
        self.actions = dict(actions)
        self.private = dict(private or {})

    def event(self, tables: Any, entry: dict[str, Any]) -> str:
        """One log entry as `State.log_for` gives it, as a sentence."""
        sentence = self.events.get(entry.get("event", ""))
        if sentence is None:
            raise ValueError(f"{self.title} logs no event {entry.get('event')!r}")
        text = sentence(tables, entry)
        if "private" in entry:
            private = self.private.get(entry["event"])
            if private is None:
                raise ValueError(f"{self.title}'s {entry['event']!r} event has no private part")
            text += "; " + private(tables, entry["private"])
        return text

    def action(self, tables: Any, action: Any) -> str:
        words = self.actions.get(action.kind)
        if words is None:
            raise ValueError(f"{self.title} has no words for a {action.kind!r} action")
        return words(tables, action)

    # A game's presentation declares these (engine/presentation.py): the same, from the game.

    def describe_event(self, game: Any, entry: dict[str, Any]) -> str:
        return self.event(game.tables, entry)

    def describe_action(self, game: Any, action: Any) -> str:
        return self.action(game.tables, action)


def who(entry: dict[str, Any]) -> str:
    """The entry's seat as people count it: "Seat 1" for seat 0."""
    return seat_label(entry["seat"])


def per_seat(verb: str, amounts: list[Any], unit: str = "{}") -> str:
    """"Seat 1 earns £12, Seat 2 £7": the verb once, after the first seat."""
    first, *others = (unit.format(amount) for amount in amounts)
    rest = [f", {seat_label(seat)} {amount}" for seat, amount in enumerate(others, start=1)]
    return f"{seat_label(0)} {verb} {first}" + "".join(rest)
