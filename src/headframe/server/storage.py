"""Event-sourced storage: a game is its record (game, options, seed, seats) plus
its ordered actions, in a SQLite file by default or PostgreSQL by URL. The live
state is never stored; it is rebuilt by replaying the actions.

The store is synchronous (SQLAlchemy Core); the server calls it from worker
threads so the event loop never waits on the disk."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import and_, bindparam, create_engine, delete, event, exists, func, insert, or_, select, update
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import IntegrityError

from .tables import actions, games, notices, seats

MIGRATIONS = Path(__file__).with_name("migrations")


class ConflictError(Exception):
    """Another writer appended to the same game first (the ply was taken)."""


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


def _action_values(move: Move) -> dict[str, Any]:
    return {"game_id": move.game_id, "ply": move.ply, "seat": move.seat, "action": move.action, "seen": move.seen}


def _write(db, move: Move) -> None:
    db.execute(insert(actions).values(**_action_values(move)))
    db.execute(update(games).where(games.c.id == move.game_id).values(
        status=move.status, result=move.result, updated_at=func.now()))
    _write_clocks(db, [(move.game_id, move.clock)])


def _write_clocks(db, changes: list[tuple[str, ClockWrite | None]]) -> None:
    timed = [(game_id, clock) for game_id, clock in changes if clock is not None]
    if not timed:
        return
    db.execute(update(games).where(games.c.id == bindparam("timed")).values(
        clock_since=bindparam("since"), clock_deadline=bindparam("due")),
        [{"timed": game_id, "since": clock.since, "due": clock.deadline} for game_id, clock in timed])
    db.execute(update(seats).where(seats.c.game_id == bindparam("timed"), seats.c.seat == bindparam("place"))
               .values(time_left=bindparam("left")),
               [{"timed": game_id, "place": seat, "left": left}
                for game_id, clock in timed for seat, left in enumerate(clock.time_left)])


def sqlite_url(path: str | Path) -> str:
    return f"sqlite:///{Path(path).resolve()}"


def database_url(db: str) -> str:
    """A database URL from `--db`: a URL as is, anything else a SQLite file path."""
    return db if "://" in db else sqlite_url(db)


class Store:
    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = _engine(url)
        self.migrate()

    def migrate(self) -> None:
        """Bring the schema to the newest Alembic revision."""
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        with self.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

    def close(self) -> None:
        self.engine.dispose()

    # --- writing ---------------------------------------------------------------

    def create(self, row: GameRow) -> None:
        with self.engine.begin() as db:
            db.execute(insert(games).values(**_game_values(row)))
            if row.seats:
                db.execute(insert(seats), [dict(game_id=row.id, **vars(seat)) for seat in row.seats])

    def append(self, move: Move) -> None:
        """Commit one action as its game's `ply`-th (0-based), with the game's status
        after it. Raises ConflictError if that ply is already taken."""
        try:
            with self.engine.begin() as db:
                _write(db, move)
        except IntegrityError:
            raise ConflictError(f"ply {move.ply} of game {move.game_id} is already taken") from None

    def append_all(self, moves: list[Move]) -> list[ConflictError | None]:
        """Commit moves of different games in one transaction (one disk flush for
        all); if one conflicts, each is committed alone. Returns each one's error."""
        try:
            with self.engine.begin() as db:
                db.execute(insert(actions), [_action_values(m) for m in moves])
                db.execute(
                    update(games).where(games.c.id == bindparam("moved")).values(
                        status=bindparam("new_status"), result=bindparam("new_result"), updated_at=func.now()),
                    [{"moved": m.game_id, "new_status": m.status, "new_result": m.result} for m in moves])
                _write_clocks(db, [(m.game_id, m.clock) for m in moves])
            return [None] * len(moves)
        except IntegrityError:
            errors: list[ConflictError | None] = []
            for move in moves:
                try:
                    self.append(move)
                    errors.append(None)
                except ConflictError as exc:
                    errors.append(exc)
            return errors

    def take_back(self, game_id: str, ply: int, clock: ClockWrite | None = None) -> None:
        """Remove the game's last action (an undo), which must be its `ply`-th."""
        with self.engine.begin() as db:
            last = db.execute(select(func.max(actions.c.ply)).where(actions.c.game_id == game_id)).scalar()
            if last != ply:
                raise ConflictError(f"ply {ply} is not the last action of game {game_id}")
            db.execute(delete(actions).where(actions.c.game_id == game_id, actions.c.ply == ply))
            db.execute(update(games).where(games.c.id == game_id).values(updated_at=func.now()))
            _write_clocks(db, [(game_id, clock)])

    def update_seat(self, game_id: str, seat: int, status: str, clock: ClockWrite | None = None,
                    notice: Notice | None = None, **values: Any) -> None:
        """Change a seat, and the game's status (its clocks, a notice) with it."""
        with self.engine.begin() as db:
            db.execute(update(seats).where(seats.c.game_id == game_id, seats.c.seat == seat).values(**values))
            db.execute(update(games).where(games.c.id == game_id).values(status=status, updated_at=func.now()))
            _write_clocks(db, [(game_id, clock)])
            if notice is not None:
                db.execute(insert(notices).values(game_id=game_id, **vars(notice)))

    # --- reading ---------------------------------------------------------------

    def get(self, game_id: str) -> GameRow | None:
        with self.engine.connect() as db:
            found = db.execute(select(games).where(games.c.id == game_id)).mappings().first()
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

    def notices(self, game_id: str) -> list[Notice]:
        with self.engine.connect() as db:
            rows = db.execute(select(notices).where(notices.c.game_id == game_id).order_by(notices.c.n)).mappings()
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
        with self.engine.begin() as db:
            gone = list(db.execute(select(games.c.id).where(or_(unstarted, idle_game))).scalars())
            db.execute(delete(games).where(unstarted))
            db.execute(update(games).where(idle_game).values(status="expired", updated_at=now))
        return gone


def _engine(url: str) -> Engine:
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return create_engine(url, pool_pre_ping=True)
    if parsed.database and parsed.database != ":memory:":
        Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

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
    query = select(seats).where(seats.c.game_id.in_(game_ids)).order_by(seats.c.game_id, seats.c.seat)
    for found in db.execute(query).mappings():
        by_game[found["game_id"]].append(SeatRow(**{k: found[k] for k in SeatRow.__dataclass_fields__}))
    return by_game
