"""Regression tests for the attacks of the security review (docs/security.md):
each one reproduced against a real server, and refused or made harmless."""

from __future__ import annotations

import asyncio
import json
import socket
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import closing
from datetime import UTC, datetime, timedelta

import httpx
import pytest
import websockets
from sqlalchemy import create_engine, insert, text, update

from headframe.server import live, rooms
from headframe.server.storage import Store
from headframe.server.tables import games, seats

from .conftest import LiveServer, Seat, bearer, claim, create, signed_in


def summary(http, game_id):
    return http.get(f"/api/games/{game_id}").json()


# --- agents named over the network --------------------------------------------

UNBOUNDED = ["ismcts:time=inf", "ismcts:time=nan", "ismcts:time=1e300", f"ismcts:iters={10**12}", "ismcts:c=nan",
             f"ismcts:depth={10**9}", "ismcts:time=11", "policy:path=/etc/passwd", "policy:path=/no/such/file",
             "policy:name=../../etc/passwd", "policy:name=missing", "os:system"]


@pytest.mark.parametrize("spec", UNBOUNDED)
def test_agent_specs_are_bounded_and_name_no_file(http, spec):
    for body in ({"game": "pit-lamps", "players": 2, "seats": [{"type": "human"}, {"type": "bot", "agent": spec}]},):
        response = http.post("/api/games", json=body)
        assert response.status_code == 400, response.text
        assert "Traceback" not in response.json()["error"]
    assert http.get("/api/games").json() == []


def test_a_missing_file_and_an_existing_one_are_refused_alike(http):
    errors = []
    for path in ("/etc/passwd", "/etc/no-such-file"):
        response = http.post("/api/games", json={"game": "pit-lamps", "players": 2, "seats": [
            {"type": "human"}, {"type": "bot", "agent": f"policy:path={path}"}]})
        errors.append(response.json()["error"].replace(path, "PATH"))
    assert errors[0] == errors[1]


def test_the_host_cannot_hand_a_seat_to_an_unbounded_bot(http):
    created = create(http, "pit-lamps", 2, seats=[{"type": "human"}, {"type": "human"}])
    game_id, host = created["id"], created["host_token"]
    for entry in created["join"]:
        claim(http, game_id, entry["seat"], entry["token"])
    refused = http.post(f"/api/games/{game_id}/seats/1/control", json={"controller": "bot", "agent": "ismcts:time=inf"},
                        headers=bearer(host))
    assert refused.status_code == 400 and summary(http, game_id)["seats"][1]["controller"] == "human"


# --- bots cannot starve the server ---------------------------------------------

def test_the_slowest_allowed_bots_do_not_delay_another_games_bot(db_url):
    """Two games of three bots searching as long as allowed (every search worker
    busy) and a game with a random bot: the random bot still moves at once."""
    with LiveServer(db_url, think_time=0, max_think=2.0) as server, httpx.Client(base_url=server.url, timeout=30) as http:
        created = create(http, "pit-lamps", 2, seats=[{"type": "human"}, {"type": "bot", "agent": "random"}],
                         hotseat=True, options={"rounds": 8})  # the bot owes a move more than 4 times, whatever the deal
        game_id, token = created["id"], created["join"][0]["token"]
        while 1 in summary(http, game_id)["to_move"]:  # the bots' processes have started
            time.sleep(0.05)
        slow = [{"type": "bot", "agent": "ismcts:time=2"}] * 3
        for _ in range(2):
            assert http.post("/api/games", json={"game": "tinners-trail", "players": 3, "seats": slow}).status_code == 201
        time.sleep(1.0)  # both slow games are thinking
        waits: list[float] = []
        deadline = time.monotonic() + 30
        while len(waits) < 4 and time.monotonic() < deadline:
            owed = summary(http, game_id)["to_move"]
            if 1 in owed:
                start = time.monotonic()
                while 1 in summary(http, game_id)["to_move"] and time.monotonic() - start < 10:
                    time.sleep(0.01)
                waits.append(time.monotonic() - start)
            elif 0 in owed:
                view = http.get(f"/api/games/{game_id}/state", headers=bearer(token)).json()["view"]
                http.post(f"/api/games/{game_id}/actions", headers=bearer(token),
                          json={"seat": 0, "action": view["decision"]["actions"][-1]})
        assert len(waits) == 4 and max(waits) < 1.0, waits  # its think time (0) plus at most a second


# --- hosts see what players see ------------------------------------------------

