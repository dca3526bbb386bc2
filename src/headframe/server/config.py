"""The server's settings: one place for every limit an operator may change.
`headframe serve` fills it from its flags; `create_app(db_url, **settings)` from
keyword arguments; tests from both."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from .mail import Relay

# Board pictures are drawn in worker processes (pictures.py), one per core: a change's boards come
# in bursts, and while the web process waits (on the disk, on its clients) every core draws. One
# core fewer left the cores idle a fifth of the time (bench/HISTORY.md, "a board worker per core").
# 0 draws them in a thread of the web process.
BOARD_WORKERS = max(1, min(4, os.cpu_count() or 2))


@dataclass(frozen=True)
class ServerConfig:
    db_url: str
    # Bots: worker processes that search (each takes one decision at a time), and the
    # longest a bot may think on one decision (agent specs over it are refused).
    bot_workers: int = 2
    think_time: float = 0.5  # how long a bot's turn takes at least (pace.pause), in games created without one
    max_think: float = 10.0
    board_workers: int = BOARD_WORKERS
    # At start-up, start the quick bots' worker and have every board worker draw each game's first board:
    # each loads every game's data (seconds), which the first person to play after a start would wait for.
    warm_up: bool = True
    models: Path | None = None  # the operator's directory of learned policies (`policy:name=NAME`)
    # Games nobody plays expire: unfinished games after `expire_days` without a move,
    # unstarted tables without bots after `open_table_hours`.
    expire_days: float = 7.0
    open_table_hours: float = 24.0
    # Tables nobody plays (counted in the database, storage.Unplayed): at most `max_open_tables` wait
    # for players, and at most `max_open_tables_per_creator` of one creator (its account, or a guest's
    # address) wait for players or are played by bots alone. The hub keeps at most `idle_rooms` rooms
    # that nobody watches and no bot plays (the longest idle go first).
    max_open_tables: int = 2000
    max_open_tables_per_creator: int = 10
    idle_rooms: int = 1000
    # Rooms in memory: one nobody watches and no bot plays is let go after `room_idle`
    # seconds (it is rebuilt from the database when asked for); sweeps every `sweep_every`.
    room_idle: float = 300.0
    sweep_every: float = 60.0
    # Per-client rate limits (the `limits` library's notation: "N/period").
    create_rate: str = "30/minute"
    claim_rate: str = "60/minute"
    upload_rate: str = "20/minute"
    # Clocks: the presets a table may choose ({mode: {preset: (bank, increment) or (per move, 0)}}, in
    # seconds; None: clocks.PRESETS). Tests shrink them to seconds.
    clock_presets: dict[str, dict[str, tuple[float, float]]] | None = None
    signin_rate: str = "10/minute"
    # Sign-in per account (accounts.py): after `account_signin_failures` failed attempts as one name, none
    # `account_signin_window` seconds after the one before, each further attempt waits 1, 2, 4 … seconds after the
    # last failure, at most `account_lockout_max`; a browser that signed in as the account before has a budget of its
    # own. Password hashes run in `hash_concurrency` threads of their own; `hash_queue` more wait, beyond: 429.
    account_signin_failures: int = 10
    account_signin_window: float = 900.0
    account_lockout_max: float = 60.0
    hash_concurrency: int = 1
    hash_queue: int = 8
    register_rate: str = "5/minute"
    chat_rate: str = "5/10 seconds"  # per client, and per seat (chat.py)
    seat_rate: str = "20/minute"  # seats left and taken back (standins.py)
    hint_rate: str = "10/minute"  # hints asked for (hints.py), per client
    hint_seconds: float = 1.0  # how long a hint's search runs
    chat_per_table: int = 2000  # the most messages a table's chat keeps
    # WebSocket connections (live.Door): at most so many from one address, so many spectators per game
    # (a seat's player always gets in), and so many syncs and layout changes per connection.
    connections_per_address: int = 64
    spectators_per_game: int = 1000
    sync_rate: str = "6/10 seconds"
    # Accounts: how long a sign-in lasts, and whether X-Forwarded-Proto may say the request came over https
    # (only behind the operator's own reverse proxy: anyone else could send it).
    session_days: float = 30.0
    behind_proxy: bool = False
    # Notifications (notify.py): email through the operator's SMTP server (smtp://host:port with STARTTLS,
    # smtps://host:port over TLS; the user and password from HEADFRAME_SMTP_USER and HEADFRAME_SMTP_PASSWORD),
    # its links under `public_url`; each message tried `mail_tries` times, waiting `mail_backoff` seconds, then
    # twice that, …; a verification link lasts `verify_hours`. `notify_rate`: addresses set (each sends a
    # verification mail) and unsubscriptions, per client. Web Push: at most `push_per_account` browsers per
    # account; `push_loopback` lets endpoints be http://127.0.0.1 (tests only: real ones are https).
    smtp_url: str | None = None
    public_url: str | None = None
    mail_from: str | None = None
    mail_tries: int = 4
    mail_backoff: float = 30.0
    verify_hours: float = 24.0
    notify_rate: str = "5/minute"
    push_per_account: int = 10
    push_loopback: bool = False

    def __post_init__(self) -> None:
        if self.smtp_url:
            Relay.of(self.smtp_url)  # raises ValueError, in words, for a URL it cannot use
            if not self.public_url:
                raise ValueError("--smtp needs --public-url: the address its messages' links open")
