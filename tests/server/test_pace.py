"""Bots' pace (issue 52: pace): a bot's turn of several decisions waits the table's
think time once, not at each decision, and every step is still sent to a watcher;
a slow table's bots still wait; a searching bot's thinking is told, naming only
its seat."""

from __future__ import annotations

import asyncio
import time

import httpx
import pytest

from headframe.server.pace import STEP_S, TURN_STEPS
from headframe.server.storage import sqlite_url

from .conftest import LiveServer, Seat

THINK_TIME = 3.0  # far above a turn's steps (pace.STEP_S): waited at each decision, a turn of 4 would take 12 s
TURN = 4  # the decisions of the bot's turn measured


@pytest.fixture(scope="module")
def paced(tmp_path_factory):
    """A Copper Country table of two heuristic bots (their turns are chains of decisions) at
    THINK_TIME (on a server warmed up as in production), watched by a spectator until a bot has played a
    turn of TURN decisions or more:
    the moment each action was committed (seat, monotonic seconds), and what the spectator got."""
    db_url = sqlite_url(tmp_path_factory.mktemp("pace") / "games.db")
    with LiveServer(db_url, warm_up=True) as server, httpx.Client(base_url=server.url, timeout=30) as http:
        committed: list[tuple[int, float]] = []
        act = server.hub.act

        async def timed_act(room, seat, *args, **kwargs):
            version = await act(room, seat, *args, **kwargs)
            committed.append((seat, time.monotonic()))
            return version

        server.hub.act = timed_act
        bots = [{"type": "bot", "agent": "heuristic"}] * 2
        created = http.post("/api/games", json={"game": "copper-country", "players": 2, "seats": bots, "seed": 3,
                                                "think_time": THINK_TIME})
        assert created.status_code == 201, created.text

        async def watch() -> list[dict]:
            async with Seat(server.ws_url, created.json()["id"], []) as spectator:
                deadline = time.monotonic() + 120
                while not turns(committed) and time.monotonic() < deadline:
                    await asyncio.sleep(0.1)
                await asyncio.sleep(0.5)  # the last step's update reaches the spectator
                return spectator.messages

        messages = asyncio.run(watch())
        server.hub.act = act
    return turns(committed), messages


def turns(committed: list[tuple[int, float]]) -> list[list[float]]:
    """The commit times of each finished turn of TURN decisions or more (one seat's actions one after
    another, another seat's next), with the time of the action before it first."""
    seats = [seat for seat, _ in committed]
    found, start = [], 0
    for index in range(1, len(committed)):
        if seats[index] != seats[start]:
            if index - start >= TURN and start > 0:
                found.append([moment for _, moment in committed[start - 1:index]])
            start = index
    return found


def test_a_bots_turn_of_many_decisions_waits_the_think_time_once(paced):
    found, _ = paced
    assert found, "no bot turn of several decisions was played"
    for moments in found:
        steps = len(moments) - 1
        # Once: the think time, then the first steps' STEP_S each, and deciding (heuristic: milliseconds, seconds
        # on a busy machine). Waited at each decision, the turn would take steps * THINK_TIME.
        assert moments[-1] - moments[0] < THINK_TIME + TURN_STEPS * STEP_S + 4.0 < steps * THINK_TIME, moments


def test_a_slow_tables_bot_still_waits_its_think_time(paced):
    found, _ = paced
    assert found, "no bot turn of several decisions was played"
    for moments in found:
        assert moments[1] - moments[0] >= THINK_TIME - 0.05, moments


def test_every_step_of_a_bots_turn_is_sent_to_a_watcher(paced):
    _, messages = paced
    versions = [m["version"] for m in messages if m["type"] == "state"]
    assert versions == list(range(versions[0], versions[-1] + 1))
    assert versions[-1] > TURN


def test_a_searching_bot_is_said_to_think_naming_only_its_seat(db_url):
    seats = [{"type": "bot", "agent": "ismcts:iters=30"}, {"type": "bot", "agent": "heuristic"}]
    with LiveServer(db_url, think_time=0) as server, httpx.Client(base_url=server.url, timeout=30) as http:
        created = http.post("/api/games", json={"game": "copper-country", "players": 2, "seats": seats, "seed": 5})
        assert created.status_code == 201, created.text

        async def watch() -> list[dict]:
            async with Seat(server.ws_url, created.json()["id"], []) as spectator:
                await spectator.wait_for(lambda m: m["type"] == "thinking" and m["since"] is None, timeout=60)
                return spectator.messages

        messages = asyncio.run(watch())
    said = [m for m in messages if m["type"] == "thinking"]
    assert {frozenset(m) for m in said} == {frozenset({"type", "seat", "since"})}
    assert {m["seat"] for m in said} == {0}  # the heuristic bot is quick: nothing to show
    assert any(m["since"] is not None for m in said)
