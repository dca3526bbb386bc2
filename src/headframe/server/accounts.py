"""Accounts and sessions: register and sign in with a name and a password, a
session cookie, CSRF protection of the writes it authorises, and the seats that
belong to an account (see docs/players.md, "Accounts and sessions").

Passwords are hashed with argon2id (argon2-cffi's defaults) in threads of their
own, a few at once (`Hashing`). Failed sign-ins are counted per name, and per
browser for a browser that signed in as the account before (its device cookie),
so that others' failures never lock that browser out (`ratelimit.Lockouts`).
A session is a random token in an HttpOnly cookie; the database keeps only its
SHA-256 and its expiry. The CSRF token is an HMAC of the session's token, so a
page that cannot read the cookie cannot make it up."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import secrets
import unicodedata
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import cache
from typing import Annotated, Any, TypeVar
from urllib.parse import urlsplit

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import FastAPI, Request, Response
from pydantic import AfterValidator, Field
from starlette.requests import HTTPConnection

from .account_store import Account, AccountStore, NameTaken
from .api import Strict, printable
from .config import ServerConfig
from .errors import BadRequest, Conflict, Forbidden, TooManyRequests, Unauthorized
from .ratelimit import Lockouts, RateLimits, client_of
from .rooms import Room
from .tokens import token_hash

log = logging.getLogger("headframe.server")

COOKIE = "headframe_session"
DEVICE_COOKIE = "hf_device"
DEVICE_DAYS = 400  # the longest browsers keep a cookie
CSRF_HEADER = "X-CSRF-Token"
WRONG = "that name and password do not match an account"
SIGNED_OUT = "you are not signed in: sign in first"
EXPIRED = "your session has expired or was ended: sign in again"
NO_CSRF = f"this needs the {CSRF_HEADER} header of your session (reload the page)"
STOLEN = "this seat belongs to another player's account: sign in as them to play it"
BUSY = "the server is busy signing people in: try again in a few seconds"
BUSY_RETRY = 5  # seconds: its Retry-After

T = TypeVar("T")


def account_name(text: str) -> str:
    """A name as shown: trimmed, 3–24 printable characters."""
    name = printable(text).strip()
    if not 3 <= len(name) <= 24:
        raise ValueError("a name is 3 to 24 characters")
    return name


def name_key(name: str) -> str:
    """The key names are unique by: "Ann", "ann" and "ＡＮＮ" are one name."""
    return unicodedata.normalize("NFKC", name).casefold()


AccountName = Annotated[str, Field(max_length=64), AfterValidator(account_name)]
Password = Annotated[str, Field(min_length=8, max_length=128)]


class Credentials(Strict):
    name: AccountName
    password: Password


@dataclass(frozen=True)
class Session:
    account: Account
    token: str

    @property
    def csrf(self) -> str:
        return csrf_of(self.token)


def csrf_of(session_token: str) -> str:
    return hmac.new(session_token.encode(), b"headframe csrf", hashlib.sha256).hexdigest()


@cache
def _hasher() -> PasswordHasher:
    return PasswordHasher()  # argon2id with the library's recommended parameters


@cache
def _dummy_hash() -> str:
    """Checked against when the name is unknown, so that costs what a wrong password does."""
    return _hasher().hash(secrets.token_urlsafe(16))


def _verify(stored: str, password: str) -> bool:
    try:
        return _hasher().verify(stored, password)
    except (VerificationError, InvalidHashError):
        return False


def _check_password(stored: str | None, password: str) -> bool:
    """Whether `password` matches the hash `stored`; an unknown name's (None) is
    checked against the dummy hash, and does not match."""
    return _verify(_dummy_hash() if stored is None else stored, password) and stored is not None


class Hashing:
    """Password hashing (argon2id: tens of milliseconds of a core each) in at most
    `threads` threads of its own, so that a flood of sign-ins takes neither the
    event loop nor the threads storage runs in. At most `queue` more wait; any
    beyond are refused at once."""

    def __init__(self, threads: int, queue: int) -> None:
        self.pool = ThreadPoolExecutor(threads, thread_name_prefix="headframe-argon2")
        self.room = threads + queue
        self.taken = 0

    async def run(self, work: Callable[..., T], *args: Any) -> T:
        if self.taken >= self.room:
            raise TooManyRequests(BUSY, BUSY_RETRY)
        self.taken += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self.pool, work, *args)
        finally:
            self.taken -= 1

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)


def device_cookie(key: bytes, account_id: str) -> str:
    """A device cookie: the account, a random nonce, and their HMAC under the server's key."""
    signed = f"{account_id}.{secrets.token_urlsafe(16)}"
    return f"{signed}.{_signature(key, signed)}"


