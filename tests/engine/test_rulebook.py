"""The printed rulebook in its sections (engine/rulebook.py), and each game's map of
decisions to the sections a player reads to make them."""

import pytest

from headframe.engine import ComponentError, Rng, load_game
from headframe.engine.rulebook import parse_rulebook

GAMES = ["ore-city", "tinners-trail", "copper-country", "coal-country"]

BOOK = """Pit Lamps Rulebook

Table of Contents

• Setup
• Playing
  • Lighting
• Scoring

Setup

Each player takes a lamp.

Playing

On your turn:
Lighting
Scoring
are the two things you may do.

Lighting

Light a lamp.

Scoring

A lit lamp scores 1.

Lighting

A lamp lit twice scores nothing.
"""


def test_sections_run_from_their_heading_to_the_next_and_a_listed_word_cuts_nothing():
    book = parse_rulebook(BOOK, {"decisions": {"light": ["Lighting", "Scoring"]}})
    assert list(book.sections) == ["Setup", "Playing", "Lighting", "Scoring"]
    assert book.section("Setup").text == "Each player takes a lamp."
    # "Lighting" and "Scoring" inside the list are not between blank lines: not headings there.
    assert book.section("Playing").text == "On your turn:\nLighting\nScoring\nare the two things you may do."
    # a heading printed twice is one section of both parts
    assert book.section("Lighting").text == "Light a lamp.\n\nA lamp lit twice scores nothing."
    assert [s.heading for s in book.for_decision("light")] == ["Lighting", "Scoring"]
    assert book.for_decision("pass") == []
    with pytest.raises(LookupError, match="no section 'Winning'"):
        book.section("Winning")


def test_a_book_without_contents_takes_its_headings_from_the_guide():
    text = "Setup\n\nTake a lamp.\n\nPlaying\n\nLight it.\n"
    book = parse_rulebook(text, {"headings": ["Setup", "Playing"]})
    assert {h: s.text for h, s in book.sections.items()} == {"Setup": "Take a lamp.", "Playing": "Light it."}


@pytest.mark.parametrize("guide, message", [
    ({"decisions": {"light": ["Winning"]}}, "cites headings the rulebook lacks: \\['Winning'\\]"),
    ({"decisions": {"light": "Lighting"}}, "decisions"),
    (["Setup"], "rulebook.yaml"),
])
def test_a_guide_that_cites_what_the_book_lacks_or_is_malformed_is_refused(guide, message):
    with pytest.raises(ComponentError, match=message):
        parse_rulebook(BOOK, guide)


def _decision_kinds(game, players: int, seeds: int = 3) -> set[str]:
    kinds = set()
    for seed in range(seeds):
        state, rng = game.new_state(players, seed), Rng(seed)
        while not state.is_over():
            seat = state.to_move()[0]
            decision = state.decision(seat)
            kinds.add(decision.kind)
            state.apply(seat, rng.choice(decision.actions))
    return kinds


@pytest.mark.parametrize("name", GAMES)
def test_every_game_ships_its_rulebook_and_says_which_sections_each_decision_needs(name):
    game = load_game(name)
    book = game.rulebook
    assert book is not None and len(book.sections) >= 8
    assert all(section.text for section in book.sections.values() if section.heading in
               {h for cited in book.decisions.values() for h in cited})
    missing = _decision_kinds(game, min(game.players)) - set(book.decisions)
    assert not missing, f"{name}: decisions with no rulebook section: {sorted(missing)}"
    for kind in book.decisions:
        assert game.rulebook_for(kind), kind
