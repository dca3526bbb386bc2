"""Notifications when away (docs/players.md, "Notifications"): by email and Web Push,
to a person's account, for what they switched on: their move in a turn-based game
(once until they have played, and a reminder when a quarter of the move's time is
left), an invitation or a rematch, and the end of a game they play.

Only a person with no open connection to the game is told (the room's watchers: every
connection to a game is served by the process that has its room). What a message says
is what the game's summary says to anyone (its names, whose move, the clock): never
anything of a seat's hidden information. Each message is recorded before it is sent
(`notify_sent`), so whichever process sees a change first sends it, once."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from . import clocks
from .account_store import AccountStore
from .errors import Refusal
from .mail import Mail, Mailer
from .notify_store import NotifyStore, Subscription
from .push import Pusher
from .rooms import Room
from .tokens import token_hash

if TYPE_CHECKING:
    from .config import ServerConfig
    from .hub import Hub

log = logging.getLogger("headframe.server")

SWITCH = {"move": "move", "reminder": "move", "invite": "invite", "rematch": "invite", "ended": "ended"}
QUARTER = 0.25


def unsubscribe_token(key: bytes, account_id: str) -> str:
    """The account's unsubscribe link's token: the account and its HMAC under the `notify` secret."""
    return f"{account_id}.{_mac(key, account_id)}"


def unsubscribed_account(key: bytes, token: str) -> str | None:
    account_id, _, mac = token.partition(".")
    return account_id if mac and hmac.compare_digest(mac.encode(), _mac(key, account_id).encode()) else None


def _mac(key: bytes, account_id: str) -> str:
    return hmac.new(key, f"unsubscribe {account_id}".encode(), hashlib.sha256).hexdigest()


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)  # SQLite keeps no zone


def away(room: Room, seat: int, account_id: str) -> bool:
    """Whether nobody holds the seat over a connection to the game, nor watches it signed in as its player."""
    return seat not in room.connected() and not any(
        watcher.account is not None and watcher.account.id == account_id for watcher in room.watchers)


class Notifier:
    def __init__(self, hub: Hub, config: ServerConfig) -> None:
        self.hub = hub
        self.config = config
        self.store = NotifyStore(hub.store.engine)
        secrets = AccountStore(hub.store.engine)
        self.key = secrets.secret("notify")
        self.public_url = (config.public_url or "").rstrip("/")
        sender = config.mail_from or f"headframe <noreply@{urlsplit(self.public_url).hostname or 'localhost'}>"
        self.mailer = None if not config.smtp_url else Mailer(config.smtp_url, sender, config.mail_tries,
                                                               config.mail_backoff)
        contact = f"mailto:{sender.rpartition('<')[2].rstrip('>')}" if config.mail_from else (
            self.public_url or "https://headframe.invalid")
        self.pusher = Pusher(secrets.secret("vapid").hex(), contact, self._gone, config.push_loopback)
        self.reminders: dict[str, list[asyncio.TimerHandle]] = {}
        self.tasks: set[asyncio.Task] = set()

    @property
    def email_on(self) -> bool:
        return self.mailer is not None

    # --- what the hub and the account routes call -------------------------------------

    def changed(self, room: Room) -> None:
        """After every change of a room (a change listener of the hub): whose move it is now, or the game ended."""
        people = {s.seat: s.account_id for s in room.row.seats if s.account_id}  # only persons' clocks run
        if not people:
            return
        if room.state.is_over():
            self._cancel(room.id)
            for seat, account_id in people.items():
                if away(room, seat, account_id):
                    self._later(self._tell(account_id, "ended", room, seat))
            return
        if room.clock is None or room.clock.control.mode != "turn-based" or room.status() != "running":
            return
        owing = [seat for seat in room.clock.running if seat in people]
        self._arm(room, owing)
        self._later(self._turns(room, [s for s in people if s not in owing],
                                [(people[s], s) for s in owing if away(room, s, people[s])]))

    def invited(self, account_id: str, game_id: str, seat: int) -> None:
        self._later(self._by_id(account_id, "invite", game_id, seat))

    def rematch(self, account_id: str, game_id: str, seat: int) -> None:
        self._later(self._by_id(account_id, "rematch", game_id, seat))

    def forget(self, account_id: str) -> None:
        """The account is deleted: its address, choices, browsers and what was sent go."""
        self._later(asyncio.to_thread(self.store.forget, account_id))

    async def closed(self) -> None:
        for game_id in list(self.reminders):
            self._cancel(game_id)
        for task in list(self.tasks):
            task.cancel()
        self.pusher.close()
        if self.mailer is not None:
            await self.mailer.close()

    # --- sending --------------------------------------------------------------------------

    async def _turns(self, room: Room, played: list[int], told: list[tuple[str, int]]) -> None:
        """Forget what was sent to the seats that have played (in order: before their next turn is told)."""
        if played:
            await asyncio.to_thread(self.store.played, room.id, played)
        for account_id, seat in told:
            await self._tell(account_id, "move", room, seat)

    async def _by_id(self, account_id: str, kind: str, game_id: str, seat: int) -> None:
        room = await self.hub.room(game_id)
        if away(room, seat, account_id):
            await self._tell(account_id, kind, room, seat)

    async def _tell(self, account_id: str, kind: str, room: Room, seat: int) -> None:
        choices = await asyncio.to_thread(self.store.choices, account_id)
        if not choices.wants(SWITCH[kind]):
            return
        by_mail = self.mailer is not None and choices.email and choices.verified and choices.email_on
        subscriptions = await asyncio.to_thread(self.store.subscriptions, account_id)
        if not (by_mail or subscriptions) or \
                not await asyncio.to_thread(self.store.first_time, account_id, room.id, seat, kind):
            return
        inviter = await asyncio.to_thread(self.store.creator_name, room.id) if SWITCH[kind] == "invite" else None
        subject, text = message(kind, room, seat, inviter)
        path = f"/games/{room.id}"
        if by_mail and self.mailer is not None and choices.email:
            unsubscribe = f"{self.public_url}/notifications/unsubscribe?token={unsubscribe_token(self.key, account_id)}"
            self.mailer.send(Mail(choices.email, subject, f"{text}\n\nOpen your seat: {self.public_url}{path}\n\n"
                                  f"No more email from headframe: {unsubscribe}\n"))
        if subscriptions:
            await self.pusher.send(subscriptions, {"title": subject, "body": text, "url": path})

    def send_verification(self, address: str, token: str) -> None:
        link = f"{self.public_url}/notifications/verify?token={token}"
        assert self.mailer is not None
        self.mailer.send(Mail(address, "Confirm your email address for headframe",
                              f"Someone (we hope you) asked headframe to send notifications to this address.\n\n"
                              f"To confirm, open: {link}\n\nThe link lasts {clocks.duration(self.config.verify_hours * 3600)}."
                              " If it was not you, do nothing: nothing more is sent to this address.\n"))

    def _gone(self, subscription: Subscription) -> None:
        self.store.unsubscribe(token_hash(subscription.endpoint))

    # --- reminders --------------------------------------------------------------------------

    def _arm(self, room: Room, seats: list[int]) -> None:
        """A timer for each seat whose move it is: when a quarter of its time is left (at once when that
        is past: a game read after a start; a reminder is sent once whatever)."""
        self._cancel(room.id)
        clock, loop, now = room.clock, asyncio.get_running_loop(), datetime.now(UTC)
        assert clock is not None and clock.since is not None
        handles = []
        for seat in seats:
            due = clock.left[seat] - clock.control.per_move * QUARTER - (now - clock.since).total_seconds()
            handles.append(loop.call_later(max(0.0, due), self._remind, room.id, seat))
        self.reminders[room.id] = handles

    def start(self) -> None:
        """Arm the reminders of games read from the database (after a start) every `sweep_every` seconds."""
        self._later(self._sweep_forever())

    async def _sweep_forever(self) -> None:
        while True:
            try:
                await self._rearm()
            except Exception:
                log.exception("arming the reminders of turn-based games failed")
            await asyncio.sleep(self.config.sweep_every)

    async def _rearm(self) -> None:
        """Arm the reminders of turn-based games whose reminder may be due before the next sweep and
        that no change armed in this process (each game is read once: then it is armed)."""
        now = datetime.now(UTC)
        soon = now + timedelta(seconds=self.config.sweep_every)
        due = set()
        for game_id, control, since, left in await asyncio.to_thread(self.store.timed_seats, now):
            per_move = clocks.Control.from_json(control)
            if per_move.mode == "turn-based" and since is not None and left is not None and game_id not in \
                    self.reminders and _aware(since) + timedelta(seconds=left - per_move.per_move * QUARTER) <= soon:
                due.add(game_id)
        for game_id in due:
            try:
                room = await self.hub.room(game_id)
            except Refusal:
                continue
            if room.clock is not None and room.id not in self.reminders:
                self._arm(room, [s.seat for s in room.row.seats if s.account_id and s.seat in room.clock.running])

    def _cancel(self, game_id: str) -> None:
        for handle in self.reminders.pop(game_id, []):
            handle.cancel()

    def _remind(self, game_id: str, seat: int) -> None:
        self._later(self._reminding(game_id, seat))

    async def _reminding(self, game_id: str, seat: int) -> None:
        try:
            room = await self.hub.room(game_id)  # let go while nobody watched: read again
        except Refusal:
            return
        if room.status() != "running":
            self._cancel(game_id)
            return
        if room.clock is None or seat not in room.clock.running:
            return
        account_id = room.row.seats[seat].account_id
        if account_id and away(room, seat, account_id):
            self._later(self._tell(account_id, "reminder", room, seat))

    def _later(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task) -> None:
        self.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("a notification failed", exc_info=task.exception())


def message(kind: str, room: Room, seat: int, inviter: str | None) -> tuple[str, str]:
    """A message's subject and text, from what anyone may know of the game (its summary)."""
    table, title = room.row.name, room.game.title
    names = room.names()
    where = f"{title} “{table}”"
    if kind == "move":
        return f"Your move in {table}", f"It is your move ({names[seat]}) in {where}."
    if kind == "reminder":
        left = clocks.left_at(room.clock, datetime.now(UTC))[seat] if room.clock else 0.0
        return (f"Time is running out in {table}",
                f"It is still your move ({names[seat]}) in {where}: {clocks.duration(left)} left.")
    if kind == "ended":
        return f"{table} has ended", f"The game {where}, where you played {names[seat]}, has ended."
    who = inviter or "The table's host"
    if kind == "rematch":
        return f"Rematch: {table}", f"{who} offers you a rematch: {where}, as {names[seat]}."
    return f"You are invited to {table}", f"{who} invited you to play {where}, as {names[seat]}."