def device_of(key: bytes, cookie: str, account_id: str) -> str | None:
    """The nonce of a device cookie the server signed for `account_id`; None for any other."""
    signed, _, signature = cookie.rpartition(".")
    owner, _, nonce = signed.partition(".")
    if owner != account_id or not hmac.compare_digest(signature.encode(), _signature(key, signed).encode()):
        return None
    return nonce


def _signature(key: bytes, signed: str) -> str:
    return hmac.new(key, signed.encode(), hashlib.sha256).hexdigest()


def same_origin(connection: HTTPConnection) -> bool:
    """Whether the request's Origin (when it sends one) is this server's own host."""
    origin = connection.headers.get("origin")
    return origin is None or urlsplit(origin).netloc == connection.headers.get("host")


def held_by(room: Room, account_id: str) -> list[int]:
    return [seat.seat for seat in room.row.seats if seat.account_id == account_id]


class Auth:
    """Who a request is: its session, checked against CSRF for writes."""

    def __init__(self, store: AccountStore, config: ServerConfig,
                 ended: Callable[[str], None] = lambda _token: None) -> None:
        """`ended(token)`: a session was ended here (its connections lose what it held)."""
        self.store = store
        self.config = config
        self.ended = ended
        self.hashing = Hashing(config.hash_concurrency, config.hash_queue)
        self.lockouts = Lockouts.of(config)
        self.device_key: bytes | None = None  # read from the database when first needed

    def close(self) -> None:
        self.hashing.close()

    # --- sessions -------------------------------------------------------------

    async def session(self, connection: HTTPConnection) -> Session | None:
        """The live session of the request's cookie (none, expired or unknown: None)."""
        token = connection.cookies.get(COOKIE)
        if not token or len(token) > 64:
            return None
        account = await asyncio.to_thread(self.store.session_account, token_hash(token))
        return None if account is None else Session(account, token)

    async def signed_in(self, connection: HTTPConnection) -> Session:
        session = await self.session(connection)
        if session is None:
            raise Unauthorized(EXPIRED if connection.cookies.get(COOKIE) else SIGNED_OUT)
        return session

    async def writer(self, request: Request) -> Session:
        """The session that authorises a write: signed in, with the session's CSRF token."""
        return _csrf_checked(request, await self.signed_in(request))

    async def owner(self, request: Request) -> Account | None:
        """The account a write binds a seat to (a create's `me` seat, a claim): the
        signed-in player's, CSRF-checked; None for a guest (no live session)."""
        session = await self.session(request)
        return None if session is None else _csrf_checked(request, session).account

    async def of_socket(self, socket: HTTPConnection) -> Session | None:
        """The session a WebSocket's cookie signs in, from this server's own pages only."""
        session = await self.session(socket)
        if session is not None and not same_origin(socket):
            raise Forbidden("a page of another site may not use your session here")
        return session

    async def is_live(self, session: Session) -> bool:
        """Whether the session is still on (not signed out, not expired), as the database says."""
        return await asyncio.to_thread(self.store.session_account, token_hash(session.token)) is not None

    async def chatting(self, request: Request, room: Room, token_seat: int | None) -> tuple[int | None, Account | None]:
        """Who writes a chat message: the token's seat, else the signed-in player's
        first seat of the game (CSRF-checked), else a spectator; and the signed-in
        account, if any (a signed-in spectator writes under its name)."""
        if token_seat is not None:
            await self._not_stolen(request, room, token_seat)
        session = await self.session(request)
        if session is None:
            return token_seat, None
        if token_seat is None:
            _csrf_checked(request, session)
            mine = held_by(room, session.account.id)
            token_seat = mine[0] if mine else None
        return token_seat, session.account

    # --- seats ----------------------------------------------------------------

    async def reading(self, request: Request, room: Room, token_seat: int | None) -> int | None:
        """The seat a read shows: the token's, else the signed-in player's first seat
        of the game, else None (a spectator's)."""
        if token_seat is not None:
            await self._not_stolen(request, room, token_seat)
            return token_seat
        session = await self.session(request)
        mine = [] if session is None else held_by(room, session.account.id)
        return mine[0] if mine else None

    async def writing(self, request: Request, room: Room, seat: int, by_token: bool) -> None:
        """Refuse a write for `seat` that neither its token nor the signed-in player holds."""
        if by_token:
            await self._not_stolen(request, room, seat)
            return
        if not request.cookies.get(COOKIE):
            raise Unauthorized("this needs a token (send 'Authorization: Bearer <token>') or signing in")
        session = await self.writer(request)
        if seat not in held_by(room, session.account.id):
            raise Forbidden(f"you do not hold seat {seat + 1} of this game")

    async def _not_stolen(self, request: Request, room: Room, seat: int) -> None:
        owner = room.row.seats[seat].account_id
        if owner is None:
            return
        session = await self.session(request)
        if session is not None and session.account.id != owner:
            raise Forbidden(STOLEN)

    # --- signing in -----------------------------------------------------------

    async def register(self, credentials: Credentials) -> Account:
        account = Account(secrets.token_hex(16), credentials.name)
        hashed = await self.hashing.run(_hasher().hash, credentials.password)
        try:
            await asyncio.to_thread(self.store.create, account, name_key(account.name), hashed)
        except NameTaken:
            raise Conflict(f"the name {account.name!r} is taken: choose another") from None
        return account

    async def check(self, request: Request, credentials: Credentials) -> Account:
        """The account these credentials open; a wrong name and a wrong password get
        the same sentence after the same work. An attempt whose budget of failures
        is spent (`_budget`) is refused unchecked until its wait is over."""
        key = name_key(credentials.name)
        found = await asyncio.to_thread(self.store.find, key)
        budget = await self._budget(request, key, None if found is None else found[0])
        with self.lockouts.attempt(budget):
            matched = await self.hashing.run(_check_password, None if found is None else found[1],
                                             credentials.password)
        if not matched or found is None:
            self.lockouts.failed(budget)
            raise Unauthorized(WRONG)
        account, stored = found
        self.lockouts.cleared(budget, ("name", key))
        if _hasher().check_needs_rehash(stored):
            rehashed = await self.hashing.run(_hasher().hash, credentials.password)
            await asyncio.to_thread(self.store.set_password_hash, account.id, rehashed)
        return account

    async def confirm(self, request: Request, session: Session, password: str) -> None:
        """The signed-in player's own password, checked as a sign-in is (its lockouts too)."""
        account = await self.check(request, Credentials(name=session.account.name, password=password))
        if account.id != session.account.id:
            raise Unauthorized(WRONG)

    async def change_password(self, session: Session, password: str) -> None:
        """A new password: the account's other sessions end (in the database; their sockets: the caller)."""
        hashed = await self.hashing.run(_hasher().hash, password)
        await asyncio.to_thread(self.store.change_password, session.account.id, hashed, token_hash(session.token))

    async def _budget(self, request: Request, key: str, account: Account | None) -> tuple[str, str]:
        """What an attempt's failures count against: its browser's own budget when it
        brings a device cookie of this account, else the name's, which every other
        browser shares (an unknown name's exactly as a known one's)."""
        cookie = request.cookies.get(DEVICE_COOKIE)
        if cookie and account is not None:
            nonce = device_of(await self._device_key(), cookie, account.id)
            if nonce is not None:
                return ("device", nonce)
        return ("name", key)

    async def _device_key(self) -> bytes:
        if self.device_key is None:
            self.device_key = await asyncio.to_thread(self.store.secret, "device")
        return self.device_key

    async def start(self, request: Request, response: Response, account: Account) -> dict[str, Any]:
        token = secrets.token_urlsafe(32)
        lasts = timedelta(days=self.config.session_days)
        await asyncio.to_thread(self.store.start_session, token_hash(token), account.id, datetime.now(UTC) + lasts)
        response.set_cookie(COOKIE, token, max_age=int(lasts.total_seconds()), path="/", httponly=True,
                            samesite="lax", secure=self._over_https(request))
        # Only sign-in reads it: no other request carries it.
        response.set_cookie(DEVICE_COOKIE, device_cookie(await self._device_key(), account.id),
                            max_age=DEVICE_DAYS * 24 * 3600, path="/api/session", httponly=True, samesite="lax",
                            secure=self._over_https(request))
        return me(Session(account, token))

    async def end(self, request: Request, response: Response) -> None:
        session = await self.session(request)
        if session is not None:
            _csrf_checked(request, session)
            await asyncio.to_thread(self.store.end_session, token_hash(session.token))
            self.ended(session.token)
        response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax", secure=self._over_https(request))

    def _over_https(self, request: Request) -> bool:
        if request.url.scheme == "https":
            return True
        return self.config.behind_proxy and request.headers.get("x-forwarded-proto", "").lower() == "https"


