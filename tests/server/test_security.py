"""Every refusal: wrong token, wrong seat, out of turn, illegal, malformed and
oversized input, over REST and WebSocket. Each gets a clear 4xx (or an error
message) and leaves the game exactly as it was; tokens are stored only hashed."""

import asyncio
import base64
import hashlib
import json

import pytest
import websockets
from sqlalchemy import create_engine, text

from headframe.engine import load_game

from .conftest import Seat, bearer, claim, create


@pytest.fixture
def running(http):
    """A running two-human Pit Lamps game: its id and both seats' tokens."""
    created = create(http, "pit-lamps", 2, seats=[{"type": "human"}, {"type": "human"}], hotseat=True)
    return created["id"], [entry["token"] for entry in created["join"]], created["host_token"]


def snapshot(http, game_id, tokens):
    return [http.get(f"/api/games/{game_id}/state", headers=bearer(t)).json() for t in tokens]


def first_bid(http, game_id, token):
    return http.get(f"/api/games/{game_id}/state", headers=bearer(token)).json()["view"]["decision"]["actions"][0]


BAD_ACTIONS = [
    ("no token", None, {"seat": 0, "action": "bid:1"}, 401, "token"),
    ("not a bearer header", "Basic abc", {"seat": 0, "action": "bid:1"}, 401, "Bearer"),
    ("unknown token", "Bearer " + "A" * 22, {"seat": 0, "action": "bid:1"}, 403, "holds no seat"),
    ("another seat's token", 1, {"seat": 0, "action": "bid:1"}, 403, "does not hold seat 0"),
    ("no such seat", 0, {"seat": 7, "action": "bid:1"}, 403, "does not hold seat 7"),
    ("not offered", 0, {"seat": 0, "action": "dig"}, 400, "not a legal action"),
    ("malformed id", 0, {"seat": 0, "action": "bid:x"}, 400, ""),
    ("unknown kind", 0, {"seat": 0, "action": {"kind": "explode"}}, 400, "explode"),
    ("wrong field type", 0, {"seat": 0, "action": {"kind": "bid", "card": "high"}}, 400, ""),
    ("missing action", 0, {"seat": 0}, 400, "action"),
    ("extra field", 0, {"seat": 0, "action": "dig", "sneaky": 1}, 400, "sneaky"),
    ("seat not a number", 0, {"seat": "zero", "action": "dig"}, 400, "seat"),
    ("stale version", 0, {"seat": 0, "action": "bid:1", "version": 5}, 409, "moved on"),
]


@pytest.mark.parametrize("case, auth, body, status, words", BAD_ACTIONS, ids=[c[0] for c in BAD_ACTIONS])
def test_bad_actions_are_refused_and_change_nothing(http, running, case, auth, body, status, words):
    game_id, tokens, _ = running
    before = snapshot(http, game_id, tokens)
    headers = {}
    if isinstance(auth, int):
        headers = bearer(tokens[auth])
    elif auth is not None:
        headers = {"Authorization": auth}
    response = http.post(f"/api/games/{game_id}/actions", json=body, headers=headers)
    assert response.status_code == status, response.text
    error = response.json()["error"]
    assert words in error and "Traceback" not in error
    assert snapshot(http, game_id, tokens) == before


def test_out_of_turn_and_over_are_refused(http, running):
    game_id, tokens, _ = running
    for seat in (0, 1):
        assert http.post(f"/api/games/{game_id}/actions", json={"seat": seat, "action": first_bid(http, game_id, tokens[seat])},
                         headers=bearer(tokens[seat])).status_code == 200
    waiting = http.get(f"/api/games/{game_id}").json()["to_move"][0]
    idle = 1 - waiting
    before = snapshot(http, game_id, tokens)
    response = http.post(f"/api/games/{game_id}/actions", json={"seat": idle, "action": "rest"}, headers=bearer(tokens[idle]))
    assert response.status_code == 409 and f"not seat {idle}'s move" in response.json()["error"]
    assert snapshot(http, game_id, tokens) == before


