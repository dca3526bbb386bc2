"""Per-client rate limits on what costs the server most: creating games,
claiming seats, uploading records. Counted in this process's memory, in a
moving window, by the client's address. And failed sign-ins counted per name
and per device (`Lockouts`), whatever the address.

The address is the connection's (`client_of`: `request.client.host`). Behind
a reverse proxy that is the proxy's, and every client would share one budget:
there, run uvicorn with `--proxy-headers --forwarded-allow-ips=<the proxy's
address>` so that it is the real client's, taken from X-Forwarded-For and
trusted from that proxy only."""

from __future__ import annotations

import math
import time
from collections import Counter, OrderedDict
from collections.abc import Hashable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

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


# The clock of Lockouts (tests stop it).
clock = time.monotonic


@dataclass(slots=True)
class Strikes:
    count: int  # failures in a row, none `window` seconds after the one before
    last: float  # the clock at the last one


class Lockouts:
    """Failed sign-ins per key (a name, a device), in this process's memory. After
    `failures` of them, none `window` seconds after the one before, each further
    attempt waits 1, 2, 4 … seconds after the last failure, at most `longest`.
    Attempts being checked count as failures that just happened (so attempts sent
    together cannot overshoot the budget); refused ones do not count. At most
    `tracked` keys are kept, the least recently failed forgotten first: failures
    are counted after an argon2 check each, so filling that many takes longer than
    a window."""

    def __init__(self, failures: int, window: float, longest: float, tracked: int = 100_000) -> None:
        self.failures = failures
        self.window = window
        self.longest = longest
        self.tracked = tracked
        self.strikes: OrderedDict[Hashable, Strikes] = OrderedDict()
        self.checking: Counter[Hashable] = Counter()

    @classmethod
    def of(cls, config: ServerConfig) -> Lockouts:
        return cls(config.account_signin_failures, config.account_signin_window, config.account_lockout_max)

    @contextmanager
    def attempt(self, key: Hashable) -> Iterator[None]:
        """An attempt for `key`, refused while it must wait, else counted while it is checked."""
        wait = math.ceil(self.wait(key))
        if wait > 0:
            raise TooManyRequests(f"too many failed sign-ins as this name: try again in {_duration(wait)}", wait)
        self.checking[key] += 1
        try:
            yield
        finally:
            self.checking[key] -= 1
            if not self.checking[key]:
                del self.checking[key]

    def wait(self, key: Hashable) -> float:
        """How long before an attempt for `key` is checked (0: now)."""
        strikes, checking = self._current(key), self.checking[key]
        count = checking + (0 if strikes is None else strikes.count)
        if count < self.failures:
            return 0.0
        last = clock() if checking or strikes is None else strikes.last
        return max(0.0, last + min(self.longest, 2 ** (count - self.failures)) - clock())

    def failed(self, key: Hashable) -> None:
        strikes = self._current(key)
        self.strikes[key] = Strikes(1 if strikes is None else strikes.count + 1, clock())
        self.strikes.move_to_end(key)
        self._forget_old()

    def cleared(self, *keys: Hashable) -> None:
        for key in keys:
            self.strikes.pop(key, None)

    def _current(self, key: Hashable) -> Strikes | None:
        strikes = self.strikes.get(key)
        return strikes if strikes is not None and clock() - strikes.last < self.window else None

    def _forget_old(self) -> None:
        """Drop keys past their window (the oldest are first), and the oldest past `tracked`."""
        while self.strikes:
            oldest = next(iter(self.strikes.values()))
            if len(self.strikes) <= self.tracked and clock() - oldest.last < self.window:
                return
            self.strikes.popitem(last=False)


def client_of(request: Request) -> str:
    """The client's address ("" when the server knows none, as on a Unix socket)."""
    return request.client.host if request.client else ""


def _duration(seconds: int) -> str:
    if seconds < 90:
        return f"{seconds} second{'s' if seconds != 1 else ''}"
    return f"{math.ceil(seconds / 60)} minutes"