def _csrf_checked(request: Request, session: Session) -> Session:
    sent = request.headers.get(CSRF_HEADER, "")
    if not hmac.compare_digest(sent.encode(), session.csrf.encode()):
        raise Forbidden(NO_CSRF)
    return session


def me(session: Session) -> dict[str, Any]:
    return {"name": session.account.name, "csrf": session.csrf}


def add_routes(app: FastAPI, auth: Auth, limits: RateLimits) -> None:
    """POST /api/accounts, POST/GET/DELETE /api/session, GET /api/me."""

    def from_this_site(request: Request) -> None:
        # Sign-in CSRF: another site must not sign a visitor into an account of its choosing.
        if not same_origin(request):
            raise Forbidden("sign in from this site's own pages")

    @app.post("/api/accounts", status_code=201)
    async def register(body: Credentials, request: Request, response: Response) -> dict[str, Any]:
        from_this_site(request)
        limits.check("register", client_of(request))
        account = await auth.register(body)
        log.info("account %r registered", account.name)
        return await auth.start(request, response, account)

    @app.post("/api/session")
    async def sign_in(body: Credentials, request: Request, response: Response) -> dict[str, Any]:
        from_this_site(request)
        limits.check("signin", client_of(request))
        try:
            account = await auth.check(request, body)
        except Unauthorized:
            log.info("a sign-in as %r was refused", body.name)
            raise
        log.info("%r signed in", account.name)
        return await auth.start(request, response, account)

    @app.get("/api/session")
    async def session_of_page(request: Request) -> dict[str, Any]:
        """For pages: who is signed in (null when nobody), never a 401."""
        session = await auth.session(request)
        return {"account": None if session is None else me(session)}

    @app.delete("/api/session", status_code=204)
    async def sign_out(request: Request, response: Response) -> None:
        await auth.end(request, response)

    @app.get("/api/me")
    async def who_am_i(request: Request) -> dict[str, Any]:
        return me(await auth.signed_in(request))


def check_me_seats(seats: list[dict[str, Any]]) -> int | None:
    """The seat a create body marks as the signed-in creator's (`me: true`), if any."""
    marked = [index for index, spec in enumerate(seats) if spec.get("me")]
    if len(marked) > 1:
        raise BadRequest("only one seat can be yours (`me: true`)")
    if marked and seats[marked[0]]["type"] != "human":
        raise BadRequest("the seat that is yours (`me: true`) is a person's seat")
    return marked[0] if marked else None
