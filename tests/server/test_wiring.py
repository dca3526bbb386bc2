"""The parts of "players keep their games" working together: signed-in people
chat under their account's name; "Play against bots" signed in makes a rated
game the session plays; expired sessions and lost rating updates are swept up;
a seat held through the session is left and taken back with its CSRF header; My
games says how long a turn-based move has left."""

from __future__ import annotations

import asyncio
import json
import time

import httpx
import pytest
import websockets
from sqlalchemy import delete, select, text

from headframe.engine import load_game
from headframe.server.ratings import level_of
from headframe.server.storage import sqlite_url
from headframe.server.tables import rating_changes, ratings

from .conftest import LiveServer, bearer, signed_in

DAY_LESS_30_S = 86370.0  # a turn-based allowance that reads "23 h 59 min" for its first 30 s
PRESETS = {"real-time": {"fast": (120.0, 10.0)}, "turn-based": {"day": (DAY_LESS_30_S, 0.0)}}


@pytest.fixture(scope="module")
def db_url(tmp_path_factory) -> str:
    return sqlite_url(tmp_path_factory.mktemp("wiring") / "games.db")


@pytest.fixture(scope="module")
def server(db_url):
    with LiveServer(db_url, think_time=0, sweep_every=0.2, clock_presets=PRESETS, chat_rate="1000/minute") as live:
        yield live


def against_bot(client, csrf, agent: str = "random", **extra) -> dict:
    """What the lobby's "Play against bots" sends when signed in: my seat, and a bot."""
    body = {"game": "pit-lamps", "players": 2, "hotseat": False, "think_time": 0, "options": {"rounds": 1},
            "seats": [{"type": "human", "me": True}, {"type": "bot", "agent": agent}], **extra}
    response = client.post("/api/games", json=body, headers=csrf)
    assert response.status_code == 201, response.text
    return response.json()


def play_out(client, csrf, game_id: str) -> None:
    """Play the session's seat (no token) until the game is over."""
    deadline = time.monotonic() + 30
    while not (state := client.get(f"/api/games/{game_id}/state").json())["view"]["over"]:
        assert time.monotonic() < deadline, state
        if "decision" in state["view"]:
            action = state["view"]["decision"]["actions"][0]
            client.post(f"/api/games/{game_id}/actions", json={"seat": state["seat"], "action": action,
                                                               "version": state["version"]}, headers=csrf)
        else:
            time.sleep(0.01)  # the bot's move (think time 0)


def eventually(check, timeout: float = 10.0):
    deadline = time.monotonic() + timeout
    while not (found := check()):
        assert time.monotonic() < deadline, "not within the time"
        time.sleep(0.05)
    return found


def changes_of(server, game_id: str) -> list[dict]:
    with server.hub.store.engine.connect() as db:
        return [dict(r) for r in db.execute(select(rating_changes).where(rating_changes.c.game_id == game_id)).mappings()]


def chat_of(client, game_id: str) -> list[tuple[str, int | None, str]]:
    return [(m["name"], m["seat"], m["text"]) for m in client.get(f"/api/games/{game_id}/chat").json()["messages"]]


async def socket_chat(server, game_id: str, cookie: str | None, message: dict) -> dict:
    """Connect (with the session's cookie, if any), say `message`, and return the chat line sent back."""
    headers = {"Cookie": f"headframe_session={cookie}"} if cookie else {}
    async with websockets.connect(f"{server.ws_url}/ws/games/{game_id}", additional_headers=headers) as socket_:
        await socket_.send(json.dumps({"type": "hello", "tokens": []}))
        await socket_.send(json.dumps({"type": "chat", **message}))
        while True:
            got = json.loads(await asyncio.wait_for(socket_.recv(), 10))
            assert got["type"] != "error", got
            if got["type"] == "chat" and got["messages"][-1]["text"] == message["text"]:
                return got["messages"][-1]


# --- chat ------------------------------------------------------------------------


