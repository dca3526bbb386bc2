"""Sign-in limited per account as well as per address, a device cookie that keeps
the owner's own browsers out of others' lockouts, and password hashing bounded
so that a sign-in flood holds up nobody else (docs/security.md)."""

from __future__ import annotations

import contextlib
import itertools
import threading
import time
from concurrent.futures import ThreadPoolExecutor, as_completed

import httpx
import pytest

from headframe.server import accounts, ratelimit
from headframe.server.account_store import AccountStore
from headframe.server.errors import TooManyRequests
from headframe.server.ratelimit import Lockouts
from headframe.server.storage import sqlite_url

from .conftest import PASSWORD, LiveServer

LOCKED = "too many failed sign-ins as this name: try again in"

# Every attempt comes from a loopback address of its own (127.0.0.0/8 all reach the server),
# as from an attacker's many machines: the limit per address never refuses one.
ADDRESSES = (f"127.0.{n // 250}.{n % 250 + 2}" for n in itertools.count())


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    db = tmp_path_factory.mktemp("signin") / "games.db"
    with LiveServer(sqlite_url(db), signin_rate="10/minute") as live:  # the default limit per address
        yield live


@pytest.fixture
def clock(monkeypatch):
    """The lockouts' clock, stopped: a test moves it on by hand, so no wait ends by itself."""
    now = [1000.0]
    monkeypatch.setattr(ratelimit, "clock", lambda: now[0])
    return now


@pytest.fixture
def verified(monkeypatch):
    """The argon2 checks of passwords, counted."""
    calls: list[str] = []
    real_verify = accounts._verify
    monkeypatch.setattr(accounts, "_verify", lambda stored, password: calls.append(stored) or real_verify(stored, password))
    return calls


def register(server, name: str) -> httpx.Cookies:
    """Register `name` (which signs in): the browser's cookies, its device cookie among them."""
    with httpx.Client(base_url=server.url, timeout=30) as browser:
        response = browser.post("/api/accounts", json={"name": name, "password": PASSWORD})
        assert response.status_code == 201, response.text
        return browser.cookies


def attempt(server, name: str, password: str, device: str | None = None) -> httpx.Response:
    """One sign-in from an address of its own, with a browser's device cookie or none."""
    cookies = {accounts.DEVICE_COOKIE: device} if device else None
    transport = httpx.HTTPTransport(local_address=next(ADDRESSES))
    with httpx.Client(base_url=server.url, timeout=30, cookies=cookies, transport=transport) as client:
        return client.post("/api/session", json={"name": name, "password": password})


def attack(server, name: str, times: int = 40) -> list[httpx.Response]:
    return [attempt(server, name, f"guess number {n}") for n in range(times)]


def test_wrong_passwords_from_many_addresses_are_refused_past_the_accounts_budget_unchecked(server, clock, verified):
    # issue 51: defect 6 — 40 wrong passwords for one account from 40 addresses were all checked.
    register(server, "Victim")
    tries = attack(server, "Victim")
    assert [response.status_code for response in tries] == [401] * 10 + [429] * 30
    assert len(verified) == 10  # no argon2 check for a refused attempt
    refused = tries[-1]
    assert refused.json() == {"error": f"{LOCKED} 1 second"} and refused.headers["Retry-After"] == "1"


def test_the_owner_signs_in_at_once_from_a_browser_signed_in_before_during_an_attack(server, clock):
    # issue 51: defect 6 — others' failures never lock out a browser the owner signed in from before.
    device = register(server, "Owner")[accounts.DEVICE_COOKIE]
    assert [response.status_code for response in attack(server, "Owner")][-1] == 429
    assert attempt(server, "Owner", PASSWORD).status_code == 429  # a new browser waits, even with the password
    mistyped = attempt(server, "Owner", "a typo in it", device)
    assert mistyped.status_code == 401  # checked: the browser's failures are its own
    signed_in = attempt(server, "Owner", PASSWORD, device)
    assert signed_in.status_code == 200 and signed_in.json()["name"] == "Owner"
    assert attempt(server, "Owner", "guess number 41").status_code == 401  # a success cleared the name's failures
    # Only a cookie the server signed for this account counts: another account's, or one altered, does not.
    others = register(server, "Stranger")[accounts.DEVICE_COOKIE]
    attack(server, "Owner", 10)
    altered = device[:-1] + ("0" if device[-1] != "0" else "1")  # one hex digit of its HMAC changed
    for forged in (others, altered, "x" * 5000):
        assert attempt(server, "Owner", PASSWORD, forged).status_code == 429


