"""Lobby hygiene: invited seats are private until the host opens them (or the
table is created with open seats), open tables say who is waiting, and a host
cancels an unstarted table. Every refusal changes nothing."""

from __future__ import annotations

import asyncio

import httpx
import pytest

from headframe.server.lobby import ordinal
from headframe.server.storage import sqlite_url

from .conftest import LiveServer, Seat, bearer, create

TWO_PEOPLE = [{"type": "human"}, {"type": "human"}]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with LiveServer(sqlite_url(tmp_path_factory.mktemp("hygiene") / "games.db")) as live:
        yield live


@pytest.fixture
def http(server):
    with httpx.Client(base_url=server.url, timeout=30) as client:
        yield client


def seats(http, game_id: str) -> list[dict]:
    return http.get(f"/api/games/{game_id}").json()["seats"]


def test_an_invited_seat_is_private_until_the_host_opens_it(http):
    created = create(http, "pit-lamps", 3, seats=[*TWO_PEOPLE, {"type": "bot"}])
    game_id, host = created["id"], created["host_token"]
    refused = http.post(f"/api/games/{game_id}/seats/1/claim", json={"name": "Eve"})
    assert refused.status_code == 403 and "private" in refused.json()["error"]
    assert [s["claimed"] for s in seats(http, game_id)][:2] == [False, False] and not seats(http, game_id)[1]["open"]
    for headers, status in (({}, 401), (bearer(created["join"][1]["token"]), 403), (bearer("A" * 22), 403)):
        response = http.post(f"/api/games/{game_id}/seats/1/open", headers=headers)
        assert response.status_code == status and "host" in response.json()["error"]
    assert not seats(http, game_id)[1]["open"]
    assert http.post(f"/api/games/{game_id}/seats/2/open", headers=bearer(host)).status_code == 409  # a bot's
    assert http.post(f"/api/games/{game_id}/seats/9/open", headers=bearer(host)).status_code == 400
    assert http.post(f"/api/games/{game_id}/seats/1/open", headers=bearer(host)).status_code == 200
    assert seats(http, game_id)[1]["open"] and not seats(http, game_id)[0]["open"]
    assert http.post(f"/api/games/{game_id}/seats/1/claim", json={"name": "Eve"}).status_code == 200
    assert http.post(f"/api/games/{game_id}/seats/0/claim", json={"name": "Eve"}).status_code == 403  # still private
    assert http.post(f"/api/games/{game_id}/seats/1/open", headers=bearer(host)).status_code == 409  # taken now
    invited = http.post(f"/api/games/{game_id}/seats/0/claim", json={}, headers=bearer(created["join"][0]["token"]))
    assert invited.status_code == 200 and http.get(f"/api/games/{game_id}").json()["status"] == "running"


def test_a_table_created_with_open_seats_lets_anyone_in_the_lobby_take_them(server, http):
    created = create(http, "pit-lamps", 2, seats=TWO_PEOPLE, open_seats=True)
    assert [s["open"] for s in created["seats"]] == [True, True]
    server.hub.rooms.pop(created["id"])  # listed from its stored rows, as after a restart
    listed = {game["id"]: game for game in http.get("/api/games", params={"status": "open"}).json()}
    assert [s["open"] for s in listed[created["id"]]["seats"]] == [True, True]
    assert http.post(f"/api/games/{created['id']}/seats/0/claim", json={"name": "Ann"}).status_code == 200
    waiting = {game["id"]: game for game in http.get("/api/games", params={"status": "open"}).json()}[created["id"]]
    assert [(s["name"], s["claimed"]) for s in waiting["seats"]] == [("Ann", True), ("Seat 2", False)]


def test_the_host_cancels_an_unstarted_table_and_nobody_else_can(server, http):
    created = create(http, "pit-lamps", 2, seats=TWO_PEOPLE)
    game_id = created["id"]
    for headers, status in (({}, 401), (bearer(created["join"][0]["token"]), 403)):
        assert http.delete(f"/api/games/{game_id}", headers=headers).status_code == status
    assert http.get(f"/api/games/{game_id}").status_code == 200

    async def watch_the_cancel():
        async with Seat(server.ws_url, game_id, []) as watcher:
            await watcher.wait_for(lambda m: m["type"] == "state")
            response = await asyncio.to_thread(http.delete, f"/api/games/{game_id}",
                                               headers=bearer(created["host_token"]))
            assert response.status_code == 204
            return await watcher.wait_for(lambda m: m["type"] == "seats" and m["status"] == "cancelled")

    assert asyncio.run(watch_the_cancel())["status"] == "cancelled"  # the page watching it is told
    assert http.get(f"/api/games/{game_id}").status_code == 404
    assert game_id not in {game["id"] for game in http.get("/api/games").json()}
    claim = http.post(f"/api/games/{game_id}/seats/0/claim", json={}, headers=bearer(created["join"][0]["token"]))
    assert claim.status_code == 404


def test_a_started_game_cannot_be_cancelled(http):
    created = create(http, "pit-lamps", 2, seats=TWO_PEOPLE, hotseat=True)
    response = http.delete(f"/api/games/{created['id']}", headers=bearer(created["host_token"]))
    assert response.status_code == 409 and "started" in response.json()["error"]
    assert http.get(f"/api/games/{created['id']}").json()["status"] == "running"


def test_places_are_said_as_ordinals():
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st"]
