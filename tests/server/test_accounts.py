"""Accounts and sessions: register, sign in and out, the session cookie, CSRF,
seats that belong to an account (played from any browser signed in as it), and
every refusal the issue names, each leaving everything as it was."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging

import httpx
import pytest
import websockets
from sqlalchemy import create_engine, text
from starlette.requests import Request

from headframe.server import accounts
from headframe.server.accounts import Auth
from headframe.server.config import ServerConfig
from headframe.server.storage import sqlite_url

from .conftest import PASSWORD, LiveServer, bearer

PIT_LAMPS = {"game": "pit-lamps", "players": 2, "think_time": 0}


@pytest.fixture(scope="module")
def db_path(tmp_path_factory):
    return tmp_path_factory.mktemp("accounts") / "games.db"


@pytest.fixture(scope="module")
def server(db_path):
    with LiveServer(sqlite_url(db_path)) as live:
        yield live


def browser(server) -> httpx.Client:
    """A client that keeps cookies, as one browser does."""
    return httpx.Client(base_url=server.url, timeout=30)


def register(client: httpx.Client, name: str, password: str = PASSWORD) -> str:
    """Register (which signs in); the session's CSRF token."""
    response = client.post("/api/accounts", json={"name": name, "password": password})
    assert response.status_code == 201, response.text
    return response.json()["csrf"]


def sign_in(client: httpx.Client, name: str, password: str = PASSWORD) -> str:
    response = client.post("/api/session", json={"name": name, "password": password})
    assert response.status_code == 200, response.text
    return response.json()["csrf"]


def csrf(token: str) -> dict:
    return {"X-CSRF-Token": token}


def my_game(client: httpx.Client, token: str, **extra) -> dict:
    """A two-human Pit Lamps table whose first seat is the signed-in player's."""
    body = {**PIT_LAMPS, "seats": [{"type": "human", "me": True}, {"type": "human"}], **extra}
    response = client.post("/api/games", json=body, headers=csrf(token))
    assert response.status_code == 201, response.text
    return response.json()


def start(client: httpx.Client, created: dict) -> None:
    """Someone else takes the second seat by its invitation: the game runs."""
    with httpx.Client(base_url=str(client.base_url)) as guest:
        claimed = guest.post(f"/api/games/{created['id']}/seats/1/claim", json={"name": "Guest"},
                             headers=bearer(created["join"][1]["token"]))
        assert claimed.status_code == 200, claimed.text


def set_cookie(response: httpx.Response) -> str:
    return response.headers.get("set-cookie", "")


def test_register_signs_in_with_a_safe_cookie_and_me_says_who(server):
    with browser(server) as ann:
        response = ann.post("/api/accounts", json={"name": "  Annabel  ", "password": PASSWORD})
        assert response.status_code == 201 and response.json()["name"] == "Annabel"  # trimmed
        cookie = set_cookie(response)
        assert cookie.startswith("headframe_session=")
        flags = {part.strip().lower() for part in cookie.split(";")[1:]}
        assert {"httponly", "path=/", "samesite=lax"} <= flags and "secure" not in flags  # plain http here
        me = ann.get("/api/me").json()
        assert me == {"name": "Annabel", "csrf": response.json()["csrf"]}
        assert ann.get("/api/session").json()["account"]["name"] == "Annabel"
    with browser(server) as nobody:
        assert nobody.get("/api/me").status_code == 401
        assert nobody.get("/api/session").json() == {"account": None}  # what pages ask: never a 401


def test_the_cookie_is_secure_over_https_and_behind_a_trusted_proxy_only(tmp_path):
    proxied = {"name": "Proxied", "password": PASSWORD}
    with LiveServer(sqlite_url(tmp_path / "proxy.db"), behind_proxy=True) as live, browser(live) as client:
        response = client.post("/api/accounts", json=proxied, headers={"X-Forwarded-Proto": "https"})
        assert "secure" in set_cookie(response).lower()
    # Not behind a proxy the header is anyone's to send: only the connection's own scheme counts.
    # (uvicorn itself trusts X-Forwarded-Proto from 127.0.0.1, so this is checked on a request, not over loopback.)
    forwarded = Request({"type": "http", "scheme": "http", "path": "/", "headers": [(b"x-forwarded-proto", b"https")],
                         "server": ("example.org", 80)})
    assert not Auth(None, ServerConfig("sqlite://"))._over_https(forwarded)
    assert Auth(None, ServerConfig("sqlite://", behind_proxy=True))._over_https(forwarded)


