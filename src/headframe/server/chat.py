"""Each table's chat: players and spectators, text only. A message is trimmed
and its whitespace runs made one space, 1 to 500 characters, without control
characters; rate-limited per client address and per author; stored with the
game (its step, the game's number of actions then, is shown only in replays:
during the game it would count others' sealed steps); and sent to every watcher
of the room as `{"type": "chat", "messages": [...]}`. Pages show it as text,
never as HTML."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from fastapi import FastAPI, Header, Request
from sqlalchemy import func, insert, select
from sqlalchemy.exc import IntegrityError

from . import api, wire
from .broker import announce
from .config import ServerConfig
from .errors import BadRequest, Conflict, Forbidden
from .holders import seat_if_any
from .ratelimit import RateLimits, client_of
from .rooms import Room, Watcher
from .storage import Store
from .tables import chat

if TYPE_CHECKING:
    from .account_store import Account
    from .accounts import Auth
    from .hub import Hub

log = logging.getLogger("headframe.server")

MAX_TEXT = api.CHAT_TEXT
MAX_NAME = 40
BACKLOG = 200  # the latest messages a new connection is sent
SPECTATOR = "Spectator"


@dataclass(frozen=True)
class Author:
    """Who writes: the name shown, the seat (None: a spectator), and whose messages
    share one rate limit beyond the client's (None: the client's only)."""

    name: str
    seat: int | None
    key: str | None


def author_of(room: Room, seat: int | None, name: str | None, account: Account | None = None) -> Author:
    """A seat's player writes under the seat's name. A spectator writes under
    their account's name when signed in (`account`, from the session: never a
    name they choose), else under the name they give, else "Spectator"."""
    if seat is not None:
        return Author(room.row.seats[seat].name, seat, f"seat:{room.id}:{seat}")
    if account is not None:
        return Author(account.name, None, f"account:{account.id}")
    return Author(_spectator_name(name), None, None)


def message_text(text: Any) -> str:
    """The text as kept: its whitespace runs one space, printable, 1 to MAX_TEXT characters."""
    if not isinstance(text, str):
        raise BadRequest("text: a chat message is a string")
    if len(text) > 4 * MAX_TEXT:
        raise BadRequest(f"a chat message is at most {MAX_TEXT} characters")
    kept = " ".join(text.split())  # tabs and line breaks are whitespace too: one space
    try:
        api.printable(kept)
    except ValueError as exc:
        raise BadRequest(f"text: {exc}") from None
    if not kept:
        raise BadRequest("a chat message needs some text")
    if len(kept) > MAX_TEXT:
        raise BadRequest(f"a chat message is at most {MAX_TEXT} characters, not {len(kept)}")
    return kept


def _spectator_name(name: Any) -> str:
    if name is None:
        return SPECTATOR
    if not isinstance(name, str) or len(name) > MAX_NAME:
        raise BadRequest(f"name: at most {MAX_NAME} characters")
    try:
        api.printable(name)
    except ValueError as exc:
        raise BadRequest(f"name: {exc}") from None
    return " ".join(name.split()) or SPECTATOR


class ChatStore:
    def __init__(self, store: Store, per_table: int) -> None:
        self.engine = store.engine
        self.origin = store.origin
        self.per_table = per_table

    def add(self, game_id: str, step: int, author: Author, text: str) -> dict[str, Any]:
        """Keep a message as the table's next; Conflict when the table's chat is full."""
        for _attempt in range(3):  # two writers may take the same number: the second tries the next
            try:
                with self.engine.begin() as db:
                    last = db.execute(select(func.max(chat.c.n)).where(chat.c.game_id == game_id)).scalar()
                    n = 1 if last is None else last + 1
                    if n > self.per_table:
                        raise Conflict(f"this table's chat is full ({self.per_table} messages)")
                    row = {"game_id": game_id, "n": n, "at": datetime.now(UTC), "step": step,
                           "author": author.name, "seat": author.seat, "text": text}
                    db.execute(insert(chat).values(**row))
                    announce(db, self.origin, game_id, "chat", n)  # other processes relay it (broker.py)
                    return row
            except IntegrityError:
                continue
        raise Conflict("too many chat messages at once: send it again")

    def message(self, game_id: str, n: int) -> dict[str, Any] | None:
        with self.engine.connect() as db:
            found = db.execute(select(chat).where(chat.c.game_id == game_id, chat.c.n == n)).mappings().first()
        return None if found is None else dict(found)

    def messages(self, game_id: str, latest: int | None = None) -> list[dict[str, Any]]:
        query = select(chat).where(chat.c.game_id == game_id).order_by(chat.c.n.desc())
        if latest is not None:
            query = query.limit(latest)
        with self.engine.connect() as db:
            return [dict(found) for found in reversed(db.execute(query).mappings().all())]


def _send(room: Room, message: dict[str, Any]) -> None:
    text_out = wire.dumps({"type": "chat", "messages": [message]})
    for watcher in list(room.watchers):
        watcher.post(text_out)


def public(row: dict[str, Any]) -> dict[str, Any]:
    """A message as anyone watching sees it (no step: see the module's docstring)."""
    at = row["at"] if row["at"].tzinfo else row["at"].replace(tzinfo=UTC)  # SQLite keeps no zone
    return {"n": row["n"], "at": at.isoformat(timespec="seconds"), "name": row["author"], "seat": row["seat"],
            "text": row["text"]}


class Chat:
    def __init__(self, store: Store, config: ServerConfig, limits: RateLimits) -> None:
        self.store = ChatStore(store, config.chat_per_table)
        self.limits = limits
        self._greetings: set[asyncio.Task] = set()

    async def post(self, room: Room, author: Author, text: Any, client: str) -> dict[str, Any]:
        """Check, count, keep and send one message; a refusal keeps nothing."""
        kept = message_text(text)
        self.limits.check("chat", client)
        if author.key is not None:
            self.limits.check("chat", author.key)
        row = await asyncio.to_thread(self.store.add, room.id, room.version, author, kept)
        message = public(row)
        _send(room, message)
        return message

    async def relay(self, room: Room, n: int) -> None:
        """Send this process's watchers message `n`, written through another process."""
        found = await asyncio.to_thread(self.store.message, room.id, n)
        if found is not None:
            _send(room, public(found))

    async def from_socket(self, room: Room, watcher: Watcher, message: api.ChatMessage) -> None:
        """`{"type": "chat", "text": ..., "seat"?: s, "name"?: ...}`: as the seat
        (by default the connection's first), or as a spectator."""
        seat = message.seat if message.seat is not None else watcher.seats[0] if watcher.seats else None
        if seat is not None and seat not in watcher.seats:
            raise Forbidden(f"this connection does not hold seat {seat!r}")
        author = author_of(room, seat, message.name, watcher.account)
        await self.post(room, author, message.text, watcher.client)

    def greet(self, room: Room, watcher: Watcher) -> None:
        """Send a new connection the table's latest messages (nothing if none)."""
        task = asyncio.get_running_loop().create_task(self._backlog(room, watcher))
        self._greetings.add(task)
        task.add_done_callback(self._greetings.discard)

    async def _backlog(self, room: Room, watcher: Watcher) -> None:
        try:
            found = await asyncio.to_thread(self.store.messages, room.id, BACKLOG)
        except Exception:
            log.exception("reading the chat of game %s failed", room.id)
            return
        if found:
            watcher.post(wire.dumps({"type": "chat", "messages": [public(row) for row in found]}))

    async def messages(self, room: Room) -> list[dict[str, Any]]:
        return [public(row) for row in await asyncio.to_thread(self.store.messages, room.id)]

    async def replay_lines(self, game_id: str) -> list[dict[str, Any]]:
        """A finished game's chat with the step each message came at."""
        return [{**public(row), "step": row["step"]} for row in await asyncio.to_thread(self.store.messages, game_id)]


def add_routes(app: FastAPI, hub: Hub, chat_of_tables: Chat, auth: Auth) -> None:
    @app.post("/api/games/{game_id}/chat", status_code=201)
    async def post_chat(game_id: str, body: api.ChatPost, request: Request,
                        authorization: str | None = Header(default=None)) -> dict[str, Any]:
        """A message: as the Bearer token's seat, else as the signed-in player's seat
        or account (CSRF-checked), else as a spectator named `name`."""
        room = await hub.room(game_id)
        seat, account = await auth.chatting(request, room, seat_if_any(room, authorization))
        return await chat_of_tables.post(room, author_of(room, seat, body.name, account), body.text, client_of(request))

    @app.get("/api/games/{game_id}/chat")
    async def read_chat(game_id: str) -> dict[str, Any]:
        return {"messages": await chat_of_tables.messages(await hub.room(game_id))}
