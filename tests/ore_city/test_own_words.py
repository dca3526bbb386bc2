"""Everything a player reads while playing Ore City is the game's own words (issue 53):
each decision's prompt says what to do, each action's label starts as a sentence does,
and every string a view holds has a name a person would use in the tables panel."""

from __future__ import annotations

import pytest

from ..own_words import badly_named, random_positions, shown, unreadable
from .helpers import GAME

# Issue 53: what is not the game's own words (as tests/server/test_words.py).
# A prompt is not a heading: neither a place or card (the glossary's names) nor an action's name (§6).
HEADINGS = {entry.name for entry in GAME.presentation.glossary} | {
    "Construction", "Book-closing", "Accomplishment", "Exchange", "Flush", "Pass"}


@pytest.mark.parametrize("players, seed", [(2, 3), (4, 7), (6, 11)])
def test_prompts_say_what_to_do_and_labels_start_as_sentences(players, seed):
    # rulebook: 6. Turn Procedure (each decision is a step of a turn, named as the rulebook does)
    for state in random_positions(GAME, players, seed, {"round_limit": 12}):
        assert unreadable(GAME, state, HEADINGS) == []


@pytest.mark.parametrize("players, seed", [(3, 5), (5, 9)])
def test_every_string_a_view_holds_has_a_name_in_words(players, seed):
    # rulebook: 5.4. Public Information (what each seat's tables show)
    names = GAME.presentation.value_names()
    for index, state in enumerate(random_positions(GAME, players, seed, {"round_limit": 12})):
        if index % 7 and state.to_move():
            continue  # every 7th position and the last: the same strings recur
        for seat in [None, *range(players)]:
            assert badly_named(shown(state.view(seat)), names) == []


def test_card_types_and_phases_are_named_as_the_rulebook_names_them():
    # rulebook: 3. Components
    names = GAME.presentation.value_names()
    assert names["public_works"] == "Public Works" and names["residential"] == "Residential"
    assert names["exchange_take"] == "Exchange, taking cards"
    assert names["small_factory"] == "Small Factory"
