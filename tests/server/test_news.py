"""Another process's change, heard as news (broker.py), reaches this process's room of the
game (#22): also a room that was being read from the database when the news came, which
may have read it before the change."""

from __future__ import annotations

import asyncio
import threading

from headframe.server.bot_worker import BotWorker
from headframe.server.broker import News
from headframe.server.config import ServerConfig
from headframe.server.hub import Hub

TWO_PEOPLE = {"game": "pit-lamps", "players": 2, "hotseat": True, "think_time": 0,
              "seats": [{"type": "human"}, {"type": "human"}]}


class Spectator:
    """A connection that holds no seat."""
    seats: frozenset[int] = frozenset()


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


def with_two_processes(store, scenario, table: dict = TWO_PEOPLE) -> None:
    """Run `scenario(elsewhere, here, made, tokens)`: two hubs on one database, as two
    processes, and a game made by the one `elsewhere` (with its seats' tokens)."""
    async def run() -> None:
        elsewhere, here = Hub(store, ServerConfig(store.url)), Hub(store, ServerConfig(store.url))
        made, _, tokens = await elsewhere.create(table)
        try:
            await scenario(elsewhere, here, made, tokens)
        finally:
            await here.close()
            await elsewhere.close()

    asyncio.run(run())


async def move_elsewhere(elsewhere: Hub, here: Hub, made, seat: int) -> None:
    await elsewhere.act(made, seat, made.state.decision(seat).actions[0])
    here.heard(News(made.id, "moves"))


def test_news_of_a_game_nobody_here_watches_lets_its_room_go_and_it_comes_back_with_the_change(store):
    async def scenario(elsewhere: Hub, here: Hub, made, _tokens) -> None:
        unwatched = await here.room(made.id)  # say a page asked for it, and nobody watches it here
        await move_elsewhere(elsewhere, here, made, 0)
        assert made.id not in here.rooms and not here._chores  # let go, not caught up for nobody
        again = await here.room(made.id)
        assert again is not unwatched and again.version == 1

    with_two_processes(store, scenario)


def test_a_room_let_go_while_a_connection_said_hello_is_taken_back_and_caught_up(store):
    async def scenario(elsewhere: Hub, here: Hub, made, _tokens) -> None:
        greeted = await here.room(made.id)  # the connection's room, before its hello is done
        await move_elsewhere(elsewhere, here, made, 0)
        greeted.watchers.add(Spectator())
        assert here.adopt(greeted) and here.rooms[made.id] is greeted
        assert await caught_up(greeted, 1), "the room taken back missed the move made while it was let go"
        # Let go again, and meanwhile loaded anew for another request: this connection must start again.
        greeted.watchers.clear()
        await move_elsewhere(elsewhere, here, made, 1)
        fresh = await here.room(made.id)
        assert fresh is not greeted and fresh.version == 2
        assert not here.adopt(greeted) and here.rooms[made.id] is fresh

    with_two_processes(store, scenario)


def test_a_bot_worker_keeps_its_rooms_caught_up_though_nobody_watches_them(store):
    async def scenario(elsewhere: Hub, here: Hub, made, _tokens) -> None:
        BotWorker(here, slots=1)
        kept = await here.room(made.id)
        await move_elsewhere(elsewhere, here, made, 0)
        assert here.rooms[made.id] is kept and await caught_up(kept, 1)

    with_two_processes(store, scenario)


def test_a_seat_claimed_through_a_room_let_go_and_replaced_meanwhile_reaches_the_room_in_its_place(store):
    invited = {**TWO_PEOPLE, "hotseat": False}

    async def scenario(elsewhere: Hub, here: Hub, made, tokens) -> None:
        greeted = await here.room(made.id)
        await elsewhere.claim(made, 0, "Ann", tokens[0])
        here.heard(News(made.id, "seats"))  # let go here, while this connection says hello
        fresh = await here.room(made.id)  # another request loads the game anew
        await here.claim(greeted, 1, "Bea", tokens[1])  # the hello's invitation, taken through the old room
        assert not fresh.row.seats[1].claimed  # nothing announces a process's own change to itself
        greeted.watchers.add(Spectator())
        assert not here.adopt(greeted)
        for _ in range(200):
            if fresh.row.seats[1].claimed:
                break
            await asyncio.sleep(0.01)
        assert fresh.row.seats[1].claimed and fresh.row.seats[1].name == "Bea"

    with_two_processes(store, scenario, invited)
