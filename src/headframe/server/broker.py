"""Live updates between processes that serve the same games (docs/server.md, "Deploying").

On PostgreSQL every change to a game is announced on the channel `headframe`
with NOTIFY, in the transaction that writes it: PostgreSQL delivers it when that
transaction commits, never before, and never if it rolls back, so no process
hears of a move that is not stored, and none misses one that is (while it
listens; a listener that reconnects catches up every room it holds). Each
process LISTENs on its own connection and catches up the rooms it holds from the
database. A message names the game, the kind of change and the writer, never a
state: NOTIFY's payload is at most 8000 bytes, and the database has the rest.

On SQLite one process serves: `announce` does nothing and no listener runs."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.engine import make_url

log = logging.getLogger("headframe.server")

CHANNEL = "headframe"
KINDS = ("created", "moves", "seats", "chat")  # a new game; its actions; its seats (and clocks, notices); its chat
RETRY_S = 1.0  # how long a lost listener waits before it connects again


@dataclass(frozen=True)
class News:
    game_id: str
    kind: str
    n: int | None = None  # the chat message's number


def shared(url: str) -> bool:
    """Whether several processes may serve the database at `url` (PostgreSQL), with this broker."""
    return make_url(url).get_backend_name() == "postgresql"


def announce(db: Any, origin: str, game_id: str, kind: str, n: int | None = None) -> None:
    """Announce a change in the transaction `db` that makes it (PostgreSQL only)."""
    if db.dialect.name != "postgresql":
        return
    payload = {"o": origin, "g": game_id, "k": kind} | ({} if n is None else {"n": n})
    db.execute(select(func.pg_notify(CHANNEL, json.dumps(payload, separators=(",", ":")))))


def parse(payload: str, origin: str) -> News | None:
    """Another process's news (None: our own, or not a message of ours)."""
    try:
        found = json.loads(payload)
    except ValueError:
        return None
    if not isinstance(found, dict) or found.get("o") == origin or found.get("k") not in KINDS:
        return None
    game_id, n = found.get("g"), found.get("n")
    if not isinstance(game_id, str) or not (n is None or (isinstance(n, int) and not isinstance(n, bool))):
        return None
    return News(game_id, found["k"], n)


class Broker:
    """One process's listener: `on_news` for each other process's change, and
    `on_connect` each time it (re)connects, when news may have been missed."""

    def __init__(self, url: str, origin: str, on_news: Callable[[News], None],
                 on_connect: Callable[[], None]) -> None:
        self.url, self.origin = url, origin
        self.on_news, self.on_connect = on_news, on_connect
        self.listening = asyncio.Event()
        self._task: asyncio.Task | None = None

    def start(self) -> None:
        if shared(self.url):
            self._task = asyncio.get_running_loop().create_task(self._listen_forever())
        else:
            self.listening.set()  # in-process: there is nobody else to hear

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)

    async def _listen_forever(self) -> None:
        import psycopg

        conninfo = make_url(self.url).set(drivername="postgresql").render_as_string(hide_password=False)
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(conninfo, autocommit=True) as connection:
                    await connection.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    self.on_connect()
                    async for notify in connection.notifies():
                        news = parse(notify.payload, self.origin)
                        if news is not None:
                            self.on_news(news)
            except psycopg.Error as exc:
                self.listening.clear()
                log.warning("the broker's connection failed (%s); connecting again in %g s", exc, RETRY_S)
                await asyncio.sleep(RETRY_S)
