"""Board patches (server/patches.py; docs/server.md, "Live updates"), applied as a
browser applies them: a patch rebuilds exactly the new board, and is a small part of it."""

import json
import random

import pytest

from headframe.engine import load_game
from headframe.server.patches import Board, patched


def board(svg: str) -> Board:
    return Board.cut(svg)


@pytest.mark.parametrize("name", ["tinners-trail", "copper-country", "ore-city", "coal-country"])
def test_each_seats_boards_through_a_game_are_rebuilt_from_their_patches(name):
    game = load_game(name)
    state, rng = game.new_state(2, 11), random.Random(11)
    last: dict[int, Board] = {}
    sent_bytes = board_bytes = patches = 0
    for _ in range(30):
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        for viewer in (0, 1):
            drawn = board(game.render_board(state.view(viewer)))
            if viewer in last:
                patch = drawn.patch_from(last[viewer])
                if patch is not None:  # else the board changed too much: it is sent whole
                    assert patched(last[viewer].svg, json.loads(json.dumps(patch))) == drawn.svg
                    patches += 1
                sent_bytes += len(drawn.svg if patch is None else json.dumps(patch))
                board_bytes += len(drawn.svg)
            last[viewer] = drawn
    assert patches > 50 and sent_bytes < board_bytes / 4


def test_ranges_count_as_a_browser_counts_past_the_basic_plane():
    before = board('<svg><text x="1">£ 3 ⚒</text><g>🂡 ace</g><g id="a">one</g><text>🂮 🂭</text></svg>')
    after = board('<svg><text x="1">£ 3 ⚒</text><g>🂡 ace</g><g id="a">two</g><text>🂮 🂭</text></svg>')
    patch = after.patch_from(before)
    assert patch is not None and '<g id="a">two</g>' in patch
    assert patched(before.svg, patch) == after.svg


def test_a_board_changed_throughout_is_sent_whole_and_an_equal_one_is_the_same():
    before = board("<svg>" + "".join(f'<g id="{n}">{n}</g>' for n in range(20)) + "</svg>")
    after = board("<svg>" + "".join(f'<g id="{n}">{n + 1}</g>' for n in range(20)) + "</svg>")
    assert after.patch_from(before) is None
    assert board(after.svg).same(after) and not after.same(before)


def test_pieces_moved_and_repeated_are_copied_from_the_last_board():
    before = board("<svg><g>a</g><g>b</g><g>c</g><g>end</g></svg>")
    after = board("<svg><g>c</g><g>a</g><g>a</g><g>b</g><g>new</g><g>end</g></svg>")
    patch = after.patch_from(before)
    assert patch is not None and [piece for piece in patch if isinstance(piece, str)] == ["<g>new</g>"]
    assert patched(before.svg, patch) == after.svg
