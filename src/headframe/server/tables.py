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
    Index,
    Integer,
    MetaData,
    String,
    Table,
    false,
    func,
    true,
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
    Column("clock", JSON, nullable=True),  # the time control (clocks.Control); NULL: no clock
    Column("clock_since", DateTime(timezone=True), nullable=True),  # when the running clocks started
    Column("clock_deadline", DateTime(timezone=True), nullable=True, index=True),  # the earliest deadline
    Column("rated", Boolean, nullable=False, server_default=false()),  # its result moves ratings (ratings.py)
    Column("hints", Boolean, nullable=False, server_default=false()),  # its seats may ask for hints (hints.py)
    # Whom it counts against while nobody plays it (storage.Unplayed): "account:ID", or "address:" and a
    # keyed hash of a guest's address (never the address). NULL: a game from before 0010.
    Column("creator", String(64), nullable=True),
    Index("ix_games_creator_status", "creator", "status"),
    Column("rematch", String(32), nullable=True),  # the table its "Play again" made (rematch.py)
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
    Column("time_left", Float, nullable=True),  # seconds left at games.clock_since (or now)
    Column("open", Boolean, nullable=False, server_default=false()),  # anyone in the lobby may claim it
    # Given to `account_id` by name (friends.py), not yet played or accepted: its player may decline it.
    Column("invited", Boolean, nullable=False, server_default=false()),
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

# Players who sign in: the name as they wrote it, its case-folded key (unique), an argon2id hash.
accounts = Table(
    "accounts", metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(24), nullable=False),
    Column("name_key", String(96), nullable=False, unique=True),
    Column("password_hash", String(255), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False, server_default=func.now()),
    Column("deleted_at", DateTime(timezone=True), nullable=True),  # deleted: its name never signs in again
)

# A signed-in browser: only the SHA-256 of its cookie's token is kept.
sessions = Table(
    "sessions", metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("account_id", String(32), ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("expires_at", DateTime(timezone=True), nullable=False, index=True),
)

# What the server said about a game (time ran out, left, came back), in order,
# at a step (the number of actions) and a length of the log.
notices = Table(
    "notices", metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("n", Integer, primary_key=True),
    Column("at", DateTime(timezone=True), nullable=False),
    Column("step", Integer, nullable=False),
    Column("log_at", Integer, nullable=False),
    Column("text", String(200), nullable=False),
)

# Each game's rating (openskill's mu and sigma) of every player who played it rated:
# `account:ID` or `bot:LEVEL`, with the name the leaderboard shows.
ratings = Table(
    "ratings", metadata,
    Column("game", String(64), primary_key=True),
    Column("player", String(64), primary_key=True),
    Column("name", String(80), nullable=False),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
)

# A rated game's change to each rated seat's player, written once with the update.
rating_changes = Table(
    "rating_changes", metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("player", String(64), nullable=False),
    Column("place", Integer, nullable=False),
    Column("mu_before", Float, nullable=False),
    Column("sigma_before", Float, nullable=False),
    Column("mu_after", Float, nullable=False),
    Column("sigma_after", Float, nullable=False),
)

# Each table's chat, in order; `step` (the game's number of actions then) is shown only in replays.
chat = Table(
    "chat", metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("n", Integer, primary_key=True),
    Column("at", DateTime(timezone=True), nullable=False),
    Column("step", Integer, nullable=False),
    Column("author", String(40), nullable=False),
    Column("seat", Integer, nullable=True),  # None: a spectator
    Column("text", String(500), nullable=False),
)

# The bot seats that owe a decision (the game's `ply`-th action), rewritten with every change
# to the game; a bot worker claims one until `claimed_until` (server/bot_worker.py).
bot_turns = Table(
    "bot_turns", metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("ply", Integer, nullable=False),
    Column("claimed_until", DateTime(timezone=True), nullable=True, index=True),
)

# Random keys the server's processes share, drawn when the table is made (migration 0009):
# `device` signs the device cookies of browsers that signed in (server/accounts.py); `creator` (migration
# 0010) keys the hashes of guests' addresses in `games.creator` (server/lobby.py).
server_secrets = Table(
    "server_secrets", metadata,
    Column("name", String(32), primary_key=True),
    Column("value", String(128), nullable=False),
)


# Per account: the kinds switched on, and the email address (verified by a link before anything else is sent).
notify_choices = Table(
    "notify_choices", metadata,
    Column("account_id", String(32), ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
    Column("move", Boolean, nullable=False, server_default=true()),
    Column("invite", Boolean, nullable=False, server_default=true()),
    Column("ended", Boolean, nullable=False, server_default=true()),
    Column("email", String(254), nullable=True),
    Column("email_on", Boolean, nullable=False, server_default=true()),  # off: unsubscribed
    Column("verified", Boolean, nullable=False, server_default=false()),
    Column("verify_hash", String(64), nullable=True, unique=True),  # SHA-256 of the verification link's token
    Column("verify_expires", DateTime(timezone=True), nullable=True),
)

# What was sent: one row per account, game, seat and message; a `move` row (and its `reminder`) goes when the
# seat has played, so the next turn is told again.
notify_sent = Table(
    "notify_sent", metadata,
    Column("account_id", String(32), ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(16), primary_key=True),
    Column("at", DateTime(timezone=True), nullable=False),
)

# A browser's Web Push subscription: its endpoint (unique, by its SHA-256) and its keys.
push_subscriptions = Table(
    "push_subscriptions", metadata,
    Column("endpoint_hash", String(64), primary_key=True),
    Column("account_id", String(32), ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("endpoint", String(1024), nullable=False),
    Column("p256dh", String(128), nullable=False),
    Column("auth", String(64), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False, server_default=func.now()),
)