def test_an_open_game_refuses_actions_until_every_seat_is_taken(http):
    created = create(http, "pit-lamps", 2, seats=[{"type": "human"}, {"type": "human"}])
    token = claim(http, created["id"], 0, created["join"][0]["token"])
    refused = http.post(f"/api/games/{created['id']}/actions", json={"seat": 0, "action": "bid:1"}, headers=bearer(token))
    assert refused.status_code == 409 and "has not started" in refused.json()["error"]


def test_oversized_and_broken_bodies(http, running):
    game_id, tokens, _ = running
    before = snapshot(http, game_id, tokens)
    big = http.post(f"/api/games/{game_id}/actions", content=b'{"seat": 0, "action": "' + b"x" * 70_000 + b'"}',
                    headers={**bearer(tokens[0]), "Content-Type": "application/json"})
    assert big.status_code == 413 and "over" in big.json()["error"]
    chunked = http.post(f"/api/games/{game_id}/actions", content=iter([b'{"seat": 0, "action": "', b"x" * 70_000, b'"}']),
                        headers={**bearer(tokens[0]), "Content-Type": "application/json"})
    assert chunked.status_code == 413
    broken = http.post(f"/api/games/{game_id}/actions", content=b"{not json", headers={
        **bearer(tokens[0]), "Content-Type": "application/json"})
    assert broken.status_code == 400 and "invalid request" in broken.json()["error"]
    assert snapshot(http, game_id, tokens) == before


def test_unknown_routes_and_games_are_clear_json_errors(http):
    assert http.get("/api/games/nope").json() == {"error": "no game 'nope'"}
    assert http.get("/api/games/nope").status_code == 404
    assert http.get("/api/nothing-here").status_code == 404 and "error" in http.get("/api/nothing-here").json()
    assert http.get("/api/games", params={"status": "lost"}).status_code == 400


def test_internal_errors_show_no_stack_trace(server, http, running, monkeypatch):
    game_id, tokens, _ = running
    room = server.hub.rooms[game_id]

    def broken(*_args):
        raise RuntimeError("secret internals")

    monkeypatch.setattr(room, "seat_state", broken)
    response = http.get(f"/api/games/{game_id}/state", headers=bearer(tokens[0]))
    assert response.status_code == 500 and response.json() == {"error": "internal server error"}


def test_tokens_are_128_bits_and_stored_only_as_hashes(http, running, db_url):
    game_id, tokens, host = running
    for token in tokens + [host]:
        assert len(base64.urlsafe_b64decode(token + "==")) == 16
    with create_engine(db_url).connect() as db:
        stored = json.dumps([list(row) for row in db.execute(text("select * from seats"))], default=str)
        stored += json.dumps([list(row) for row in db.execute(text("select * from games"))], default=str)
    assert not any(token in stored for token in tokens + [host])
    assert all(hashlib.sha256(t.encode()).hexdigest() in stored for t in tokens + [host])


def test_websocket_refusals(server, http, running):
    game_id, tokens, _ = running
    before = snapshot(http, game_id, tokens)

    async def scenario():
        async with Seat(server.ws_url, game_id, [tokens[0]]) as ann:
            await ann.wait_for(lambda m: m["type"] == "state")
            bid = ann.latest[0]["view"]["decision"]["actions"][0]
            cases = [
                ({"type": "act", "seat": 1, "action": bid, "ref": 1}, 403, "does not hold seat 1"),
                ({"type": "act", "seat": 0, "action": "dig", "ref": 2}, 400, "not a legal action"),
                ({"type": "act", "seat": 0, "action": {"kind": 5}, "ref": 3}, 400, ""),
                ({"type": "act", "seat": 0, "ref": 4}, 400, "action: Field required"),
                ({"type": "fly", "ref": 5}, 400, "unknown message type"),
                ({"type": "act", "seat": 0, "action": bid, "version": "x", "ref": 6}, 400, "version"),
            ]
            for message, status, words in cases:
                await ann.send(message)
                error = await ann.wait_for(lambda m, ref=message["ref"]: m.get("ref") == ref)
                assert error["type"] == "error" and error["status"] == status and words in error["message"], error
            await ann.socket.send("[1, 2")
            assert (await ann.wait_for(lambda m: m["type"] == "error" and "JSON object" in m["message"]))
            await ann.socket.send(json.dumps({"type": "act", "seat": 0, "action": "x" * 9000}))
            await ann.wait_for(lambda m: m["type"] == "error" and m["status"] == 413)
            await asyncio.wait_for(ann.reader, 5)
            assert ann.socket.close_code == 1009

    asyncio.run(scenario())
    assert snapshot(http, game_id, tokens) == before