def test_a_chosen_seed_is_only_for_tables_without_hidden_cards_between_people(http):
    human_and_bot = [{"type": "human"}, {"type": "bot"}]
    refused = http.post("/api/games", json={"game": "pit-lamps", "players": 2, "seats": human_and_bot, "seed": 7})
    assert refused.status_code == 400 and "seed" in refused.json()["error"]
    for extra in ({"hotseat": True}, {}):
        table = human_and_bot if extra else [{"type": "bot"}, {"type": "bot"}]
        assert http.post("/api/games", json={"game": "pit-lamps", "players": 2, "seats": table, "seed": 7,
                                             **extra}).status_code == 201


def test_the_server_draws_the_deal_and_the_bots_streams_apart(server, http, db_url):
    made = [create(http, "pit-lamps", 2)["id"] for _ in range(3)]
    with create_engine(db_url).connect() as db:
        rows = db.execute(text("select seed, bot_seed from games")).all()
    assert len({seed for seed, _ in rows}) == 3 and all(seed != bot_seed for seed, bot_seed in rows)
    assert all("seed" not in summary(http, game_id) for game_id in made)


def test_an_invitation_shows_nothing_and_dies_when_claimed(server, http):
    created = create(http, "pit-lamps", 2, seats=[{"type": "human"}, {"type": "human"}])
    game_id, invitation = created["id"], created["join"][0]["token"]

    async def hello(tokens):
        async with Seat(server.ws_url, game_id, tokens) as seat:
            welcome = await seat.wait_for(lambda m: m["type"] == "welcome")
            await seat.wait_for(lambda m: m["type"] == "state")
            await asyncio.sleep(0.2)
            return welcome, [m for m in seat.messages if m["type"] == "state"]

    welcome, states = asyncio.run(hello([invitation]))
    assert welcome["seats"] == [None] and welcome["invited"] == [0]
    assert [m["seat"] for m in states] == [None]  # a spectator's view until the seat is claimed
    token = claim(http, game_id, 0, invitation)
    assert token != invitation
    assert http.get(f"/api/games/{game_id}/state", headers=bearer(invitation)).status_code == 403
    assert http.get(f"/api/games/{game_id}/state", headers=bearer(token)).json()["seat"] == 0

    async def refused():
        async with websockets.connect(f"{server.ws_url}/ws/games/{game_id}") as socket_:
            await socket_.send(json.dumps({"type": "hello", "tokens": [invitation]}))
            return json.loads(await socket_.recv())

    assert asyncio.run(refused())["status"] == 403


def test_others_sealed_steps_send_a_seat_nothing(server, http):
    """Coal Country's foremen are placed in secret, one at a time: the other seat
    and spectators get no message, and no version of theirs moves, until the
    placement is done."""
    created = create(http, "coal-country", 2, seats=[{"type": "human"}, {"type": "human"}], hotseat=True)
    game_id, tokens = created["id"], [entry["token"] for entry in created["join"]]

    async def scenario():
        async with Seat(server.ws_url, game_id, [tokens[0]]) as ann, Seat(server.ws_url, game_id, [tokens[1]]) as bob, \
                Seat(server.ws_url, game_id, []) as spectator:
            for client in (ann, bob, spectator):
                await client.wait_for(lambda m: m["type"] == "state")
            await asyncio.sleep(0.2)
            heard = (len(bob.messages), len(spectator.messages))
            public = summary(http, game_id)["version"]
            for ref in range(3):
                state = ann.latest[0]
                await ann.send({"type": "act", "seat": 0, "action": state["view"]["decision"]["actions"][0],
                                "version": state["version"], "ref": ref})
                await ann.wait_for(lambda m, ref=ref: m.get("ref") == ref and m["type"] == "ack")
                await ann.wait_for(lambda m, ref=ref: m["type"] == "state" and m["version"] == ref + 1)
            await asyncio.sleep(0.3)
            assert (len(bob.messages), len(spectator.messages)) == heard
            assert summary(http, game_id)["version"] == public
            assert ann.latest[0]["version"] == 3 and bob.latest[1]["version"] == 0

    asyncio.run(scenario())


# --- bounded memory and start-up -------------------------------------------------

