"""Banner, board and log never contradict each other (#21): at every step of a
seeded game of every game with a board, the board names as to move exactly the
seats `to_move()` names, and every amount it marks as the view's (`data-view`)
is the view's. The narrow board (a phone's) keeps the same promises, offers the
same actions, and fits a phone: at most `svg.NARROW_WIDTH` units wide, no text
under `svg.NARROW_TEXT` units, however its groups are scaled.

The board marks what this test reads: the one element that says whose move it
is carries `data-to-move` (the 0-based seats, space-separated; empty once the
game is over), and every element that shows an amount of the view carries
`data-view` (the amount's path in the view: `players.0.cash`)."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from headframe.engine import game_names, load_game, seat_label, svg

BOARDED = [name for name in game_names() if load_game(name).presentation.has_board()]


def _text(node: ET.Element) -> str:
    return " ".join(" ".join(node.itertext()).split())


def _at(view: dict[str, Any], path: str) -> Any:
    value: Any = view
    for key in path.split("."):
        value = value[int(key)] if isinstance(value, list) else value[key]
    return value


TRANSFORM = re.compile(r"(translate|scale|rotate)\(([^)]*)\)")


def _scale(transform: str | None) -> float:
    """How much a `transform` enlarges text (translate and rotate: not at all)."""
    scale = 1.0
    for kind, numbers in TRANSFORM.findall(transform or ""):
        if kind == "scale":
            factors = [float(n) for n in numbers.replace(",", " ").split()]
            scale *= min(abs(f) for f in factors)
    assert TRANSFORM.sub("", transform or "").strip(" ,") == "", f"a transform this test cannot read: {transform}"
    return scale


def _smallest_text(node: ET.Element, size: float, scale: float) -> float:
    """The smallest text under `node`, in the board's units, as drawn."""
    size = float(node.get("font-size", size))
    scale *= _scale(node.get("transform"))
    smallest = size * scale if node.tag.rsplit("}", 1)[-1] in ("text", "tspan") and _text(node) else float("inf")
    for child in node:
        smallest = min(smallest, _smallest_text(child, size, scale))
    return smallest


def _marked(root: ET.Element, attribute: str) -> set[str]:
    return {word for node in root.iter() for word in node.get(attribute, "").split()}


def _fits_a_phone(root: ET.Element) -> None:
    _, _, width, _ = (float(n) for n in root.get("viewBox").split())
    assert width <= svg.NARROW_WIDTH, f"the narrow board is {width} units wide"
    smallest = _smallest_text(root, float(root.get("font-size", 16)), 1.0)
    assert smallest >= svg.NARROW_TEXT - 1e-6, f"the narrow board has text of {smallest:.1f} units"


def _check(game, state, viewer: int | None, narrow: bool = False, wide: ET.Element | None = None) -> tuple[int, ET.Element]:
    """Checks one seat's board (the narrow one against `wide`, the same seat's wide board, drawn here if not
    given); returns how many amounts it marks, and the board."""
    view = state.view(viewer)
    root = ET.fromstring(game.presentation.render_board(view, narrow))
    if narrow:
        _fits_a_phone(root)
        wide = ET.fromstring(game.presentation.render_board(view)) if wide is None else wide
        for attribute in ("data-actions", "data-explain"):
            assert _marked(root, attribute) == _marked(wide, attribute), \
                f"the narrow board and the wide one differ in their {attribute}"
    movers = [node for node in root.iter() if node.get("data-to-move") is not None]
    to_move = sorted(state.to_move())
    if state.is_over():
        assert all(not node.get("data-to-move").split() for node in movers)
    else:
        assert len(movers) == 1, f"{len(movers)} elements say whose move it is"
        named = sorted(int(seat) for seat in movers[0].get("data-to-move").split())
        assert named == to_move
        words = _text(movers[0]).casefold()
        for seat in to_move:
            assert seat_label(seat).casefold() in words or (seat == viewer and "you" in words), words
    amounts = [node for node in root.iter() if node.get("data-view")]
    for node in amounts:
        value = _at(view, node.get("data-view"))
        assert isinstance(value, int) and not isinstance(value, bool), node.get("data-view")
        assert re.search(rf"(?<![\d.]){value}(?![\d])", _text(node)), (node.get("data-view"), value, _text(node))
    return len(amounts), root


@pytest.mark.parametrize("name", BOARDED)
def test_the_board_names_the_seats_to_move_and_the_views_amounts(name: str) -> None:
    game = load_game(name)
    players = min(game.players)
    state = game.new_state(players, seed=21, options=game.short_options)
    rng = random.Random(21)
    step = 0
    while not state.is_over():
        mover = state.to_move()[0]
        other = (mover + 1 + step % (players - 1)) % players
        marked, wide = _check(game, state, mover)
        assert marked >= players, "every seat's amounts are marked"
        assert _check(game, state, mover, narrow=True, wide=wide)[0] >= players
        _check(game, state, other if step % 2 else None)
        state.apply(mover, rng.choice(state.decision(mover).actions))
        step += 1
    for viewer in (*range(players), None):
        _check(game, state, viewer)
        _check(game, state, viewer, narrow=True)
