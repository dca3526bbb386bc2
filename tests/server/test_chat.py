"""Each table's chat: posted over REST and the WebSocket by players and
spectators, sent to every watcher, refused when bad or flooding (nothing
kept), kept across a restart, and shown in the finished game's replay."""

import asyncio
import random
from types import SimpleNamespace

import httpx
import pytest

from headframe.server.chat import Author, Chat
from headframe.server.config import ServerConfig
from headframe.server.errors import TooManyRequests
from headframe.server.ratelimit import RateLimits
from headframe.server.storage import sqlite_url

from .conftest import LiveServer, Seat, bearer, claim, create, play


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with LiveServer(sqlite_url(tmp_path_factory.mktemp("chat") / "games.db"), think_time=0,
                    chat_rate="1000/minute") as live:
        yield live


@pytest.fixture
def http(server):
    with httpx.Client(base_url=server.url, timeout=30) as client:
        yield client


def seated_game(http) -> tuple[str, str]:
    """A two-player game of a person (named Ann, seated) and a random bot."""
    created = create(http, "pit-lamps", 2)
    return created["id"], claim(http, created["id"], 0, created["join"][0]["token"], "Ann")


def chat_of(http, game_id: str) -> list[dict]:
    response = http.get(f"/api/games/{game_id}/chat")
    assert response.status_code == 200, response.text
    return response.json()["messages"]


def chats(connection: Seat) -> list[dict]:
    return [line for m in connection.messages if m["type"] == "chat" for line in m["messages"]]


def test_players_and_spectators_chat_and_everyone_watching_sees_it(server, http):
    game_id, token = seated_game(http)

    async def scenario():
        async with Seat(server.ws_url, game_id, [token]) as ann, Seat(server.ws_url, game_id, []) as watcher:
            await ann.wait_for(lambda m: m["type"] == "state")
            await watcher.wait_for(lambda m: m["type"] == "state")
            await ann.send({"type": "chat", "text": "  good   luck\t all \n "})
            await ann.wait_for(lambda m: m["type"] == "chat")
            said = http.post(f"/api/games/{game_id}/chat", json={"text": "<b>hi</b> & bye", "name": "Bea"})
            assert said.status_code == 201, said.text
            await watcher.send({"type": "chat", "text": "anonymous here"})
            for connection in (ann, watcher):
                await connection.wait_for(lambda m: m["type"] == "chat" and m["messages"][0]["n"] == 3)
            return chats(ann), chats(watcher)

    seen_by_ann, seen_by_watcher = asyncio.run(scenario())
    expected = [("Ann", 0, "good luck all"), ("Bea", None, "<b>hi</b> & bye"), ("Spectator", None, "anonymous here")]
    for seen in (seen_by_ann, seen_by_watcher, chat_of(http, game_id)):
        assert [(m["name"], m["seat"], m["text"]) for m in seen] == expected  # kept as text, verbatim
        assert [m["n"] for m in seen] == [1, 2, 3]
        assert all(set(m) == {"n", "at", "name", "seat", "text"} for m in seen)  # no step while it is played


def test_a_bearer_token_writes_as_its_seat_and_a_wrong_one_is_refused(http):
    game_id, token = seated_game(http)
    assert http.post(f"/api/games/{game_id}/chat", json={"text": "mine", "name": "Not Ann"},
                     headers=bearer(token)).json()["name"] == "Ann"
    assert http.post(f"/api/games/{game_id}/chat", json={"text": "x"}, headers=bearer("nope")).status_code == 403
    assert http.post(f"/api/games/{game_id}/chat", json={"text": "x"}, headers={"Authorization": "Basic x"}).status_code == 401
    assert [m["text"] for m in chat_of(http, game_id)] == ["mine"]


@pytest.mark.parametrize("body", [
    {"text": "ring\x07bell"}, {"text": "nul\x00"}, {"text": "esc\x1b[2J"}, {"text": "bidi\u202eflip"},
    {"text": "x" * 501}, {"text": "   "}, {"text": ""}, {"text": 5}, {}, {"text": "ok", "name": "a\x00"},
    {"text": "ok", "name": "n" * 41}, {"text": "ok", "extra": 1},
])
def test_bad_messages_are_refused_over_rest_and_nothing_is_kept(http, body):
    game_id, _ = seated_game(http)
    response = http.post(f"/api/games/{game_id}/chat", json=body)
    assert response.status_code == 400 and response.json()["error"], response.text
    assert chat_of(http, game_id) == []


def test_bad_messages_are_refused_over_the_websocket(server, http):
    game_id, token = seated_game(http)
    bad = [{"text": "bell\x07"}, {"text": "y" * 501}, {"text": ""}, {"text": None}, {"text": "ok", "seat": 1},
           {"text": "ok", "seat": True}, {"text": ["a list"]}]

    async def scenario():
        async with Seat(server.ws_url, game_id, [token]) as ann:
            await ann.wait_for(lambda m: m["type"] == "state")
            for ref, message in enumerate(bad):
                await ann.send({"type": "chat", "ref": ref, **message})
            await ann.wait_for(lambda m: m["type"] == "error" and m.get("ref") == len(bad) - 1)
            return ann.errors()

    errors = asyncio.run(scenario())
    # `true` is no seat: refused as malformed, as REST refuses it (issue 51), not as another seat.
    assert [(e["ref"], e["status"]) for e in errors] == [(0, 400), (1, 400), (2, 400), (3, 400), (4, 403), (5, 400),
                                                         (6, 400)]
    assert chat_of(http, game_id) == []