def test_the_device_cookie_is_http_only_and_honoured_by_every_server_on_the_database(tmp_path, clock):
    # issue 51: defect 6 — the cookie's key is kept in the database, so the server's processes share it.
    url = sqlite_url(tmp_path / "shared.db")
    with LiveServer(url) as first, LiveServer(url) as second, httpx.Client(base_url=first.url, timeout=30) as browser:
        response = browser.post("/api/accounts", json={"name": "Wanderer", "password": PASSWORD})
        cookie = next(value for value in response.headers.get_list("set-cookie")
                      if value.startswith(f"{accounts.DEVICE_COOKIE}="))
        flags = {part.strip().lower() for part in cookie.split(";")[1:]}
        assert {"httponly", "samesite=lax", "path=/api/session"} <= flags
        device = browser.cookies[accounts.DEVICE_COOKIE]
        assert [response.status_code for response in attack(second, "Wanderer", 11)][-1] == 429
        assert attempt(second, "Wanderer", PASSWORD, device).status_code == 200


def test_an_unknown_name_is_limited_exactly_as_a_known_one(server, clock, verified):
    # issue 51: defect 6 — a refusal does not tell whether the name has an account.
    register(server, "Known One")
    answers = []
    for name in ("Known One", "Nobody At All"):
        tries = attack(server, name, 12)
        answers.append([(response.status_code, response.json(), response.headers.get("Retry-After"))
                        for response in tries])
    assert answers[0] == answers[1]
    assert [status for status, _, _ in answers[0]] == [401] * 10 + [429] * 2
    assert len(verified) == 20  # the unknown name's attempts cost an argon2 check each too, until refused


def test_the_wait_doubles_up_to_its_cap_and_ends_with_the_window(server, clock):
    # issue 51: defect 6 — the owner is locked out for at most a minute at a time.
    register(server, "Patient")
    attack(server, "Patient", 10)
    waits = []
    for _ in range(9):
        refused = attempt(server, "Patient", "still guessing")
        assert refused.status_code == 429
        waits.append(int(refused.headers["Retry-After"]))
        clock[0] += waits[-1]
        assert attempt(server, "Patient", "one more guess").status_code == 401  # checked once the wait is over
    assert waits == [1, 2, 4, 8, 16, 32, 60, 60, 60]
    assert attempt(server, "Patient", PASSWORD).json() == {"error": f"{LOCKED} 60 seconds"}
    clock[0] += 60
    assert attempt(server, "Patient", PASSWORD).status_code == 200  # the owner, at most a minute later
    assert [response.status_code for response in attack(server, "Patient", 11)] == [401] * 10 + [429]
    clock[0] += 900  # a window without a failure: the name's failures are forgotten
    assert attempt(server, "Patient", "a fresh start").status_code == 401
    assert attempt(server, "Patient", "and another").status_code == 401


def test_attempts_being_checked_count_so_a_burst_cannot_overshoot_the_budget(clock):
    # issue 51: defect 6 — attempts sent together are counted while their passwords are checked.
    lockouts = Lockouts(failures=3, window=900, longest=60)
    with contextlib.ExitStack() as checking:
        for _ in range(3):
            checking.enter_context(lockouts.attempt("name"))
        with pytest.raises(TooManyRequests), lockouts.attempt("name"):
            pass
        with lockouts.attempt("another name"):
            pass
    assert lockouts.wait("name") == 0  # none failed: all three were right


