"""The narrow board (a phone's, #21): the viewer's own seat comes before the
shared board and the other seats; every place a decision is clicked is big
enough for a thumb; names stay whole inside their cards at 14 units and no two
texts overlap; a face-down card stays face down."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from headframe.engine import Rng, svg
from headframe.games.ore_city.board import HAND_CARD

from ..boards import NS, clickables, hint, texts
from .helpers import GAME, act, table
from .test_board_layout import check as check_layout
from .test_board_layout import shifts

CARDS = frozenset({"80", "24", "40"})  # the heights of the narrow board's cards and acquired chips
THUMB = 40


@pytest.fixture(scope="module")
def boards() -> list[tuple[dict, ET.Element, str]]:
    """(view, narrow board, its markup) along a seeded game, seen by the seat to move and by a spectator."""
    state, rng = GAME.new_state(4, seed=21, options={"round_limit": 12}), Rng(21)
    found, decision = [], 0
    while state.to_move():
        seat = state.to_move()[0]
        if decision % 9 == 0:
            for viewer in (seat, None):
                view = state.view(viewer)
                markup = GAME.presentation.render_board(view, narrow=True)
                found.append((view, ET.fromstring(markup), markup))
        state.apply(seat, rng.choice(state.decision(seat).actions))
        decision += 1
    return found


def seat_row(root: ET.Element, seat: int) -> ET.Element:
    return next(node for node in root.iter(f"{NS}g") if node.get("class") == f"seat seat-{seat}")


def top(root: ET.Element, node: ET.Element) -> float:
    """Where a seat's row, the common space or a text begins on the board (its groups moved down)."""
    shape = node if node.tag == f"{NS}text" else next(node.iter(f"{NS}rect"))
    return float(shape.get("y")) + shifts(root)[shape][1]


def common_space(root: ET.Element) -> ET.Element:
    return next(node for node in root.iter(f"{NS}g") if node.get("data-explain") == "space:common")


def extent(node: ET.Element) -> tuple[float, float]:
    """The width and height a clickable place covers: its shapes' bounding box."""
    shapes = [(float(r.get("x")), float(r.get("y")), float(r.get("width")), float(r.get("height")))
              for r in node.iter(f"{NS}rect")]
    left, upper = min(s[0] for s in shapes), min(s[1] for s in shapes)
    return max(s[0] + s[2] for s in shapes) - left, max(s[1] + s[3] for s in shapes) - upper


def test_the_own_seat_comes_first_then_the_shared_board_then_the_others(boards):
    for view, root, _ in boards:
        common = top(root, common_space(root))
        others = [top(root, seat_row(root, seat)) for seat in range(view["player_count"]) if seat != view["seat"]]
        assert common < min(others)
        if view["seat"] is not None:
            mine = seat_row(root, view["seat"])
            amounts = [node for node in mine.iter(f"{NS}text") if any(
                part.get("data-view") == f"seats.{view['seat']}.coins" for part in node)]
            assert len(amounts) == 1 and top(root, mine) < top(root, amounts[0]) < common
        # the other seats in turn order after the viewer
        first = 0 if view["seat"] is None else view["seat"] + 1
        order = [(first + i) % view["player_count"] for i in range(len(others))]
        assert [top(root, seat_row(root, seat)) for seat in order] == sorted(others)


def test_every_clickable_place_is_big_enough_for_a_thumb(boards):
    clicked = 0
    for _, root, _ in boards:
        for node in clickables(root):
            width, height = extent(node)
            assert width >= THUMB and height >= THUMB, (hint(node), width, height)
            clicked += 1
    assert clicked > 50


def test_names_stay_whole_in_their_cards_and_no_texts_overlap(boards):
    for _, _, markup in boards:
        check_layout(markup, CARDS, svg.NARROW_TEXT)


def test_the_own_hands_names_are_not_squeezed(boards):
    for view, root, _ in boards:
        if view["seat"] is None:
            continue
        cards = [card for card in seat_row(root, view["seat"]).iter(f"{NS}g")
                 if (shape := card.find(f"{NS}rect")) is not None and shape.get("width") == str(HAND_CARD.width)]
        assert len(cards) == len(view["seats"][view["seat"]]["hand"])
        squeezed = [label.text for card in cards for label in card.iter(f"{NS}text") if label.get("textLength")]
        assert not squeezed


def test_a_face_down_hand_stays_face_down_with_its_type_in_full():
    state = table(3, hands={0: ["park"], 1: ["highway", "hospital", "single_house"]}, coins=[4, 0, 0])
    theirs = seat_row(ET.fromstring(GAME.presentation.render_board(state.view(0), narrow=True)), 1)
    seen = ET.tostring(theirs, encoding="unicode")
    assert "Highway" not in seen and "Hospital" not in seen and "Single" not in seen and "card:" not in seen
    assert {"Industrial", "Public", "Works", "Residential"} <= set(texts(theirs))
    assert "Highway" in texts(seat_row(ET.fromstring(GAME.presentation.render_board(state.view(1), narrow=True)), 1))


def test_police_station_targets_and_a_full_common_space_are_thumb_sized():
    state = table(3, hands={0: ["police_station"], 1: ["highway", "park"], 2: ["park"]}, coins=[7, 0, 0])
    act(state, "accomplish:police_station")
    root = ET.fromstring(GAME.presentation.render_board(state.view(0), narrow=True))
    targets = clickables(seat_row(root, 1))
    assert {node.get("data-actions") for node in targets} == {"police_take:1:industrial", "police_take:1:residential"}
    assert all(min(extent(node)) >= THUMB for node in targets)
    # ORE-R34: an Exchange can give three cards, so the common space holds eight before the takes
    state = table(3, hands={0: ["convenience_store", "department_store", "small_store"]},
                  common=["single_house", "apartment_house", "condominium", "park", "hospital"],
                  acquired={0: ["wind_turbine", "small_factory", "chemical_factory", "city_hall", "hospital",
                                "university", "airport", "police_station"]})
    act(state, "exchange")
    for card in ("convenience_store", "department_store", "small_store"):
        act(state, f"give:{card}")
    act(state, "end_giving")
    markup = GAME.presentation.render_board(state.view(0), narrow=True)
    check_layout(markup, CARDS, svg.NARROW_TEXT)
    takes = [node for node in clickables(common_space(ET.fromstring(markup)))
             if node.get("data-actions").startswith("take:")]
    assert len(takes) == 8 and all(min(extent(node)) >= THUMB for node in takes)
