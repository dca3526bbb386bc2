"""The phone's board (`render_board(view, narrow=True)`): what the conformance test does not check and
a phone player needs. The seat's own company comes before the Boss's Desk, the desk's part of the
current step comes first, clickable places are thumb-sized, names do not overlap, and a drawn tile
stays face down to the others."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

from headframe.engine import seat_label
from headframe.games.coal_country.board_narrow import SCALE

from ..boards import NS, clickables, texts
from .helpers import GAME, tile_drawn

THUMB = 36  # units of the narrow board: "about 40"
PREVIEW = 28


@pytest.fixture(scope="module")
def boards() -> list[tuple[dict, ET.Element]]:
    """Every fourth position of a seeded four-player game, seen by the seat to move, narrow."""
    state = GAME.new_state(4, seed=5, options={})
    rng = random.Random(5)
    found, step = [], 0
    while not state.is_over():
        seat = state.to_move()[0]
        if step % 4 == 0 or state.decision(seat).kind != "place_foreman":
            view = state.view(seat)
            found.append((view, ET.fromstring(GAME.presentation.render_board(view, narrow=True))))
        state.apply(seat, rng.choice(state.decision(seat).actions))
        step += 1
    return found


def tops(root: ET.Element) -> dict[str, float]:
    """The y of every text by its words (the first one drawn of equal words)."""
    found: dict[str, float] = {}
    for node in root.iter(f"{NS}text"):
        found.setdefault("".join(node.itertext()), float(node.get("y")))
    return found


def test_the_seat_sees_its_own_company_before_the_desk_and_the_others(boards):
    for view, root in boards:
        at = tops(root)
        own = next(y for words, y in at.items() if words.startswith(f"{seat_label(view['seat'])} (you)"))
        others = [y for words, y in at.items() if words.startswith("Seat ") and "(you)" not in words
                  and words.split(" · ")[0] in {seat_label(p["seat"]) for p in view["players"]}]
        assert own < at["Boss's Desk"] < min(others)
        cash = next(node for node in root.iter() if node.get("data-view") == f"players.{view['seat']}.cash")
        assert cash.text == str(view["players"][view["seat"]]["cash"])


@pytest.mark.parametrize("step, part", [("market", "Utility market"), ("permit", "Permit office"),
                                        ("construction", "Construction company"), ("brokers", "Coal brokers")])
def test_the_desk_shows_the_current_steps_part_first(boards, step, part):
    seen = [root for view, root in boards if view["step"] == step]
    assert seen, f"the game never reached the {step} step"
    for root in seen:
        at = tops(root)
        desk = sorted(y for words, y in at.items() if y > at["Boss's Desk"] and words in
                      ("Price widget", "Coal brokers", "Permit office", "Utility market", "Earnings track")
                      or words.startswith("Construction company"))
        assert next(w for w, y in at.items() if y == desk[0]).startswith(part)


def box(node: ET.Element) -> tuple[float, float, float, float]:
    """The rectangles and circles under a node, as one box in the narrow board's units."""
    edges = []
    for shape in node.iter():
        if shape.tag == f"{NS}rect":
            x, y = float(shape.get("x")), float(shape.get("y"))
            edges.append((x, y, x + float(shape.get("width")), y + float(shape.get("height"))))
        elif shape.tag == f"{NS}circle":
            cx, cy, r = float(shape.get("cx")), float(shape.get("cy")), float(shape.get("r"))
            edges.append((cx - r, cy - r, cx + r, cy + r))
    left, top, right, bottom = (f(e[i] for e in edges) for i, f in enumerate((min, min, max, max)))
    return left * SCALE, top * SCALE, right * SCALE, bottom * SCALE


def test_every_place_a_decision_is_clicked_on_is_thumb_sized(boards):
    sizes = []
    for _, root in boards:
        for node in clickables(root):
            left, top, right, bottom = box(node)
            sizes.append((min(right - left, bottom - top), node.get("data-actions")))
    kinds = {ids.split(":")[0] for _, ids in sizes}
    assert {"place", "stack", "place_tile", "buy_cube", "build"} <= kinds
    # A drawn tile's turnings share its cell, four to a cell: in a mine five cells wide a quarter is smaller.
    small = [(round(size), ids) for size, ids in sizes if size < (PREVIEW if ids.startswith("place_tile") else THUMB)]
    assert not small, small


def label_box(node: ET.Element) -> tuple[float, float, float, float]:
    """A name's box from its position and size (0.6 of an em a letter), in the column's units."""
    size = float(node.get("font-size", 14))
    words = "".join(node.itertext())
    x, y = float(node.get("x")), float(node.get("y"))
    width = 0.6 * size * len(words)
    left = x - width / 2 if node.get("text-anchor") == "middle" else x
    return left, y - size * 0.75, left + width, y


def test_names_do_not_overlap(boards):
    for _, root in boards[::6]:
        labels = [(("".join(n.itertext())), label_box(n)) for n in root.iter(f"{NS}text") if n.get("class") == "label"]
        for i, (one, a) in enumerate(labels):
            for other, b in labels[i + 1:]:
                apart = a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
                assert apart, (one, other)


def test_a_drawn_tile_stays_face_down_to_the_others():
    state = tile_drawn()
    design = state.view(0)["current"]["tile"]
    mine = ET.fromstring(GAME.presentation.render_board(state.view(0), narrow=True))
    theirs = ET.fromstring(GAME.presentation.render_board(state.view(1), narrow=True))
    assert design in texts(mine) and design not in texts(theirs)
    assert "drawn by" in texts(theirs)
    assert not any(f"tile:{design}" == node.get("data-explain") for node in theirs.iter())
    assert not clickables(theirs)


@pytest.mark.parametrize("options", [{"industry_amok": True},
                                     {"reformed_industry": True, "utility_type_choice": "declared_at_placement",
                                      "permit_incentive_effect": "look_two_keep_one"}], ids=["amok", "reformed"])
def test_the_variants_offer_the_same_clicks_and_explanations_on_a_phone(options):
    state = GAME.new_state(3, seed=3, options=options)
    rng = random.Random(3)
    step = 0
    while not state.is_over():
        seat = state.to_move()[0]
        if step % 11 == 0:
            view = state.view(seat)
            narrow, wide = (ET.fromstring(GAME.presentation.render_board(view, flag)) for flag in (True, False))
            for attribute in ("data-actions", "data-explain"):
                assert {n.get(attribute) for n in narrow.iter()} == {n.get(attribute) for n in wide.iter()}
        state.apply(seat, rng.choice(state.decision(seat).actions))
        step += 1
