"""Per-client rate limits on what costs the server most: creating games,
claiming seats, uploading records. Counted in this process's memory, in a
moving window, by the client's address.

The address is the connection's (`client_of`: `request.client.host`). Behind
a reverse proxy that is the proxy's, and every client would share one budget:
there, run uvicorn with `--proxy-headers --forwarded-allow-ips=<the proxy's
address>` so that it is the real client's, taken from X-Forwarded-For and
trusted from that proxy only."""

from __future__ import annotations

import math
import time

from fastapi import Request
from limits import parse
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

from .config import ServerConfig
from .errors import TooManyRequests

DONE = {"create": "games created", "claim": "seats claimed", "upload": "records uploaded",
        "signin": "sign-in attempts", "register": "accounts registered", "chat": "chat messages",
        "seat": "seats left or taken back", "hint": "hints asked for"}


class RateLimits:
    """Rates in the limits library's notation ("30/minute")."""

    def __init__(self, create: str, claim: str, upload: str, signin: str = "10/minute",
                 register: str = "5/minute", chat: str = "5/10 seconds", seat: str = "20/minute",
                 hint: str = "10/minute") -> None:
        self.rates = {"create": parse(create), "claim": parse(claim), "upload": parse(upload),
                      "signin": parse(signin), "register": parse(register), "chat": parse(chat),
                      "seat": parse(seat), "hint": parse(hint)}
        self.limiter = MovingWindowRateLimiter(MemoryStorage())

    @classmethod
    def of(cls, config: ServerConfig) -> RateLimits:
        return cls(config.create_rate, config.claim_rate, config.upload_rate, config.signin_rate, config.register_rate,
                   config.chat_rate, config.seat_rate, config.hint_rate)

    def check(self, kind: str, client: str) -> None:
        """Count one `kind` request from `client`; over its rate, refuse it (uncounted)."""
        rate = self.rates[kind]
        if self.limiter.hit(rate, kind, client):
            return
        reset = self.limiter.get_window_stats(rate, kind, client).reset_time
        wait = max(1, math.ceil(reset - time.time()))
        raise TooManyRequests(f"too many {DONE[kind]} from your address: try again in {_duration(wait)}", wait)


def client_of(request: Request) -> str:
    """The client's address ("" when the server knows none, as on a Unix socket)."""
    return request.client.host if request.client else ""


def _duration(seconds: int) -> str:
    if seconds < 90:
        return f"{seconds} second{'s' if seconds != 1 else ''}"
    return f"{math.ceil(seconds / 60)} minutes"
