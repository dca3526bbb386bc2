"""The board laid out for a phone (`render_board(view, narrow=True)`): what the
conformance test (width, smallest text, same actions and explanations) does not
check and a phone player needs: the banner and the seat's own card above the map,
a map whose borders join their areas without running under another, names whole
inside their areas, places big enough for a thumb."""

from __future__ import annotations

import math
import random
import re
import xml.etree.ElementTree as ET

import pytest

from headframe.engine import svg
from headframe.games.tinners_trail.board_map import NARROW_LATTICE, NARROW_MAP
from headframe.games.tinners_trail.drawing import per_em

from .helpers import GAME, T

SVG = "{http://www.w3.org/2000/svg}"


def _placed(root: ET.Element):
    """Every element with its offset (from the `translate`s above it) and font size."""
    def walk(node, dx, dy, size):
        moved = re.fullmatch(r"translate\(([-\d.]+) ([-\d.]+)\)", node.get("transform", "translate(0 0)"))
        dx, dy = dx + float(moved[1]), dy + float(moved[2])
        size = float(node.get("font-size", size))
        yield node, dx, dy, size
        for child in node:
            yield from walk(child, dx, dy, size)
    yield from walk(root, 0.0, 0.0, 14.0)


@pytest.fixture(scope="module")
def boards():
    """Narrow boards of one seeded four-player game, by the step they show, as the seat to move sees them."""
    state = GAME.new_state(4, seed=5)
    rng = random.Random(5)
    found = {}
    while not state.is_over():
        seat = state.to_move()[0]
        if state.step not in found:
            found[state.step] = (seat, ET.fromstring(GAME.presentation.render_board(state.view(seat), narrow=True)))
        state.apply(seat, rng.choice(state.decision(seat).actions))
    found["over"] = (None, ET.fromstring(GAME.presentation.render_board(state.view(None), narrow=True)))
    assert {"actions", "auction", "invest", "prospect"} <= set(found)
    return found


def _map_top(root: ET.Element) -> float:
    (top,) = [dy for node, _, dy, _ in _placed(root) if node.get("class") == "map"]
    return top


def test_the_banner_and_the_seats_own_card_come_before_the_map(boards):
    for step, (seat, root) in boards.items():
        texts = [(node, dy, size) for node, _, dy, size in _placed(root) if node.tag == SVG + "text"]
        (banner,) = [(node, dy) for node, dy, _ in texts if node.get("data-to-move") is not None]
        names = [(float(node.get("y")) + dy, node.text) for node, dy, _ in texts
                 if node.get("class") == "label" and node.text and node.text.startswith("Seat ")]
        assert float(banner[0].get("y")) < min(y for y, _ in names) < _map_top(root)
        if seat is not None:
            assert min(names)[1] == f"Seat {seat + 1} (you)", step  # the seat's own card first
        assert max(y for y, _ in names) < _map_top(root)  # every seat's money and VP above the map


def test_the_banners_lines_fit_the_width(boards):
    for _, root in boards.values():
        banner = next(node for node in root.iter() if node.get("data-to-move") is not None)
        lines = ["".join(span.itertext()).strip() for span in banner]
        assert len(lines) >= 2
        size = float(banner.get("font-size"))
        assert all(len(words) * per_em(True) * size <= svg.NARROW_WIDTH - 16 for words in lines), lines
        assert not any(words.startswith("·") or words.endswith("·") for words in lines)


def test_investing_puts_the_display_above_the_map(boards):
    _, root = boards["invest"]
    (display,) = [node for node in root.iter() if node.get("class") == "investments"]
    heading = next(node for node in display.iter(SVG + "text"))
    assert float(heading.get("y")) < _map_top(root)
    _, root = boards["actions"]
    (display,) = [node for node in root.iter() if node.get("class") == "investments"]
    assert float(next(display.iter(SVG + "text")).get("y")) > _map_top(root)


def _boxes():
    width, height = NARROW_MAP.width, NARROW_MAP.height
    return {area: (x - width / 2, y - height / 2, x + width / 2, y + height / 2)
            for area, (x, y) in NARROW_MAP.centres.items()}


def _crosses(box, a, b) -> bool:
    """Does the segment a-b pass through the box (sampled finely)?"""
    for step in range(1, 200):
        x, y = a[0] + (b[0] - a[0]) * step / 200, a[1] + (b[1] - a[1]) * step / 200
        if box[0] < x < box[2] and box[1] < y < box[3]:
            return True
    return False


def test_the_narrow_map_keeps_areas_apart_and_borders_clear():
    boxes = _boxes()
    assert sorted(boxes) == sorted(T.area_ids)
    assert all(0 <= left and right <= svg.NARROW_WIDTH for left, _, right, _ in boxes.values())
    assert all((column + row) % 2 == 0 for column, row in NARROW_LATTICE.values())
    for one, two in [(a, b) for a in boxes for b in boxes if a < b]:
        (l1, t1, r1, b1), (l2, t2, r2, b2) = boxes[one], boxes[two]
        assert r1 + 16 <= l2 or r2 + 16 <= l1 or b1 + 16 <= t2 or b2 + 16 <= t1, (one, two)  # a gap between
    middles = []
    for a, b in T.borders:
        ends = NARROW_MAP.centres[T.area_ids[a]], NARROW_MAP.centres[T.area_ids[b]]
        others = [box for area, box in boxes.items() if area not in (T.area_ids[a], T.area_ids[b])]
        assert not any(_crosses(box, *ends) for box in others), (T.area_ids[a], T.area_ids[b])
        middle = ((ends[0][0] + ends[1][0]) / 2, (ends[0][1] + ends[1][1]) / 2)
        assert not any(box[0] < middle[0] < box[2] and box[1] < middle[1] < box[3] for box in boxes.values())
        middles.append(middle)
    adit = 2 * NARROW_MAP.adit_r
    assert all(math.dist(p, q) >= adit for i, p in enumerate(middles) for q in middles[i + 1:])  # adits apart


def test_area_names_are_whole_and_large_inside_their_areas(boards):
    for _, root in boards.values():
        for area in root.iter(SVG + "g"):
            if area.get("data-area") is None:
                continue
            name = next(node for node in area.iter(SVG + "text") if node.get("class") == "label")
            size = float(name.get("font-size"))
            assert size >= svg.NARROW_TEXT
            assert name.text == T.area_names[T.index[area.get("data-area")]]  # never shortened
            width = len(name.text) * per_em(name.get("font-weight") == "bold") * size
            assert width <= NARROW_MAP.width - 8, name.text


def _size(shape: ET.Element) -> tuple[float, float]:
    if shape.tag == SVG + "circle":
        return 2 * float(shape.get("r")), 2 * float(shape.get("r"))
    return float(shape.get("width")), float(shape.get("height"))


def test_clickable_places_are_big_enough_for_a_thumb(boards):
    sizes: dict[str, list[tuple[float, float]]] = {}
    for _, root in boards.values():
        for node in root.iter():
            if node.get("data-actions"):
                shape = next(child for child in node.iter() if child.tag in (SVG + "rect", SVG + "circle"))
                kind = node.get("data-actions").split(":")[0]
                sizes.setdefault(kind, []).append(_size(shape))
    assert {"build_mine", "invest", "build_adit", "improve_steam_pumps"} <= set(sizes)
    for kind, found in sizes.items():
        smallest = 2 * NARROW_MAP.adit_r if kind == "build_adit" else 40  # an adit fits between two areas
        assert all(min(size) >= smallest for size in found), (kind, found)
