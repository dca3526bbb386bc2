"""Bad input is a 4xx (or a WebSocket error message) everywhere, never a 500 or
a dropped socket: JSON nested without bound, names with control characters,
and too many requests from one address."""

from __future__ import annotations

import asyncio
import json
import time

import pytest
import websockets
from starlette.requests import Request

from headframe.engine import RecordError, jsontext, load_record, parse_record
from headframe.server.config import ServerConfig
from headframe.server.errors import TooManyRequests
from headframe.server.ratelimit import RateLimits, client_of

from .conftest import Seat, bearer, create

DEEP = "[" * 100_000 + "]" * 100_000
DEEP_BODY = "[" * 30_000 + "]" * 30_000  # within the 64 KiB a body may have


def deep_object(depth: int = 5000) -> str:
    return '{"a":' * depth + "1" + "}" * depth


@pytest.fixture
def running(http):
    """A running two-seat hotseat Pit Lamps game: its id, both seats' tokens, the host's."""
    created = create(http, "pit-lamps", 2, seats=[{"type": "human"}, {"type": "human"}], hotseat=True)
    return created["id"], [entry["token"] for entry in created["join"]], created["host_token"]


def snapshot(http, game_id, tokens):
    """What each token's seat sees, but not who is connected (a socket just
    closed may not have left yet)."""
    states = [http.get(f"/api/games/{game_id}/state", headers=bearer(t)).json() for t in tokens]
    for seat in (seat for state in states for seat in state["seats"]):
        del seat["connected"]
    return states


# --- the nesting limit, written once -----------------------------------------------


def test_loads_bounds_nesting_without_recursing():
    assert jsontext.loads("[" * 32 + "]" * 32) == json.loads("[" * 32 + "]" * 32)
    for text in ("[" * 33 + "]" * 33, '{"a":' * 33 + "1" + "}" * 33, '[{"a": [' * 11 + "]}]" * 11):
        with pytest.raises(jsontext.JsonError, match="nested more than 32"):
            jsontext.loads(text)
    with pytest.raises(jsontext.JsonError, match="nested more than 3 levels"):
        jsontext.loads("[[[[]]]]", max_depth=3)
    for mega_bytes in (1, 4):
        start = time.perf_counter()
        with pytest.raises(jsontext.JsonError):
            jsontext.loads("[" * (mega_bytes << 20))
        assert time.perf_counter() - start < 0.5 * mega_bytes


def test_brackets_inside_strings_do_not_count():
    text = json.dumps({"text": "[" * 1000 + '\\"{' * 100, "list": [["]]]]"]]})
    assert jsontext.loads(text) == json.loads(text)
    assert jsontext.loads(json.dumps(["\\", [[]]]).encode()) == ["\\", [[]]]


def test_loads_refuses_what_json_accepts_but_is_not_json():
    assert jsontext.loads('["\\ud83d\\ude00", 1e308]') == ["\U0001F600", 1e308]
    for text in ("NaN", "[Infinity]", "[-Infinity]", "[1e999]", '["\\ud800"]', '{"\\udc00": 1}', b"\xff[]",
                 "[1, 2", "", "[1]x", "9" * 5000):
        with pytest.raises(jsontext.JsonError):
            jsontext.loads(text)
    assert issubclass(jsontext.JsonError, ValueError)


def test_records_are_bounded_from_text_bytes_and_files(tmp_path):
    record = json.dumps({"format": "headframe-record/1", "game": "pit-lamps", "players": 2, "seed": 1,
                         "options": {"x": json.loads("[" * 40 + "]" * 40)}, "actions": []})
    for data in (record, record.encode(), DEEP):
        with pytest.raises(RecordError, match="nested more than 32"):
            parse_record(data)
    path = tmp_path / "deep.json"
    path.write_text(DEEP)
    with pytest.raises(RecordError, match="deep.json: .*nested"):
        load_record(path)


# --- REST bodies ------------------------------------------------------------------------