def test_signed_in_players_and_spectators_chat_under_their_account_names(server):
    ann, ann_csrf = signed_in(server, "Ann")
    cy, cy_csrf = signed_in(server, "Cyd")
    game_id = against_bot(ann, ann_csrf, options={"rounds": 5})["id"]
    url = f"/api/games/{game_id}/chat"
    refused = cy.post(url, json={"text": "no csrf"})  # a cookie write without the session's header
    assert refused.status_code == 403 and "X-CSRF-Token" in refused.json()["error"]
    assert chat_of(cy, game_id) == []  # nothing kept
    assert cy.post(url, json={"text": "hi", "name": "Ann"}, headers=cy_csrf).status_code == 201
    assert ann.post(url, json={"text": "hello", "name": "Bob"}, headers=ann_csrf).status_code == 201
    with httpx.Client(base_url=server.url) as guest:
        assert guest.post(url, json={"text": "guest", "name": "Dee"}).status_code == 201
    said = asyncio.run(socket_chat(server, game_id, cy.cookies["headframe_session"], {"text": "ws", "name": "Ann"}))
    assert (said["name"], said["seat"]) == ("Cyd", None)
    mine = asyncio.run(socket_chat(server, game_id, ann.cookies["headframe_session"], {"text": "mine"}))
    assert (mine["name"], mine["seat"]) == ("Ann", 0)  # the session's seat, without a token
    unnamed = asyncio.run(socket_chat(server, game_id, None, {"text": "anon", "name": "Eve"}))
    assert (unnamed["name"], unnamed["seat"]) == ("Eve", None)
    assert chat_of(cy, game_id) == [("Cyd", None, "hi"), ("Ann", 0, "hello"), ("Dee", None, "guest"),
                                    ("Cyd", None, "ws"), ("Ann", 0, "mine"), ("Eve", None, "anon")]


# --- Play against bots, signed in ----------------------------------------------------


def test_play_against_bots_signed_in_is_rated_running_and_played_through_the_session(server):
    client, csrf = signed_in(server, "Flo")
    created = against_bot(client, csrf)
    assert created["status"] == "running" and created["play_url"] is None  # no tokens to carry
    assert created["seats"][0]["name"] == "Flo"
    assert client.get(f"/api/games/{created['id']}/ratings").json() == {"rated": True, "seats": []}
    assert client.get(f"/games/{created['id']}").status_code == 200
    play_out(client, csrf, created["id"])
    changed = eventually(lambda: changes_of(server, created["id"]))
    assert sorted((c["seat"], c["player"].split(":")[0]) for c in changed) == [(0, "account"), (1, "bot")]
    seats = client.get(f"/api/games/{created['id']}/ratings").json()["seats"]
    assert [seat["name"] for seat in seats] == ["Flo", "random"]


def test_a_guests_quick_game_stays_hot_seat_and_unrated(server):
    with httpx.Client(base_url=server.url) as guest:
        response = guest.post("/api/games", json={
            "game": "pit-lamps", "players": 2, "hotseat": True, "think_time": 0,
            "seats": [{"type": "human", "name": "You"}, {"type": "bot", "agent": "random"}]})
        assert response.status_code == 201, response.text
        created = response.json()
        assert created["play_url"] and created["status"] == "running"
        assert guest.get(f"/api/games/{created['id']}/ratings").json()["rated"] is False


def test_the_bot_levels_the_lobby_offers_are_rated_levels(server):
    with httpx.Client(base_url=server.url) as http:
        for entry in http.get("/api/catalog").json():
            game = load_game(entry["name"])
            offered = [level["agent"] for level in http.get(f"/api/ratings/{entry['name']}").json()["levels"]]
            assert offered and all(level_of(agent, game) == agent for agent in offered), (entry["name"], offered)
            assert set(offered) <= set(entry["agents"]) | {"ismcts:iters=100", "ismcts:iters=1000"}


# --- sweeping ------------------------------------------------------------------------


def test_expired_sessions_are_deleted_by_the_sweep(server):
    client, _csrf = signed_in(server, "Gus")
    live, _ = signed_in(server, "Hal")
    with server.hub.store.engine.begin() as db:
        db.execute(text("update sessions set expires_at = '2000-01-01 00:00:00' where account_id = "
                        "(select id from accounts where name = 'Gus')"))

    def count(name: str) -> int:
        with server.hub.store.engine.connect() as db:
            return db.execute(text("select count(*) from sessions join accounts on accounts.id = sessions.account_id "
                                   "where accounts.name = :name"), {"name": name}).scalar()

    eventually(lambda: count("Gus") == 0)
    assert count("Hal") == 1  # a live session stays
    assert live.get("/api/me").status_code == 200
    assert client.get("/api/me").status_code == 401


