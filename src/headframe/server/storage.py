"""Event-sourced storage: a game is its record (game, options, seed, seats) plus
its ordered actions, in a SQLite file by default or PostgreSQL by URL. The live
state is never stored; it is rebuilt by replaying the actions.

The store is synchronous (SQLAlchemy Core); the server calls it from worker
threads so the event loop never waits on the disk."""

from __future__ import annotations

import secrets
import sqlite3
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import and_, bindparam, create_engine, delete, event, exists, func, insert, or_, select, update
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import IntegrityError

from .broker import announce
from .tables import actions, bot_turns, games, notices, seats

MIGRATIONS = Path(__file__).with_name("migrations")
MIGRATION_LOCK = 0x6865616466  # PostgreSQL advisory lock key held while the schema is brought up to date
UNPLAYED_LOCK = 0x6865616467  # ... and while a new table nobody plays is counted (`Unplayed`)


class ConflictError(Exception):
    """Another writer appended to the same game first (the ply was taken)."""


class TooMany(Exception):
    """A new table nobody plays would go past its bound (`Unplayed`): its creator's (`mine`) or the server's."""

    def __init__(self, bound: int, mine: bool) -> None:
        super().__init__(f"{bound} tables nobody plays {'of one creator' if mine else 'in all'}")
        self.bound, self.mine = bound, mine


@dataclass
class SeatRow:
    seat: int
    name: str
    agent: str | None
    controller: str  # "human" or "bot"
    token_hash: str | None
    claimed: bool
    account_id: str | None = None  # the signed-in player who holds the seat; None for guests and bots
    forfeited: bool = False  # its player left or ran out of time: a stand-in plays it, and it finishes last if rated
    time_left: float | None = None  # seconds on its clock at GameRow.clock_since (or now); None: no clock
    open: bool = False  # the host opened it to the lobby: anyone may claim it without its invitation


@dataclass
class GameRow:
    id: str
    name: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    think_time: float
    hotseat: bool
    host_token_hash: str
    status: str  # "open", "running", "finished" or "expired"
    result: dict[str, Any] | None = None
    bot_seed: int | None = None  # the bots' random streams, apart from the deal (None: a game from before 0002)
    rules_version: int = 1  # the version of the game's rules it is played under (Game.rules_version)
    clock: dict[str, Any] | None = None  # the time control (clocks.Control.to_json); None: no clock
    clock_since: datetime | None = None  # when the running clocks started; None while none runs
    clock_deadline: datetime | None = None  # the earliest deadline of the running clocks
    rated: bool = False  # its result moves ratings (ratings.py: decided at creation)
    hints: bool = False  # its seats may ask what the bot would do (hints.py; never in rated games)
    creator: str | None = None  # whom it counts against while nobody plays it (`Unplayed`)
    seats: list[SeatRow] = field(default_factory=list)


@dataclass
class Move:
    """One action to store: the game's `ply`-th, the audiences whose view it
    changed (`seen`, a bit mask), and the game's status after it."""

    game_id: str
    ply: int
    seat: int
    action: dict[str, Any]
    status: str
    result: dict[str, Any] | None
    seen: int | None = None
    clock: ClockWrite | None = None  # the clocks after it (None: the game has no clock)
    bots: tuple[int, ...] = ()  # the bot seats that owe a decision after it (the bot turns' queue)


@dataclass
class ClockWrite:
    """A game's clocks after a change: when the running ones started, each seat's time
    left, and the earliest deadline (None: no clock runs)."""

    since: datetime | None
    time_left: list[float]
    deadline: datetime | None = None


@dataclass
class Notice:
    """What the server said about a game, at a step (the number of actions) and a length of its log."""

    n: int
    at: datetime
    step: int
    log_at: int
    text: str