def test_a_client_that_stops_reading_is_dropped_and_its_seat_can_go_to_a_bot(server, http, monkeypatch):
    monkeypatch.setattr(rooms, "OUTBOX_LIMIT", 8)
    monkeypatch.setattr(live, "SEND_TIMEOUT", 0.5)
    # Tinners' Trail: updates carry patches of a few KB, so the deaf client also asks for everything again
    # (`sync`) as it goes: each answer is a whole state with its 90 KB board, and the socket's buffers fill soon.
    created = create(http, "tinners-trail", 2, seats=[{"type": "human"}, {"type": "human"}], hotseat=True)
    game_id, tokens, host = created["id"], [entry["token"] for entry in created["join"]], created["host_token"]

    async def scenario():
        raw = socket.socket()
        raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
        raw.connect(("127.0.0.1", server.port))
        deaf = await websockets.connect(f"{server.ws_url}/ws/games/{game_id}", sock=raw, max_size=None, max_queue=1)
        deaf.transport.pause_reading()  # a client that never reads again
        await deaf.send(json.dumps({"type": "hello", "tokens": [tokens[0]]}))
        deadline = time.monotonic() + 30
        while not summary(http, game_id)["seats"][0]["connected"] and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        moves = 0
        while summary(http, game_id)["seats"][0]["connected"] and time.monotonic() < deadline:
            await deaf.send(json.dumps({"type": "sync"}))
            for seat in (0, 1):
                view = http.get(f"/api/games/{game_id}/state", headers=bearer(tokens[seat])).json()["view"]
                if "decision" in view:
                    moves += 1
                    http.post(f"/api/games/{game_id}/actions", headers=bearer(tokens[seat]),
                              json={"seat": seat, "action": view["decision"]["actions"][0]})
        deaf.transport.abort()
        return moves

    moves = asyncio.run(scenario())
    assert moves > 0 and not summary(http, game_id)["seats"][0]["connected"]
    handed = http.post(f"/api/games/{game_id}/seats/0/control", json={"controller": "bot"}, headers=bearer(host))
    assert handed.status_code == 200, handed.text


def test_finished_games_nobody_watches_leave_memory(server, http, db_url):
    made = http.post("/api/games", json={"game": "pit-lamps", "players": 2, "think_time": 0,
                                         "seats": [{"type": "bot"}, {"type": "bot"}]}).json()
    deadline = time.monotonic() + 30
    while made["id"] in server.hub.rooms and time.monotonic() < deadline:
        time.sleep(0.05)  # (asking the server would load the game again)
    with create_engine(db_url).connect() as db:
        assert db.execute(text("select status from games")).scalar() == "finished"
    assert made["id"] not in server.hub.rooms


def test_unknown_ids_keep_no_lock(server, http):
    for n in range(50):
        assert http.get(f"/api/games/unknown{n}").status_code == 404
    assert http.get("/api/games/" + "x" * 40).status_code == 404
    assert server.hub._loading == {}


def test_open_and_idle_games_expire(db_url):
    with LiveServer(db_url, think_time=0, sweep_every=0.2) as server, \
            httpx.Client(base_url=server.url, timeout=30) as http:
        table = create(http, "pit-lamps", 2, seats=[{"type": "human"}, {"type": "human"}])["id"]
        with_bot = create(http, "pit-lamps", 2)["id"]
        fresh = create(http, "pit-lamps", 2, seats=[{"type": "human"}, {"type": "human"}])["id"]
        hotseat = create(http, "pit-lamps", 2, seats=[{"type": "human"}, {"type": "human"}], hotseat=True)
        now = datetime.now(UTC)
        with create_engine(db_url).begin() as db:
            db.execute(update(games).where(games.c.id.in_([table, with_bot])).values(updated_at=now - timedelta(hours=25)))
            db.execute(update(games).where(games.c.id == hotseat["id"]).values(updated_at=now - timedelta(days=8)))
        deadline = time.monotonic() + 10

        def swept() -> bool:  # the sweep runs between requests: the two games may be seen a request apart
            return summary(http, hotseat["id"])["status"] == "expired" \
                and http.get(f"/api/games/{table}").status_code == 404
        while not swept() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert http.get(f"/api/games/{table}").status_code == 404  # an unstarted table without bots: gone
        assert summary(http, with_bot)["status"] == "open"  # it has a bot: kept for the full week
        assert summary(http, fresh)["status"] == "open"
        assert summary(http, hotseat["id"])["status"] == "expired"
        token = hotseat["join"][0]["token"]
        refused = http.post(f"/api/games/{hotseat['id']}/actions", json={"seat": 0, "action": "bid:1"},
                            headers=bearer(token))
        assert refused.status_code == 409 and "expired" in refused.json()["error"]


