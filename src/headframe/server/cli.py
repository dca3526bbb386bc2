"""The server's command: `python -m headframe.server` (and `headframe serve`)."""

from __future__ import annotations

import argparse
import json
import logging
import os
import resource
import sys
from pathlib import Path

from sqlalchemy.engine import make_url

from . import collector, processes
from .broker import shared
from .config import BOARD_WORKERS
from .storage import database_url

log = logging.getLogger(__name__)

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
DEFAULT_DB = "var/headframe.db"
SETTINGS_VARIABLE = "HEADFRAME_SERVER_SETTINGS"  # how `--workers` hands the settings to its processes


def serve(host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, db: str = DEFAULT_DB, log_level: str = "info",
          ws_compression: bool = True, workers: int = 1, **settings) -> None:
    """Serve on host:port, storing games in `db`: a SQLite file path or a database
    URL (postgresql+psycopg://user@host/name); `settings` are ServerConfig's fields.
    `workers` processes serve behind nginx on one port, each game's connections in one of
    them (PostgreSQL only; `processes.py`). Prints the address it serves on."""
    import uvicorn

    from .app import create_app

    logging.basicConfig(level=log_level.upper(), format="%(levelname)s %(name)s: %(message)s")
    more_descriptors()
    url = database_url(db)
    if workers > 1 and not shared(url):
        raise SystemExit("--workers: several processes serve one database only on PostgreSQL "
                         "(--db postgresql+psycopg://...); on SQLite one process serves")
    if workers > 1:
        # Each process builds its own app from these (JSON in its environment: nothing is pickled).
        os.environ[SETTINGS_VARIABLE] = json.dumps({"db_url": url, "log_level": log_level,
                                                    "ws_compression": ws_compression, **_plain(settings)})
        processes.serve(host, port, workers, _web_process, lambda: _serving(host, port, url))
        return
    try:
        app = create_app(url, **settings)
    except ValueError as exc:
        raise SystemExit(str(exc)) from None
    _serving(host, port, url)
    collector.settle()
    uvicorn.run(app, host=host, port=port, **uvicorn_options(log_level, ws_compression))


def more_descriptors() -> None:
    """Raise the soft limit on open descriptors to the hard one (for the processes of `--workers`
    and nginx too, which inherit it): every connection holds one, or two in nginx, and a flood
    of connections that say nothing soon reaches a soft limit of 1,024."""
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    except (ValueError, OSError) as exc:  # an unlimited hard limit that the system caps lower (macOS)
        log.warning("the limit on open descriptors stays as it is (%s)", exc)


def uvicorn_options(log_level: str, ws_compression: bool) -> dict:
    # permessage-deflate where the client asks (browsers do): an update's board is tens of
    # kilobytes of SVG, which a phone on a slow link feels (docs/testing.md, "Live updates are compressed").
    return {"log_level": log_level, "ws_max_size": 16 * 1024, "ws_per_message_deflate": ws_compression,
            "ws_ping_interval": 20, "ws_ping_timeout": 20}


def _web_process(port: int) -> list[str]:
    return [sys.executable, "-m", "headframe.server.web_process", str(port)]


def _serving(host: str, port: int, url: str) -> None:
    shown = make_url(url).render_as_string(hide_password=True)
    print(f"headframe is serving on http://{host}:{port}/ (games stored in {shown})", flush=True)


def _plain(settings: dict) -> dict:
    return {key: str(value) if isinstance(value, Path) else value for key, value in settings.items()}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m headframe.server", description=serve.__doc__)
    parser.add_argument("--host", default=DEFAULT_HOST)
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--db", default=DEFAULT_DB, help=f"SQLite file or database URL (default {DEFAULT_DB})")
    parser.add_argument("--workers", type=int, default=1,
                        help="processes serving the port (default 1; more need PostgreSQL, and nginx in front)")
    parser.add_argument("--bot-workers", type=int, default=2,
                        help="processes bots search in (default 2); 0 on PostgreSQL: bot turns are left to "
                             "`headframe bots` workers")
    parser.add_argument("--board-workers", type=int, default=BOARD_WORKERS,
                        help=f"processes board pictures are drawn in (default {BOARD_WORKERS} on this machine: "
                             "its cores, at most 4); 0: in a thread of the server")
    parser.add_argument("--think-time", type=float, default=0.5,
                        help="seconds bots wait before moving, in games created without a think time (default 0.5)")
    parser.add_argument("--max-think", type=float, default=10.0,
                        help="the most seconds a bot may think on one decision (default 10)")
    parser.add_argument("--models", type=Path, default=None,
                        help="a directory of learned policies that seats may ask for as policy:name=NAME")
    parser.add_argument("--expire-days", type=float, default=7.0,
                        help="days without a move after which an unfinished game expires (default 7)")
    parser.add_argument("--create-rate", default="30/minute",
                        help="games one address may create, e.g. 30/minute (default 30/minute)")
    parser.add_argument("--max-open-tables", type=int, default=2000,
                        help="tables that may wait for players at once (default 2000)")
    parser.add_argument("--max-open-tables-per-creator", type=int, default=10,
                        help="tables one account, or one guest's address, may have waiting for players or played "
                             "by bots alone (default 10)")
    parser.add_argument("--connections-per-address", type=int, default=64,
                        help="WebSocket connections one address may hold at once (default 64)")
    parser.add_argument("--spectators-per-game", type=int, default=1000,
                        help="connections without a seat that may watch one game (default 1000); "
                             "a seat's player always gets in")
    parser.add_argument("--behind-proxy", action="store_true",
                        help="trust X-Forwarded-Proto from the reverse proxy (session cookies marked Secure over https)")
    parser.add_argument("--ws-compression", action=argparse.BooleanOptionalAction, default=True,
                        help="compress live updates (permessage-deflate) for clients that ask (default: on)")
    parser.add_argument("--smtp", default=None, metavar="URL",
                        help="email notifications through this SMTP server: smtp://host:port (STARTTLS) or "
                             "smtps://host:port (TLS); its user and password in HEADFRAME_SMTP_USER and "
                             "HEADFRAME_SMTP_PASSWORD (default: no email)")
    parser.add_argument("--public-url", default=None, metavar="URL",
                        help="the address people open the server at, for the links in notifications "
                             "(e.g. https://games.example.org; needed with --smtp)")
    parser.add_argument("--mail-from", default=None, metavar="ADDRESS",
                        help="the From of notification emails (default: noreply@ the public URL's host)")
    parser.add_argument("--log-level", default="info", choices=["critical", "error", "warning", "info", "debug"])
    args = parser.parse_args(argv)
    serve(args.host, args.port, args.db, args.log_level, args.ws_compression, args.workers,
          bot_workers=args.bot_workers, board_workers=args.board_workers,
          think_time=args.think_time,
          max_think=args.max_think, models=args.models, expire_days=args.expire_days, create_rate=args.create_rate,
          max_open_tables=args.max_open_tables, max_open_tables_per_creator=args.max_open_tables_per_creator,
          connections_per_address=args.connections_per_address, spectators_per_game=args.spectators_per_game,
          behind_proxy=args.behind_proxy, smtp_url=args.smtp, public_url=args.public_url, mail_from=args.mail_from)