_HAS_PERSON = exists().where(seats.c.game_id == games.c.id, seats.c.controller == "human")
_UNPLAYED_OF = select(func.count()).select_from(games).where(
    games.c.creator == bindparam("creator"),
    or_(games.c.status == "open", and_(games.c.status == "running", ~_HAS_PERSON)))
_OPEN = select(func.count()).select_from(games).where(games.c.status == "open")


@dataclass(frozen=True)
class Unplayed:
    """The bound on tables nobody plays: at most `in_all` wait for players (status "open"),
    and at most `per_creator` of one creator (`GameRow.creator`) wait for players or are
    played by bots alone (every seat a bot's, from the start or handed over since; its room
    stays in memory until it ends). Counted in the database, so every process on it, and
    every restart, counts the same tables."""

    in_all: int
    per_creator: int

    @staticmethod
    def counts(row: GameRow) -> bool:
        """Whether a new table is one nobody plays: waiting for players, or of bots alone."""
        return row.status == "open" or all(seat.controller == "bot" for seat in row.seats)

    def check(self, db, row: GameRow) -> None:
        """Refuse the new table `row`, inserted in `db`'s transaction, if it is one too many (TooMany).
        Counts are taken one transaction at a time (SQLite has one writer at a time anyway)."""
        _lock(db, UNPLAYED_LOCK)
        if row.creator is not None and db.execute(_UNPLAYED_OF, {"creator": row.creator}).scalar_one() > self.per_creator:
            raise TooMany(self.per_creator, mine=True)
        if row.status == "open" and db.execute(_OPEN).scalar_one() > self.in_all:
            raise TooMany(self.in_all, mine=False)


def _lock(db, key: int) -> None:
    """Hold a PostgreSQL advisory lock until the transaction ends (on SQLite: nothing)."""
    if db.dialect.name == "postgresql":
        db.execute(select(func.pg_advisory_xact_lock(key)))


def _action_values(move: Move) -> dict[str, Any]:
    return {"game_id": move.game_id, "ply": move.ply, "seat": move.seat, "action": move.action, "seen": move.seen}


# A move's statements, built once: a server writes them for every move.
_MOVED = update(games).where(games.c.id == bindparam("moved")).values(
    status=bindparam("new_status"), result=bindparam("new_result"), updated_at=func.now())
_LAST_PLIES = (select(actions.c.game_id, func.max(actions.c.ply))
               .where(actions.c.game_id.in_(bindparam("ids", expanding=True))).group_by(actions.c.game_id))
_NEW_ACTIONS = insert(actions)
_CLEARED_BOT_TURNS = delete(bot_turns).where(bot_turns.c.game_id.in_(bindparam("ids", expanding=True)))
_NEW_BOT_TURNS = insert(bot_turns)


def _write(db, moves: list[Move], origin: str) -> None:
    """Store moves of different games. Their games' rows are locked first (in the
    order of their ids, as every writer of actions does), then their last plies read:
    a move is stored only right after its game's last one, so a move computed before
    another process's move or take-back is refused."""
    moves = sorted(moves, key=lambda move: move.game_id)
    ids = [move.game_id for move in moves]
    if len(set(ids)) != len(ids):
        raise ConflictError("two moves of one game in one transaction")
    db.execute(_MOVED, [{"moved": m.game_id, "new_status": m.status, "new_result": m.result} for m in moves])
    last = dict(db.execute(_LAST_PLIES, {"ids": ids}).all())
    for move in moves:
        if last.get(move.game_id, -1) != move.ply - 1:
            raise ConflictError(f"ply {move.ply} of game {move.game_id} is already taken")
    db.execute(_NEW_ACTIONS, [_action_values(m) for m in moves])
    _write_clocks(db, [(m.game_id, m.clock) for m in moves])
    db.execute(_CLEARED_BOT_TURNS, {"ids": ids})
    turns = [{"game_id": m.game_id, "seat": seat, "ply": m.ply + 1} for m in moves for seat in m.bots]
    if turns:
        db.execute(_NEW_BOT_TURNS, turns)
    for move in moves:
        announce(db, origin, move.game_id, "moves")