def test_a_long_message_counts_its_whitespace_once(http):
    game_id, _ = seated_game(http)
    text = " ".join(["w" * 9] * 50)  # 499 characters
    assert http.post(f"/api/games/{game_id}/chat", json={"text": text.replace(" ", "   ")}).status_code == 201
    assert chat_of(http, game_id)[0]["text"] == text


def test_unknown_game_is_404(http):
    assert http.post("/api/games/nosuchgame/chat", json={"text": "hi"}).status_code == 404
    assert http.get("/api/games/nosuchgame/chat").status_code == 404


def test_a_flood_is_429_and_nothing_more_is_kept_and_chat_survives_a_restart(tmp_path):
    db = sqlite_url(tmp_path / "games.db")
    with LiveServer(db, think_time=0, chat_rate="5/10 seconds") as server:
        with httpx.Client(base_url=server.url, timeout=30) as http:
            game_id, token = seated_game(http)
            for n in range(5):
                assert http.post(f"/api/games/{game_id}/chat", json={"text": f"message {n}"}).status_code == 201
            flood = http.post(f"/api/games/{game_id}/chat", json={"text": "one too many"})
            assert flood.status_code == 429 and "too many chat messages" in flood.json()["error"]
            assert 1 <= int(flood.headers["retry-after"]) <= 10

            async def over_the_socket():
                async with Seat(server.ws_url, game_id, [token]) as ann:
                    await ann.wait_for(lambda m: m["type"] == "chat")  # the table's chat so far, at once
                    await ann.send({"type": "chat", "text": "and more", "ref": "c1"})
                    return (await ann.wait_for(lambda m: m["type"] == "error")), chats(ann)

            refused, backlog = asyncio.run(over_the_socket())
            assert refused["status"] == 429 and refused["ref"] == "c1"
            assert [m["text"] for m in backlog] == [f"message {n}" for n in range(5)]
            assert [m["text"] for m in chat_of(http, game_id)] == [f"message {n}" for n in range(5)]
    with LiveServer(db, think_time=0) as server, httpx.Client(base_url=server.url, timeout=30) as http:
        assert [m["text"] for m in chat_of(http, game_id)] == [f"message {n}" for n in range(5)]

        async def reconnect():
            async with Seat(server.ws_url, game_id, []) as watcher:
                await watcher.wait_for(lambda m: m["type"] == "chat")
                return chats(watcher)

        assert [m["name"] for m in asyncio.run(reconnect())] == ["Spectator"] * 5


def test_an_author_is_limited_whatever_address_they_write_from(server, http):
    game_id, _ = seated_game(http)
    tables_chat = Chat(server.hub.store, ServerConfig(server.hub.store.url), RateLimits("1/minute", "1/minute", "1/minute"))
    table = SimpleNamespace(id=game_id, version=0, watchers=set())
    ann = Author("Ann", 0, f"seat:{game_id}:0")

    async def from_addresses():
        for n in range(5):
            await tables_chat.post(table, ann, f"from address {n}", f"10.0.0.{n}")
        with pytest.raises(TooManyRequests):
            await tables_chat.post(table, ann, "and one more", "10.0.0.99")
        await tables_chat.post(table, Author("Spectator", None, None), "another author", "10.0.0.99")

    asyncio.run(from_addresses())
    assert [m["text"] for m in chat_of(http, game_id)] == [f"from address {n}" for n in range(5)] + ["another author"]


def test_a_tables_chat_is_bounded(tmp_path):
    with LiveServer(sqlite_url(tmp_path / "games.db"), think_time=0, chat_per_table=2) as server:
        with httpx.Client(base_url=server.url, timeout=30) as http:
            game_id, _ = seated_game(http)
            for text in ("one", "two"):
                assert http.post(f"/api/games/{game_id}/chat", json={"text": text}).status_code == 201
            full = http.post(f"/api/games/{game_id}/chat", json={"text": "three"})
            assert full.status_code == 409 and "full" in full.json()["error"]
            assert len(chat_of(http, game_id)) == 2


def test_the_replay_shows_each_message_at_its_step(server, http):
    game_id, token = seated_game(http)

    async def scenario():
        async with Seat(server.ws_url, game_id, [token]) as ann:
            await ann.wait_for(lambda m: m["type"] == "state")
            await ann.send({"type": "chat", "text": "before my first move"})
            await ann.wait_for(lambda m: m["type"] == "chat")
            await play([ann], random.Random(3), max_moves=1)
            await ann.send({"type": "chat", "text": "after it"})
            await ann.wait_for(lambda m: m["type"] == "chat" and m["messages"][0]["n"] == 2)
            await play([ann], random.Random(4))

    asyncio.run(scenario())
    http.post(f"/api/games/{game_id}/chat", json={"text": "good game"})
    overview = http.get(f"/api/games/{game_id}/replay").json()
    lines = overview["chat"]
    assert [(m["text"], m["name"]) for m in lines] == [("before my first move", "Ann"), ("after it", "Ann"),
                                                        ("good game", "Spectator")]
    actions = http.get(f"/api/games/{game_id}/record").json()["actions"]
    anns_first = next(ply for ply, item in enumerate(actions, start=1) if item["seat"] == 0)
    assert lines[0]["step"] < anns_first <= lines[1]["step"] < overview["steps"]
    assert lines[2]["step"] == overview["steps"]
    uploaded = http.post("/api/replays", json=http.get(f"/api/games/{game_id}/record").json()).json()
    assert "chat" not in http.get(f"/api/replays/{uploaded['id']}").json()  # records carry no chat
