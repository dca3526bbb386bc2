"""Everything on Copper Country's board explains itself, for people (#21): a glossary
entry for every card, token, building, space and track icon of the data, named on the
board by `data-explain` with its text in the `<title>`; names instead of data ids;
seats through `seat_label`; card names whole inside their cards; the terminal's map
with its connections; every statistic in words."""

from __future__ import annotations

import re
from xml.etree import ElementTree

import pytest

from headframe.agents.random_agent import play_random_game
from headframe.engine import Rng, naming, seat_colour_name
from headframe.engine.glossary import PRINTED
from headframe.engine.svg import FACE_DOWN
from headframe.games.copper_country import glossary
from headframe.games.copper_country.board_map import text_width

from .helpers import GAME, new, set_hand
from .test_log_text import CARD_ID, OTHER_ID, PLACE_ID, SNAKE

SVG = "{http://www.w3.org/2000/svg}"
T = GAME.tables


def _positions():
    """Views of one seeded 2-player short game and one winter 3-player game, early, mid and
    late, for each seat and a spectator."""
    views = []
    for players, options in ((2, GAME.short_options), (3, {**GAME.short_options, "board": "winter"})):
        state = GAME.new_state(players, seed=21, options=options)
        rng = Rng(21)
        step = 0
        while not state.is_over():
            if step % 60 == 0:
                views += [state.view(seat) for seat in (None, *range(players))]
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.decision(seat).actions))
            step += 1
        views += [state.view(seat) for seat in (None, *range(players))]
    return views


VIEWS = _positions()
PICTURES = [ElementTree.fromstring(GAME.presentation.render_board(view)) for view in VIEWS]


def _explained(picture):
    return [e for e in picture.iter() if e.get("data-explain")]


def test_every_explained_element_names_a_glossary_entry_and_shows_it():
    keys = set()
    for picture in PICTURES:
        for element in _explained(picture):
            key = element.get("data-explain")
            assert key in GAME.presentation.glossary, key
            keys.add(key)
            title = element.find(f"{SVG}title")
            assert title is not None and GAME.presentation.glossary[key].title() in title.text, key
            if element.get("data-actions"):  # a clickable thing says first what clicking does
                assert title.text.startswith("Click: "), title.text
    kinds = {key.split(":")[0] for key in keys}
    assert {"card", "space", "building", "track", "era", "area", "company"} <= kinds


def test_every_component_of_the_data_has_an_entry():
    entries = GAME.presentation.glossary
    assert all(glossary.capital_key(T, card) in entries for card in T.capital)
    assert all(glossary.production_key(card) in entries for card in T.rows)
    assert all(glossary.company_key(company) in entries for company in T.companies)
    assert all(glossary.business_key(card) in entries for card in T.businesses)
    assert all(glossary.event_key(card) in entries for card in T.events)
    assert all(glossary.terrain_key(face) in entries for face in T.terrain.values())
    assert all(glossary.era_key(era) in entries for era in T.era_name)
    for name, board in T.boards.items():
        for place in board.camps + board.sites + board.spaces + board.builds:
            assert glossary.place_key(name, place) in entries
    # Capital cards that give the same are one entry: 6 singles, 9 "or" pairs, 9 "and" pairs (COP-R50).
    assert len({glossary.capital_key(T, card) for card in T.capital}) == 6 + 9 + 9


def test_an_entry_says_its_full_effect_and_whether_it_is_printed():
    collapse = GAME.presentation.glossary[glossary.production_key("PROD1-12")]  # rulebook: Example B, Collapse!
    assert collapse.name == "Collapse!" and collapse.source == "RULEBOOK" and collapse.printed
    assert "Row 1: play an equipment resource, play an underground development resource, place 1 poor rock, " \
           "place 1 miner in the cemetery, produce copper" in collapse.text
    card = GAME.presentation.glossary[glossary.capital_key(T, "CAP2-01")]
    assert card.name == "Labor or Surface Development"
    assert "one of its two resources" in card.text and card.source == "RECONSTRUCTED"
    assert not card.printed and "Reconstructed" not in card.title()  # issue 53: the Sources page says so
    bank = GAME.presentation.glossary[glossary.business_key("LB2")]
    assert bank.source == "INVENTED" and not bank.printed and "Invented" not in bank.title()
    for entry in GAME.presentation.glossary:
        assert entry.printed == (entry.source in PRINTED)
        assert not CARD_ID.search(entry.title()) and not OTHER_ID.search(entry.title()), entry.key
        assert not PLACE_ID.search(entry.title()) and not SNAKE.search(entry.title()), entry.key


def test_a_face_down_card_or_token_carries_no_key():
    for picture in PICTURES:
        for element in _explained(picture):
            assert FACE_DOWN not in {e.get("fill") for e in element.iter()}, element.get("data-explain")