# What a room is read from, built once: a process reads them whenever another one changed a game.
_GAME = select(games).where(games.c.id == bindparam("game_id"))
_SEATS = (select(seats).where(seats.c.game_id.in_(bindparam("game_ids", expanding=True)))
          .order_by(seats.c.game_id, seats.c.seat))
_ACTIONS_FROM = (select(actions.c.ply, actions.c.seat, actions.c.action, actions.c.seen)
                 .where(actions.c.game_id == bindparam("game_id"), actions.c.ply >= bindparam("ply"))
                 .order_by(actions.c.ply))
_NOTICES = select(notices).where(notices.c.game_id == bindparam("game_id")).order_by(notices.c.n)


def _last_ply(db, game_id: str) -> int:
    return db.execute(select(func.coalesce(func.max(actions.c.ply), -1)).where(actions.c.game_id == game_id)).scalar()


def _set_bot_turns(db, game_id: str, ply: int, bots: tuple[int, ...]) -> None:
    """The game's bot turns after a change: the bot seats that owe its `ply`-th action."""
    db.execute(delete(bot_turns).where(bot_turns.c.game_id == game_id))
    if bots:
        db.execute(_NEW_BOT_TURNS, [{"game_id": game_id, "seat": seat, "ply": ply} for seat in bots])


_CLOCKS_STARTED = update(games).where(games.c.id == bindparam("timed")).values(
    clock_since=bindparam("since"), clock_deadline=bindparam("due"))
_TIME_LEFT = (update(seats).where(seats.c.game_id == bindparam("timed"), seats.c.seat == bindparam("place"))
              .values(time_left=bindparam("left")))


def _write_clocks(db, changes: list[tuple[str, ClockWrite | None]]) -> None:
    timed = [(game_id, clock) for game_id, clock in changes if clock is not None]
    if not timed:
        return
    db.execute(_CLOCKS_STARTED, [{"timed": game_id, "since": clock.since, "due": clock.deadline}
                                 for game_id, clock in timed])
    db.execute(_TIME_LEFT, [{"timed": game_id, "place": seat, "left": left}
                            for game_id, clock in timed for seat, left in enumerate(clock.time_left)])


def sqlite_url(path: str | Path) -> str:
    return f"sqlite:///{Path(path).resolve()}"


def database_url(db: str) -> str:
    """A database URL from `--db`: a URL as is, anything else a SQLite file path."""
    return db if "://" in db else sqlite_url(db)


