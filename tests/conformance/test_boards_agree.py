"""Banner, board and log never contradict each other (#21): at every step of a
seeded game of every game with a board, the board names as to move exactly the
seats `to_move()` names, and every amount it marks as the view's (`data-view`)
is the view's.

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

from headframe.engine import game_names, load_game, seat_label

BOARDED = [name for name in game_names() if load_game(name).has_board()]


def _text(node: ET.Element) -> str:
    return " ".join(" ".join(node.itertext()).split())


def _at(view: dict[str, Any], path: str) -> Any:
    value: Any = view
    for key in path.split("."):
        value = value[int(key)] if isinstance(value, list) else value[key]
    return value


def _check(game, state, viewer: int | None) -> int:
    """Checks one seat's board; returns how many amounts it marks."""
    view = state.view(viewer)
    root = ET.fromstring(game.render_board(view))
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
    return len(amounts)


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
        marked = _check(game, state, mover)
        assert marked >= players, "every seat's amounts are marked"
        _check(game, state, other if step % 2 else None)
        state.apply(mover, rng.choice(state.decision(mover).actions))
        step += 1
    for viewer in (*range(players), None):
        _check(game, state, viewer)
