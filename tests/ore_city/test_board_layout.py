"""Card names never overlap or clip (#21): every name is drawn whole inside its card,
no two texts of the board overlap, and every text is at least 12 px. Boxes are the
drawn extent of each text: its `textLength` where the board fixes it, else the
board's own estimate of the font's width (the browser tests measure real fonts)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from itertools import combinations

import pytest

from headframe.engine import Rng
from headframe.games.ore_city.board_cards import text_width

from ..boards import NS
from .helpers import GAME, act, table

Box = tuple[float, float, float, float]  # left, top, right, bottom
TRANSLATE = re.compile(r"translate\(([-\d.]+)[ ,]+([-\d.]+)\)")


def text_box(node: ET.Element, size: float, line: ET.Element | None = None, baseline: float = 0) -> Box:
    """The box of a text, or of one `line` of it (a tspan with its own x, at `baseline`)."""
    words = "".join((node if line is None else line).itertext())
    width = float(node.get("textLength") or text_width(words, size, node.get("font-weight") == "bold"))
    x, y = (float(node.get("x")), float(node.get("y"))) if line is None else (float(line.get("x")), baseline)
    left = {"middle": x - width / 2, "end": x - width}.get(node.get("text-anchor"), x)
    return left, y - 0.75 * size, left + width, y + 0.2 * size


def overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5


def text_boxes(node: ET.Element, size: float) -> list[Box]:
    """A text's box, or one per line where it is drawn in lines."""
    lines = [line for line in node if line.get("x") is not None]
    if not lines:
        return [text_box(node, size)]
    boxes, y = [], float(node.get("y"))
    for line in lines:
        y += float(line.get("dy") or 0)
        boxes.append(text_box(node, size, line, y))
    return boxes


def shifts(root: ET.Element) -> dict[ET.Element, tuple[float, float]]:
    """How far each element is moved by its groups' `translate`s."""
    moved = {root: (0.0, 0.0)}
    for node in root.iter():  # a parent before its children
        dx, dy = moved[node]
        for child in node:
            match = TRANSLATE.fullmatch(child.get("transform") or "")
            moved[child] = (dx + float(match[1]), dy + float(match[2])) if match else (dx, dy)
    return moved


def layout(markup: str, cards: frozenset[str] = frozenset({"72"}), smallest: float = 12) \
        -> list[tuple[ET.Element, Box, Box | None]]:
    """(text, its box, the box of the card it names, if it is a label on a card:
    a shape of one of the heights `cards`)."""
    root = ET.fromstring(markup)
    parents = {child: node for node in root.iter() for child in node}
    moved = shifts(root)
    found = []
    for node in root.iter(f"{NS}text"):
        dx, dy = moved[node]
        size = float(node.get("font-size") or root.get("font-size"))
        assert size >= smallest, ET.tostring(node)
        card = None
        if node.get("class") == "label":
            shape = parents[node].find(f"{NS}rect")
            if shape is not None and shape.get("height") in cards:
                x, y = float(shape.get("x")), float(shape.get("y"))
                card = (x + dx, y + dy, x + dx + float(shape.get("width")), y + dy + float(shape.get("height")))
        found += [(node, (left + dx, top + dy, right + dx, bottom + dy), card)
                  for left, top, right, bottom in text_boxes(node, size)]
    return found


def check(markup: str, cards: frozenset[str] = frozenset({"72"}), smallest: float = 12) -> None:
    texts = layout(markup, cards, smallest)
    for node, box, card in texts:
        if card is not None:
            assert card[0] <= box[0] and box[2] <= card[2] and card[1] <= box[1] and box[3] <= card[3], \
                ("".join(node.itertext()), box, card)
    for (a, box_a, _), (b, box_b, _) in combinations(texts, 2):
        assert not overlap(box_a, box_b), ("".join(a.itertext()), "".join(b.itertext()))


def test_a_setup_hand_of_eight_cards_wraps_without_overlapping():
    # rulebook §5 step 4: the sixth player draws 5 Residential cards before discarding 5
    state, rng = GAME.new_state(6, seed=3), Rng(3)
    while not (state.phase == "setup_discard" and len(state.hands[state.active]) == 8):
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.decision(seat).actions))
    for viewer in (state.active, None):
        markup = GAME.presentation.render_board(state.view(viewer))
        check(markup)
        assert "Residential" in [t.text for t in ET.fromstring(markup).iter(f"{NS}text")]  # a back, in full


def test_a_full_common_space_and_a_mixed_space_fit():
    # ORE-R34: an Exchange can give three cards, so the common space holds eight before the takes
    state = table(3, hands={0: ["convenience_store", "department_store", "small_store"]},
                  common=["single_house", "apartment_house", "condominium", "park", "hospital"],
                  spaces={0: [("convenience_store", 0), ("department_store", 1), ("restaurant", 2),
                              ("small_store", 0), ("small_store", 1), ("small_store", 2)]},
                  acquired={0: ["wind_turbine", "small_factory", "chemical_factory", "city_hall", "hospital",
                                "university", "airport", "police_station", "city_hall"]})
    act(state, "exchange")
    for card in ("convenience_store", "department_store", "small_store"):
        act(state, f"give:{card}")
    assert len(state.common) == 8
    check(GAME.presentation.render_board(state.view(0)))


@pytest.mark.parametrize("players", [2, 4, 6])
def test_random_games_never_overlap(players):
    state, rng = GAME.new_state(players, seed=players, options={"round_limit": 20}), Rng(players)
    decision = 0
    while state.to_move():
        seat = state.to_move()[0]
        if decision % 61 == 0:
            check(GAME.presentation.render_board(state.view(seat)))
        state.apply(seat, rng.choice(state.decision(seat).actions))
        decision += 1
    check(GAME.presentation.render_board(state.view(None)))
