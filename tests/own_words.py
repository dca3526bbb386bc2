"""What is not a game's own words (issue 53), for every test that reads what a player
reads: ruling ids, source labels, snake_case names, markdown and component ids; and
the walk over a view's strings the tables panel shows (by the game's value names)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from headframe.engine import Game, Rng, State

FORBIDDEN = {
    "a ruling id": re.compile(r"\b[A-Z]+-R\d+\b"),
    "a source label": re.compile(r"\b(reconstructed|invented)\b", re.IGNORECASE),
    "a snake_case name": re.compile(r"\b[a-z]+_[a-z_]+\b"),
    "markdown": re.compile(r"\*\*|`"),
    "a component id": re.compile(r"\b[A-Z]{2,}\d*-\d+\b"),
}

# The view's keys the page shows itself, not in the tables panel (common.js FRAME_KEYS).
FRAME_KEYS = {"game", "players", "options", "seat", "to_move", "over", "decision", "result"}


def problems(text: str) -> list[str]:
    """What in `text` is not the game's own words, each as "a ruling id 'COP-R5'"."""
    return [f"{what} {found.group(0)!r}" for what, pattern in FORBIDDEN.items() for found in pattern.finditer(text)]


def leaves(value: Any) -> Iterator[str]:
    """Every string a view holds, at any depth."""
    if isinstance(value, dict):
        for inner in value.values():
            yield from leaves(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from leaves(inner)
    elif isinstance(value, str):
        yield value


def shown(view: dict[str, Any], hidden: frozenset[str] | set[str] = FRAME_KEYS) -> list[str]:
    """The strings of the part of a view the tables panel shows (not its `hidden` keys)."""
    return list(leaves({key: value for key, value in view.items() if key not in hidden}))


def badly_named(strings: list[str], names: dict[str, str]) -> list[tuple[str, str]]:
    """The strings whose names (the game's value names, else themselves) are not the game's own words."""
    return [(value, names.get(value, value)) for value in strings if problems(names.get(value, value))]


def random_positions(game: Game, players: int, seed: int, options: dict | None = None) -> Iterator[State]:
    """Every position of a seeded game of random choices, to its end (the same state, moved on)."""
    state = game.new_state(players, seed, options)
    rng = Rng(seed)
    yield state
    while state.to_move():
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.decision(seat).actions))
        yield state


def unreadable(game: Game, state: State, headings: set[str]) -> list[str]:
    """The prompts and labels of the state's decisions that do not read as the game's own words: a
    prompt says what to do as a sentence (not a place's, card's or action's name: one of `headings`),
    a label starts as a sentence does (or with an amount)."""
    wrong = []
    for seat in state.to_move():
        decision = state.decision(seat)
        prompt = decision.prompt
        if not prompt[0].isupper() or " " not in prompt or prompt.partition(":")[0] in headings or problems(prompt):
            wrong.append(f"prompt {prompt!r}")
        labels = [game.presentation.describe_action(action) for action in decision.actions]
        wrong += [f"label {label!r}" for label in labels if not re.match(r"[A-Z0-9£$€]", label) or problems(label)]
    return wrong