def test_the_names_tracked_are_bounded(clock):
    # issue 51: defect 6 — an attacker cycling through names does not grow memory without bound.
    lockouts = Lockouts(failures=10, window=900, longest=60, tracked=1000)
    for n in range(5000):
        lockouts.failed(f"name {n}")
    assert len(lockouts.strikes) == 1000 and "name 4999" in lockouts.strikes  # the least recently failed went
    clock[0] += 900
    lockouts.failed("the latest")
    assert list(lockouts.strikes) == ["the latest"]  # those past their window are forgotten


def blocked_verify(monkeypatch, release: threading.Event) -> dict:
    """Make every argon2 check wait for `release`; count them, and how many ran at once."""
    seen = {"calls": 0, "running": 0, "most": 0}
    lock = threading.Lock()
    real_verify = accounts._verify

    def verify(stored: str, password: str) -> bool:
        with lock:
            seen["calls"] += 1
            seen["running"] += 1
            seen["most"] = max(seen["most"], seen["running"])
        try:
            assert release.wait(60)
            return real_verify(stored, password)
        finally:
            with lock:
                seen["running"] -= 1

    monkeypatch.setattr(accounts, "_verify", verify)
    return seen


def sign_in_all(pool: ThreadPoolExecutor, server, names: list[str]) -> list:
    return [pool.submit(attempt, server, name, "not the password") for name in names]


def test_hashing_runs_one_at_a_time_and_refuses_past_its_queue(tmp_path, monkeypatch):
    # issue 51: defect 6 — at most hash_concurrency argon2 checks at once, hash_queue waiting, the rest refused.
    release = threading.Event()
    with LiveServer(sqlite_url(tmp_path / "busy.db"), hash_concurrency=1, hash_queue=3) as live, \
            ThreadPoolExecutor(10) as pool:
        seen = blocked_verify(monkeypatch, release)
        tries = sign_in_all(pool, live, [f"Caller {n}" for n in range(10)])
        # The first check holds the one thread until released: three wait, and the other six are refused at once.
        refused = [future.result() for future in itertools.islice(as_completed(tries, timeout=60), 6)]
        release.set()
        answers = [future.result(timeout=60) for future in tries]
    assert all(response.status_code == 429 and response.json() == {"error": accounts.BUSY}
               and response.headers["Retry-After"] for response in refused)
    assert sorted(response.status_code for response in answers) == [401] * 4 + [429] * 6
    assert seen["calls"] == 4 and seen["most"] == 1


def test_a_sign_in_flood_does_not_hold_up_other_requests(tmp_path, monkeypatch):
    # issue 51: defect 6 — a flood of sign-ins slowed another player's requests (p99 1.17 s).
    release = threading.Event()
    with LiveServer(sqlite_url(tmp_path / "flood.db"), hash_queue=40) as live, ThreadPoolExecutor(30) as pool, \
            httpx.Client(base_url=live.url, timeout=30) as player:
        assert player.post("/api/accounts", json={"name": "Player", "password": PASSWORD}).status_code == 201
        seen, looked_up = blocked_verify(monkeypatch, release), []
        real_find = AccountStore.find
        monkeypatch.setattr(AccountStore, "find", lambda store, key: looked_up.append(key) or real_find(store, key))
        tries = sign_in_all(pool, live, [f"Flooder {n}" for n in range(30)])
        deadline = time.monotonic() + 60
        while len(looked_up) < 30 or not seen["calls"]:  # the flood is in: one check running, 29 waiting for it
            assert time.monotonic() < deadline, "the sign-ins were not all looked up"
            time.sleep(0.01)
        started = time.monotonic()
        catalog, me = player.get("/api/catalog"), player.get("/api/me")  # the second reads the database in a thread
        took = time.monotonic() - started
        in_flight = sum(not future.done() for future in tries)
        release.set()
        answers = [future.result(timeout=60) for future in tries]
    assert catalog.status_code == 200 and me.json()["name"] == "Player"
    assert in_flight == 30 and took < 10  # served while all thirty sign-ins waited (in practice: milliseconds)
    assert [response.status_code for response in answers] == [401] * 30
