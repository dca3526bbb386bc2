"""Names and seats for people (#21): every seat a person reads goes through
`seat_label` (so a table's names reach the log, menus, board and terminal), seats
count from 1, and no data id ever shows: cards by their printed names."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from headframe.engine import Rng, naming

from ..boards import NS
from .helpers import GAME, table

# A data id: a snake_case word, or a card id standing alone (ids are the lowercase
# forms of names such as "park"). Ruling references (ORE-R25) cite the rules and stay.
SNAKE = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")
IDS = set(GAME.tables.name)


def board_texts(markup: str) -> list[str]:
    root = ET.fromstring(markup)
    return [" ".join(node.itertext()) for node in root.iter() if node.tag in (f"{NS}text", f"{NS}title")]


def assert_for_people(text: str, players: int) -> None:
    assert not SNAKE.search(text), text
    assert not set(re.findall(r"\b[a-z]+\b", text)) & IDS, text
    assert all(1 <= int(n) <= players for n in re.findall(r"\bSeat (\d+)", text)), text
    assert not re.search(r"[{}\[\]]|\bNone\b|\bTrue\b|\bFalse\b", text), text


def test_a_whole_seeded_game_reads_without_ids_or_seat_0():
    players = 3
    state, rng = GAME.new_state(players, seed=5, options={"round_limit": 12}), Rng(5)
    decision = 0
    while state.to_move():
        seat = state.to_move()[0]
        for action in state.decision(seat).actions:
            assert_for_people(GAME.presentation.describe_action(action), players)
        if decision % 25 == 0:
            for viewer in (None, *range(players)):
                assert_for_people(GAME.presentation.render_text(state.view(viewer)), players)
                for words in board_texts(GAME.presentation.render_board(state.view(viewer))):
                    assert_for_people(words, players)
        state.apply(seat, rng.choice(state.decision(seat).actions))
        decision += 1
    for viewer in (None, *range(players)):
        assert_for_people(GAME.presentation.render_text(state.view(viewer)), players)
        for entry in state.log_for(viewer):
            assert_for_people(GAME.presentation.describe_event(entry), players)


def test_a_sentence_names_the_players():
    entry = {"event": "construct", "seat": 0, "card": "single_house", "count": 2, "space": 1, "cost": 0,
             "gains": {"1": 2}}
    with naming(["Ann", "Bob", "Cy"]):
        assert GAME.presentation.describe_event(entry) == \
            "Ann constructs 2 copies of Single House in Bob's construction space at no cost; Bob earns 2G"


def test_a_board_and_its_text_name_the_players():
    state = table(3, hands={0: ["park"], 1: ["highway"]}, spaces={1: [("single_house", 1)]})
    with naming(["Ann", "Bob", "Cy"]):
        markup = GAME.presentation.render_board(state.view(0))
        text = GAME.presentation.render_text(state.view(0))
    words = " ".join(board_texts(markup))
    assert "Ann (you) · vermilion takes an action" in words and "Bob" in words and "Cy" in words
    assert "Construct Park in Bob's space" in words  # the menu's words (describe_action)
    assert "Seat" not in words and "Seat" not in text
    assert "Ann (you)" in text and "Single House (Bob)" in text


def test_the_board_and_the_menu_word_an_action_alike():
    # One wording: the board's hint for a construction is the menu's label (describe_action), cost added.
    state = table(2, hands={0: ["park"]}, spaces={1: [("single_house", 1)]})
    root = ET.fromstring(GAME.presentation.render_board(state.view(0)))
    hints = {node.find(f"{NS}title").text for node in root.iter() if node.get("data-actions")}
    constructions = [GAME.presentation.describe_action(a) for a in state.decision(0).actions if a.kind == "construct"]
    assert "Construct Park in Seat 1's space" in constructions
    for label in constructions:
        assert any(f"{label} (0G)" in hint for hint in hints), label
