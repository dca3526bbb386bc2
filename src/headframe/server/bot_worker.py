"""Bot worker processes: `headframe bots --db URL [--workers N]` takes bot turns
from the database's queue, so bot load scales apart from the web processes.

The queue is the table `bot_turns`: one row per bot seat that owes a decision,
written in the transaction of the change that made it owe one (storage.py), so
a stored move and its bot turns are never apart. A worker claims free rows with
`SELECT ... FOR UPDATE SKIP LOCKED` and marks them taken for a lease, which it
renews while it holds them: two workers never claim one row at once, and a turn
whose worker died is free again when its lease ends. It then plays the turn as a web process would: the room is loaded
(and caught up) by its own `Hub`, the bot thinks in its `BotPool`, and the move is
stored through the same path, the ply key refusing it if the game moved on. The
move's transaction replaces the game's rows and announces the change (broker.py),
which wakes every worker; they also look every second. PostgreSQL only: on SQLite
one process serves and its bots think in it."""

from __future__ import annotations

import asyncio
import logging
import signal
from datetime import UTC, datetime, timedelta
from pathlib import Path

from sqlalchemy import bindparam, or_, select, update

from headframe.engine import HeadframeError

from . import collector
from .broker import News, shared
from .config import ServerConfig
from .errors import Refusal
from .hub import Hub
from .ray_bots import RaySearchers
from .storage import Store, database_url
from .tables import bot_turns

log = logging.getLogger("headframe.server")

POLL_S = 1.0  # how often a worker looks at the queue when no news woke it
LEASE_SLACK_S = 60.0  # a claimed turn's lease beyond the longest a bot may think
RENEWALS = 3  # a worker renews the leases of the turns it holds this many times per lease

Turn = tuple[str, int, int]  # game id, seat, the ply it owes


def claim(store: Store, limit: int, lease: timedelta) -> list[Turn]:
    """Claim up to `limit` free bot turns (unclaimed, or their lease over), oldest plies first."""
    now = datetime.now(UTC)
    free = (select(bot_turns.c.game_id, bot_turns.c.seat, bot_turns.c.ply)
            .where(or_(bot_turns.c.claimed_until.is_(None), bot_turns.c.claimed_until < now))
            .order_by(bot_turns.c.ply).limit(limit).with_for_update(skip_locked=True))
    with store.engine.begin() as db:
        turns = [(game_id, seat, ply) for game_id, seat, ply in db.execute(free)]
        if turns:
            db.execute(update(bot_turns).where(bot_turns.c.game_id == bindparam("g"), bot_turns.c.seat == bindparam("s"))
                       .values(claimed_until=now + lease), [{"g": game_id, "s": seat} for game_id, seat, _ in turns])
    return turns


def renew(store: Store, held: list[tuple[str, int]], lease: timedelta) -> None:
    """Extend the leases of the turns this worker holds: a turn waiting for a search process, or a long think,
    outlasts no lease while its worker lives (a row gone because the turn was played is left gone)."""
    if held:
        with store.engine.begin() as db:
            db.execute(update(bot_turns).where(bot_turns.c.game_id == bindparam("g"), bot_turns.c.seat == bindparam("s"))
                       .values(claimed_until=datetime.now(UTC) + lease), [{"g": g, "s": s} for g, s in held])


class BotWorker:
    """Takes up to `slots` bot turns at a time from the queue and plays them through `hub`."""

    def __init__(self, hub: Hub, slots: int) -> None:
        self.hub = hub
        self.slots = slots
        self.lease = timedelta(seconds=hub.config.max_think + LEASE_SLACK_S)
        self.wake = asyncio.Event()
        self.busy: dict[tuple[str, int], asyncio.Task] = {}
        # A turn is played when claimed, never because a room was loaded; nobody watches here, so rooms are
        # kept caught up for their next bot turns; each news wakes the worker.
        hub.attach_bot_worker(self._heard)

    def _heard(self, _news: News) -> None:
        self.wake.set()

    async def run(self) -> None:
        renewed = asyncio.get_running_loop().time()
        while True:
            self.wake.clear()
            if asyncio.get_running_loop().time() - renewed > self.lease.total_seconds() / RENEWALS:
                await asyncio.to_thread(renew, self.hub.store, list(self.busy), self.lease)
                renewed = asyncio.get_running_loop().time()
            free = self.slots - len(self.busy)
            if free > 0:
                for game_id, seat, _ply in await asyncio.to_thread(claim, self.hub.store, free, self.lease):
                    if (game_id, seat) not in self.busy:  # still ours from before its lease ran out
                        self.busy[game_id, seat] = asyncio.create_task(self._take(game_id, seat))
            try:
                await asyncio.wait_for(self.wake.wait(), POLL_S)
            except TimeoutError:
                pass

    async def _take(self, game_id: str, seat: int) -> None:
        try:
            room = await self.hub.room(game_id)
            await self.hub.refresh(room)
            await self.hub.think_for(room, seat)
        except Refusal as refusal:
            log.info("the bot turn of seat %s in game %s is not taken: %s", seat, game_id, refusal.message)
        except Exception:
            log.exception("the bot turn of seat %s in game %s failed", seat, game_id)
        finally:
            del self.busy[game_id, seat]
            self.wake.set()

    async def close(self) -> None:
        for task in list(self.busy.values()):
            task.cancel()
        await asyncio.gather(*self.busy.values(), return_exceptions=True)


def run(db: str, workers: int | None = None, max_think: float = 10.0, models: Path | None = None,
        log_level: str = "info", ray: str | None = None) -> None:
    """Take bot turns from the queue of the PostgreSQL database `db` until stopped
    (SIGTERM or Ctrl-C), with `workers` searches at once (and one quick process): in
    processes here (default 2), or on the Ray cluster at `ray` (default: its CPUs)."""
    logging.basicConfig(level=log_level.upper(), format="%(levelname)s %(name)s: %(message)s")
    url = database_url(db)
    if not shared(url):
        raise SystemExit("headframe bots needs a PostgreSQL database (--db postgresql+psycopg://...): "
                         "on SQLite one process serves, and its bots think in it")
    if workers is not None and workers < 1:
        raise SystemExit("--workers: at least 1")
    searchers = None
    if ray is not None:
        try:
            searchers = RaySearchers(ray, max_think, models)
        except HeadframeError as error:
            raise SystemExit(str(error)) from None
    searches = workers or (searchers.cpus() if searchers else 2)
    # It sends no updates, so it draws no boards: no board workers.
    config = ServerConfig(url, bot_workers=searches, max_think=max_think, models=models, board_workers=0)
    asyncio.run(_serve(config, searchers, f"on the Ray cluster at {ray}" if ray else "in processes here"))


async def _serve(config: ServerConfig, searchers: RaySearchers | None, where: str) -> None:
    store = Store(config.db_url)
    hub = Hub(store, config, searchers)
    worker = BotWorker(hub, slots=2 * (config.bot_workers + 1))  # the pool's processes, and turns waiting for one
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    hub.start()
    collector.settle()
    running = asyncio.create_task(worker.run())
    try:
        await hub.broker.listening.wait()
        print(f"headframe bots: taking bot turns, {config.bot_workers} searches at once {where}", flush=True)
        await asyncio.wait([running, asyncio.create_task(stop.wait())], return_when=asyncio.FIRST_COMPLETED)
    finally:
        running.cancel()
        await worker.close()
        await hub.close()
        store.close()
