"""Tinners' Trail explains itself (#21): every area, piece, box and track has a
glossary entry built from the component data, the board names each thing it
draws by that entry, seats read as people's names, no id reaches a text, and
the terminal names the adits (an area's borders are in its glossary entry)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from headframe.engine import Rng, naming, seat_label
from headframe.games.tinners_trail import glossary

from .helpers import GAME, T, actions_phase, new, play

SVG = "{http://www.w3.org/2000/svg}"
DATA = GAME.components
AREA_IDS = set(T.area_ids)
BORDER_IDS = set(T.border_ids)
NAMES = ["Ann", "Bob", "Cyd"]


def sampled_game(players: int = 3, seed: int = 21):
    """A whole heuristic game; the states at its start, middle and end, and the texts people read."""
    state = GAME.new_state(players, seed)
    rng = Rng(seed)
    samples, labels, step = [], set(), 0
    while not state.is_over():
        seat = state.to_move()[0]
        if step in (0, 60) or state.step in ("auction", "pumps", "invest", "prospect") and step % 7 == 0:
            samples.append(state.clone())
        decision = state.decision(seat)
        labels |= {GAME.presentation.describe_action(action) for action in decision.actions}
        state.apply(seat, GAME.learning.heuristic(state, seat, rng) if step % 3 else rng.choice(decision.actions))
        step += 1
    samples.append(state)
    return samples, labels


SAMPLES, LABELS = sampled_game()


def boards():
    for state in SAMPLES:
        for viewer in (None, *range(state.players)):
            yield viewer, ET.fromstring(GAME.presentation.render_board(state.view(viewer)))


def title_of(element: ET.Element) -> str:
    found = element.find(f"{SVG}title")
    assert found is not None, element.attrib
    return found.text or ""


# --- the glossary ------------------------------------------------------------------

def test_every_area_piece_box_and_track_of_the_data_has_an_entry():
    keys = {entry.key for entry in GAME.presentation.glossary}
    assert {glossary.area_key(area["id"]) for area in DATA["map"]["areas"]} <= keys
    assert {glossary.piece_key(piece) for piece in ("miner", "port", "train", "adit")} <= keys
    assert {glossary.pumps_key(box) for box in range(len(DATA["steam_pumps"]["box_sizes"]))} <= keys
    assert {glossary.investment_key(row["turn"], cost)
            for row in DATA["investments"]["rows"] for cost in DATA["investments"]["column_costs"]} <= keys
    assert {glossary.price_key("tin"), glossary.price_key("copper"), glossary.MINE, glossary.TIME_TRACK,
            glossary.ORDER_OF_PLAY, glossary.DEVELOPMENTS} <= keys


def test_an_area_says_its_ore_coast_mine_cost_and_borders_from_the_map_data():
    # rulebook: Starting The Game; A. Build Mine; B. Mine Ore; TIN-R11
    agnes = GAME.presentation.glossary["area:st_agnes"]
    assert (agnes.name, agnes.kind, agnes.source) == ("St Agnes", "starting area", DATA["map"]["source"])
    for words in ("1 copper and 2 tin", "port may be built", "opening bid at least £1", "spends 2 TP",
                  "£1 for each water cube", "Portreath, Redruth, Gwennap, Perranporth and Truro"):
        assert words in agnes.text
    truro = GAME.presentation.glossary["area:truro"]
    assert truro.kind == "clear area" and "Inland: no port" in truro.text and "prospected" in truro.text


def test_tracks_boxes_and_pieces_give_the_datas_numbers():
    # TIN-R15, TIN-R18, TIN-R46, TIN-R39
    copper = GAME.presentation.glossary["price:copper"].text
    assert "4 or less: £2" in copper and "9 or more: £7" in copper and "+1 in turn 1" in copper
    assert "scores 36 VP" in GAME.presentation.glossary["investment:1:30"].text
    assert "Holds 3 discs from turn 4 on" in GAME.presentation.glossary["pumps:4"].text
    train = GAME.presentation.glossary["development:train"].text
    assert "2 water cubes there and 1 from each bordering area" in train


def test_reconstructed_entries_are_marked_and_speak_in_the_games_words():
    # TIN-R18: boxes 1 and 2 are the rulebook's, 3 and 4 reconstructed
    assert GAME.presentation.glossary["pumps:1"].source == "RULEBOOK" and GAME.presentation.glossary["pumps:1"].printed
    assert GAME.presentation.glossary["pumps:3"].source == "RECONSTRUCTED" and not GAME.presentation.glossary["pumps:3"].printed
    for entry in GAME.presentation.glossary:  # issue 53: the Sources page says where a text comes from, not the text
        assert "reconstructed" not in entry.title().lower(), entry.key
    assert GAME.presentation.glossary["area:gwennap"].source == "RECONSTRUCTED"  # TIN-R11: the map is reconstructed


def test_a_person_finds_an_entry_by_its_name():
    assert [entry.key for entry in GAME.presentation.glossary.find("st agnes")] == ["area:st_agnes"]
    assert [entry.key for entry in GAME.presentation.glossary.find("Adit")] == ["development:adit"]


# --- the board names what it draws ---------------------------------------------------

def test_every_explained_element_names_a_glossary_entry_in_its_title():
    seen = set()
    for _, root in boards():
        for element in root.iter():
            key = element.get("data-explain")
            if key is None:
                continue
            assert key in GAME.presentation.glossary, key
            seen.add(key)
            title = title_of(element)
            assert title.endswith(GAME.presentation.glossary[key].title())
            if element.get("data-actions"):  # first what clicking does, then the entry
                assert len(title) > len(GAME.presentation.glossary[key].title()) + 2
    assert {glossary.area_key(area) for area in T.area_ids} <= seen
    assert {"development:port", "development:miner", "mine", "price:tin", "pumps:1", "investment:4:30"} <= seen


def test_nothing_is_face_down_so_every_area_is_explained_to_every_seat():
    # TIN-R7: Tinners' Trail holds no hidden information; every seat's board explains the same things
    state = SAMPLES[-1]
    keys = [{e.get("data-explain") for e in ET.fromstring(GAME.presentation.render_board(state.view(viewer))).iter()}
            for viewer in (None, *range(state.players))]
    assert all(found == keys[0] for found in keys)


def test_every_text_is_at_least_12_units_and_area_names_are_labels():
    for _, root in boards():
        names = set()
        for element in root.iter(f"{SVG}text"):
            assert float(element.get("font-size", 14)) >= 12
            if element.get("class") == "label":
                names.add(element.text)
        assert set(T.area_names) <= names


def test_the_area_hint_uses_the_menus_words():
    state = new(3, seed=3)
    actions_phase(state, pending=[0, 1, 2], money=[20, 20, 20])
    root = ET.fromstring(GAME.presentation.render_board(state.view(0)))
    (truro,) = [e for e in root.iter() if e.get("data-area") == "truro"]
    for action in state.decision(0).actions:
        if action.id in truro.get("data-actions").split():
            assert GAME.presentation.describe_action(action) in title_of(truro)


def test_the_money_and_vp_of_every_seat_sit_in_the_boards_top_part():
    # issue #21: Tinners' Trail's scores were below the fold
    state = SAMPLES[-1]
    root = ET.fromstring(GAME.presentation.render_board(state.view(0)))
    for seat in range(state.players):
        for field in ("money", "vp"):
            (mark,) = [e for e in root.iter() if e.get("data-view") == f"players.{seat}.{field}"]
            (text,) = [t for t in root.iter(f"{SVG}text") if mark in list(t)]
            assert float(text.get("y")) < 450


# --- names for people, never ids -------------------------------------------------

def _ids_in(text: str) -> set[str]:
    words = set(re.findall(r"[a-z]+(?:_[a-z]+)+|[a-z_]+-[a-z_]+", text))
    return words | (AREA_IDS & set(re.findall(r"[a-z_]+", text)))


def test_no_log_sentence_or_action_label_of_a_whole_game_holds_an_id_or_seat_0():
    state = SAMPLES[-1]
    sentences = {GAME.presentation.describe_event(entry) for seat in (None, *range(state.players))
                 for entry in state.log_for(seat)}
    for text in sentences | LABELS:
        assert not _ids_in(text), text
        assert "Seat 0" not in text and "None" not in text, text
    assert any("St Agnes" in text or "St Just" in text for text in sentences)


def test_names_reach_the_log_the_board_and_the_terminal():
    state = new(3, seed=2)
    actions_phase(state, pending=[0, 1, 2], money=[20, 20, 20])
    play(state, "build_mine:redruth", "bid:3", "drop_out", "drop_out")
    mover = state.to_move()[0]
    watcher = (mover + 1) % 3
    with naming(NAMES):
        assert GAME.presentation.describe_event(state.log[-1]) == "Ann builds a mine in Redruth for £3"
        board = GAME.presentation.render_board(state.view(watcher))
        terminal = GAME.presentation.render_text(state.view(None))
    assert "Mine of Ann (vermilion)" in board and "Seat " not in board
    (header,) = [e for e in ET.fromstring(board).iter() if e.get("data-to-move") is not None]
    assert f"{NAMES[mover]} (" in "".join(header.itertext())
    assert f"{NAMES[watcher]} (you)" in board
    assert "Ann" in terminal and "Seat " not in terminal


def test_the_viewer_to_move_reads_your_move():
    state = SAMPLES[0]
    mover = state.to_move()[0]
    (header,) = [e for e in ET.fromstring(GAME.presentation.render_board(state.view(mover))).iter()
                 if e.get("data-to-move") is not None]
    assert "your move" in "".join(header.itertext())
    (header,) = [e for e in ET.fromstring(GAME.presentation.render_board(state.view(None))).iter()
                 if e.get("data-to-move") is not None]
    assert f"{seat_label(mover)} (" in "".join(header.itertext())


# --- the terminal ----------------------------------------------------------------

@pytest.mark.parametrize("sample", [0, 1, -1])
def test_render_text_is_plain_text_without_ids_or_raw_data(sample):
    state = SAMPLES[sample]
    for viewer in (None, 0):
        text = GAME.presentation.render_text(state.view(viewer))
        assert not _ids_in(text), _ids_in(text)
        assert not re.search(r"[{}\[\]]|\bNone\b|\bTrue\b|\bFalse\b|Seat 0", text)


def test_render_text_names_the_adits_and_the_glossary_names_the_borders():
    state = new(3, seed=3)
    actions_phase(state, pending=[0, 1, 2], money=[20, 20, 20])
    play(state, "build_adit:truro-falmouth")
    text = GAME.presentation.render_text(state.view(None))
    assert "Adits: Truro–Falmouth" in text
    assert "type ? and an area's name for its borders" in text
    assert GAME.presentation.glossary["area:st_just"].text.endswith("Borders St Ives and Penzance.")  # TIN-R11


# --- statistics ---------------------------------------------------------------------

def test_every_statistic_has_a_name_in_words():
    for key in SAMPLES[-1].statistics():
        assert "_" not in GAME.presentation.statistic_label(key) and GAME.presentation.statistic_label(key)[0].isupper()
    assert GAME.presentation.statistic_label("score_turn_2") == "Victory points from turn 2's external investments"
    assert GAME.presentation.statistic_label("vp") == "Victory points"
