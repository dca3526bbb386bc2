"""The board in a phone's layout (#21): a connection says in its hello, or later
in a `layout` message, which layout its screen wants, and is sent boards drawn
in it; the state and replay routes take `?layout=`. Anything else is refused
and changes nothing."""

from __future__ import annotations

import asyncio
import json
import re

import websockets

from headframe.engine import svg

from .conftest import applied, bearer, create
from .test_names_results import finished


def width(board: str) -> float:
    return float(re.search(r'viewBox="0 0 ([\d.]+) ', board).group(1))


async def connect(server, game_id: str, hello: dict):
    socket = await websockets.connect(f"{server.ws_url}/ws/games/{game_id}", max_size=None)
    await socket.send(json.dumps({"type": "hello", **hello}))
    return socket


async def next_of(socket, kind: str) -> dict:
    while True:
        message = json.loads(await asyncio.wait_for(socket.recv(), 10))
        if message["type"] == kind:
            return message


async def two_layouts(server, game_id: str, token: str) -> None:
    phone = await connect(server, game_id, {"tokens": [token], "layout": "narrow"})
    laptop = await connect(server, game_id, {"tokens": [token]})
    held: dict = {phone: ({}, {}), laptop: ({}, {})}  # by connection, its seats' states made whole and boards kept

    async def board(socket) -> str:
        return applied(await next_of(socket, "state"), *held[socket])["board"]

    try:
        assert width(await board(phone)) <= svg.NARROW_WIDTH
        assert width(await board(laptop)) > svg.NARROW_WIDTH  # no layout said: the wide board
        first = held[laptop][0][0]
        action = first["view"]["decision"]["actions"][0]
        await laptop.send(json.dumps({"type": "act", "seat": 0, "action": action, "version": first["version"]}))
        # One move, each connection's update in its own layout.
        assert width(await board(phone)) <= svg.NARROW_WIDTH
        assert width(await board(laptop)) > svg.NARROW_WIDTH

        await phone.send(json.dumps({"type": "layout", "layout": "sideways"}))
        refused = await next_of(phone, "error")
        assert refused["status"] == 400 and "narrow" in refused["message"]
        await phone.send(json.dumps({"type": "layout", "layout": "wide"}))  # the phone turned into a laptop
        assert width(await board(phone)) > svg.NARROW_WIDTH
    finally:
        await phone.close()
        await laptop.close()


async def refused_hello(server, game_id: str) -> dict:
    socket = await connect(server, game_id, {"tokens": [], "layout": ["narrow"]})
    try:
        return await next_of(socket, "error")
    finally:
        await socket.close()


def test_each_connection_is_sent_the_layout_it_asked_for(server, http):
    created = create(http, "pit-lamps", 2, hotseat=True, seats=[{"type": "human"}, {"type": "human"}])
    game_id, token = created["id"], created["join"][0]["token"]
    asyncio.run(two_layouts(server, game_id, token))
    assert asyncio.run(refused_hello(server, game_id))["status"] == 400

    narrow = http.get(f"/api/games/{game_id}/state", params={"layout": "narrow"}, headers=bearer(token)).json()
    wide = http.get(f"/api/games/{game_id}/state", headers=bearer(token)).json()
    assert width(narrow["board"]) <= svg.NARROW_WIDTH < width(wide["board"])
    assert {key: value for key, value in narrow.items() if key != "board"} == \
        {key: value for key, value in wide.items() if key != "board"}  # only the picture differs
    bad = http.get(f"/api/games/{game_id}/state", params={"layout": "huge"})
    assert bad.status_code == 400 and "layout" in bad.text


def test_a_replay_frame_is_drawn_in_the_layout_asked_for(http):
    created = create(http, "pit-lamps", 2, seats=[{"type": "bot", "agent": "random"}] * 2)
    finished(http, created["id"])
    frame = http.get(f"/api/games/{created['id']}/replay/1", params={"layout": "narrow"}).json()
    assert all(width(board) <= svg.NARROW_WIDTH for board in [frame["spectator_board"], *frame["boards"]])
    wide = http.get(f"/api/games/{created['id']}/replay/1").json()
    assert width(wide["spectator_board"]) > svg.NARROW_WIDTH
    assert http.get(f"/api/games/{created['id']}/replay/1", params={"layout": 3}).status_code == 400
