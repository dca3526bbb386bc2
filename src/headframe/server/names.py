"""The names people read for a table's seats: the players' names, and for a bot
seated without one its level in words ("Heuristic bot", never its agent spec).
Every text the server writes for a table (log sentences, action labels, boards,
replays, results) is written inside `naming(names)`, so it says "Ann", not "Seat 1"."""

from __future__ import annotations

from collections.abc import Iterable

from headframe.engine.people import distinct_names

from .ratings import LEVELS

AGENT_WORDS = {"random": "Random bot", "heuristic": "Heuristic bot", "ismcts": "ISMCTS bot", "policy": "Learned bot"}


def bot_words(agent: str) -> str:
    """A bot's agent spec in words: its level's name ("ISMCTS · 100 iterations"), else
    its kind and settings ("ISMCTS bot (iters 300)")."""
    if agent in LEVELS:
        return LEVELS[agent]
    kind, _, settings = agent.partition(":")
    words = AGENT_WORDS.get(kind, "Bot")
    return f"{words} ({settings.replace('=', ' ').replace(',', ', ')})" if settings else words


def shown_name(name: str | None, agent: str | None) -> str | None:
    """A seat's name for people: a bot named after its own spec (seated without a
    name) is called by its level; any other name is the player's own."""
    return bot_words(agent) if agent and name == agent else name


def seat_names(seats: Iterable[tuple[str | None, str | None]]) -> tuple[str, ...]:
    """The names of a table's seats, given (name, bot's agent or None) per seat:
    missing ones "Seat N", and two alike told apart by their seats."""
    return distinct_names([shown_name(name, agent) for name, agent in seats])
