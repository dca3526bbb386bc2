"""Every card, space and pile explains itself (#21): one glossary entry per thing the
board draws, its text built from the component data with the data's source label;
on the board every face-up card, space and pile names its entry (`data-explain`) and
says it in its `<title>`, and a face-down card names neither."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from headframe.engine import Rng
from headframe.games.ore_city import OreCity
from headframe.games.ore_city.components import TYPES

from ..boards import NS, hint
from .helpers import GAME, table

GLOSSARY = GAME.presentation.glossary
DATA_FILE = Path(__file__).parents[2] / "src/headframe/games/ore_city/data/ore-city.data.yaml"
FACE_DOWN = re.compile(r"^A face-down (Residential|Commercial|Industrial|Public Works) card")


def sampled_boards():
    """Boards of a seeded 4-player game, early, mid and late, for every seat and a spectator."""
    state, rng = GAME.new_state(4, seed=21, options={"round_limit": 30}), Rng(21)
    boards, decision = [], 0
    while state.to_move():
        if decision % 97 == 0:
            boards += [ET.fromstring(GAME.presentation.render_board(state.view(seat))) for seat in (None, *range(4))]
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.decision(seat).actions))
        decision += 1
    return boards + [ET.fromstring(GAME.presentation.render_board(state.view(seat))) for seat in (None, *range(4))]


BOARDS = sampled_boards()


def test_every_card_pile_and_space_of_the_data_has_an_entry():
    cards = {f"card:{card}" for card in GAME.tables.type}
    places = {"space:construction", "space:acquisition", "space:common", "pile:discards",
              *(f"pile:{kind}" for kind in TYPES)}
    assert {entry.key for entry in GLOSSARY} == cards | places
    assert all(GLOSSARY[f"card:{card}"].name == name for card, name in GAME.tables.name.items())


@pytest.mark.parametrize("card, words", [
    # rulebook §9.2.3
    ("restaurant", "Cost 3G, less your technology; 5 in the game. When constructed, you earn 2G for each "
                   "Residential card in any adjacent construction space (max 20G). Upon book-closing, you earn 1G."),
    # rulebook §9.4.1, ORE-R29
    ("city_hall", "When accomplished, players with 10G or more lose 5G, and players with 0G earn 5G"),
    # rulebook §9.4.2
    ("hospital", "To play this card, you must have at least 5 Residential cards in your construction space."),
    # rulebook §9.4.4, ORE-R32
    ("airport", "discard one of your Industrial cards with technology (Wind Turbine, Small Factory or Chemical Factory)"),
    # rulebook §9.1.4, ORE-R20
    ("park", "this construction space is not affected by Industrial cards"),
    # rulebook §8 (n = 6 pays 11/4), ORE-R25
    ("single_house", "6 → 11G/4G"),
    # rulebook §9.3.4, ORE-R27
    ("chemical_factory", "you gain Technology 2"),
])
def test_an_entry_says_the_whole_effect_in_the_rulebooks_words(card, words):
    assert words in GLOSSARY[f"card:{card}"].text


def test_the_text_is_built_from_the_loaded_data(tmp_path):
    changed = DATA_FILE.read_text().replace("coins_each: 2, max: 20", "coins_each: 3, max: 30")
    path = tmp_path / "ore-city.data.yaml"
    path.write_text(changed)
    assert "earn 3G for each Residential card in any adjacent construction space (max 30G)" in \
        OreCity(path).presentation.glossary["card:restaurant"].text


def test_reconstructed_entries_are_marked_and_speak_in_the_games_words():
    # ORE-R25: the payout tables are reconstructed (two rows are printed); ORE-R27: which cards are acquired
    for card in ("single_house", "park", "highway", "wind_turbine"):
        entry = GLOSSARY[f"card:{card}"]
        assert entry.source == "RECONSTRUCTED" and not entry.printed
        assert not re.search(r"reconstructed|ORE-R\d+", entry.title(), re.IGNORECASE)  # issue 53: see Sources
    for card in ("small_store", "department_store", "police_station"):
        assert GLOSSARY[f"card:{card}"].source == "RULEBOOK" and GLOSSARY[f"card:{card}"].printed


def test_what_a_person_types_finds_the_entry():
    assert [entry.key for entry in GLOSSARY.find("single house")] == ["card:single_house"]
    assert [entry.key for entry in GLOSSARY.find("Police station")] == ["card:police_station"]


def test_every_explained_element_names_an_entry_and_says_it():
    explained = 0
    for root in BOARDS:
        for node in root.iter():
            explain = node.get("data-explain")
            if explain is None:
                continue
            explained += 1
            assert explain in GLOSSARY, explain
            words = hint(node)
            assert GLOSSARY[explain].title() in words
            if node.get("data-actions"):
                assert not words.startswith(GLOSSARY[explain].name + " ("), words  # first what clicking does
    assert explained > 100


def test_every_drawn_card_and_pile_explains_itself():
    drawn = {node.get("data-explain") for root in BOARDS for node in root.iter()}
    assert {f"pile:{kind}" for kind in TYPES} | {"space:common", "space:construction", "pile:discards"} <= drawn
    assert len({key for key in drawn if key and key.startswith("card:")}) >= 12


def test_a_face_down_card_names_no_entry_and_no_card():
    names = set(GAME.tables.name.values())
    backs = 0
    for root in BOARDS:
        for node in root.iter(f"{NS}g"):
            title = node.find(f"{NS}title")
            if title is None or not FACE_DOWN.match(title.text):
                continue
            backs += 1
            assert not any(child.get("data-explain") for child in node.iter())
            assert not {t.text for t in node.iter(f"{NS}text")} & names
    assert backs > 50


def test_a_seats_board_explains_only_what_it_may_see():
    # rulebook §5.4: the faces of another seat's hand are secret
    state = table(3, hands={0: ["park"], 1: ["highway", "hospital"]})
    root = ET.fromstring(GAME.presentation.render_board(state.view(0)))
    row = next(node for node in root.iter(f"{NS}g") if node.get("class") == "seat seat-1")
    assert not [node.get("data-explain") for node in row.iter() if (node.get("data-explain") or "").startswith("card:")]
