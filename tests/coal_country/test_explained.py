"""Coal Country explains itself to people (#21): every tile, building, space and track on the board
names its glossary entry, whose text comes from the component data with its source label; face-down
things name nothing; seats are people's names counted from 1; no id or raw data reaches a text; the
terminal draws the mines with their tunnels; the board's labels are whole and apart."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from functools import cache

import pytest

from headframe.engine import Rng, naming
from headframe.games.coal_country.actions import ChurchTarget, PickStack, PlaceTile, Supply
from headframe.games.coal_country.terminal import links, mine_grid

from ..boards import NS
from .helpers import GAME, place_all, stop_until
from .test_log_text import LOCATION_CODE

DATA = GAME.components
SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")
RAW = re.compile(r"[{}\[\]]|\bNone\b|\bTrue\b|\bFalse\b|\(-?\d+, -?\d+\)|\bSeat 0\b|\bE0\b")


@cache
def played() -> tuple[list[dict], list[str]]:
    """Views of two seeded games sampled early, mid and late (spectator and every seat), and every
    sentence people read in them: log entries for every reader and the labels of every decision."""
    views, sentences = [], []
    for players, seed, options in ((2, 5, {}), (3, 6, {"industry_amok": True})):
        state = GAME.new_state(players, seed, options)
        rng = Rng(seed)
        step = 0
        while state.to_move():
            seat = rng.choice(state.to_move())
            actions = state.legal_actions(seat)
            sentences += [GAME.presentation.describe_action(action) for action in actions]
            if step % 40 == 0:
                views += [state.view(viewer) for viewer in (None, *range(players))]
            state.apply(seat, rng.choice(actions))
            step += 1
        views += [state.view(viewer) for viewer in (None, *range(players))]
        for reader in (None, *range(players)):
            sentences += [GAME.presentation.describe_event(entry) for entry in state.log_for(reader)]
    return views, sentences


def board(view: dict) -> ET.Element:
    return ET.fromstring(GAME.presentation.render_board(view))


def explained(root: ET.Element) -> list[ET.Element]:
    return [node for node in root.iter() if node.get("data-explain")]


def title(node: ET.Element) -> str:
    found = node.find(f"{NS}title")
    return "" if found is None else found.text


# --- the glossary -------------------------------------------------------------------------------

def test_every_kind_of_thing_in_the_data_has_an_entry():
    keys = {entry.key for entry in GAME.presentation.glossary}
    designs = [DATA["mine"]["entrance"]["id"]] + [d["id"] for d in DATA["mineshaft_tiles"]["designs"]]
    assert {f"tile:{design}" for design in designs} <= keys
    assert {f"building:{b['id']}" for b in DATA["buildings"]["list"]} <= keys
    assert {f"stack:{n}" for n in DATA["permit_office"]["stacks"]["numbers"]} <= keys
    assert {"utility:wood", "utility:water", "utility:electricity"} <= keys
    assert {f"indicator:{colour}" for colour in DATA["market_indicators"]["values"]} <= keys
    assert {"space:coal_brokers", "space:permit_office", "space:utility_market", "space:tandem",
            "space:construction_company", "space:utility_storage", "space:refuse_pile", "space:building_lot",
            "track:earnings", "track:price_widget", "piece:foreman"} <= keys


def test_entries_keep_their_datas_source_and_speak_in_the_games_words():
    glossary = GAME.presentation.glossary
    # rulebook: Appendix A - Village Tiles, the printed text of each building
    school = glossary["building:school"]
    assert school.source == "RULEBOOK" and school.printed
    assert DATA["buildings"]["list"][0]["text"] in school.text and "Costs 1 fee" in school.text
    # COAL-R38: the tile designs are reconstructed (Appendix B gives only counts)
    tile = glossary["tile:2B"]
    assert tile.source == DATA["mineshaft_tiles"]["source"] == "RECONSTRUCTED"
    assert not tile.printed and "Reconstructed" not in tile.title()  # issue 53: the Sources page says so
    assert glossary["space:refuse_pile"].rulings == ("COAL-R64", "COAL-R72")  # the rulings behind it, kept out of its text
    assert "0 for a 0, 2 for a 1, 3 for a 2, 4 for a 3, 5 for a 4" in tile.text  # its yields, from the data
    for entry in glossary:
        assert not re.search(r"\b[A-Z]+-R\d+\b", entry.title()), entry.key
        assert not SNAKE.search(entry.text) and "Seat 0" not in entry.text, entry.key


def test_a_person_finds_an_entry_by_its_name():
    assert [entry.key for entry in GAME.presentation.glossary.find("doctor's office")] == ["building:doctors_office"]
    assert [entry.key for entry in GAME.presentation.glossary.find("mineshaft tile 4c")] == ["tile:4C"]


# --- the board names its entries ----------------------------------------------------------------

def test_every_explained_element_names_a_glossary_entry_in_its_title():
    views, _ = played()
    seen = set()
    for view in views:
        for node in explained(board(view)):
            key = node.get("data-explain")
            assert key in GAME.presentation.glossary, key
            assert GAME.presentation.glossary[key].title() in title(node), key
            seen.add(key.split(":")[0])
    assert seen == {"tile", "building", "space", "stack", "utility", "indicator", "track", "piece"}


def test_a_clickable_element_says_first_what_clicking_does():
    views, _ = played()
    view = next(v for v in views if v["seat"] is not None and v.get("decision", {}).get("kind") == "place_foreman")
    office = next(n for n in explained(board(view)) if n.get("data-explain") == "space:permit_office")
    assert title(office).startswith("Place a foreman on the permit office (influence")
    assert title(office).index("Permit office (desk space)") > 0


def test_a_drawn_tile_names_itself_only_to_its_drawer():
    # COAL-R23: a drawn permit tile is seen by its drawer only until placed
    state = GAME.new_state(2, 1)
    state.round, state.cash[0], state._decisions = 2, 100, {}
    place_all(state, {0: [("PO", 4)], 1: [("CB", 2)]})
    stop_until(state, "permit")
    state.apply(0, PickStack.of(3))
    key = f"tile:{state.view(0)['current']['tile']}"
    assert key in {n.get("data-explain") for n in explained(board(state.view(0)))}
    for viewer in (1, None):
        assert key not in {n.get("data-explain") for n in explained(board(state.view(viewer)))}
    backs = [n for n in board(state.view(1)).iter(f"{NS}rect") if n.get("fill") == "#6b5b4b"]
    assert backs  # the permit stacks, the drawn tile and the building pile, all face down


def test_face_down_permit_stacks_name_no_tile():
    views, _ = played()
    standard = [v for v in views if not v["options"]["industry_amok"]]
    for view in standard:
        keys = {n.get("data-explain") for n in explained(board(view))}
        on_board = {t["design"] for p in view["players"] for t in p["mine"]}
        current = view.get("current") or {}
        shown = on_board | set(current.get("looked", ())) | {current.get("tile")}
        assert {k for k in keys if k.startswith("tile:")} <= {f"tile:{design}" for design in shown}


# --- names, seats and ids -------------------------------------------------------------------------

def test_no_sentence_of_a_whole_game_shows_an_id_or_raw_data():
    _, sentences = played()
    for text in set(sentences):
        assert not SNAKE.search(text), text
        assert not RAW.search(text), text
        assert not LOCATION_CODE.search(text), text


def test_mine_tiles_are_counted_from_one_and_cells_from_the_entrance():
    blessing = "Bless the foreman on the mine entrance: it also mines what a 1 foreman would"
    assert GAME.presentation.describe_action(ChurchTarget.of(0)) == blessing
    assert GAME.presentation.describe_action(Supply.of(3, "wood")) == "Put a stored wood cube on mine tile 3"
    placing = "Place the tile 1 left and 2 down of the entrance, turned 90 degrees"
    assert GAME.presentation.describe_action(PlaceTile.of(-1, 2, 1)) == placing


def test_names_reach_the_log_the_board_and_the_terminal():
    state = GAME.new_state(2, 3)
    entry = {"event": "sold", "seat": 1, "coal": 3, "price": 9}
    with naming(["Ann", "Bob"]):
        assert GAME.presentation.describe_event(entry) == "Bob sells 3 coal at $9 each, for $27"
        root = board(state.view(1))
        text = GAME.presentation.render_text(state.view(1))
    mover = next(n for n in root.iter() if n.get("data-to-move") is not None)
    assert "".join(mover.itertext()) == "to place: Ann and you"
    assert "you play Bob" in "".join(root.itertext())
    assert "Ann (vermilion): money hidden" in text and "Bob (you, blue): money $0" in text


# --- the terminal -----------------------------------------------------------------------------------

def test_the_terminal_reads_as_plain_words_and_draws_the_mines():
    views, _ = played()
    for view in views:
        text = GAME.presentation.render_text(view)
        assert not RAW.search(text), text
        assert not SNAKE.search(text), text
        assert "'" not in text.replace("Doctor's", "")
        assert text.count("The entrance: ") == len(view["players"])
    late = GAME.presentation.render_text(views[-1])
    assert "=ENTRY=" in late or "|ENTRY=" in late or "=ENTRY|" in late


def test_the_terminal_lists_what_each_tunnel_reaches():
    mine = [{"index": 0, "x": 0, "y": 0, "design": "E0", "openings": "ESW", "utilities": ["wood", "water"]},
            {"index": 1, "x": 1, "y": 0, "design": "2B", "openings": "EW", "utilities": []},
            {"index": 2, "x": 0, "y": 1, "design": "1A", "openings": "E", "utilities": []}]
    # COAL-R40: linked only through two facing openings
    assert links(mine) == ["The entrance: tunnels to tile 1 (2B)", "Tile 1 (2B): tunnels to the entrance",
                           "Tile 2 (1A): no tunnel to another tile"]
    assert mine_grid(mine)[:4] == ["+-----++-----+", "=ENTRY== 1:2B=", "| wa. || ... |", "+--|--++-----+"]


# --- labels on the board ----------------------------------------------------------------------------

def _box(node: ET.Element, parent_size: float = 14.0) -> tuple[float, float, float, float]:
    """A text's bounding box, estimated (0.62 em a character, bold or not: generous)."""
    size = float(node.get("font-size", parent_size))
    words = "".join(node.itertext())
    width = len(words) * size * 0.62
    x, y = float(node.get("x")), float(node.get("y"))
    anchor = node.get("text-anchor")
    left = x - width / 2 if anchor == "middle" else x - width if anchor == "end" else x
    return left, y - size * 0.8, left + width, y + size * 0.2