class Store:
    def __init__(self, url: str) -> None:
        self.url = url
        self.origin = secrets.token_hex(8)  # this process's name in the broker's messages (broker.py)
        self.engine = _engine(url)
        self.migrate()

    def migrate(self) -> None:
        """Bring the schema to the newest Alembic revision."""
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        with self.engine.begin() as connection:
            _lock(connection, MIGRATION_LOCK)  # processes starting together migrate one at a time
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

    def close(self) -> None:
        self.engine.dispose()

    # --- writing ---------------------------------------------------------------

    def create(self, row: GameRow, bots: tuple[int, ...] = (), bound: Unplayed | None = None) -> None:
        """Store a new game; `bots`: its bot seats that owe the first decision. A table nobody
        plays is stored only within `bound`: past it, TooMany, and nothing is stored."""
        with self.engine.begin() as db:
            db.execute(insert(games).values(**_game_values(row)))
            if row.seats:
                db.execute(insert(seats), [dict(game_id=row.id, **vars(seat)) for seat in row.seats])
            if bound is not None and bound.counts(row):
                bound.check(db, row)
            _set_bot_turns(db, row.id, 0, bots)
            announce(db, self.origin, row.id, "created")

    def append(self, move: Move) -> None:
        """Commit one action as its game's `ply`-th (0-based), with the game's status
        after it. Raises ConflictError if that ply is already taken."""
        try:
            with self.engine.begin() as db:
                _write(db, [move], self.origin)
        except IntegrityError:
            raise ConflictError(f"ply {move.ply} of game {move.game_id} is already taken") from None

    def append_all(self, moves: list[Move]) -> list[ConflictError | None]:
        """Commit moves of different games in one transaction (one disk flush for
        all); if one conflicts, each is committed alone. Returns each one's error."""
        try:
            with self.engine.begin() as db:
                _write(db, moves, self.origin)
            return [None] * len(moves)
        except (IntegrityError, ConflictError):
            errors: list[ConflictError | None] = []
            for move in moves:
                try:
                    self.append(move)
                    errors.append(None)
                except ConflictError as exc:
                    errors.append(exc)
            return errors

    def take_back(self, game_id: str, ply: int, clock: ClockWrite | None = None, bots: tuple[int, ...] = ()) -> None:
        """Remove the game's last action (an undo), which must be its `ply`-th (the
        game's row locked first, as for a move: see `_write`)."""
        with self.engine.begin() as db:
            db.execute(update(games).where(games.c.id == game_id).values(updated_at=func.now()))
            if _last_ply(db, game_id) != ply:
                raise ConflictError(f"ply {ply} is not the last action of game {game_id}")
            db.execute(delete(actions).where(actions.c.game_id == game_id, actions.c.ply == ply))
            _write_clocks(db, [(game_id, clock)])
            _set_bot_turns(db, game_id, ply, bots)
            announce(db, self.origin, game_id, "moves")

    def update_seat(self, game_id: str, seat: int, status: str, clock: ClockWrite | None = None,
                    notice: Notice | None = None, bots: tuple[int, tuple[int, ...]] | None = None,
                    **values: Any) -> None:
        """Change a seat, and the game's status (its clocks, a notice, its bot turns
        `bots`: (ply, seats)) with it. A claim (`claimed` in `values`) takes only an
        unclaimed seat, and a notice only its number: ConflictError when another
        process was first."""
        try:
            with self.engine.begin() as db:
                db.execute(update(games).where(games.c.id == game_id).values(status=status, updated_at=func.now()))
                where = [seats.c.game_id == game_id, seats.c.seat == seat]
                if values.get("claimed") and values.get("controller", "human") == "human":
                    where.append(seats.c.claimed.is_(False))
                if db.execute(update(seats).where(*where).values(**values)).rowcount != 1:
                    raise ConflictError(f"seat {seat} of game {game_id} was taken first")
                _write_clocks(db, [(game_id, clock)])
                if notice is not None:
                    db.execute(insert(notices).values(game_id=game_id, **vars(notice)))
                if bots is not None:
                    _set_bot_turns(db, game_id, *bots)
                announce(db, self.origin, game_id, "seats")
        except IntegrityError:
            raise ConflictError(f"notice {notice and notice.n} of game {game_id} was written first") from None

    # --- reading ---------------------------------------------------------------

    def get(self, game_id: str) -> GameRow | None:
        with self.engine.connect() as db:
            found = db.execute(_GAME, {"game_id": game_id}).mappings().first()
            if found is None:
                return None
            row = _game_row(found)
            row.seats = _seat_rows(db, [game_id])[game_id]
            return row

    def actions(self, game_id: str) -> tuple[list[dict[str, Any]], list[int | None]]:
        """The game's actions in order, as record entries {"seat", "action"}, and
        the audience mask each was stored with."""
        with self.engine.connect() as db:
            rows = db.execute(select(actions.c.seat, actions.c.action, actions.c.seen)
                              .where(actions.c.game_id == game_id).order_by(actions.c.ply)).all()
        return [{"seat": seat, "action": action} for seat, action, _ in rows], [seen for _, _, seen in rows]

    def actions_from(self, game_id: str, ply: int) -> list[tuple[int, int, dict[str, Any], int | None]]:
        """The game's actions from its `ply`-th on: (ply, seat, action, seen) each."""
        with self.engine.connect() as db:
            return [tuple(found) for found in db.execute(_ACTIONS_FROM, {"game_id": game_id, "ply": ply})]  # type: ignore[misc]

    def notices(self, game_id: str) -> list[Notice]:
        with self.engine.connect() as db:
            rows = db.execute(_NOTICES, {"game_id": game_id}).mappings()
            return [Notice(**{k: found[k] for k in Notice.__dataclass_fields__}) for found in rows]

    def overdue(self, now: datetime, limit: int = 100) -> list[str]:
        """Running games whose earliest clock deadline has passed."""
        query = (select(games.c.id).where(games.c.status == "running", games.c.clock_deadline <= now)
                 .order_by(games.c.clock_deadline).limit(limit))
        with self.engine.connect() as db:
            return list(db.execute(query).scalars())

    def listing(self, status: str | None = None, limit: int = 100) -> list[GameRow]:
        """The newest games (of one status, if given), seats included."""
        query = select(games).order_by(games.c.created_at.desc(), games.c.id).limit(limit)
        if status is not None:
            query = query.where(games.c.status == status)
        with self.engine.connect() as db:
            rows = [_game_row(found) for found in db.execute(query).mappings()]
            by_game = _seat_rows(db, [row.id for row in rows])
        for row in rows:
            row.seats = by_game[row.id]
        return rows

    def expire(self, idle: timedelta, open_idle: timedelta) -> list[str]:
        """End the games nobody plays: unstarted tables without bots idle for
        `open_idle` are deleted (nothing was played); other unfinished games idle
        for `idle` become "expired". Returns the ids of both."""
        now = datetime.now(UTC)
        last_change = func.coalesce(games.c.updated_at, games.c.created_at)
        has_bot = exists().where(seats.c.game_id == games.c.id, seats.c.controller == "bot")
        unstarted = and_(games.c.status == "open", ~has_bot, last_change < now - open_idle)
        idle_game = and_(games.c.status.in_(("open", "running")), last_change < now - idle)
        # RETURNING names the rows each statement changed: a SELECT before them could
        # see a game change (a move, or going idle) before they run, and name others.
        with self.engine.begin() as db:
            gone = list(db.execute(delete(games).where(unstarted).returning(games.c.id)).scalars())
            gone += db.execute(update(games).where(idle_game).values(status="expired", updated_at=now)
                               .returning(games.c.id)).scalars()
            db.execute(delete(bot_turns).where(bot_turns.c.game_id.in_(gone)))
        return gone


