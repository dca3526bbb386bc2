"""Web Push notifications against a push service the test starts on 127.0.0.1: it
checks the VAPID signature (the JWT in the Authorization header, verified with the
server's public key) and decrypts the payload with the subscription's own keys."""

from __future__ import annotations

import base64
import json
import os
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
import httpx
import pytest
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from headframe.server.push import resolves_outwards
from headframe.server.storage import sqlite_url

from .conftest import LiveServer, bearer, signed_in, turn_based_table


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class PushService:
    """Keeps each POST (its headers and body); answers `status`."""

    def __init__(self) -> None:
        self.received: list[tuple[dict[str, str], bytes]] = []
        self.status = 201
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (http.server's name)
                body = self.rfile.read(int(self.headers["Content-Length"]))
                service.received.append(({k.lower(): v for k, v in self.headers.items()}, body))
                self.send_response(service.status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *_args) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def wait(self, count: int, timeout: float = 15.0) -> list[tuple[dict[str, str], bytes]]:
        deadline = time.monotonic() + timeout
        while len(self.received) < count:
            assert time.monotonic() < deadline, f"{len(self.received)} pushes, not {count}"
            time.sleep(0.05)
        return self.received


class Browser:
    """A browser's subscription keys (what PushManager.subscribe makes)."""

    def __init__(self, endpoint: str) -> None:
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        self.endpoint = endpoint

    def subscription(self) -> dict:
        public = self.key.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
        return {"endpoint": self.endpoint, "expirationTime": None, "keys": {"p256dh": b64(public), "auth": b64(self.auth)}}

    def decrypt(self, body: bytes) -> dict:
        return json.loads(http_ece.decrypt(body, private_key=self.key, auth_secret=self.auth, version="aes128gcm"))


def check_vapid(headers: dict[str, str], server_key: str, audience: str) -> dict:
    """The VAPID JWT's claims, once its signature is checked with the server's public key."""
    scheme, _, params = headers["authorization"].partition(" ")
    assert scheme == "vapid"
    fields = dict(part.strip().split("=", 1) for part in params.split(","))
    assert fields["k"] == server_key
    head, claims, signature = fields["t"].split(".")
    raw = unb64(signature)
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(server_key))
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    public.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))  # raises if forged
    assert json.loads(unb64(head))["alg"] == "ES256"
    decoded = json.loads(unb64(claims))
    assert decoded["aud"] == audience and decoded["exp"] > time.time()
    return decoded


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request, tmp_path) -> str:
    return sqlite_url(tmp_path / "games.db") if request.param == "sqlite" else request.getfixturevalue("postgres_url")


def test_my_move_is_pushed_signed_and_encrypted_to_my_browser(database):
    service = PushService()
    with LiveServer(database, push_loopback=True) as live:
        key = httpx.get(f"{live.url}/api/push/key").json()["key"]
        assert len(unb64(key)) == 65  # an uncompressed P-256 point
        ann, csrf = signed_in(live, "Ann")
        browser = Browser(f"{service.url}/push/ann-browser")
        assert ann.post("/api/me/push", json=browser.subscription()).status_code == 403  # no CSRF header
        subscribed = ann.post("/api/me/push", json=browser.subscription(), headers=csrf)
        assert subscribed.status_code == 201 and subscribed.json()["push"] == {"browsers": 1}
        created = turn_based_table(ann, csrf, "Pushed game")
        game_id = created["id"]
        with httpx.Client(base_url=live.url, timeout=30) as guest:
            assert guest.post(f"/api/games/{game_id}/seats/1/claim", json={"name": "Bob"},
                              headers=bearer(created["join"][1]["token"])).status_code == 200
        headers, body = service.wait(1)[0]
        claims = check_vapid(headers, key, service.url)
        assert claims["sub"].startswith(("mailto:", "https:"))
        assert headers["content-encoding"] == "aes128gcm" and int(headers["ttl"]) > 0
        assert browser.decrypt(body) == {"title": "Your move in Pushed game",
                                         "body": "It is your move (Ann) in Pit Lamps “Pushed game”.",
                                         "url": f"/games/{game_id}"}
        time.sleep(0.5)
        assert len(service.received) == 1  # once until Ann has played

        # A push service that says the subscription is gone: it is forgotten.
        service.status = 410
        again = turn_based_table(ann, csrf, "Second game")
        with httpx.Client(base_url=live.url, timeout=30) as guest:
            guest.post(f"/api/games/{again['id']}/seats/1/claim", json={"name": "Bob"},
                       headers=bearer(again["join"][1]["token"]))
        service.wait(2)
        deadline = time.monotonic() + 10
        while ann.get("/api/me/notifications").json()["push"]["browsers"]:
            assert time.monotonic() < deadline, "a gone subscription was kept"
            time.sleep(0.05)
    service.server.shutdown()