def test_passwords_are_stored_as_argon2id_hashes_only(server, db_path):
    with browser(server) as client:
        register(client, "Hashed")
    with create_engine(sqlite_url(db_path)).connect() as db:
        stored = db.execute(text("select password_hash from accounts where name = 'Hashed'")).scalar()
        sessions = db.execute(text("select token_hash from sessions")).scalars().all()
    assert stored.startswith("$argon2id$") and PASSWORD not in stored
    assert all(len(digest) == 64 for digest in sessions)  # SHA-256s, never the cookie's token


def test_a_name_is_taken_whatever_its_case_and_nothing_changes(server):
    with browser(server) as first, browser(server) as second:
        register(first, "Bertha")
        for name in ("Bertha", "bertha", " BERTHA "):
            response = second.post("/api/accounts", json={"name": name, "password": "another password"})
            assert response.status_code == 409 and "taken" in response.json()["error"]
            assert "set-cookie" not in response.headers
        sign_in(second, "bertha")  # the first password still opens it: the refused ones changed nothing
        assert second.post("/api/session", json={"name": "Bertha", "password": "another password"}).status_code == 401


BAD_CREDENTIALS = [
    ({"name": "Al", "password": PASSWORD}, "name"),
    ({"name": "x" * 25, "password": PASSWORD}, "name"),
    ({"name": "   ", "password": PASSWORD}, "name"),
    ({"name": "Ann\x00", "password": PASSWORD}, "U+0000"),
    ({"name": "Ann\u202e", "password": PASSWORD}, "U+202E"),
    ({"name": "Short", "password": "seven.."}, "password"),
    ({"name": "Long", "password": "p" * 129}, "password"),
    ({"name": "Extra", "password": PASSWORD, "admin": True}, "admin"),
    ({"name": 7, "password": PASSWORD}, "name"),
]


@pytest.mark.parametrize("body, words", BAD_CREDENTIALS, ids=[w + str(i) for i, (_, w) in enumerate(BAD_CREDENTIALS)])
def test_bad_names_and_passwords_are_refused(server, body, words):
    with browser(server) as client:
        response = client.post("/api/accounts", json=body)
        assert response.status_code == 400 and words in response.json()["error"], response.text
        assert client.get("/api/me").status_code == 401


def test_a_wrong_name_and_a_wrong_password_are_refused_alike(server, monkeypatch):
    with browser(server) as client:
        register(client, "Clara")
    answers, verified = [], []
    real_verify = accounts._verify
    monkeypatch.setattr(accounts, "_verify", lambda stored, password: verified.append(stored) or real_verify(stored, password))
    for body in ({"name": "Clara", "password": "not her password"}, {"name": "Nobody", "password": "whatever it is"}):
        with browser(server) as client:
            response = client.post("/api/session", json=body)
            assert "set-cookie" not in response.headers and client.get("/api/me").status_code == 401
            answers.append((response.status_code, response.json()))
    assert answers[0] == answers[1] == (401, {"error": "that name and password do not match an account"})
    # An unknown name costs an argon2id check too (against a dummy hash), so timing tells nothing.
    assert len(verified) == 2 and all(stored.startswith("$argon2id$") for stored in verified)


def test_sign_out_needs_the_csrf_token_and_ends_the_session(server):
    with browser(server) as client:
        token = register(client, "Dora")
        assert client.delete("/api/session").status_code == 403  # no CSRF token: still signed in
        assert client.delete("/api/session", headers=csrf("0" * 64)).status_code == 403
        assert client.get("/api/me").status_code == 200
        cookie = client.cookies["headframe_session"]
        response = client.delete("/api/session", headers=csrf(token))
        assert response.status_code == 204 and 'headframe_session=""' in set_cookie(response)
    with browser(server) as replayed:  # the old cookie, kept by someone: the session is gone on the server too
        replayed.cookies.set("headframe_session", cookie)
        refused = replayed.get("/api/me")
        assert refused.status_code == 401 and "sign in again" in refused.json()["error"]


def test_an_expired_session_is_refused_and_changes_nothing(server, db_path):
    with browser(server) as client:
        token = register(client, "Edith")
        created = my_game(client, token)
        start(client, created)
        with create_engine(sqlite_url(db_path)).begin() as db:
            db.execute(text("update sessions set expires_at = '2000-01-01 00:00:00' where account_id = "
                            "(select id from accounts where name = 'Edith')"))
        for response in (client.get("/api/me"), client.get("/api/me/games"),
                         client.post(f"/api/games/{created['id']}/actions", json={"seat": 0, "action": "bid:1"},
                                     headers=csrf(token))):
            assert response.status_code == 401 and "expired" in response.json()["error"], response.text
        assert client.get(f"/api/games/{created['id']}").json()["version"] == 0
        assert client.get(f"/api/games/{created['id']}/state").json()["seat"] is None  # reads: a spectator's