def assert_refused(response, status=400, words=""):
    assert response.status_code == status, response.text
    error = response.json()["error"]
    assert words in error and "Traceback" not in error, error


def test_deep_json_uploads_are_refused(http):
    as_body = http.post("/api/replays", content=DEEP, headers={"Content-Type": "application/json"})
    assert_refused(as_body, words="nested more than 32")
    as_file = http.post("/api/replays", files={"record": ("game.json", DEEP, "application/json")})
    assert_refused(as_file, words="nested more than 32")
    untyped = http.post("/api/replays", content=deep_object())
    assert_refused(untyped, words="nested")


def test_deep_json_bodies_are_refused_before_fastapi_parses_them(http, running):
    game_id, tokens, host = running
    before = snapshot(http, game_id, tokens)
    cases = [
        ("/api/games", {}, "application/json"),
        (f"/api/games/{game_id}/actions", bearer(tokens[0]), "application/json"),
        (f"/api/games/{game_id}/undo", bearer(tokens[0]), "application/merge-patch+json"),
        (f"/api/games/{game_id}/seats/0/claim", {}, "application/json; charset=utf-8"),
        (f"/api/games/{game_id}/seats/0/control", bearer(host), None),
    ]
    for path, headers, content_type in cases:
        typed = {**headers, "Content-Type": content_type} if content_type else headers
        for body in (DEEP_BODY, deep_object()):
            assert_refused(http.post(path, content=body, headers=typed), words="nested more than 32")
    assert [game["id"] for game in http.get("/api/games").json()] == [game_id]
    assert snapshot(http, game_id, tokens) == before


def test_the_first_content_type_is_the_one_checked(http):
    """Starlette reads the first Content-Type header: a second one hides nothing."""
    response = http.post("/api/games", content=DEEP_BODY, headers=[("Content-Type", "application/json"),
                                                              ("Content-Type", "text/plain")])
    assert_refused(response, words="nested")


def test_deep_and_nul_actions_are_refused(http, running):
    game_id, tokens, _ = running
    before = snapshot(http, game_id, tokens)
    deep_text = '{"kind": "bid", "card": ' + "[" * 5000 + "]" * 5000 + "}"
    actions = [deep_text, '{"kind": "bid", "card": [' + "[" * 40 + "]" * 40 + "]}", "bid:\u0000", "\u0000",
               {"kind": "bid\u0000"}, {"kind": "bid", "card": "\u0000"}, '{"kind": "\\u0000"}', "{not json"]
    for action in actions:
        response = http.post(f"/api/games/{game_id}/actions", json={"seat": 0, "action": action},
                             headers=bearer(tokens[0]))
        assert_refused(response)
    assert snapshot(http, game_id, tokens) == before


# --- WebSocket messages ------------------------------------------------------------


async def refused_hello(server, game_id: str, first_message: str | bytes) -> tuple[dict, int]:
    """The error a hello gets and the code of the close frame after it."""
    async with websockets.connect(f"{server.ws_url}/ws/games/{game_id}") as socket:
        await socket.send(first_message)
        error = json.loads(await asyncio.wait_for(socket.recv(), 5))
        with pytest.raises(websockets.ConnectionClosed):
            await asyncio.wait_for(socket.recv(), 5)
        return error, socket.close_code  # 1006 had no close frame come


def test_a_malformed_hello_gets_an_error_then_a_close_frame(server, running):
    game_id, tokens, _ = running
    deep_hello = '{"type": "hello", "tokens": ' + "[" * 4000 + "]" * 4000 + "}"
    hellos = [deep_hello, "[" * 8000, "[" * 40 + "]" * 40, '"hello"', "[1, 2", "NaN", '{"type": "hello", "tokens": 5}',
              json.dumps({"type": "hello", "tokens": [{"a": 1}]}), '{"type": "hello", "tokens": ["\\ud800"]}']

    async def scenario():
        for hello in hellos:
            error, code = await refused_hello(server, game_id, hello)
            assert error["type"] == "error" and error["status"] == 400 and code == 4400, (hello[:40], error)

    asyncio.run(scenario())


