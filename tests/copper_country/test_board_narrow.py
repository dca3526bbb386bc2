"""The narrow board (a phone's, games/copper_country/board.py `_narrow`): what a phone
player needs beyond tests/conformance/test_boards_agree.py. The seat's own ledger (its
hand) comes before the shared board, every clickable card, hex and strip is big enough
for a thumb, names do not run into each other, and what is hidden stays hidden."""

from __future__ import annotations

import re
from xml.etree import ElementTree

import pytest

from headframe.engine import Rng

from .helpers import GAME

SVG = "{http://www.w3.org/2000/svg}"
THUMB = 38  # units of the narrow board (400 wide): ~40, a rounded production-card row is 38.5


def _transform(node, origin: tuple[float, float, float]) -> tuple[float, float, float]:
    """(dx, dy, scale) after the node's `translate(...)` / `scale(...)`; rotations keep the origin."""
    dx, dy, scale = origin
    for kind, numbers in re.findall(r"(translate|scale)\(([^)]*)\)", node.get("transform") or ""):
        values = [float(n) for n in numbers.replace(",", " ").split()]
        if kind == "translate":
            dx, dy = dx + values[0] * scale, dy + (values[1] if len(values) > 1 else 0) * scale
        else:
            scale *= values[0]
    return dx, dy, scale


def _placed(node, origin=(0.0, 0.0, 1.0), font=14.0):
    """Every element under `node` with where its coordinates land: (element, dx, dy, scale, font size)."""
    for child in node:
        here = _transform(child, origin)
        size = float(child.get("font-size", font))
        yield child, *here, size
        yield from _placed(child, here, size)


def _box(element, dx: float, dy: float, scale: float) -> tuple[float, float, float, float] | None:
    """The box (left, top, right, bottom) of a rect, circle or polygon, as drawn."""
    tag = element.tag.removeprefix(SVG)
    if tag == "rect":
        x, y, w, h = (float(element.get(a)) for a in ("x", "y", "width", "height"))
    elif tag == "circle":
        r = float(element.get("r"))
        x, y, w, h = float(element.get("cx")) - r, float(element.get("cy")) - r, 2 * r, 2 * r
    elif tag == "polygon":
        points = [tuple(map(float, p.split(","))) for p in element.get("points").split()]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        x, y, w, h = min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)
    else:
        return None
    return dx + x * scale, dy + y * scale, dx + (x + w) * scale, dy + (y + h) * scale


def _text_box(element, dx: float, dy: float, scale: float, size: float) -> tuple[float, float, float, float]:
    """A text's box: its textLength where it is squeezed, else ~0.5 em a letter (cap height 0.7 em)."""
    words = "".join(element.itertext())
    width = float(element.get("textLength") or len(words) * size * 0.5)
    x, y = float(element.get("x")), float(element.get("y"))
    anchor = element.get("text-anchor", "start")
    left = x - {"start": 0, "middle": width / 2, "end": width}[anchor]
    return dx + left * scale, dy + (y - size * 0.7) * scale, dx + (left + width) * scale, dy + y * scale


@pytest.fixture(scope="module")
def positions():
    """(state, seat, narrow board) at every eighth decision of a seeded 3-player short game, and its end."""
    state = GAME.new_state(3, seed=21, options=GAME.short_options)
    rng = Rng(21)
    found = []
    step = 0
    while not state.is_over():
        seat = state.to_move()[0]
        if step % 8 == 0:
            found.append((state.clone(), seat, ElementTree.fromstring(GAME.presentation.render_board(state.view(seat), True))))
        state.apply(seat, rng.choice(state.decision(seat).actions))
        step += 1
    found.append((state, 0, ElementTree.fromstring(GAME.presentation.render_board(state.view(0), True))))
    return found


def _group(picture, name: str):
    return [(element, dx, dy, s) for element, dx, dy, s, _ in _placed(picture) if element.get("class") == name]


def test_the_seats_own_ledger_and_hand_come_before_the_map_and_the_other_seats(positions):
    hands = 0
    for _, _, picture in positions:
        ledgers = _group(picture, "ledger")
        own = [(element, dy) for element, _, dy, _ in ledgers if "(you)" in "".join(element.itertext())]
        assert len(own) == 1 and len(ledgers) == 3
        (_, own_top), = own
        (_, _, map_top, _), = _group(picture, "map")
        assert own_top < map_top
        assert all(own_top < dy for element, _, dy, _ in ledgers if element is not own[0][0])
        mover = next(e for e, *_ in _placed(picture) if e.get("data-to-move") is not None)
        assert float(mover.get("y")) < own_top  # the banner says whose move it is, above all
        hand = [_box(next(e.iter(f"{SVG}rect")), dx, dy, s)[1] for e, dx, dy, s, _ in _placed(picture)
                if e.get("data-explain", "").startswith("card:") and "Your hand: " in e.findtext(f"{SVG}title", "")]
        if hand:  # the hand's cards come right under the ledger's first line
            assert min(hand) < own_top + 40 * 7 / 6
            hands += 1
    assert hands


def test_every_card_hex_and_strip_to_click_is_thumb_sized(positions):
    sizes = set()
    for _, _, picture in positions:
        for element, dx, dy, scale, _ in _placed(picture):
            if not element.get("data-actions"):
                continue
            boxes = [b for b in (_box(e, x, y, s) for e, x, y, s, _ in [(element, dx, dy, scale, 0),
                                                                        *_placed(element, (dx, dy, scale))]) if b]
            left, top = min(b[0] for b in boxes), min(b[1] for b in boxes)
            right, bottom = max(b[2] for b in boxes), max(b[3] for b in boxes)
            width, height = right - left, bottom - top
            sizes.add(round(min(width, height)))
            # the map's poor-rock and build spaces and its pawns: as wide as the spaces between them allow
            assert min(width, height) >= (20 if width < 30 else THUMB), ("".join(element.itertext()), width, height)
    assert min(sizes) >= 20 and max(sizes) >= 80  # both kinds were seen


def test_names_never_run_into_each_other(positions):
    for _, _, picture in positions[::4]:
        boxes = [_text_box(e, dx, dy, s, size) for e, dx, dy, s, size in _placed(picture)
                 if e.tag == f"{SVG}text" and e.get("class") == "label"]
        for k, a in enumerate(boxes):
            for b in boxes[k + 1:]:
                overlap = min(a[2], b[2]) - max(a[0], b[0]), min(a[3], b[3]) - max(a[1], b[1])
                assert min(overlap) <= 1, (a, b)


def test_hidden_things_stay_hidden_and_the_narrow_board_is_drawn_from_the_view_alone(positions):
    rng = Rng(5)
    for state, seat, picture in positions[::6]:
        view = state.view(seat)
        world = state.determinize(seat, rng)
        assert GAME.presentation.render_board(world.view(seat), True) == GAME.presentation.render_board(view, True)
        for ledger, *_ in _group(picture, "ledger"):
            if "(you)" in "".join(ledger.itertext()):
                continue
            number = int(re.search(r"Seat (\d)", "".join(ledger.itertext())).group(1))
            face_up = [e for e in ledger.iter() if e.get("data-explain", "").startswith("card:")
                       and e.find(f"{SVG}title").text.startswith("Known in")]
            assert len(face_up) == len(view["seats"][number - 1]["known_cards"])
        terrain = [e for e in picture.iter() if e.get("data-explain", "").startswith("terrain:")]
        assert len(terrain) == sum(face is not None for face in view["terrain"].values())
