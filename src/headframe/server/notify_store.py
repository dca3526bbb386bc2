"""Storage of notifications (SQLAlchemy Core, sync: called from worker threads):
each account's choices and email address, its browsers' push subscriptions, and
what was sent, so that each is sent once whichever process notices it first.
Its tables are in tables.py (migration 0012)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import (
    String,
    delete,
    func,
    insert,
    literal,
    select,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from .tables import accounts, games, notify_choices, notify_sent, push_subscriptions, seats

KINDS = ("move", "invite", "ended")  # what a person may switch: each message's kind is one of these

@dataclass(frozen=True)
class Choices:
    move: bool = True
    invite: bool = True
    ended: bool = True
    email: str | None = None
    email_on: bool = True
    verified: bool = False

    def wants(self, kind: str) -> bool:
        return bool(getattr(self, kind))


@dataclass(frozen=True)
class Subscription:
    endpoint: str
    p256dh: str
    auth: str

    def info(self) -> dict:
        """As pywebpush takes it."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


class NotifyStore:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # --- choices and the address ---------------------------------------------------

    def choices(self, account_id: str) -> Choices:
        columns = [notify_choices.c[name] for name in (*KINDS, "email", "email_on", "verified")]
        with self.engine.connect() as db:
            found = db.execute(select(*columns).where(notify_choices.c.account_id == account_id)).first()
        return Choices() if found is None else Choices(*found)

    def set_choices(self, account_id: str, **values: object) -> None:
        with self.engine.begin() as db:
            changed = db.execute(update(notify_choices).where(notify_choices.c.account_id == account_id)
                                 .values(**values)).rowcount
            if not changed:
                db.execute(insert(notify_choices).values(account_id=account_id, **values))

    def set_email(self, account_id: str, email: str | None, verify_hash: str | None, expires: datetime | None) -> None:
        self.set_choices(account_id, email=email, verified=False, email_on=True, verify_hash=verify_hash,
                         verify_expires=expires)

    def unsubscribed(self, account_id: str) -> None:
        """Email off (its unsubscribe link): nothing more is sent to the address until it is turned on again."""
        with self.engine.begin() as db:
            db.execute(update(notify_choices).where(notify_choices.c.account_id == account_id).values(email_on=False))

    def verify(self, verify_hash: str) -> bool:
        """Mark the address of this unexpired verification token verified (once)."""
        with self.engine.begin() as db:
            return bool(db.execute(update(notify_choices).where(notify_choices.c.verify_hash == verify_hash,
                                                                notify_choices.c.verify_expires > datetime.now(UTC))
                                   .values(verified=True, verify_hash=None, verify_expires=None)).rowcount)

    # --- what was sent ------------------------------------------------------------------

    def first_time(self, account_id: str, game_id: str, seat: int, kind: str) -> bool:
        """Record that this message is sent; False when it was already (here or by another process)."""
        try:
            with self.engine.begin() as db:
                db.execute(insert(notify_sent).values(account_id=account_id, game_id=game_id, seat=seat, kind=kind,
                                                      at=datetime.now(UTC)))
        except IntegrityError:
            return False
        return True

    def played(self, game_id: str, seats: list[int]) -> None:
        """These seats have played: their next turn is told again."""
        with self.engine.begin() as db:
            db.execute(delete(notify_sent).where(notify_sent.c.game_id == game_id, notify_sent.c.seat.in_(seats),
                                                 notify_sent.c.kind.in_(("move", "reminder"))))

    def timed_seats(self, now: datetime) -> list[tuple[str, dict, datetime | None, float | None]]:
        """The accounts' seats in running games with a clock not yet run out: the game, its control,
        when its running clocks started, and the seat's time left then."""
        query = (select(games.c.id, games.c.clock, games.c.clock_since, seats.c.time_left)
                 .join(seats, seats.c.game_id == games.c.id)
                 .where(games.c.status == "running", games.c.clock_deadline > now, seats.c.account_id.is_not(None)))
        with self.engine.connect() as db:
            return [(row.id, row.clock, row.clock_since, row.time_left) for row in db.execute(query)]

    def creator_name(self, game_id: str) -> str | None:
        """The name of the account that created the game, if one did."""
        query = select(accounts.c.name).join(games, games.c.creator == literal("account:", String) + accounts.c.id) \
            .where(games.c.id == game_id)
        with self.engine.connect() as db:
            return db.execute(query).scalar()

    # --- push subscriptions ----------------------------------------------------------------

    def subscriptions(self, account_id: str) -> list[Subscription]:
        query = select(push_subscriptions.c.endpoint, push_subscriptions.c.p256dh, push_subscriptions.c.auth) \
            .where(push_subscriptions.c.account_id == account_id)
        with self.engine.connect() as db:
            return [Subscription(*row) for row in db.execute(query)]

    def subscribe(self, account_id: str, endpoint_hash: str, subscription: Subscription, cap: int) -> bool:
        """Keep a subscription (replacing one of the same endpoint); False when the account has `cap` already."""
        with self.engine.begin() as db:
            db.execute(delete(push_subscriptions).where(push_subscriptions.c.endpoint_hash == endpoint_hash))
            held = db.execute(select(func.count()).select_from(push_subscriptions)
                              .where(push_subscriptions.c.account_id == account_id)).scalar_one()
            if held >= cap:
                return False
            db.execute(insert(push_subscriptions).values(endpoint_hash=endpoint_hash, account_id=account_id,
                                                         endpoint=subscription.endpoint, p256dh=subscription.p256dh,
                                                         auth=subscription.auth))
        return True

    def unsubscribe(self, endpoint_hash: str, account_id: str | None = None) -> None:
        query = delete(push_subscriptions).where(push_subscriptions.c.endpoint_hash == endpoint_hash)
        if account_id is not None:
            query = query.where(push_subscriptions.c.account_id == account_id)
        with self.engine.begin() as db:
            db.execute(query)

    def forget(self, account_id: str) -> None:
        """Everything kept about the account's notifications (its account is deleted)."""
        with self.engine.begin() as db:
            for table in (notify_choices, notify_sent, push_subscriptions):
                db.execute(delete(table).where(table.c.account_id == account_id))