def test_a_refused_act_leaves_the_socket_usable(server, http, running):
    game_id, tokens, _ = running
    before = snapshot(http, game_id, tokens)
    messages = ['{"type": "act", "seat": 0, "ref": 1, "action": ' + "[" * 4000 + "]" * 4000 + "}",
                json.dumps({"type": "act", "seat": 0, "ref": 2, "action": '{"kind": ' + "[" * 4000 + "]" * 4000 + "}"}),
                json.dumps({"type": "act", "seat": 0, "ref": 3, "action": "bid:\u0000"}),
                "[" * 8000, '{"type": "act", "seat": 0, "version": NaN}', '{"ref": "\\ud800"}']

    async def scenario():
        async with Seat(server.ws_url, game_id, [tokens[0]]) as client:
            await client.wait_for(lambda m: m["type"] == "state")
            for number, message in enumerate(messages):
                await client.socket.send(message)
                await client.socket.send(json.dumps({"type": "ping", "ref": f"after-{number}"}))
                await client.wait_for(lambda m, ref=f"after-{number}": m.get("ref") == ref)
            errors = client.errors()
            assert len(errors) == len(messages) and all(e["status"] == 400 for e in errors), errors
            assert client.socket.close_code is None

    asyncio.run(scenario())
    assert snapshot(http, game_id, tokens) == before


def test_a_ref_comes_back_only_when_a_browser_holds_it_exactly(server, running):
    game_id, tokens, _ = running
    refs = [2**53 - 1, -(2**53 - 1), 2**53, -(2**63) - 1, 2**64, "r" * 64, "r" * 65, 1.5, True]

    async def scenario():
        async with Seat(server.ws_url, game_id, [tokens[0]]) as client:
            await client.wait_for(lambda m: m["type"] == "state")
            for ref in refs:
                await client.socket.send(json.dumps({"type": "ping", "ref": ref}))
            await client.socket.send(json.dumps({"type": "ping", "ref": "last"}))
            await client.wait_for(lambda m: m.get("ref") == "last")
            return [m.get("ref") for m in client.received if m["type"] == "pong"]

    assert asyncio.run(scenario()) == [2**53 - 1, -(2**53 - 1), None, None, None, "r" * 64, None, None, None, "last"]


# --- names ----------------------------------------------------------------------------------

BAD_CHARACTERS = ["\u0000", "\u001b[31m", "\u007f", "\u0085", "\u200b", "\u202e", "\ufeff", "\ue000", "\U000E0001"]


def create_body(**changes) -> dict:
    body = {"game": "pit-lamps", "players": 2, "name": "a table", "options": {},
            "seats": [{"type": "human", "name": "Ann"}, {"type": "bot", "agent": "random", "name": "Bot"}]}
    for path, value in changes.items():
        target, *keys, last = [body, *path.split(".")]
        for key in keys:
            target = target[int(key) if key.isdigit() else key]
        target[int(last) if last.isdigit() else last] = value
    return body


NAME_FIELDS = [("game", "game"), ("name", "name"), ("seats.0.name", "seats.0.name"), ("seats.1.agent", "seats.1.agent"),
               ("options.depth", "options"), ("options.nested", "options")]


@pytest.mark.parametrize("char", BAD_CHARACTERS, ids=[f"U+{ord(c[0]):04X}" for c in BAD_CHARACTERS])
@pytest.mark.parametrize("field, named", NAME_FIELDS, ids=[f[0] for f in NAME_FIELDS])
def test_control_characters_in_created_names_are_refused(http, field, named, char):
    value = f"x{char}y" if field != "options.nested" else {"inner": [f"x{char}"]}
    response = http.post("/api/games", json=create_body(**{field: value}))
    assert_refused(response, words=named)
    assert http.get("/api/games").json() == []


@pytest.mark.parametrize("char", ["\u0000", "\u202e"])
def test_control_characters_in_option_names_are_refused(http, char):
    assert_refused(http.post("/api/games", json=create_body(**{f"options.x{char}": 1})), words="options")


