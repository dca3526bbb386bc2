"""Everything a player reads while playing Ore City is the game's own words (issue 53):
each decision's prompt says what to do, each action's label starts as a sentence does,
and every string a view holds has a name a person would use in the tables panel."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from headframe.engine import Rng

from .helpers import GAME

# Issue 53: what is not the game's own words (as tests/server/test_words.py).
FORBIDDEN = [
    re.compile(r"\b[A-Z]+-R\d+\b"),
    re.compile(r"\b(reconstructed|invented)\b", re.IGNORECASE),
    re.compile(r"\b[a-z]+_[a-z_]+\b"),
    re.compile(r"\*\*|`"),
    re.compile(r"\b[A-Z]{2,}\d*-\d+\b"),
]
NOT_SHOWN = {"game", "players", "options", "seat", "to_move", "over", "decision", "result"}
# A prompt is not a heading: neither a place or card (the glossary's names) nor an action's name (§6).
HEADINGS = {entry.name for entry in GAME.glossary} | {
    "Construction", "Book-closing", "Accomplishment", "Exchange", "Flush", "Pass"}


def positions(players: int, seed: int) -> Iterator[Any]:
    """Every position of a seeded random game, to its end (a round limit keeps it short)."""
    state = GAME.new_state(players, seed, {"round_limit": 12})
    rng = Rng(seed)
    yield state
    while state.to_move():
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.decision(seat).actions))
        yield state


def leaves(view: Any) -> Iterator[str]:
    if isinstance(view, dict):
        for value in view.values():
            yield from leaves(value)
    elif isinstance(view, list):
        for value in view:
            yield from leaves(value)
    elif isinstance(view, str):
        yield view


@pytest.mark.parametrize("players, seed", [(2, 3), (4, 7), (6, 11)])
def test_prompts_say_what_to_do_and_labels_start_as_sentences(players, seed):
    # rulebook: 6. Turn Procedure (each decision is a step of a turn, named as the rulebook does)
    for state in positions(players, seed):
        for seat in state.to_move():
            decision = state.decision(seat)
            prompt = decision.prompt
            assert prompt[0].isupper(), prompt
            assert prompt.partition(":")[0] not in HEADINGS and " " in prompt, prompt
            for action in decision.actions:
                label = GAME.describe_action(action)
                assert re.match(r"[A-Z0-9£$€]", label), label
                assert not any(pattern.search(label) for pattern in FORBIDDEN), label


@pytest.mark.parametrize("players, seed", [(3, 5), (5, 9)])
def test_every_string_a_view_holds_has_a_name_in_words(players, seed):
    # rulebook: 5.4. Public Information (what each seat's tables show)
    names = GAME.value_names()
    for index, state in enumerate(positions(players, seed)):
        if index % 7 and state.to_move():
            continue  # every 7th position and the last: the same strings recur
        for seat in [None, *range(players)]:
            view = state.view(seat)
            shown = {key: value for key, value in view.items() if key not in NOT_SHOWN}
            for value in leaves(shown):
                named = names.get(value, value)
                assert not any(pattern.search(named) for pattern in FORBIDDEN), (value, named)


def test_card_types_and_phases_are_named_as_the_rulebook_names_them():
    # rulebook: 3. Components
    names = GAME.value_names()
    assert names["public_works"] == "Public Works" and names["residential"] == "Residential"
    assert names["exchange_take"] == "Exchange, taking cards"
    assert names["small_factory"] == "Small Factory"
