"""Fast updates (docs/api.md, "Updates carry what changed"): a seat's first state message is whole,
later ones carry a patch of its view and its board only when it changed; `sync` sends
everything again; boards are drawn off the event loop, in worker processes or a thread."""

import asyncio
import os
import random
import signal
import time

import httpx
import pytest

from headframe.engine import load_game
from headframe.engine.people import naming
from headframe.engine.presentation import Shown
from headframe.server.pictures import Pictures

from .conftest import STATE_KEYS, LiveServer, Seat, check_no_leaks, create, play

PATCHED_KEYS = STATE_KEYS - {"view", "board"} | {"view_patch", "patch_of"}
PIT_LAMPS = load_game("pit-lamps")


def hot_seat(http) -> tuple[str, list[str]]:
    created = create(http, "pit-lamps", 2, seats=[{"type": "human"}, {"type": "human"}], hotseat=True)
    return created["id"], [entry["token"] for entry in sorted(created["join"], key=lambda entry: entry["seat"])]


def states(messages: list[dict], seat) -> list[dict]:
    return [m for m in messages if m["type"] == "state" and m["seat"] == seat]


def test_patches_applied_give_each_seat_and_the_spectator_exactly_its_view(server, http):
    game_id, tokens = hot_seat(http)

    async def scenario():
        async with Seat(server.ws_url, game_id, []) as spectator, Seat(server.ws_url, game_id, tokens[:1]) as ann, \
                Seat(server.ws_url, game_id, tokens[1:]) as bob:
            await play([ann, bob], random.Random(3))
            await spectator.wait_for(lambda m: m["type"] == "state" and m["view"]["over"])
            return spectator, ann, bob

    spectator, ann, bob = asyncio.run(scenario())
    record = http.get(f"/api/games/{game_id}/record").json()
    for client, seat in ((ann, 0), (bob, 1), (spectator, None)):
        received = states(client.received, seat)
        first, *later = received
        assert {"view", "board"} <= set(first) and "view_patch" not in first
        assert later and all(set(m) - {"board", "board_unchanged", "board_patch"} == PATCHED_KEYS for m in later)
        assert sum("board_patch" in m for m in later) > len(later) / 2  # the board too is sent as what changed
        # A patch names only what changed: some keys of the view stay out of every patch.
        assert any(set(m["view_patch"]["set"]) < set(first["view"]) for m in later)
        assert [m["patch_of"] for m in later] == [m["version"] for m in received[:-1]]
        # Applied, every message is exactly what the seat may know at its version: a spectator's
        # patches hold nothing but the spectator's view.
        assert check_no_leaks(record, client.messages) == len(received)
        final = client.latest[seat]
        whole = http.get(f"/api/games/{game_id}/state", headers={} if seat is None else
                         {"Authorization": f"Bearer {tokens[seat]}"}).json()
        assert final["view"] == whole["view"] and final["board"] == whole["board"]


def test_sync_sends_the_whole_state_again(server, http):
    game_id, tokens = hot_seat(http)

    async def scenario():
        async with Seat(server.ws_url, game_id, tokens) as both:
            await play([both], random.Random(4), max_moves=3)
            before = len(both.received)
            await both.send({"type": "sync"})
            await both.wait_for(lambda m: m["type"] == "state" and len(both.received) >= before + 2)
            return both.received[before:]

    synced = asyncio.run(scenario())
    assert sorted(m["seat"] for m in synced) == [0, 1]
    for message in synced:
        assert set(message) == STATE_KEYS and message["log_start"] == 0
        whole = http.get(f"/api/games/{game_id}/state",
                         headers={"Authorization": f"Bearer {tokens[message['seat']]}"}).json()
        assert len(message["log"]) == len(whole["log"]) > 0
        assert {key: message[key] for key in ("version", "view", "board", "log", "action_ids")} == \
            {key: whole[key] for key in ("version", "view", "board", "log", "action_ids")}


@pytest.fixture
def threaded_server(db_url):
    with LiveServer(db_url, board_workers=0) as live:
        yield live


def test_a_board_like_the_last_one_sent_is_not_sent_again(threaded_server, monkeypatch):
    monkeypatch.setattr(Shown, "render_board", lambda self, view, narrow=False: "<svg/>")
    with httpx.Client(base_url=threaded_server.url, timeout=30) as http:
        game_id, tokens = hot_seat(http)

    async def scenario():
        async with Seat(threaded_server.ws_url, game_id, tokens[:1]) as ann, \
                Seat(threaded_server.ws_url, game_id, tokens[1:]) as bob:
            await play([ann, bob], random.Random(5), max_moves=4)
            return ann, bob

    for client in asyncio.run(scenario()):
        first, *later = [m for m in client.received if m["type"] == "state"]
        assert first["board"] == "<svg/>"
        assert later and all(m.get("board_unchanged") is True and "board" not in m for m in later)
        assert all(m["board"] == "<svg/>" for m in client.messages if m["type"] == "state")


async def move(client: Seat, seat: int, ref) -> None:
    """The seat's first action, acknowledged."""
    state = await client.wait_for(lambda m: m["type"] == "state" and m["seat"] == seat and "decision" in m["view"])
    await client.send({"type": "act", "seat": seat, "action": state["view"]["decision"]["actions"][0],
                       "version": state["version"], "ref": ref})
    await client.wait_for(lambda m: m.get("ref") == ref and m["type"] == "ack")


