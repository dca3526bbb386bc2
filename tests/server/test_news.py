"""Another process's change, heard as news (broker.py), reaches this process's room of the
game (#22): also a room that was being read from the database when the news came, which
may have read it before the change."""

from __future__ import annotations

import asyncio
import threading

from headframe.server.broker import News
from headframe.server.config import ServerConfig
from headframe.server.hub import Hub

TWO_PEOPLE = {"game": "pit-lamps", "players": 2, "hotseat": True, "think_time": 0,
              "seats": [{"type": "human"}, {"type": "human"}]}


async def caught_up(room, version: int) -> bool:
    for _ in range(200):
        if room.version == version:
            return True
        await asyncio.sleep(0.01)
    return False


def test_a_move_made_elsewhere_while_the_room_was_read_here_is_caught_up(store):
    read, moved = threading.Event(), threading.Event()

    async def scenario() -> tuple[int, int]:
        elsewhere, here = Hub(store, ServerConfig(store.url)), Hub(store, ServerConfig(store.url))
        made, _, _ = await elsewhere.create(TWO_PEOPLE)
        load = here._load

        def read_before_the_move(game_id: str):
            room = load(game_id)
            read.set()
            moved.wait(10)  # registered only after the other process's move and its news
            return room

        here._load = read_before_the_move
        loading = asyncio.ensure_future(here.room(made.id))
        await asyncio.to_thread(read.wait, 10)
        await elsewhere.act(made, 0, made.state.decision(0).actions[0])
        here.heard(News(made.id, "moves"))
        moved.set()
        room = await loading
        read_version = room.version
        assert await caught_up(room, 1), "the room here never learnt of the move made elsewhere"
        await here.close()
        await elsewhere.close()
        return read_version, room.version

    assert asyncio.run(scenario()) == (0, 1)


def test_news_of_a_game_neither_known_nor_being_read_here_is_left(store):
    async def scenario() -> None:
        here = Hub(store, ServerConfig(store.url))
        here.heard(News("unknown", "moves"))
        assert not here.rooms and not here._changed_while_loading
        await here.close()

    asyncio.run(scenario())
