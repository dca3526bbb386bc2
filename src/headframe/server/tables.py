"""The database schema: a game is its record (game, options, seed, seats) plus
its ordered actions. Everything else (the live state, views, logs) is rebuilt
from these rows. Alembic migrations in `migrations/` create and evolve it."""

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    false,
    func,
)

metadata = MetaData()

games = Table(
    "games", metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(80), nullable=False),
    Column("game", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("options", JSON, nullable=False),
    Column("think_time", Float, nullable=False),
    Column("hotseat", Boolean, nullable=False),
    Column("host_token_hash", String(64), nullable=False),
    Column("status", String(16), nullable=False, index=True),
    Column("result", JSON, nullable=True),
    Column("created_at", DateTime(timezone=True), nullable=False, server_default=func.now()),
    Column("bot_seed", BigInteger, nullable=True),
    Column("updated_at", DateTime(timezone=True), nullable=True, index=True),
    Column("rules_version", Integer, nullable=False, server_default="1"),
)

seats = Table(
    "seats", metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("name", String(40), nullable=False),
    Column("agent", String(120), nullable=True),
    Column("controller", String(8), nullable=False),
    Column("token_hash", String(64), nullable=True),
    Column("claimed", Boolean, nullable=False),
    Column("account_id", String(32), nullable=True, index=True),
    Column("forfeited", Boolean, nullable=False, server_default=false()),
)

actions = Table(
    "actions", metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("ply", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", JSON, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False, server_default=func.now()),
    Column("seen", Integer, nullable=True),
)
