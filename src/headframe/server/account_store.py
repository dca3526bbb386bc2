"""Storage of accounts, their sessions and their seats (SQLAlchemy Core, sync:
called from worker threads like `Store`). Sessions are kept as the SHA-256 of
their token, never the token itself."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import delete, insert, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from .tables import accounts, games, ratings, seats, server_secrets, sessions

FORMER = "a former player"  # a deleted account's name wherever it played
LIVE = ("open", "running")  # the statuses of a game still to be played


class NameTaken(Exception):
    """Another account has this name (compared case-insensitively)."""


@dataclass(frozen=True)
class Account:
    id: str
    name: str


@dataclass(frozen=True)
class MySeat:
    """A seat an account holds, with its game's stored status and result."""

    game_id: str
    seat: int
    status: str
    result: dict | None
    players: int


class AccountStore:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # --- accounts ---------------------------------------------------------------

    def create(self, account: Account, name_key: str, password_hash: str) -> None:
        try:
            with self.engine.begin() as db:
                db.execute(insert(accounts).values(id=account.id, name=account.name, name_key=name_key,
                                                   password_hash=password_hash))
        except IntegrityError:
            raise NameTaken(account.name) from None

    def find(self, name_key: str) -> tuple[Account, str] | None:
        """The account of that name, and its password hash."""
        with self.engine.connect() as db:
            found = db.execute(select(accounts.c.id, accounts.c.name, accounts.c.password_hash)
                               .where(accounts.c.name_key == name_key, accounts.c.deleted_at.is_(None))).first()
        return None if found is None else (Account(found.id, found.name), found.password_hash)

    def named(self, name_key: str) -> Account | None:
        """The account of that name, unless deleted."""
        found = self.find(name_key)
        return None if found is None else found[0]

    def delete(self, account_id: str) -> list[tuple[str, int]]:
        """Delete an account: its name stays taken and never signs in again, its sessions end, and
        its seats in games over (and its ratings) go to "a former player". Returns its seats in
        games still to be played (game, seat), which the hub hands over."""
        mine = seats.c.account_id == account_id
        over = games.c.status.not_in(LIVE)
        with self.engine.begin() as db:
            db.execute(update(accounts).where(accounts.c.id == account_id)
                       .values(deleted_at=datetime.now(UTC), password_hash=""))
            db.execute(delete(sessions).where(sessions.c.account_id == account_id))
            db.execute(update(ratings).where(ratings.c.player == f"account:{account_id}").values(name=FORMER))
            db.execute(update(seats).where(mine, seats.c.game_id.in_(select(games.c.id).where(over)))
                       .values(name=FORMER, account_id=None, invited=False))
            live = (select(seats.c.game_id, seats.c.seat).join(games, games.c.id == seats.c.game_id)
                    .where(mine, games.c.status.in_(LIVE)))
            return [(row.game_id, row.seat) for row in db.execute(live)]

    def set_password_hash(self, account_id: str, password_hash: str) -> None:
        with self.engine.begin() as db:
            db.execute(update(accounts).where(accounts.c.id == account_id).values(password_hash=password_hash))

    def secret(self, name: str) -> bytes:
        """A key the server's processes share (`server_secrets`: each drawn by the migration that added it)."""
        with self.engine.connect() as db:
            return bytes.fromhex(db.execute(select(server_secrets.c.value).where(server_secrets.c.name == name))
                                 .scalar_one())

    # --- sessions ---------------------------------------------------------------

    def start_session(self, token_hash: str, account_id: str, expires_at: datetime) -> None:
        with self.engine.begin() as db:
            db.execute(delete(sessions).where(sessions.c.expires_at < datetime.now(UTC)))
            db.execute(insert(sessions).values(token_hash=token_hash, account_id=account_id, expires_at=expires_at))

    def end_expired_sessions(self) -> int:
        """Delete the sessions past their expiry (the hub's sweep); how many."""
        with self.engine.begin() as db:
            return db.execute(delete(sessions).where(sessions.c.expires_at < datetime.now(UTC))).rowcount

    def session_account(self, token_hash: str) -> Account | None:
        """The account of a session that has not expired."""
        query = (select(accounts.c.id, accounts.c.name).join(sessions, sessions.c.account_id == accounts.c.id)
                 .where(sessions.c.token_hash == token_hash, sessions.c.expires_at > datetime.now(UTC)))
        with self.engine.connect() as db:
            found = db.execute(query).first()
        return None if found is None else Account(found.id, found.name)

    def end_session(self, token_hash: str) -> None:
        with self.engine.begin() as db:
            db.execute(delete(sessions).where(sessions.c.token_hash == token_hash))

    def change_password(self, account_id: str, password_hash: str, keep: str) -> None:
        """A new password: every session of the account but `keep` (a token hash) ends."""
        with self.engine.begin() as db:
            db.execute(update(accounts).where(accounts.c.id == account_id).values(password_hash=password_hash))
            db.execute(delete(sessions).where(sessions.c.account_id == account_id, sessions.c.token_hash != keep))

    # --- seats ------------------------------------------------------------------

    def seats_of(self, account_id: str, limit: int) -> list[MySeat]:
        """The account's seats in its newest games (expired ones left out)."""
        query = (select(seats.c.game_id, seats.c.seat, games.c.status, games.c.result, games.c.players)
                 .join(games, games.c.id == seats.c.game_id)
                 .where(seats.c.account_id == account_id, games.c.status != "expired")
                 .order_by(games.c.created_at.desc(), games.c.id).limit(limit))
        with self.engine.connect() as db:
            return [MySeat(*row) for row in db.execute(query)]

    def invitations(self, account_id: str) -> list[tuple[str, str, int]]:
        """The seats given to the account by name that it has not accepted: (game, its name, seat)."""
        query = (select(games.c.id, games.c.name, seats.c.seat).join(games, games.c.id == seats.c.game_id)
                 .where(seats.c.account_id == account_id, seats.c.invited, games.c.status.in_(LIVE))
                 .order_by(games.c.created_at.desc(), games.c.id))
        with self.engine.connect() as db:
            return [(row.id, row.name, row.seat) for row in db.execute(query)]

    def is_invited(self, game_id: str, seat: int) -> bool:
        with self.engine.connect() as db:
            return bool(db.execute(select(seats.c.invited).where(seats.c.game_id == game_id, seats.c.seat == seat))
                        .scalar())

    def accept(self, game_id: str, seat: int, account_id: str) -> bool:
        """The account keeps the seat it was given: whether it was an invitation of theirs."""
        with self.engine.begin() as db:
            return db.execute(update(seats).where(seats.c.game_id == game_id, seats.c.seat == seat,
                                                  seats.c.account_id == account_id, seats.c.invited)
                              .values(invited=False)).rowcount == 1

    def rematch(self, game_id: str, new_id: str | None = None) -> str | None:
        """The table a finished game's "Play again" made; with `new_id`, record it unless another was
        recorded first (then that one is returned)."""
        with self.engine.begin() as db:
            if new_id is not None:
                db.execute(update(games).where(games.c.id == game_id, games.c.rematch.is_(None))
                           .values(rematch=new_id))
            return db.execute(select(games.c.rematch).where(games.c.id == game_id)).scalar()

    def cancel_game(self, game_id: str) -> None:
        """Delete an unstarted table (its seats go with it)."""
        with self.engine.begin() as db:
            db.execute(delete(games).where(games.c.id == game_id, games.c.status == "open"))