def test_websocket_hello_is_checked(server, running):
    game_id, tokens, _ = running

    async def refused(first_message):
        async with websockets.connect(f"{server.ws_url}/ws/games/{game_id}") as socket:
            await socket.send(first_message)
            error = json.loads(await socket.recv())
            with pytest.raises(websockets.ConnectionClosed):
                await socket.recv()
            return error, socket.close_code

    async def scenario():
        bad_token = await refused(json.dumps({"type": "hello", "tokens": ["B" * 22]}))
        assert bad_token[0]["status"] == 403 and bad_token[1] == 4403
        too_many = await refused(json.dumps({"type": "hello", "tokens": tokens * 2}))
        assert too_many[0]["status"] == 400
        not_hello = await refused(json.dumps({"type": "act"}))
        assert "first message is a hello" in not_hello[0]["message"]
        async with websockets.connect(f"{server.ws_url}/ws/games/missing") as socket:
            assert json.loads(await socket.recv())["status"] == 404  # refused before any hello
            with pytest.raises(websockets.ConnectionClosed):
                await socket.recv()
            assert socket.close_code == 4404

    asyncio.run(scenario())


def test_live_records_and_replays_wait_for_the_end(http, running):
    game_id, _, _ = running
    for path in ("record", "replay", "replay/0"):
        response = http.get(f"/api/games/{game_id}/{path}")
        assert response.status_code == 403 and "finished" in response.json()["error"]
    assert http.get(f"/games/{game_id}/replay").status_code == 403


def test_spectators_get_the_spectator_view_only(http, running):
    game_id, tokens, _ = running
    watched = http.get(f"/api/games/{game_id}/state").json()
    assert watched["seat"] is None and watched["view"]["hand"] is None and "decision" not in watched["view"]
    seat0 = http.get(f"/api/games/{game_id}/state", headers=bearer(tokens[0])).json()
    assert seat0["view"]["hand"] and seat0["seat"] == 0


def test_text_pictures_are_drawn_from_the_seats_own_view(http, running):
    game_id, tokens, _ = running
    game = load_game("pit-lamps")
    for seat, headers in ((0, bearer(tokens[0])), (1, bearer(tokens[1])), (None, {})):
        picture = http.get(f"/api/games/{game_id}/text", headers=headers).json()
        assert picture["seat"] == seat
        state = http.get(f"/api/games/{game_id}/state", headers=headers).json()
        assert picture["text"] == game.presentation.render_text(state["view"])
    assert http.get(f"/api/games/{game_id}/text", headers=bearer("C" * 22)).status_code == 403


def test_binary_frames_and_a_silent_client_are_refused(server, running, monkeypatch):
    game_id, tokens, _ = running
    monkeypatch.setattr("headframe.server.live.HELLO_TIMEOUT", 0.3)

    async def scenario():
        async with websockets.connect(f"{server.ws_url}/ws/games/{game_id}") as socket:
            await socket.send(b"\x00\x01")
            assert "not binary" in json.loads(await socket.recv())["message"]
        async with websockets.connect(f"{server.ws_url}/ws/games/{game_id}") as socket:
            assert "no hello" in json.loads(await asyncio.wait_for(socket.recv(), 5))["message"]

    asyncio.run(scenario())