def test_a_slow_board_holds_up_neither_the_server_nor_the_order_of_updates(threaded_server, monkeypatch):
    drawn = PIT_LAMPS.presentation.render_board
    slow = {"first seat": False}  # from when on the first seat's boards take a second

    def slow_for_the_first_seat(self, view, narrow=False):
        if view["seat"] == 0 and slow["first seat"]:
            time.sleep(1.0)  # in the drawing thread: the event loop goes on
        return drawn(view, narrow)

    monkeypatch.setattr(Shown, "render_board", slow_for_the_first_seat)
    with httpx.Client(base_url=threaded_server.url, timeout=30) as http:
        game_id, tokens = hot_seat(http)

    async def scenario():
        async with Seat(threaded_server.ws_url, game_id, tokens[1:]) as bob, \
                Seat(threaded_server.ws_url, game_id, tokens[:1]) as ann:
            # The people's first boards are drawn as the table is made (hub.create): the slow one is the next.
            for seat, client in ((1, bob), (0, ann)):
                await client.wait_for(lambda m, seat=seat: m["type"] == "state" and m["seat"] == seat)
            # Bob moves (Ann first, while her boards are quick, if it is her move): Ann's board after it is slow,
            # and holds up nothing but her own updates (her connection's messages go in order).
            for ref in range(3):
                if "decision" in bob.latest[1]["view"]:
                    break
                await move(ann, 0, ref)
            slow["first seat"] = True
            before = len(states(ann.received, 0))
            state = bob.latest[1]
            await bob.send({"type": "act", "seat": 1, "action": state["view"]["decision"]["actions"][0],
                            "version": state["version"], "ref": "bob"})
            await asyncio.sleep(0.2)  # Ann's next board is being drawn (and Bob's with it: one batch)
            started = time.monotonic()
            async with httpx.AsyncClient(base_url=threaded_server.url, timeout=30) as http:
                assert (await http.get(f"/api/games/{game_id}")).status_code == 200  # the server goes on
            answered = time.monotonic() - started
            assert len(states(ann.received, 0)) == before  # Ann's next board is still being drawn
            await bob.wait_for(lambda m: m.get("ref") == "bob" and m["type"] == "ack")
            await play([ann, bob], random.Random(6), max_moves=4)
            return answered, ann

    answered, ann = asyncio.run(scenario())
    assert answered < 0.5
    versions = [m["version"] for m in ann.received if m["type"] == "state"]
    assert all(m["board"].startswith("<svg") for m in ann.messages if m["type"] == "state")
    assert len(versions) > 1 and versions == sorted(set(versions))  # none overtook an earlier one


def test_a_connection_that_closes_while_its_board_is_drawn_leaves_it_to_the_next(threaded_server, monkeypatch):
    drawn = PIT_LAMPS.presentation.render_board

    def slow(self, view, narrow=False):
        time.sleep(0.5)
        return drawn(view, narrow)

    monkeypatch.setattr(Shown, "render_board", slow)
    with httpx.Client(base_url=threaded_server.url, timeout=30) as http:
        game_id, tokens = hot_seat(http)

    async def scenario():
        async with Seat(threaded_server.ws_url, game_id, tokens[:1]) as ann:
            await asyncio.sleep(0.1)  # gone while its first board is being drawn: its sender is cancelled
            assert not states(ann.received, 0)
        async with Seat(threaded_server.ws_url, game_id, tokens[:1]) as again:  # the same board, still wanted
            return await again.wait_for(lambda m: m["type"] == "state", timeout=10)

    assert asyncio.run(scenario())["board"].startswith("<svg")


async def drawn_by(pictures: Pictures, view: dict) -> str | None:
    try:
        [board] = await pictures.boards("pit-lamps", view, [view], ("Ann", "Bob"), False, "g1")
        return None if board is None else board.svg
    finally:
        await asyncio.to_thread(pictures.close)


def test_boards_drawn_in_processes_or_a_thread_are_the_games_own():
    view = PIT_LAMPS.new_state(2, 7).view(0)
    with naming(("Ann", "Bob")):
        expected = PIT_LAMPS.presentation.render_board(view)
    assert asyncio.run(drawn_by(Pictures(1), view)) == expected
    assert asyncio.run(drawn_by(Pictures(0), view)) == expected  # the fallback: a thread


def test_the_boards_of_a_states_seats_are_drawn_together_each_as_its_own():
    game = load_game("tinners-trail")
    state = game.new_state(3, 5)
    views = [state.view(seat) for seat in (state.to_move()[0], None, 2)]
    names = ("Ann", "Bob", "Cy")

    async def drawn():
        pictures = Pictures(1)
        try:
            return await pictures.boards("tinners-trail", state.view(None), views, names, True, "g1")
        finally:
            await asyncio.to_thread(pictures.close)

    with naming(names):
        expected = [game.presentation.render_board(view, narrow=True) for view in views]
    assert [board.svg for board in asyncio.run(drawn())] == expected


def test_a_picture_that_fails_or_a_worker_that_dies_does_not_stop_the_game(caplog):
    view = PIT_LAMPS.new_state(2, 7).view(0)

    async def scenario():
        pictures = Pictures(1)
        try:
            assert await pictures.boards("pit-lamps", view, [{"not": "a view"}], ("Ann", "Bob"), False, "g1") == [None]
            assert await pictures.boards("pit-lamps", view, [view], ("Ann", "Bob"), False, "g1") != [None]
            for pid in list(pictures._pool._processes):  # noqa: SLF001 (the pool's workers, to kill them)
                os.kill(pid, signal.SIGKILL)
            await asyncio.sleep(0.2)
            return await pictures.boards("pit-lamps", view, [view], ("Ann", "Bob"), False, "g1")
        finally:
            await asyncio.to_thread(pictures.close)

    assert asyncio.run(scenario()) != [None]  # a fresh pool drew it
    assert "the board of game g1 (pit-lamps) failed to draw" in caplog.text