def test_subscriptions_are_checked_bounded_and_removed(tmp_path):
    with LiveServer(sqlite_url(tmp_path / "games.db"), push_per_account=2) as live:
        ann, csrf = signed_in(live, "Ann")
        good = Browser("https://push.example.net/send/abc").subscription()
        for endpoint in ("http://push.example.net/x", "http://127.0.0.1:9/x", "https://10.0.0.1/x",
                         "https://user:pw@push.example.net/x", "javascript:alert(1)", "https://" + "a" * 1100):
            refused = ann.post("/api/me/push", json={**good, "endpoint": endpoint}, headers=csrf)
            assert refused.status_code == 400 and "error" in refused.json(), endpoint
        for keys in ({"p256dh": "x", "auth": "y"}, {"p256dh": "<script>" * 4, "auth": good["keys"]["auth"]}, {}):
            assert ann.post("/api/me/push", json={**good, "keys": keys}, headers=csrf).status_code == 400
        assert ann.post("/api/me/push", json={**good, "more": 1}, headers=csrf).status_code == 400
        assert ann.post("/api/me/push", json=good, headers=csrf).status_code == 201
        assert ann.post("/api/me/push", json=good, headers=csrf).json()["push"] == {"browsers": 1}  # the same browser
        second = Browser("https://push.example.net/send/def").subscription()
        assert ann.post("/api/me/push", json=second, headers=csrf).status_code == 201
        third = Browser("https://push.example.net/send/ghi").subscription()
        capped = ann.post("/api/me/push", json=third, headers=csrf)
        assert capped.status_code == 409 and "2 browsers" in capped.json()["error"]
        bob, bob_csrf = signed_in(live, "Bob")  # another account cannot remove Ann's browser
        bob.request("DELETE", "/api/me/push", json={"endpoint": good["endpoint"]}, headers=bob_csrf)
        assert ann.get("/api/me/notifications").json()["push"] == {"browsers": 2}
        removed = ann.request("DELETE", "/api/me/push", json={"endpoint": good["endpoint"]}, headers=csrf)
        assert removed.status_code == 200 and removed.json()["push"] == {"browsers": 1}
        worker = httpx.get(f"{live.url}/sw.js")
        assert worker.status_code == 200 and "javascript" in worker.headers["content-type"]
        assert "notificationclick" in worker.text


def test_a_deleted_account_is_forgotten(tmp_path):
    with LiveServer(sqlite_url(tmp_path / "games.db")) as live:
        ann, csrf = signed_in(live, "Ann")
        assert ann.post("/api/me/push", json=Browser("https://push.example.net/a").subscription(),
                        headers=csrf).status_code == 201
        ann.put("/api/me/notifications", json={"move": False, "invite": True, "ended": True, "email": True},
                headers=csrf)
        account_id = live.hub.accounts.find("ann")[0].id
        from .conftest import PASSWORD

        assert ann.post("/api/me/delete", json={"password": PASSWORD}, headers=csrf).status_code == 204
        store = live.hub.notify.store
        deadline = time.monotonic() + 10
        while store.subscriptions(account_id) or store.choices(account_id).move is False:
            assert time.monotonic() < deadline, "the deleted account's notifications were kept"
            time.sleep(0.05)


def test_a_push_is_sent_only_to_a_host_that_resolves_outwards():
    # docs/security.md: the endpoint's host is resolved when sending, and every address must be public
    assert resolves_outwards("https://8.8.8.8/push/1", loopback=False)
    assert not resolves_outwards("https://localhost/push/1", loopback=False)
    assert not resolves_outwards("https://10.1.2.3/push/1", loopback=False)
    assert not resolves_outwards("https://push.example.invalid/1", loopback=False)  # no answer: not sent
    assert resolves_outwards("http://127.0.0.1:8080/push/1", loopback=True)  # the tests' endpoint only
    assert not resolves_outwards("https://127.0.0.1/push/1", loopback=False)
