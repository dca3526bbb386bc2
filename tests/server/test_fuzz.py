"""Fuzzing the REST and WebSocket API of one real server: every request drawn
from JSON that nests deeply, holds huge numbers, NUL, control and non-ASCII text,
wrong types and extra fields, or is nearly a valid request. Whatever comes in,
the answer is below 500 (a JSON `{"error": ...}` when refused), a socket ends
with an error message and a close frame or stays open (after a valid hello it
stays, but for a message over the size limit), nothing is logged as an error,
and a refusal changes no game."""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import time
from urllib.parse import quote

import httpx
import pytest
import websockets
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from headframe.server.storage import sqlite_url

from .conftest import LiveServer, bearer, create

FUZZ = settings(max_examples=600, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
WS_FUZZ = settings(FUZZ, max_examples=300)
SETTLED = 0.3  # seconds without a change after which a bot is taken to have nothing to do


class Errors(logging.Handler):
    """What the server logs as an error (a traceback among them)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture(scope="module")
def logged_errors():
    errors = Errors()
    loggers = [logging.getLogger(name) for name in ("headframe", "uvicorn.error")]
    for logger in loggers:
        logger.addHandler(errors)
    yield errors.records
    for logger in loggers:
        logger.removeHandler(errors)


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    with LiveServer(sqlite_url(tmp_path_factory.mktemp("fuzz") / "games.db"), think_time=0) as server:
        yield server


@pytest.fixture(scope="module")
def client(live):
    with httpx.Client(base_url=live.url, timeout=30) as http:
        yield http


class Games:
    """The games the fuzz aims at: a running hotseat game, an open table and a
    finished bot game, with every token and what each shows."""

    def __init__(self, http: httpx.Client) -> None:
        self.http = http
        running = create(http, "pit-lamps", 2, seats=[{"type": "human"}, {"type": "human"}], hotseat=True)
        table = create(http, "pit-lamps", 2, seats=[{"type": "human"}, {"type": "human"}])
        finished = create(http, "pit-lamps", 2, seats=[{"type": "bot"}, {"type": "bot"}])
        self.ids = [running["id"], table["id"], finished["id"]]
        self.tokens = {game["id"]: [entry["token"] for entry in game["join"]] + [game["host_token"]]
                       for game in (running, table, finished)}
        self._wait_until_finished(finished["id"])
        record = http.get(f"/api/games/{finished['id']}/record").json()
        self.replay_key = http.post("/api/replays", json=record).json()["id"]
        self.record = {**record, "actions": record["actions"][:6]}  # to upload: small, and still a record
        self.shown = self.snapshot()
        # What the running game offered its two seats at the start, for the fuzz to play.
        self.offered = [action for state in self.shown[1:3] for action in state["view"]["decision"]["actions"]]

    def _wait_until_finished(self, game_id: str) -> None:
        deadline = time.monotonic() + 30
        while self.http.get(f"/api/games/{game_id}").json()["status"] != "finished":
            assert time.monotonic() < deadline, "the bots did not finish"
            time.sleep(0.05)

    def snapshot(self) -> list:
        """Each game's summary and its state for two of its tokens, but not who
        is connected (a socket the fuzz just closed may not have left yet)."""
        shown = []
        for game_id in self.ids:
            shown.append(self.http.get(f"/api/games/{game_id}").json())
            for token in self.tokens[game_id][:2]:
                shown.append(self.http.get(f"/api/games/{game_id}/state", headers=bearer(token)).json())
        for seat in (seat for answer in shown for seat in answer.get("seats", [])):
            seat.pop("connected", None)
        return shown

    def check_unchanged(self, refused: bool) -> None:
        """After a refusal every game shows what it showed."""
        if refused:
            assert self.snapshot() == self.shown

    def settle(self) -> None:
        """After a change, the new baseline: once what the games show has held
        still for a while (a change may have given a bot its turn)."""
        shown, still_since = self.snapshot(), time.monotonic()
        while time.monotonic() - still_since < SETTLED:
            time.sleep(0.05)
            now = self.snapshot()
            if now != shown:
                shown, still_since = now, time.monotonic()
        self.shown = shown

    @property
    def every_token(self) -> list[str]:
        return [token for tokens in self.tokens.values() for token in tokens]


@pytest.fixture(scope="module")
def games(client) -> Games:
    return Games(client)


# --- what is sent ---------------------------------------------------------------------

NASTY_TEXT = ["", "\x00", "a\x00b", "\x1b[2J", "\u202e", "\u200b", "\ufeff", "\ud800", "\udfff", "Zoë", "渡辺", "🦊",
              "x" * 200, "bid:1", "bid:x", "dig", "rest", "draw", "hello", "act", "undo", "human", "bot", "random",
              "heuristic", "ismcts:time=inf", "pit-lamps", "ore-city", "open", "../../etc/passwd", "{", "[", "\\u0000"]
texts = st.one_of(st.sampled_from(NASTY_TEXT), st.text(max_size=30))
numbers = st.one_of(st.integers(-3, 10), st.integers(), st.sampled_from([2 ** 63, -(2 ** 63) - 1, 10 ** 30, -1]),
                    st.floats(allow_nan=False, allow_infinity=False))
scalars = st.one_of(st.none(), st.booleans(), numbers, texts)
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(texts, inner, max_size=4),
                      max_leaves=12)


def mixed(*choices: st.SearchStrategy) -> st.SearchStrategy:
    """Each choice alike, a choice listed twice twice as often (`one_of` draws
    each distinct strategy alike, however often it is listed)."""
    return st.sampled_from(choices).flatmap(lambda chosen: chosen)


def mostly(likely: st.SearchStrategy, rarely: st.SearchStrategy) -> st.SearchStrategy:
    return mixed(likely, likely, likely, rarely)


def encode(value, ascii_only: bool) -> bytes:
    """JSON, escaped, or raw UTF-8 where even half a surrogate pair goes as it is (not UTF-8)."""
    return json.dumps(value, ensure_ascii=ascii_only).encode("utf-8", "surrogatepass")


def nest(inner: bytes, opener: str, depth: int, closed: bool) -> bytes:
    closer = {"[": "]", '{"k":': "}"}[opener] if closed else ""
    return opener.encode() * depth + inner + closer.encode() * depth


def near(valid: dict) -> st.SearchStrategy[dict]:
    """A valid body, or one with a field dropped, replaced, or added."""
    keys = sorted(valid)
    return st.one_of(
        st.just(valid),
        st.sampled_from(keys).map(lambda key: {k: v for k, v in valid.items() if k != key}),
        st.tuples(st.sampled_from(keys), values).map(lambda kv: {**valid, kv[0]: kv[1]}),
        st.tuples(texts, values).map(lambda kv: {**valid, kv[0]: kv[1]}),
    )


NEAR_BODIES = {
    "create": near({"game": "pit-lamps", "players": 2, "seats": [{"type": "human", "name": "Ann"}, {"type": "human"}],
                    "options": {}, "name": "table", "hotseat": True, "think_time": 0, "seed": 1}),
    "claim": near({"name": "Bob"}),
    "control": near({"controller": "bot", "agent": "random"}),
    "act": near({"seat": 0, "action": "bid:1", "version": 0}),  # `requests` adds the actions the running game offered
    "undo": near({"seat": 0, "version": 1}),
}


def deep(json_text: st.SearchStrategy[bytes], room: int) -> st.SearchStrategy[bytes]:
    """The JSON text nested about 32 deep, or as deep as `room` bytes allow, closed
    or not: beyond json's recursion limit, 1000 in a server but some 3000 under
    pytest and Hypothesis."""

    def nested(opener: str, closed: bool) -> st.SearchStrategy[bytes]:
        deepest = room // (len(opener) + closed)
        depth = st.sampled_from([st.integers(28, 36), st.integers(deepest // 2, deepest)]).flatmap(lambda d: d)
        return st.builds(nest, json_text, st.just(opener), depth, st.just(closed))

    return st.tuples(st.sampled_from(["[", '{"k":']), st.booleans()).flatmap(lambda how: nested(*how))


def cut_short(json_text: st.SearchStrategy[bytes]) -> st.SearchStrategy[bytes]:
    return json_text.flatmap(lambda text: st.integers(0, len(text) - 1).map(lambda cut: text[:cut]))


def bodies(near_valid: st.SearchStrategy[dict]) -> st.SearchStrategy[bytes]:
    json_text = st.builds(encode, mostly(near_valid, values), st.booleans())
    return mixed(json_text, json_text, deep(json_text, 60_000), cut_short(json_text) | st.binary(max_size=64))


content_types = mostly(st.sampled_from([None, "application/json", "application/json; charset=utf-8", "application/ld+json"]),
                       st.sampled_from(["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x",
                                        "application/json; charset=utf-16", "application/jsonx", "application/+json"]))
header_text = st.text(st.characters(min_codepoint=0x20, max_codepoint=0x7e), max_size=40)


def in_path(text: str) -> str:
    return quote(text.encode("utf-8", "surrogatepass"), safe="")


def ids_of(games: Games) -> st.SearchStrategy[str]:
    return mostly(st.sampled_from(games.ids + [games.replay_key]), texts | st.integers().map(str)).map(in_path)


def auth_of(games: Games) -> st.SearchStrategy[dict]:
    return mostly(st.sampled_from(games.every_token).map(bearer), st.one_of(
        st.just({}), header_text.map(lambda text: {"Authorization": text.strip()}),
        header_text.map(lambda text: {"Authorization": f"Bearer {text}".strip()})))


segments = mostly(st.integers(0, 2).map(str), st.integers().map(str) | texts).map(in_path)


@functools.cache
def requests(games: Games) -> st.SearchStrategy[tuple]:
    """(method, path, query, headers, body, content type, as a form file)."""
    game = ids_of(games)
    posts = {"create": st.just("/api/games"), "upload": st.just("/api/replays"),
             "claim": st.builds("/api/games/{}/seats/{}/claim".format, game, segments),
             "control": st.builds("/api/games/{}/seats/{}/control".format, game, segments),
             "act": st.builds("/api/games/{}/actions".format, game),
             "undo": st.builds("/api/games/{}/undo".format, game)}
    gets = st.one_of(
        st.builds("/api/games/{}".format, game), st.builds("/api/games/{}/state".format, game),
        st.builds("/api/games/{}/text".format, game), st.builds("/api/games/{}/record".format, game),
        st.builds("/api/games/{}/replay".format, game), st.builds("/api/games/{}/replay/{}".format, game, segments),
        st.builds("/api/replays/{}".format, game), st.builds("/api/replays/{}/{}".format, game, segments),
        st.builds("/games/{}".format, game), st.builds("/games/{}/replay".format, game),
        st.builds("/replays/{}".format, game), st.sampled_from(["/", "/replays", "/api/catalog", "/api/games"]),
    )
    query = st.dictionaries(st.sampled_from(["status", "limit", "x"]), st.one_of(texts, numbers.map(str)).map(in_path),
                            max_size=2).map(lambda q: "&".join(f"{key}={value}" for key, value in q.items()))
    offered = st.builds(lambda seat, action: {"seat": seat, "action": action}, st.integers(0, 1), st.sampled_from(games.offered))
    near_valid = {**NEAR_BODIES, "upload": near(games.record), "act": mixed(NEAR_BODIES["act"], offered)}
    post = st.sampled_from(sorted(posts)).flatmap(lambda kind: st.tuples(
        st.just("POST"), posts[kind], st.just(""), auth_of(games), bodies(near_valid[kind]), content_types,
        st.booleans() if kind == "upload" else st.just(False)))
    get = st.tuples(st.just("GET"), gets, query, auth_of(games), st.just(b""), st.just(None), st.just(False))
    return st.one_of(post, get)


def send(http: httpx.Client, method, path, query, headers, body, content_type, as_file) -> httpx.Response:
    url = f"{path}?{query}" if query else path
    if as_file:
        return http.post(url, headers=headers, files={"record": ("game.json", body, content_type or "application/json")})
    if content_type is not None:
        headers = {**headers, "Content-Type": content_type}
    return http.request(method, url, headers=headers, content=body or None)


def check_answer(response: httpx.Response) -> None:
    assert response.status_code < 500, response.text
    if response.status_code >= 400 and response.request.url.path.startswith("/api/"):
        error = response.json()["error"]
        assert isinstance(error, str) and error and "Traceback" not in error


# --- REST -------------------------------------------------------------------------------


@FUZZ
@given(data=st.data())
def test_rest_fuzz(client, games, data):
    request = data.draw(requests(games))
    response = send(client, *request)
    check_answer(response)
    event(f"{request[0]} answered {response.status_code}")
    games.check_unchanged(refused=response.status_code >= 400)
    if response.status_code < 400 and request[0] == "POST" and any(game_id in request[1] for game_id in games.ids):
        games.settle()


# --- WebSocket ------------------------------------------------------------------------

def frames(messages: st.SearchStrategy) -> st.SearchStrategy[str | bytes]:
    """Text frames of JSON (maybe nested deep, maybe cut short) or binary ones,
    about the 8192 characters a message may have and under the 16 KiB the test
    server takes in a frame (over it, the transport closes)."""
    json_text = messages.map(lambda message: json.dumps(message).encode())
    kinds = [json_text, json_text, json_text, deep(json_text, 7500), cut_short(json_text)]
    return mixed(*(kind.map(bytes.decode) for kind in kinds), st.binary(max_size=32))


def hellos(games: Games, own: list[str]) -> st.SearchStrategy[str | bytes]:
    """Hellos with tokens of the game (`own`) or of others, or anything."""
    tokens = st.lists(mostly(st.sampled_from(own or games.every_token), st.sampled_from(games.every_token)),
                      min_size=1, max_size=2)
    valid = mostly(tokens, st.just([])).map(lambda held: json.dumps({"type": "hello", "tokens": held}))
    hello = st.fixed_dictionaries({"type": mostly(st.just("hello"), texts)},
                                  optional={"tokens": mostly(st.lists(texts | values, max_size=3), values)})
    return mixed(valid, valid, frames(mostly(hello, values)))


def messages(games: Games) -> st.SearchStrategy[str | bytes]:
    plausible = ["bid:1", "bid:2", "dig", "rest", "draw", '{"kind": "bid", "card": 1}', {"kind": "bid", "card": 2}]
    action = mostly(st.sampled_from(games.offered + plausible), values)
    # Every message type (issue 51), with the fields each takes and others.
    fields = st.fixed_dictionaries(
        {"type": mostly(st.sampled_from(["act", "undo", "sync", "ping", "layout", "chat", "hello"]), texts)},
        optional={"seat": mostly(st.integers(0, 1), values), "action": action, "version": numbers | values,
                  "ref": values, "layout": mostly(st.sampled_from(["wide", "narrow"]), values),
                  "text": mostly(texts, values), "name": mostly(texts, values), "tokens": values})
    anything = frames(mostly(fields, values))
    return mixed(plays(games), anything, anything)


def plays(games: Games) -> st.SearchStrategy[str]:
    """What a seat of the running game might send: an action it was offered at the start, or an undo."""
    play = st.fixed_dictionaries({"type": st.sampled_from(["act", "undo"]), "seat": st.integers(0, 1),
                                  "action": st.sampled_from(games.offered), "ref": st.integers()})
    return play.map(json.dumps)


async def converse(url: str, hello: str | bytes, sent: list[str | bytes]) -> tuple[list[dict], websockets.ClientConnection]:
    """Send the hello and the messages, then a ping: every message the server
    sent back, until it answered the ping or closed the connection."""
    received: list[dict] = []
    async with websockets.connect(url, max_size=None, open_timeout=10) as socket:
        try:
            for message in [hello, *sent, json.dumps({"type": "ping", "ref": "probe"})]:
                await socket.send(message)
        except websockets.ConnectionClosed:
            pass  # what the server sent before it closed is still to be read
        try:
            while True:
                message = json.loads(await asyncio.wait_for(socket.recv(), 10))
                received.append(message)
                if message.get("ref") == "probe" and message["type"] == "pong":
                    break
        except websockets.ConnectionClosed:
            pass
    return received, socket


@functools.cache
def conversations(games: Games) -> st.SearchStrategy[tuple]:
    """(game id, hello, messages): anyone's, or the running game's seats'."""

    def conversation(game_id: str) -> st.SearchStrategy[tuple]:
        hello = hellos(games, games.tokens.get(game_id, []))
        return st.tuples(st.just(in_path(game_id)), hello, st.lists(messages(games), max_size=3))

    running = games.ids[0]
    players = json.dumps({"type": "hello", "tokens": games.tokens[running][:2]})
    playing = st.tuples(st.just(running), st.just(players), st.lists(messages(games), min_size=1, max_size=3))
    return mixed(mostly(st.sampled_from(games.ids), texts).flatmap(conversation), playing)


@WS_FUZZ
@given(data=st.data())
def test_websocket_fuzz(live, games, logged_errors, data):
    game_id, hello, sent = data.draw(conversations(games))
    players = json.dumps({"type": "hello", "tokens": games.tokens[games.ids[0]][:2]})
    try:
        received, socket = asyncio.run(converse(f"{live.ws_url}/ws/games/{game_id}", hello, sent))
    except websockets.InvalidStatus as refused:  # no such route: refused in the handshake
        assert refused.response.status_code < 500
        event("refused in the handshake")
        return
    assert socket.protocol.close_rcvd is not None, "closed without a close frame (1006)"
    if any(m.get("ref") == "probe" for m in received):
        event("stayed open")
    else:  # the server ended it: an error said why
        assert received and received[-1]["type"] == "error", received
        # issue 51, defect 5: after a valid hello only a message over the size limit ends the connection
        # (the players' hello to another path, a game that is not theirs or none, is refused).
        assert hello != players or game_id != games.ids[0] or received[-1]["status"] == 413, received
        event(f"closed with {socket.protocol.close_rcvd.code}")
    assert not logged_errors, [record.getMessage() for record in logged_errors]
    acked = any(m["type"] == "ack" for m in received)
    event(f"{sum(m['type'] == 'error' for m in received)} errors, {'an ack' if acked else 'no ack'}")
    games.check_unchanged(refused=not acked)
    if acked:
        games.settle()