def test_cookie_writes_need_the_csrf_token_and_a_refused_one_changes_nothing(server):
    with browser(server) as client:
        token = register(client, "Frida")
        before = {game["id"] for game in client.get("/api/games").json()}
        body = {**PIT_LAMPS, "seats": [{"type": "human", "me": True}, {"type": "human"}]}
        for headers in ({}, csrf(""), csrf("f" * 64), csrf(token + "x")):
            response = client.post("/api/games", json=body, headers=headers)
            assert response.status_code == 403 and "X-CSRF-Token" in response.json()["error"]
        assert {game["id"] for game in client.get("/api/games").json()} == before
        created = my_game(client, token)
        start(client, created)
        bid = client.get(f"/api/games/{created['id']}/state").json()["view"]["decision"]["actions"][0]
        for headers in ({}, csrf("nope")):
            refused = client.post(f"/api/games/{created['id']}/actions", json={"seat": 0, "action": bid}, headers=headers)
            assert refused.status_code == 403, refused.text
        assert client.get(f"/api/games/{created['id']}").json()["version"] == 0
        played = client.post(f"/api/games/{created['id']}/actions", json={"seat": 0, "action": bid}, headers=csrf(token))
        assert played.status_code == 200, played.text


def test_me_seats_are_checked(server):
    with browser(server) as client:
        token = register(client, "Greta")
        for seats, words in (([{"type": "human", "me": True}, {"type": "human", "me": True}], "only one seat"),
                             ([{"type": "human"}, {"type": "bot", "me": True}], "person's seat")):
            response = client.post("/api/games", json={**PIT_LAMPS, "seats": seats}, headers=csrf(token))
            assert response.status_code == 400 and words in response.json()["error"]
    with browser(server) as guest:
        response = guest.post("/api/games", json={**PIT_LAMPS, "seats": [{"type": "human", "me": True}, {"type": "human"}]})
        assert response.status_code == 401 and "sign in" in response.json()["error"]


async def _hello(server, game_id: str, tokens: list[str], cookie: str | None, origin: str | None = None) -> dict:
    headers = {"Cookie": f"headframe_session={cookie}"} if cookie else {}
    async with websockets.connect(f"{server.ws_url}/ws/games/{game_id}", additional_headers=headers,
                                  origin=origin) as socket_:
        with contextlib.suppress(websockets.ConnectionClosed):  # a refused session is told before the hello
            await socket_.send(json.dumps({"type": "hello", "tokens": tokens}))
        messages = []
        while not any(m["type"] == "state" for m in messages) and not any(m["type"] == "error" for m in messages):
            messages.append(json.loads(await asyncio.wait_for(socket_.recv(), 10)))
        return {m["type"]: m for m in messages}


def test_a_second_browser_signed_in_as_the_player_plays_the_seat_without_a_token(server):
    with browser(server) as laptop, browser(server) as phone:
        created = my_game(laptop, register(laptop, "Hilda"), name="Hilda's table")
        assert created["seats"][0]["name"] == "Hilda" and created["seats"][0]["claimed"]
        start(laptop, created)
        token = sign_in(phone, "hilda")
        assert [game["id"] for game in phone.get("/api/me/games").json()["running"]] == [created["id"]]
        state = phone.get(f"/api/games/{created['id']}/state").json()
        assert state["seat"] == 0 and state["view"]["hand"]  # the seat's own view, by the session alone
        assert phone.get(f"/api/games/{created['id']}/text").json()["seat"] == 0
        bid = state["view"]["decision"]["actions"][0]
        played = phone.post(f"/api/games/{created['id']}/actions", json={"seat": 0, "action": bid}, headers=csrf(token))
        assert played.status_code == 200 and played.json()["version"] == 1
        other = phone.post(f"/api/games/{created['id']}/actions", json={"seat": 1, "action": bid}, headers=csrf(token))
        assert other.status_code == 403 and "seat 2" in other.json()["error"]  # the guest's seat is not hers
        cookie = phone.cookies["headframe_session"]
        same_site = f"http://127.0.0.1:{server.port}"
        greeted = asyncio.run(_hello(server, created["id"], [], cookie, origin=same_site))
        assert greeted["state"]["seat"] == 0 and greeted["state"]["version"] == 1
        refused = asyncio.run(_hello(server, created["id"], [], cookie, origin="https://evil.example"))
        assert refused["error"]["status"] == 403  # cross-site WebSocket hijacking
        spectator = asyncio.run(_hello(server, created["id"], [], None, origin="https://evil.example"))
        assert spectator["state"]["seat"] is None  # without a session any page may watch


