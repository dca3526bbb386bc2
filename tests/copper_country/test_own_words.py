"""Everything a player reads while playing Copper Country is the game's own words (issue 53):
prompts say what to do, labels start as sentences do, every string a view holds has a
name, the board's marks have keys, and the results' chart counts eras and copper as the
rulebook does."""

from __future__ import annotations

from xml.etree import ElementTree

import pytest

from headframe.games.copper_country.actions import Build, ChooseBuilding, Manage, Take
from headframe.games.copper_country.board_legend import TRACK_MARKS

from ..own_words import badly_named, random_positions, shown, unreadable
from .helpers import GAME, at_management, new

PLACE_NAMES = {entry.name for entry in GAME.presentation.glossary}  # a prompt is no place's or card's name
SVG = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize("players, seed", [(2, 3), (4, 7)])
def test_prompts_say_what_to_do_and_labels_start_as_sentences(players, seed):
    # rulebook: Playing the Game (each decision is a step of a turn, in the rulebook's words)
    for state in random_positions(GAME, players, seed):
        assert unreadable(GAME, state, PLACE_NAMES) == []


@pytest.mark.parametrize("players, seed, options", [(3, 5, {}), (4, 2, {"board": "winter"})])
def test_every_string_a_view_holds_has_a_name_in_words(players, seed, options):
    # rulebook: Components (every card, place and piece has its name)
    names = GAME.presentation.value_names()
    for index, state in enumerate(random_positions(GAME, players, seed, options)):
        if index % 7 and state.to_move():
            continue  # every 7th position and the last: the same strings recur
        for seat in [None, *range(players)]:
            strings = shown(state.view(seat))
            assert all(value == "" or value in names or " " in value for value in strings), strings
            assert badly_named(strings, names) == []


def test_the_view_names_no_colour_of_its_own():
    # rulebook: Setup step 2 (the site shows each seat in its own colour; the view names none)
    assert all("color" not in entry for entry in new(3).view(0)["seats"])


@pytest.mark.parametrize("narrow", [False, True])
def test_every_mark_on_the_board_has_a_key(narrow):
    # rulebook: Components; The Industry Track (each track icon, resource and piece in words)
    state = new(3)
    picture = ElementTree.fromstring(GAME.presentation.render_board(state.view(0), narrow))
    keys = " ".join("".join(e.itertext()) for e in picture.iter(f"{SVG}g") if e.get("class") == "key")
    for _, _, words in TRACK_MARKS.values():
        assert words[:1].upper() + words[1:] in keys
    for resource in GAME.tables.resource_name.values():
        assert resource[:1].upper() + resource[1:] in keys
    for piece in ("Company house", "Shaft house", "Hoist house", "Poor rock", "Face-down terrain token",
                  "Ready miner", "Exerted miner"):
        assert piece in keys


def test_the_wide_board_spells_out_production_rows_and_piles():
    # rulebook: Production Cards (each row of icons: resources, poor rock, unrest, produce copper)
    for state in random_positions(GAME, 3, 11):
        if state.view(None).get("shift"):
            break
    seat = state.current
    text = "".join(ElementTree.fromstring(GAME.presentation.render_board(state.view(seat))).itertext())
    assert "EQP +" not in text and "copper 3" not in text and "→" in text
    assert "Copper pile:" in text and "production card" in text and "capital deck" in text


def test_result_names_the_rulebook_scores():
    # rulebook: Ending the Game (copper score, company claim, resource specialization score)
    assert GAME.statistic_labels["score_specialization"] == "Resource specialization score"
    assert GAME.round_name == "Era"


@pytest.mark.parametrize("players, seed", [(2, 3), (3, 5)])
def test_round_of_counts_eras_and_standing_ends_at_the_result(players, seed):
    # rulebook: Era Cards (era 1, 2, 3); Ending the Game
    eras = [GAME.presentation.round_of(state) for state in random_positions(GAME, players, seed)]
    assert eras[0] == 1 and eras[-1] == 3 and eras == sorted(eras)
    *_, final = random_positions(GAME, players, seed)
    assert GAME.presentation.standing(final) == list(final.result().scores)


@pytest.mark.parametrize("players, seed", [(2, 1), (4, 7)])
def test_final_scores_follow_the_rulebook(players, seed):
    # rulebook: Ending the Game; Company Cards (copper value, +10 company claim, highest specialization adds)
    *_, final = random_positions(GAME, players, seed)
    t = GAME.tables
    copper = [sum(next(row.copper for row in t.rows[card] if row.copper) for card in pile) for pile in final.copper]
    special = []
    for seat, pile in enumerate(final.copper):
        resource = t.companies[final.company[seat]]["resource_specialization"]
        special.append(sum(next(row for row in t.rows[card] if row.copper).resources.count(resource) for card in pile))
    scores = [copper[seat] + 10 * final.company_done[seat] + (special[seat] if special[seat] == max(special) else 0)
              for seat in range(players)]
    assert list(final.result().scores) == scores


def test_gains_say_what_the_seats_own_amounts_did():
    # rulebook: Management Actions (a capital call draws 1 card; build places a house from the ledger)
    state = new(2)
    at_management(state, 0)
    before = state.view(0)
    state.apply(0, Take.of(-1))
    assert GAME.presentation.gains(before, state.view(0)) == "+1 capital card"
    before = state.view(0)
    for action in (Manage.of("build"), ChooseBuilding.of("company_house"), Build.of("C2")):
        state.apply(0, action)
    assert GAME.presentation.gains(before, state.view(0)) == "Builds a company house"
    assert GAME.presentation.gains(before, before) == ""
    after = state.view(0)
    after["seats"][0]["copper_score"] += 3
    after["seats"][0]["hand_size"] -= 2
    assert GAME.presentation.gains(state.view(0), after) == "+3 copper, −2 capital cards"