def _engine(url: str) -> Engine:
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return create_engine(url, pool_pre_ping=True)
    if parsed.database and parsed.database != ":memory:":
        Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})
    if not (engine.dialect.update_returning and engine.dialect.delete_returning):
        raise RuntimeError(f"headframe needs SQLite 3.35 or newer (RETURNING); this Python has {sqlite3.sqlite_version}")

    @event.listens_for(engine, "connect")
    def _pragmas(connection, _record) -> None:
        cursor = connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        # FULL: a commit survives a power cut, not only a killed process.
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    return engine


def _game_values(row: GameRow) -> dict[str, Any]:
    return {**{k: v for k, v in vars(row).items() if k != "seats"}, "updated_at": datetime.now(UTC)}


def _game_row(found) -> GameRow:
    return GameRow(**{k: found[k] for k in GameRow.__dataclass_fields__ if k != "seats"})


def _seat_rows(db, game_ids: list[str]) -> dict[str, list[SeatRow]]:
    by_game: dict[str, list[SeatRow]] = {game_id: [] for game_id in game_ids}
    if not game_ids:
        return by_game
    for found in db.execute(_SEATS, {"game_ids": game_ids}).mappings():
        by_game[found["game_id"]].append(SeatRow(**{k: found[k] for k in SeatRow.__dataclass_fields__}))
    return by_game