def _apart(a, b) -> bool:
    return a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


@pytest.mark.parametrize("pick", [0, -1], ids=["early", "late"])
def test_labels_are_whole_apart_and_at_least_12_units(pick):
    views, _ = played()
    view = [v for v in views if v["seat"] == 0][pick]
    root = board(view)
    for node in root.iter(f"{NS}text"):
        assert float(node.get("font-size", 14)) >= 12
    labels = [node for node in root.iter(f"{NS}text") if node.get("class") == "label"]
    assert len(labels) > 20
    boxes = [(_box(node), "".join(node.itertext())) for node in labels]
    for i, (one, words) in enumerate(boxes):
        for other, theirs in boxes[i + 1:]:
            assert _apart(one, other), (words, theirs)
    cards = [g for g in root.iter(f"{NS}g") if g.get("class") == "card"]
    assert cards  # the buildings on display and in the villages
    for card in cards:
        rect = card.find(f"{NS}rect")
        names = [n for n in card.findall(f"{NS}text") if n.get("class") == "label"]
        left, top = float(rect.get("x")), float(rect.get("y"))
        right, bottom = left + float(rect.get("width")), top + float(rect.get("height"))
        for name in names:
            x0, y0, x1, y1 = _box(name)
            assert left <= x0 and x1 <= right and top <= y0 and y1 <= bottom, "".join(name.itertext())


def test_statistics_have_names_for_people():
    state = GAME.new_state(2, 1)
    for key in state.statistics():
        assert "_" not in GAME.presentation.statistic_label(key)
    assert GAME.presentation.statistic_label("score_penalties") == "Fees paid as penalties"