def test_no_text_of_the_board_shows_an_id_or_a_zero_based_seat():
    for picture in PICTURES:
        for element in picture.iter():
            for words in (element.text or "", element.get("aria-label") or ""):
                assert not CARD_ID.search(words) and not OTHER_ID.search(words), words
                assert not PLACE_ID.search(words) and not SNAKE.search(words), words
                assert "Seat 0" not in words, words


def test_names_reach_the_log_the_board_and_the_terminal():
    state = new(2)
    with naming(["Ann", "Bob"]):
        assert GAME.presentation.describe_event({"event": "contract", "seat": 1, "miner": 0, "camp": "C2"}) == \
            "Bob contracts a miner at camp 2"
        board = GAME.presentation.render_board(state.view(None))
        text = GAME.presentation.render_text(state.view(1))
    picture = ElementTree.fromstring(board)
    mover = next(e for e in picture.iter() if e.get("data-to-move"))
    assert "Ann" in "".join(mover.itertext())  # helpers.new: seat 0 begins
    words = " ".join(" ".join(picture.itertext()).split())
    assert "Ann" in words and "Bob" in words and "Seat 1" not in words and "Seat 2" not in words
    assert "Bob (you), blue" in text and "Ann, vermilion" in text


def _box(element):
    """(left, right) of a label text, drawn at its x with its anchor, of its fitted or estimated width."""
    x, size = float(element.get("x")), float(element.get("font-size"))
    width = float(element.get("textLength") or text_width(element.text, size, element.get("font-weight") is not None))
    left = {"middle": x - width / 2, "end": x - width}.get(element.get("text-anchor") or "start", x)
    return left, left + width, float(element.get("y")), size


def test_card_names_are_whole_inside_their_cards_and_never_overlap():
    state = new(2)
    hand = ["CAP1-19", "CAP1-20", "CAP2-13", "CAP3-11", "CAP2-05", "CAP1-01", "CAP3-04", "CAP1-31", "CAP2-11",
            "CAP1-25", "CAP1-13", "CAP3-10", "CAP2-09"]
    set_hand(state, 0, hand)
    state.hand_public[0] = hand[:6]  # known to Seat 2: drawn face up beside the back
    for seat in (0, 1):
        picture = ElementTree.fromstring(GAME.presentation.render_board(state.view(seat)))
        ledgers = next(e for e in picture.iter(f"{SVG}g") if e.get("class") == "ledgers")
        cards = [e for e in ledgers.iter() if e.get("data-explain", "").startswith("card:")]
        assert len(cards) == (13 if seat == 0 else 6 + len(state.hands[1]))
        rects = []
        for card in cards:
            rect = card.find(f"{SVG}g/{SVG}rect")
            x, y, w, h = (float(rect.get(k)) for k in ("x", "y", "width", "height"))
            for other in rects:  # no two cards overlap
                assert x + w <= other[0] or other[0] + other[2] <= x or y + h <= other[1] or other[1] + other[3] <= y
            rects.append((x, y, w, h))
            for text in card.iter(f"{SVG}text"):
                if text.get("class") == "label":
                    left, right, baseline, size = _box(text)
                    assert x <= left and right <= x + w and y + size <= baseline <= y + h, text.text


def test_every_text_is_at_least_12_units_and_names_are_labels():
    for picture in PICTURES:
        sizes = [float(e.get("font-size")) for e in picture.iter() if e.get("font-size")]
        assert min(sizes) >= 12
        labels = {e.text for e in picture.iter(f"{SVG}text") if e.get("class") == "label"}
        assert "Copper Country" in labels and any(words.startswith("Site ") for words in labels)


@pytest.mark.parametrize("view", VIEWS[::3])
def test_the_terminal_reads_as_plain_words_with_the_map(view):
    text = GAME.presentation.render_text(view)
    assert not re.search(r"[{}\[\]_]|\bNone\b|\bTrue\b|\bFalse\b|\[/?\w", text), text
    assert not CARD_ID.search(text) and not OTHER_ID.search(text) and not PLACE_ID.search(text)
    assert "Seat 0" not in text
    board = T.boards[view["board"]]
    for camp in board.camps:  # each place with what it is next to
        numbers = ", ".join(str(int(site[1:])) for site in board.camp_sites[camp])
        assert f"Camp {int(camp[1:])} — mine sites {numbers}." in text
    assert all(f"Mine site {int(site[1:])} — " in text for site in board.sites)
    for seat in range(view["player_count"]):
        assert seat_colour_name(seat) in text  # the one palette of the board and the pages


def test_every_statistic_has_a_name_in_words():
    state = GAME.new_state(2, seed=3, options=GAME.short_options)
    play_random_game(state, Rng(3))
    assert set(state.statistics()) <= set(GAME.statistic_labels)
    assert GAME.presentation.statistic_label("miners_to_cemetery") == "Miners sent to the cemetery"