def test_a_stolen_seat_token_used_by_another_account_is_refused_and_changes_nothing(server):
    with browser(server) as owner, browser(server) as thief:
        created = my_game(owner, register(owner, "Irma"))
        start(owner, created)
        stolen = created["join"][0]["token"]
        thief_token = register(thief, "Ivan")
        game = f"/api/games/{created['id']}"
        bid = owner.get(f"{game}/state").json()["view"]["decision"]["actions"][0]
        for response in (thief.get(f"{game}/state", headers=bearer(stolen)),
                         thief.get(f"{game}/text", headers=bearer(stolen)),
                         thief.post(f"{game}/actions", json={"seat": 0, "action": bid},
                                    headers={**bearer(stolen), **csrf(thief_token)}),
                         thief.post(f"{game}/undo", json={"seat": 0}, headers=bearer(stolen))):
            assert response.status_code == 403 and "another player's account" in response.json()["error"]
        refused = asyncio.run(_hello(server, created["id"], [stolen], thief.cookies["headframe_session"]))
        assert refused["error"]["status"] == 403
        assert owner.get(game).json()["version"] == 0
        with browser(server) as guest:  # the token alone, with no account signed in, still plays (a guest's link)
            assert guest.get(f"{game}/state", headers=bearer(stolen)).json()["seat"] == 0


def test_claiming_while_signed_in_gives_the_seat_to_the_account(server):
    with browser(server) as host, browser(server) as joe:
        created = host.post("/api/games", json={**PIT_LAMPS, "seats": [{"type": "human"}, {"type": "human"}],
                                                "open_seats": True}).json()
        token = register(joe, "Jolene")
        no_csrf = joe.post(f"/api/games/{created['id']}/seats/1/claim", json={})
        assert no_csrf.status_code == 403 and not host.get(f"/api/games/{created['id']}").json()["seats"][1]["claimed"]
        claimed = joe.post(f"/api/games/{created['id']}/seats/1/claim", json={}, headers=csrf(token))
        assert claimed.status_code == 200
        assert host.get(f"/api/games/{created['id']}").json()["seats"][1]["name"] == "Jolene"
        again = joe.post(f"/api/games/{created['id']}/seats/0/claim", json={}, headers=csrf(token))
        assert again.status_code == 409 and "already hold" in again.json()["error"]
        assert joe.get(f"/api/games/{created['id']}/state").json()["seat"] == 1


def test_no_password_or_session_secret_is_ever_logged(server, caplog):
    caplog.set_level(logging.DEBUG)
    secret = "a very secret password"
    with browser(server) as client:
        token = register(client, "Kasia", secret)
        client.post("/api/session", json={"name": "Kasia", "password": "wrong " + secret})
        sign_in(client, "Kasia", secret)
        cookie = client.cookies["headframe_session"]
        client.post("/api/games", json={**PIT_LAMPS, "seats": [{"type": "human", "me": True}, {"type": "human"}]},
                    headers=csrf("wrong"))
        client.delete("/api/session", headers=csrf(sign_in(client, "Kasia", secret)))
    # Everything the server's side logged (the test's own HTTP client logs the headers it receives).
    server_side = [record for record in caplog.records if not record.name.startswith(("httpx", "httpcore"))]
    logged = " ".join(f"{record.getMessage()} {record.args}" for record in server_side)
    assert "'Kasia' signed in" in logged and "'Kasia' was refused" in logged  # the log says who, never with what
    for leaked in (secret, cookie, token):
        assert leaked not in logged


def test_sign_in_and_registration_are_rate_limited(tmp_path):
    limited = {"signin_rate": "3/minute", "register_rate": "2/minute"}
    with LiveServer(sqlite_url(tmp_path / "limits.db"), **limited) as live, browser(live) as client:
        assert [client.post("/api/accounts", json={"name": f"Lim{n}", "password": PASSWORD}).status_code
                for n in range(3)] == [201, 201, 429]
        tries = [client.post("/api/session", json={"name": "Lim0", "password": "guessing " + str(n)})
                 for n in range(4)]
        assert [response.status_code for response in tries] == [401, 401, 401, 429]
        assert "sign-in attempts" in tries[-1].json()["error"] and tries[-1].headers["Retry-After"]


def test_sign_in_from_another_site_is_refused(server):
    with browser(server) as client:
        register(client, "Laura")
        client.cookies.clear()
        response = client.post("/api/session", json={"name": "Laura", "password": PASSWORD},
                               headers={"Origin": "https://evil.example"})
        assert response.status_code == 403 and "set-cookie" not in response.headers
