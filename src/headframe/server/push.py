"""Web Push (pywebpush): a message to a browser's push service, encrypted to the
browser's keys (aes128gcm) and signed with the server's VAPID key (P-256, drawn once
by migration 0012 into `server_secrets`). Sent in a thread; a subscription its push
service says is gone (404, 410) is forgotten."""

from __future__ import annotations

import asyncio
import base64
import ipaddress
import json
import logging
import socket
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import urlsplit

import requests
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from py_vapid import Vapid  # type: ignore[import-untyped]
from pywebpush import WebPushException, webpush  # type: ignore[import-untyped]

from .notify_store import Subscription

log = logging.getLogger("headframe.server")

TIMEOUT = 10.0
TTL = 24 * 3600  # seconds a push service keeps a message for a browser that is off
GONE = (404, 410)


def vapid_key(private_hex: str) -> ec.EllipticCurvePrivateKey:
    return ec.derive_private_key(int(private_hex, 16), ec.SECP256R1())


def public_key(key: ec.EllipticCurvePrivateKey) -> str:
    """The application server key browsers subscribe with: the uncompressed point, base64url."""
    raw = key.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def endpoint_problem(endpoint: str, loopback: bool) -> str | None:
    """Why a subscription's endpoint is refused, or None: https to a host name or a public
    address (and http://127.0.0.1 when `loopback`, for tests)."""
    parts = urlsplit(endpoint)
    host = parts.hostname or ""
    if loopback and parts.scheme == "http" and host == "127.0.0.1":
        return None
    if parts.scheme != "https" or not host or parts.username or parts.password:
        return "a push endpoint is an https URL"
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return None
    return None if address.is_global else "a push endpoint is a push service's public address"


def resolves_outwards(endpoint: str, loopback: bool) -> bool:
    """Whether every address the endpoint's host name resolves to now is public (checked when sending,
    not only when subscribing: a name may be pointed at an internal address later); the tests' loopback
    endpoint when `loopback`."""
    parts = urlsplit(endpoint)
    if loopback and parts.scheme == "http" and parts.hostname == "127.0.0.1":
        return True
    try:
        found = socket.getaddrinfo(parts.hostname or "", parts.port or 443, proto=socket.IPPROTO_TCP)
    except (OSError, UnicodeError):
        return False
    return bool(found) and all(ipaddress.ip_address(address[4][0]).is_global for address in found)


class Pusher:
    def __init__(self, private_hex: str, contact: str, forget: Callable[[Subscription], None],
                 loopback: bool = False) -> None:
        """`contact`: the VAPID `sub` claim (the operator's mailto: or https: URL); `forget(subscription)`:
        drop one its push service says is gone (called in the sending thread); `loopback`: the tests'
        http://127.0.0.1 endpoints are allowed."""
        self.loopback = loopback
        key = vapid_key(private_hex)
        self.vapid = Vapid(key)
        self.public = public_key(key)
        self.contact = contact
        self.forget = forget
        self.pool = ThreadPoolExecutor(2, thread_name_prefix="headframe-push")
        self.session = requests.Session()
        self.session.max_redirects = 0  # a push service answers; it never sends us elsewhere

    async def send(self, subscriptions: list[Subscription], payload: dict) -> None:
        loop = asyncio.get_running_loop()
        data = json.dumps(payload)
        await asyncio.gather(*(loop.run_in_executor(self.pool, self._deliver, one, data) for one in subscriptions))

    def _deliver(self, subscription: Subscription, data: str) -> None:
        if not resolves_outwards(subscription.endpoint, self.loopback):
            log.warning("a push notification was not sent: its endpoint's host resolves to an internal address")
            return
        try:
            webpush(subscription.info(), data, vapid_private_key=self.vapid, vapid_claims={"sub": self.contact},
                    timeout=TIMEOUT, ttl=TTL, requests_session=self.session)
        except WebPushException as exc:
            status = None if exc.response is None else exc.response.status_code
            if status in GONE:
                self.forget(subscription)
                return
            log.warning("a push notification could not be sent: %s", status or exc)
        except (requests.RequestException, ValueError) as exc:
            log.warning("a push notification could not be sent: %s", type(exc).__name__)

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)
        self.session.close()
