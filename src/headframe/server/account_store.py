"""Storage of accounts, their sessions and their seats (SQLAlchemy Core, sync:
called from worker threads like `Store`). Sessions are kept as the SHA-256 of
their token, never the token itself."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import delete, insert, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from .tables import accounts, games, seats, server_secrets, sessions


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
                               .where(accounts.c.name_key == name_key)).first()
        return None if found is None else (Account(found.id, found.name), found.password_hash)

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

    # --- seats ------------------------------------------------------------------

    def seats_of(self, account_id: str, limit: int) -> list[MySeat]:
        """The account's seats in its newest games (expired ones left out)."""
        query = (select(seats.c.game_id, seats.c.seat, games.c.status, games.c.result, games.c.players)
                 .join(games, games.c.id == seats.c.game_id)
                 .where(seats.c.account_id == account_id, games.c.status != "expired")
                 .order_by(games.c.created_at.desc(), games.c.id).limit(limit))
        with self.engine.connect() as db:
            return [MySeat(*row) for row in db.execute(query)]

    def cancel_game(self, game_id: str) -> None:
        """Delete an unstarted table (its seats go with it)."""
        with self.engine.begin() as db:
            db.execute(delete(games).where(games.c.id == game_id, games.c.status == "open"))