def test_options_are_bounded_in_depth(http):
    nested = json.loads("[" * 6 + "]" * 6)
    assert_refused(http.post("/api/games", json=create_body(**{"options.x": nested})), words="options")


@pytest.mark.parametrize("char", BAD_CHARACTERS[:3] + BAD_CHARACTERS[-2:])
def test_control_characters_in_claimed_and_handed_over_names_are_refused(http, char):
    created = create(http, "pit-lamps", 2, seats=[{"type": "human"}, {"type": "human"}])
    game_id, invitation, host = created["id"], created["join"][1]["token"], created["host_token"]
    claim = http.post(f"/api/games/{game_id}/seats/1/claim", json={"name": f"Bo{char}b"}, headers=bearer(invitation))
    assert_refused(claim, words="name")
    control = http.post(f"/api/games/{game_id}/seats/1/control", json={"controller": "bot", "agent": f"random{char}"},
                        headers=bearer(host))
    assert_refused(control, words="agent")
    seat = http.get(f"/api/games/{game_id}").json()["seats"][1]
    assert seat["claimed"] is False and seat["controller"] == "human"


def test_half_a_surrogate_pair_is_refused_as_json(http):
    body = json.dumps(create_body(**{"seats.0.name": "x\ud800"}))  # ASCII, with the escape \ud800
    assert_refused(http.post("/api/games", content=body, headers={"Content-Type": "application/json"}),
                   words="surrogate")


def test_names_in_any_script_are_welcome(http):
    for name in ("Zoë", "渡辺", "Ἀθηνᾶ", "🦊 fox", "a b-c_d.e"):
        response = http.post("/api/games", json=create_body(**{"name": name, "seats.0.name": name}))
        assert response.status_code == 201, response.text
        assert response.json()["name"] == name and response.json()["seats"][0]["name"] == name


# --- rate limits --------------------------------------------------------------------------


def test_rate_limits_count_each_kind_and_address_apart():
    limits = RateLimits(create="2/minute", claim="1/minute", upload="3/minute")
    for _ in range(2):
        limits.check("create", "10.0.0.1")
    with pytest.raises(TooManyRequests, match="too many games created from your address") as refused:
        limits.check("create", "10.0.0.1")
    assert refused.value.status == 429 and 55 <= int(refused.value.headers["Retry-After"]) <= 60
    assert "try again in" in refused.value.message
    limits.check("create", "10.0.0.2")  # another address has its own budget
    limits.check("claim", "10.0.0.1")  # and so has another kind
    with pytest.raises(TooManyRequests, match="seats claimed"):
        limits.check("claim", "10.0.0.1")
    for _ in range(3):
        limits.check("upload", "10.0.0.1")
    with pytest.raises(TooManyRequests, match="records uploaded"):
        limits.check("upload", "10.0.0.1")


def test_the_window_moves_and_refusals_are_not_counted():
    limits = RateLimits(create="2/second", claim="1/minute", upload="1/minute")
    limits.check("create", "a")
    time.sleep(0.6)
    limits.check("create", "a")
    for _ in range(5):
        with pytest.raises(TooManyRequests, match="1 second"):
            limits.check("create", "a")
    time.sleep(0.5)  # the first hit has left the window; the refused ones never entered it
    limits.check("create", "a")
    with pytest.raises(TooManyRequests):
        limits.check("create", "a")


def test_rate_limits_come_from_the_server_settings():
    limits = RateLimits.of(ServerConfig("sqlite://", create_rate="1/hour", claim_rate="5/minute"))
    limits.check("create", "a")
    with pytest.raises(TooManyRequests, match="try again in 60 minutes"):
        limits.check("create", "a")
    with pytest.raises(ValueError):
        RateLimits(create="lots", claim="1/minute", upload="1/minute")


def test_the_client_is_known_by_its_address():
    assert client_of(Request({"type": "http", "client": ("203.0.113.9", 50000), "headers": []})) == "203.0.113.9"
    assert client_of(Request({"type": "http", "client": None, "headers": []})) == ""