def test_restart_with_ten_thousand_unfinished_games_is_quick_and_lazy(tmp_path):
    from headframe.server.storage import sqlite_url

    url = sqlite_url(tmp_path / "many.db")
    Store(url).close()
    engine = create_engine(url)
    with engine.begin() as db:
        db.execute(insert(games), [
            {"id": f"g{n}", "name": "Pit Lamps game", "game": "pit-lamps", "players": 2, "seed": n, "options": {},
             "think_time": 0.0, "hotseat": True, "host_token_hash": "0" * 64, "status": "running", "bot_seed": n + 1}
            for n in range(10_000)])
        db.execute(insert(seats), [
            {"game_id": f"g{n}", "seat": seat, "name": f"Seat {seat + 1}", "agent": None, "controller": "human",
             "token_hash": "1" * 64, "claimed": True} for n in range(10_000) for seat in (0, 1)])
    start = time.monotonic()
    with LiveServer(url) as server, httpx.Client(base_url=server.url, timeout=30) as http:
        started = time.monotonic() - start
        assert started < 3.0, started
        assert server.hub.rooms == {}
        assert summary(http, "g9999")["status"] == "running"
        assert list(server.hub.rooms) == ["g9999"]


def test_game_creation_is_rate_limited_per_address(db_url):
    with LiveServer(db_url, create_rate="3/minute") as server, httpx.Client(base_url=server.url, timeout=30) as http:
        for _ in range(3):
            create(http, "pit-lamps", 2)
        refused = http.post("/api/games", json={"game": "pit-lamps", "players": 2,
                                                "seats": [{"type": "human"}, {"type": "bot"}]})
        assert refused.status_code == 429 and "try again" in refused.json()["error"]
        assert int(refused.headers["Retry-After"]) > 0
        assert len(http.get("/api/games").json()) == 3


# --- tables nobody plays: waiting for players, or played by bots alone ---------------

TWO_PEOPLE = [{"type": "human"}, {"type": "human"}]
BOTS_ALONE = {"game": "pit-lamps", "players": 2, "think_time": 10, "seats": [{"type": "bot"}, {"type": "bot"}]}
YOURS_ARE_MANY = "you have {} tables waiting for players or played by bots alone: start or cancel one, or let one end, first"


def table(http: httpx.Client, headers: dict | None = None, **extra) -> httpx.Response:
    """Ask for a table of two people (both seats waiting, unless `extra` says otherwise)."""
    return http.post("/api/games", json={"game": "pit-lamps", "players": 2, "seats": TWO_PEOPLE, **extra},
                     headers=headers)


def made(response: httpx.Response) -> dict:
    assert response.status_code == 201, response.text
    return response.json()


def from_another_address(server) -> httpx.Client:
    """A client whose connections come from 127.0.0.2 (to the server on 127.0.0.1)."""
    return httpx.Client(base_url=server.url, timeout=30, transport=httpx.HTTPTransport(local_address="127.0.0.2"))


def stored(url: str) -> list:
    """The stored games' ids and creators."""
    with create_engine(url).connect() as db:
        return sorted(db.execute(text("select id, creator from games")).all())


def test_a_guest_has_at_most_so_many_tables_nobody_plays_per_address(db_url):
    # issue 51: defect 8
    with LiveServer(db_url, max_open_tables_per_creator=3) as server, \
            httpx.Client(base_url=server.url, timeout=30) as http:
        made(table(http))
        made(table(http))
        made(http.post("/api/games", json=BOTS_ALONE))  # its room stays while its bots play: it counts too
        rooms, rows = set(server.hub.rooms), stored(db_url)
        for refused in (table(http), http.post("/api/games", json=BOTS_ALONE)):
            assert refused.status_code == 429 and refused.json()["error"] == YOURS_ARE_MANY.format(3)
        assert set(server.hub.rooms) == rooms and stored(db_url) == rows  # a refusal changes nothing
        made(table(http, hotseat=True))  # people play it from the start: it does not count
        with from_another_address(server) as elsewhere:
            made(table(elsewhere))
        creators = {creator for _, creator in stored(db_url)}
        assert len(creators) == 2 and all(creator.startswith("address:") for creator in creators)
        assert not any("127.0.0" in creator for creator in creators)  # a keyed hash, never the address


