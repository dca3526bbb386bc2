"""The same server on PostgreSQL: a throwaway cluster is started for the test
(conftest.py's `postgres_url`)."""

import asyncio
import random
from datetime import UTC, datetime, timedelta

import httpx
from sqlalchemy import create_engine, text

from headframe.server.storage import Store

from .conftest import LiveServer, Seat, check_no_leaks, claim, create, play
from .test_clocks import PRESETS, summary_when, table
from .test_ratings import finished_rated_game


def test_postgres_storage_plays_and_resumes(postgres_url):
    with LiveServer(postgres_url) as server:
        with httpx.Client(base_url=server.url, timeout=30) as http:
            created = create(http, "pit-lamps", 3, seats=[{"type": "human"}, {"type": "bot"}, {"type": "bot"}])
            token = claim(http, created["id"], 0, created["join"][0]["token"])

            async def first_moves():
                async with Seat(server.ws_url, created["id"], [token]) as ann:
                    await play([ann], random.Random(7), max_moves=4)
                    return ann.messages

            before = asyncio.run(first_moves())
            version = http.get(f"/api/games/{created['id']}").json()["version"]
    with LiveServer(postgres_url) as server:  # a new process-worth of memory: rebuilt from PostgreSQL
        with httpx.Client(base_url=server.url, timeout=30) as http:
            assert http.get(f"/api/games/{created['id']}").json()["version"] >= version  # bots may have played on

            async def the_rest():
                async with Seat(server.ws_url, created["id"], [token]) as ann:
                    await play([ann], random.Random(8))
                    return ann.messages

            after = asyncio.run(the_rest())
            record = http.get(f"/api/games/{created['id']}/record").json()
            assert check_no_leaks(record, before) and check_no_leaks(record, after)
    with create_engine(postgres_url).connect() as db:
        assert db.execute(text("select version_num from alembic_version")).scalar() == "0012"
        stored = db.execute(text("select count(*) from actions where game_id = :g"), {"g": created["id"]}).scalar()
        assert stored == len(record["actions"])


def test_postgres_refuses_nul_in_every_name_as_sqlite_does(postgres_url):
    # PostgreSQL's driver refused U+0000 with a 500; validation refuses it first, on both databases.
    with LiveServer(postgres_url) as server, httpx.Client(base_url=server.url, timeout=30) as http:
        before = {game["id"] for game in http.get("/api/games").json()}  # the database is the module's
        seats = [{"type": "human"}, {"type": "bot"}]
        bodies = [{"name": "a\x00b"}, {"seats": [{"type": "human", "name": "\x00"}, {"type": "bot"}]},
                  {"game": "pit\x00lamps"}, {"seats": [{"type": "human"}, {"type": "bot", "agent": "random\x00"}]}]
        for change in bodies:
            response = http.post("/api/games", json={"game": "pit-lamps", "players": 2, "seats": seats, **change})
            assert response.status_code == 400 and "U+0000" in response.json()["error"], response.text
        created = create(http, "pit-lamps", 2, seats=[{"type": "human"}, {"type": "human"}])
        claimed = http.post(f"/api/games/{created['id']}/seats/0/claim", json={"name": "Ann\x00"})
        assert claimed.status_code == 400 and "U+0000" in claimed.json()["error"]
        assert {game["id"] for game in http.get("/api/games").json()} == before | {created["id"]}


def test_postgres_keeps_ratings_and_chat(postgres_url):
    with LiveServer(postgres_url, think_time=0) as server, httpx.Client(base_url=server.url, timeout=30) as http:
        game_id, rated = finished_rated_game(server, http, "acc-pg")
        assert [entry["seat"] for entry in rated["seats"]] == [0, 1]
        assert http.post(f"/api/games/{game_id}/chat", json={"text": "good game", "name": "Bea"}).status_code == 201
        board = http.get("/api/ratings/pit-lamps").json()["rows"]
        assert {(row["name"], row["games"]) for row in board} == {("Ann", 1), ("Random bot", 1)}
        assert [(m["name"], m["text"]) for m in http.get(f"/api/games/{game_id}/replay").json()["chat"]] == [
            ("Bea", "good game")]
        # The sweep's queries: a rating lost in a crash is found again; expired sessions go.
        ratings, since = server.app.state.ratings, datetime.now(UTC) - timedelta(days=1)
        assert game_id not in [found for found, _ in ratings.store.unrated(since)]
        with server.hub.store.engine.begin() as db:
            db.execute(text("delete from rating_changes where game_id = :g"), {"g": game_id})
        assert game_id in [found for found, _ in ratings.store.unrated(since)]
        assert server.hub.accounts.end_expired_sessions() == 0


def test_postgres_keeps_accounts_sessions_and_their_seats(postgres_url):
    account = {"name": "Pg Player", "password": "correct horse battery"}
    with LiveServer(postgres_url, think_time=0) as server, httpx.Client(base_url=server.url, timeout=30) as http:
        csrf = {"X-CSRF-Token": http.post("/api/accounts", json=account).json()["csrf"]}
        taken = http.post("/api/accounts", json={**account, "name": "PG PLAYER"})
        assert taken.status_code == 409  # the unique key, case-insensitively, on PostgreSQL too
        created = http.post("/api/games", headers=csrf, json={
            "game": "pit-lamps", "players": 2, "think_time": 0, "open_seats": True,
            "seats": [{"type": "human", "me": True}, {"type": "human"}]}).json()
        assert [entry["name"] for entry in http.get("/api/me/games").json()["running"]] == [created["name"]]
        assert http.get(f"/api/games/{created['id']}").json()["seats"][1]["open"]
        assert http.delete(f"/api/games/{created['id']}", headers={"Authorization": f"Bearer {created['host_token']}"}
                           ).status_code == 204
        assert http.get("/api/me/games").json()["running"] == []
        assert http.delete("/api/session", headers=csrf).status_code == 204
        assert http.post("/api/session", json=account).status_code == 200


def test_postgres_keeps_clocks_and_notices(postgres_url):
    with LiveServer(postgres_url, think_time=0.05, clock_presets=PRESETS) as server, \
            httpx.Client(base_url=server.url, timeout=30) as http:
        created, token = table(http, {"mode": "real-time", "preset": "normal"}, name="Dora")
        seats = f"/api/games/{created['id']}/seats/0"
        assert http.post(f"{seats}/leave", headers={"Authorization": f"Bearer {token}"}).status_code == 200
        assert http.post(f"{seats}/return", headers={"Authorization": f"Bearer {token}"}).status_code == 200
        fast, _ = table(http, {"mode": "real-time", "preset": "fast"})
        summary_when(http, fast["id"], lambda s: s["seats"][0]["forfeited"], timeout=6)
    with LiveServer(postgres_url, think_time=0.05, clock_presets=PRESETS) as server, \
            httpx.Client(base_url=server.url, timeout=30) as http:
        summary = http.get(f"/api/games/{created['id']}").json()
        assert [n["text"] for n in summary["notices"]] == ["Dora left the game: a stand-in bot plays in their place",
                                                           "Dora is back"]
        assert summary["clock"]["words"] == "Real time · normal: 5 min + 30 s per move"
        assert summary["seats"][0]["forfeited"] and summary["seats"][0]["controller"] == "human"
    store = Store(postgres_url)
    try:
        later = datetime.now(UTC) + timedelta(seconds=400)
        assert created["id"] in store.overdue(later) and created["id"] not in store.overdue(datetime.now(UTC))
        assert fast["id"] not in store.overdue(later)  # a stand-in plays it: no clock runs
    finally:
        store.close()
