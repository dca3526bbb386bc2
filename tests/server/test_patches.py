"""Board patches (server/patches.py; docs/api.md, "Updates carry what changed"), applied as a
browser applies them: a patch rebuilds exactly the new board, and is a small part of it."""

import json
import random
from array import array
from dataclasses import replace

import pytest

from headframe.engine import load_game
from headframe.server import patches
from headframe.server.patches import Board, patched


def board(svg: str) -> Board:
    return Board.cut(svg)


@pytest.mark.parametrize("name", ["tinners-trail", "copper-country", "ore-city", "coal-country"])
def test_each_seats_boards_through_a_game_are_rebuilt_from_their_patches(name):
    game = load_game(name)
    state, rng = game.new_state(2, 11), random.Random(11)
    kept: dict[int, list[Board]] = {0: [], 1: []}  # by viewer: the boards a client holds, the last first
    sent = {1: 0, 2: 0}  # bytes sent with patches of the last board, and of the last two
    board_bytes = patches = 0
    for _ in range(30):
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        drawn_together = Board.cut_all(game.presentation.render_boards(state.view(None), [state.view(0), state.view(1)]))
        for viewer, drawn in enumerate(drawn_together):  # as the board workers draw them
            assert drawn.svg == game.presentation.render_board(state.view(viewer))
            for bases in (1, 2):
                held = kept[viewer][:bases]
                patch = drawn.patch_from(*held) if held else None
                if patch is not None:  # else the board changed too much: it is sent whole
                    assert patched(json.loads(json.dumps(patch)), *(base.svg for base in held)) == drawn.svg
                    patches += 1
                sent[bases] += len(drawn.svg if patch is None else json.dumps(patch))
            board_bytes += len(drawn.svg)
            kept[viewer].insert(0, drawn)
    assert patches > 100 and sent[2] <= sent[1] < board_bytes / 4


def test_boards_given_as_parts_are_cut_at_every_part_and_each_part_once():
    shared, mine, yours = "<svg><g>a</g>", "<text>b</text>x", ""
    boards = Board.cut_all([[shared, mine, "</svg>"], [shared, yours, "</svg>"]])
    assert [board.svg for board in boards] == ["<svg><g>a</g><text>b</text>x</svg>", "<svg><g>a</g></svg>"]
    pieces = [boards[0].piece(index) for index in range(len(boards[0].cuts) - 1)]
    assert pieces == ["<svg>", "<g>a</g>", "<text>b</text>x", "</svg>"]
    assert boards[1].keys == boards[0].keys[:16] + boards[0].keys[24:]  # each piece keyed once, by its markup
    assert boards[0].patch_from(boards[1]) == [[0, 13], "<text>b</text>x", [13, 19]]


def test_a_part_cut_before_is_cut_once_and_a_long_one_is_not_kept():
    area, other = "<g>Redruth<title>a mine</title></g>", "<g>Redruth<title>no mine</title></g>"
    first, again = Board.cut_all([["<svg>", area, "</svg>"]]), Board.cut_all([["<svg>", area[:2] + area[2:], "</svg>"]])
    assert first[0].keys == again[0].keys and patches._pieces(area) is patches._pieces(area[:2] + area[2:])
    assert Board.cut_all([["<svg>", other, "</svg>"]])[0].svg == "<svg>" + other + "</svg>"
    long = "<g>" + "x" * patches._LONGEST_KEPT + "</g>"
    assert patches._pieces(long) is not patches._pieces(long)


def test_a_range_of_the_board_before_the_last_says_so():
    # The seat moved: its clickable places went, and are back now that it is to move again.
    offered = board('<svg><text>3</text><g class="clickable"><title>Mine here</title></g></svg>')
    moved = board("<svg><text>4</text></svg>")
    again = board('<svg><text>5</text><g class="clickable"><title>Mine here</title></g></svg>')
    patch = again.patch_from(moved, offered)
    assert patch is not None and any(len(piece) == 3 and piece[2] == 1 for piece in patch if isinstance(piece, list))
    assert patched(patch, moved.svg, offered.svg) == again.svg


def test_ranges_count_as_a_browser_counts_past_the_basic_plane():
    before = board('<svg><text x="1">£ 3 ⚒</text><g>🂡 ace</g><g id="a">one</g><text>🂮 🂭</text></svg>')
    after = board('<svg><text x="1">£ 3 ⚒</text><g>🂡 ace</g><g id="a">two</g><text>🂮 🂭</text></svg>')
    patch = after.patch_from(before)
    assert patch is not None and '<g id="a">two</g>' in patch
    assert patched(patch, before.svg) == after.svg


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
    assert patched(patch, before.svg) == after.svg


def test_a_run_of_pieces_longer_than_a_window_is_one_range_and_its_first_change_is_found():
    pieces = [f'<g id="{n}">{n}</g>' for n in range(100)]
    before = board("<svg>" + "".join(pieces) + "</svg>")
    pieces[70] = '<g id="70">moved</g>'
    after = board("<svg>" + "".join(pieces) + "</svg>")
    patch = after.patch_from(before)
    assert patch is not None and patched(patch, before.svg) == after.svg
    assert [piece for piece in patch if isinstance(piece, str)] == ['<g id="70">moved</g>'] and len(patch) == 3


def test_keys_of_a_process_that_hashes_otherwise_match_nothing_and_the_patch_stays_right():
    # A board cut in a board worker of another forkserver: its keys are another hash's.
    before = board("<svg><g>a</g><g>b</g><g>c</g><g>d</g><g>e</g></svg>")
    foreign = replace(before, keys=array("q", (~key for key in array("q", before.keys))).tobytes())
    after = board("<svg><g>a</g><g>b</g><g>c</g><g>d</g><g>f</g></svg>")
    assert after.patch_from(foreign) is None  # nothing found: sent whole
    patch = after.patch_from(foreign, before)
    assert patch is not None and all(len(piece) == 3 for piece in patch if isinstance(piece, list))
    assert patched(patch, foreign.svg, before.svg) == after.svg
