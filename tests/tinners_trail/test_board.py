"""The board picture: one SVG from a seat's view, legal actions clickable where
they happen."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from headframe.engine import Rng, seat_colour
from headframe.engine.people import SEAT_COLOURS
from headframe.games.tinners_trail.board import ON_BOARD
from headframe.games.tinners_trail.board_map import AREA_LAYOUT

from .helpers import GAME, T, actions_phase, new, play, sampled

NS = {"svg": "http://www.w3.org/2000/svg"}
ARTIFACTS = Path(__file__).parents[2] / "test-artifacts" / "boards"


def parse(picture: str) -> ET.Element:
    return ET.fromstring(picture)


def clickable_ids(root: ET.Element) -> list[str]:
    return [i for element in root.iter() for i in element.get("data-actions", "").split()]


def group_of(root: ET.Element, **attributes) -> ET.Element:
    (found,) = [e for e in root.iter() if all(e.get(k.replace("_", "-")) == v for k, v in attributes.items())]
    return found


def check_picture(state, seat):
    view = state.view(seat)
    picture = GAME.presentation.render_board(view)
    assert GAME.presentation.render_board(view) == picture
    root = parse(picture)
    drawn = clickable_ids(root)
    assert len(drawn) == len(set(drawn))  # each action in one place
    legal = {a.id for a in state.decision(seat).actions} if seat in state.to_move() else set()
    assert set(drawn) <= legal
    on_board = {a.id for a in state.decision(seat).actions if a.kind in ON_BOARD} if legal else set()
    assert on_board <= set(drawn)
    if seat is not None:
        world = state.determinize(seat, Rng(seat + 11))
        assert GAME.presentation.render_board(world.view(seat)) == picture
    return drawn


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_draw_every_on_board_action_and_nothing_else(players):
    state = GAME.new_state(players, seed=players)
    kinds_drawn: set[str] = set()
    for position in sampled(state, Rng(players), every=9):
        check_picture(position, None)
        for seat in position.to_move():
            kinds_drawn |= {i.split(":")[0] for i in check_picture(position, seat)}
    assert {"build_mine", "mine_ore", "invest", "prospect", "improve_steam_pumps", "remove_water"} <= kinds_drawn


def test_layout_places_every_area_and_nothing_else():
    assert sorted(AREA_LAYOUT) == sorted(T.area_ids)


def test_a_mine_shows_in_its_area_in_the_owners_colour():
    state = new(3, seed=2)
    actions_phase(state, pending=[0, 1, 2], money=[20, 20, 20])
    play(state, "build_mine:redruth", "bid:3", "drop_out", "drop_out")
    root = parse(GAME.presentation.render_board(state.view(None)))
    redruth = group_of(root, data_area="redruth")
    box = redruth.find(".//svg:rect", NS)
    assert box.get("stroke") == seat_colour(0)
    assert "Mine of Seat 1 (vermilion)" in ET.tostring(redruth, encoding="unicode")
    camborne = group_of(root, data_area="camborne")
    assert camborne.find(".//svg:rect", NS).get("stroke") not in SEAT_COLOURS


def test_area_clicks_build_mines_and_adits_sit_on_borders():
    state = new(3, seed=3)
    actions_phase(state, pending=[0, 1, 2], money=[20, 20, 20])
    root = parse(GAME.presentation.render_board(state.view(0)))
    truro = group_of(root, data_area="truro")
    assert "build_mine:truro" in truro.get("data-actions").split()
    assert "Build a mine in Truro: auction it (the winner spends 2 TP)" in truro.find("svg:title", NS).text  # the menu's words
    border = group_of(root, data_border="truro-falmouth")
    assert border.get("data-actions") == "build_adit:truro-falmouth"
    play(state, "build_adit:truro-falmouth")
    root = parse(GAME.presentation.render_board(state.view(None)))
    built = group_of(root, data_border="truro-falmouth")
    assert built.get("data-actions") is None and "Adit between Truro and Falmouth" in built.find("svg:title", NS).text


def test_steam_pumps_and_investment_boxes_are_clickable():
    state = new(3, seed=4)
    actions_phase(state, pending=[0, 1, 2], money=[20, 20, 20])
    root = parse(GAME.presentation.render_board(state.view(0)))
    assert "improve_steam_pumps:0" in clickable_ids(root)
    state.step, state.turn = "invest", 2
    state.investments[1][0] = [1]
    state._decisions = {}
    root = parse(GAME.presentation.render_board(state.view(state.to_move()[0])))
    ids = clickable_ids(root)
    assert {"invest:0", "invest:1", "invest:2", "invest:3"} <= set(ids) and "invest:4" not in ids  # £20 at most
    cubes = [e for e in root.iter(f"{{{NS['svg']}}}rect") if e.get("fill") == seat_colour(1)]
    assert cubes  # seat 1's cube in turn 2's £5 box


def test_examples_are_saved_for_people_to_look_at():
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    state = GAME.new_state(4, seed=3)
    rng = Rng(3)
    saved = []
    while not state.is_over():
        if state.step == "auction" and "auction" not in saved or state.turn == 3 and "turn3" not in saved:
            name = "auction" if state.step == "auction" else "turn3"
            seat = state.to_move()[0]
            (ARTIFACTS / f"tinners-trail-{name}.svg").write_text(GAME.presentation.render_board(state.view(seat)))
            saved.append(name)
        seat = state.to_move()[0]
        state.apply(seat, GAME.learning.heuristic(state, seat, rng))
    (ARTIFACTS / "tinners-trail-over.svg").write_text(GAME.presentation.render_board(state.view(None)))
    assert sorted(saved) == ["auction", "turn3"]
    for path in ARTIFACTS.glob("tinners-trail-*.svg"):
        parse(path.read_text())