def lose_the_rating(server, game_id: str) -> None:
    """As if the server had crashed between the final move and the rating update."""
    with server.hub.store.engine.begin() as db:
        players = [r.player for r in db.execute(select(rating_changes.c.player).where(rating_changes.c.game_id == game_id))]
        db.execute(delete(rating_changes).where(rating_changes.c.game_id == game_id))
        db.execute(delete(ratings).where(ratings.c.player.in_(players), ratings.c.game == "pit-lamps"))


def games_rated(server, account_name: str) -> int | None:
    with server.hub.store.engine.connect() as db:
        return db.execute(select(ratings.c.games).where(ratings.c.name == account_name)).scalar()


def test_a_rating_lost_in_a_crash_is_made_up_by_the_sweep_and_at_start_up_once(server, db_url):
    client, csrf = signed_in(server, "Ida")
    game_id = against_bot(client, csrf, agent="heuristic")["id"]
    play_out(client, csrf, game_id)
    eventually(lambda: changes_of(server, game_id))
    lose_the_rating(server, game_id)
    assert eventually(lambda: changes_of(server, game_id))  # the sweep rated it again
    assert games_rated(server, "Ida") == 1
    time.sleep(0.5)  # more sweeps: it is not rated twice
    assert len(changes_of(server, game_id)) == 2 and games_rated(server, "Ida") == 1

    with LiveServer(db_url, think_time=0, sweep_every=3600) as restarted:  # no sweep: start-up alone
        lose_the_rating(restarted, game_id)
    with LiveServer(db_url, think_time=0, sweep_every=3600) as restarted:
        assert len(changes_of(restarted, game_id)) == 2 and games_rated(restarted, "Ida") == 1


# --- leaving and coming back through the session ---------------------------------------


def test_a_seat_held_through_the_session_is_left_and_taken_back_with_the_csrf_header(server):
    client, csrf = signed_in(server, "Jos")
    game_id = against_bot(client, csrf, options={"rounds": 30})["id"]
    url = f"/api/games/{game_id}/seats/0"
    before = client.get(f"/api/games/{game_id}").json()
    for headers in ({}, {"X-CSRF-Token": "nope"}):
        refused = client.post(f"{url}/leave", headers=headers)
        assert refused.status_code == 403 and "X-CSRF-Token" in refused.json()["error"], refused.text
    assert client.get(f"/api/games/{game_id}").json()["seats"] == before["seats"]  # nothing changed
    assert client.post(f"/api/games/{game_id}/seats/1/leave", headers=csrf).status_code == 403  # not mine
    left = client.post(f"{url}/leave", headers=csrf)
    assert left.status_code == 200, left.text
    assert left.json()["seats"][0]["controller"] == "bot"
    assert left.json()["notices"][-1]["text"] == "Jos left the game: a stand-in bot plays in their place"
    assert client.post(f"{url}/return", headers={}).status_code == 403
    back = client.post(f"{url}/return", headers=csrf)
    assert back.status_code == 200, back.text
    assert back.json()["seats"][0]["controller"] == "human" and back.json()["notices"][-1]["text"] == "Jos is back"


# --- My games on a clocked table -----------------------------------------------------------


def test_my_games_says_how_long_my_turn_based_move_has_left(server):
    ann, ann_csrf = signed_in(server, "Kim")
    body = {"game": "pit-lamps", "players": 2, "think_time": 0, "clock": {"mode": "turn-based", "preset": "day"},
            "seats": [{"type": "human", "me": True}, {"type": "human"}]}
    created = ann.post("/api/games", json=body, headers=ann_csrf).json()
    with httpx.Client(base_url=server.url) as bob:
        assert bob.post(f"/api/games/{created['id']}/seats/1/claim", json={"name": "Bob"},
                        headers=bearer(created["join"][1]["token"])).status_code == 200
    [entry] = ann.get("/api/me/games").json()["running"]
    assert entry["my_move"] and entry["time_left"] == "23 h 59 min"


def test_the_lobby_lists_games_by_title_whether_in_memory_or_not(server):
    client, csrf = signed_in(server, "Lou")
    game_id = against_bot(client, csrf)["id"]
    play_out(client, csrf, game_id)
    eventually(lambda: game_id not in server.hub.rooms, timeout=5)  # finished and unwatched: let go
    listed = {game["id"]: game for game in client.get("/api/games?status=finished").json()}
    assert listed[game_id]["title"] == load_game("pit-lamps").title