def test_a_signed_in_creator_has_at_most_so_many_tables_nobody_plays_per_account(db_url):
    # issue 51: defect 8
    with LiveServer(db_url, max_open_tables_per_creator=2) as server, \
            httpx.Client(base_url=server.url, timeout=30) as guest:
        (ann, csrf), (bea, _) = signed_in(server, "Ann"), signed_in(server, "Bea")
        with closing(ann), closing(bea):
            with_my_seat = {"seats": [{"type": "human", "me": True}, {"type": "human"}]}
            made(table(ann, csrf, **with_my_seat))
            made(table(ann, csrf, **with_my_seat))
            rows = stored(db_url)
            for refused in (table(ann, csrf, **with_my_seat), table(ann)):  # with a seat of the account's or not
                assert refused.status_code == 429 and refused.json()["error"] == YOURS_ARE_MANY.format(2)
            assert stored(db_url) == rows
            made(table(guest))  # a guest at the same address counts apart
            made(table(bea))
        creators = {creator for _, creator in stored(db_url)}
        assert sorted(creator.split(":")[0] for creator in creators) == ["account", "account", "address"]


def test_the_server_has_at_most_so_many_tables_waiting_for_players(db_url):
    # issue 51: defect 8
    with LiveServer(db_url, max_open_tables=3, max_open_tables_per_creator=2) as server, \
            httpx.Client(base_url=server.url, timeout=30) as http, from_another_address(server) as elsewhere:
        made(table(http))
        made(table(http))
        made(table(elsewhere))
        rooms, rows = set(server.hub.rooms), stored(db_url)
        refused = table(elsewhere)
        assert refused.status_code == 503 and int(refused.headers["Retry-After"]) > 0
        assert refused.json()["error"] == "the server has too many tables waiting for players: try again later"
        assert set(server.hub.rooms) == rooms and stored(db_url) == rows
        made(elsewhere.post("/api/games", json=BOTS_ALONE))  # it waits for nobody: only its creator's count


def test_a_table_that_starts_is_cancelled_or_expires_no_longer_counts(db_url):
    # issue 51: defect 8
    with LiveServer(db_url, max_open_tables=1) as server, httpx.Client(base_url=server.url, timeout=30) as http:
        first = made(table(http))
        assert table(http).status_code == 503
        for entry in first["join"]:
            claim(http, first["id"], entry["seat"], entry["token"])  # every seat taken: it starts
        second = made(table(http))
        assert http.delete(f"/api/games/{second['id']}", headers=bearer(second["host_token"])).status_code == 204
        third = made(table(http))
        with create_engine(db_url).begin() as db:
            db.execute(update(games).where(games.c.id == third["id"])
                       .values(updated_at=datetime.now(UTC) - timedelta(hours=25)))
        assert server.hub.store.expire(timedelta(days=7), timedelta(hours=24)) == [third["id"]]
        made(table(http))


def test_the_count_is_the_databases_and_outlives_a_restart(db_url):
    # issue 51: defect 8: a guest's address is hashed with a key the database keeps
    with LiveServer(db_url, max_open_tables_per_creator=2) as server, \
            httpx.Client(base_url=server.url, timeout=30) as http:
        made(table(http))
        made(table(http))
    with LiveServer(db_url, max_open_tables_per_creator=2) as server, \
            httpx.Client(base_url=server.url, timeout=30) as http:
        assert table(http).status_code == 429 and len(stored(db_url)) == 2


def test_servers_on_one_postgresql_database_count_the_same_tables_at_once(postgres_url):
    # issue 51: defect 8: two servers (as two processes) take twelve tables from one address at the same moment
    with LiveServer(postgres_url, max_open_tables_per_creator=5) as one, \
            LiveServer(postgres_url, max_open_tables_per_creator=5) as two, \
            httpx.Client(base_url=one.url, timeout=30) as first, httpx.Client(base_url=two.url, timeout=30) as second:
        with ThreadPoolExecutor(12) as pool:
            answers = list(pool.map(lambda n: table((first, second)[n % 2]).status_code, range(12)))
        assert sorted(answers) == [201] * 5 + [429] * 7
        assert len(stored(postgres_url)) == 5


def test_the_hub_keeps_at_most_so_many_rooms_nobody_needs(db_url):
    # issue 51: defect 8: hot-seat tables start at once and count nowhere; their rooms would stay for `room_idle`
    with LiveServer(db_url, idle_rooms=3) as server, httpx.Client(base_url=server.url, timeout=30) as http:
        ids = [made(table(http, hotseat=True))["id"] for _ in range(6)]
        assert list(server.hub.rooms) == ids[3:]  # the longest idle let go
        assert summary(http, ids[0])["status"] == "running"  # and read again when asked for
