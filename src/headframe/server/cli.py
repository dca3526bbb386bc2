"""The server's command: `python -m headframe.server` (and `headframe serve`)."""

from __future__ import annotations

import argparse
import logging

from sqlalchemy.engine import make_url

from .storage import database_url

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
DEFAULT_DB = "var/headframe.db"


def serve(host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, db: str = DEFAULT_DB,
          bot_threads: int = 2, log_level: str = "info", think_time: float = 0.5) -> None:
    """Serve on host:port, storing games in `db`: a SQLite file path or a database
    URL (postgresql+psycopg://user@host/name). Prints the address it serves on."""
    import uvicorn

    from .app import create_app

    logging.basicConfig(level=log_level.upper(), format="%(levelname)s %(name)s: %(message)s")
    url = database_url(db)
    app = create_app(url, bot_threads=bot_threads, think_time=think_time)
    shown = make_url(url).render_as_string(hide_password=True)
    print(f"headframe is serving on http://{host}:{port}/ (games stored in {shown})", flush=True)
    # Updates are a few kilobytes: compressing each costs more CPU than it saves on loopback or LAN.
    uvicorn.run(app, host=host, port=port, log_level=log_level, ws_max_size=16 * 1024, ws_per_message_deflate=False,
                ws_ping_interval=20, ws_ping_timeout=20)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m headframe.server", description=serve.__doc__)
    parser.add_argument("--host", default=DEFAULT_HOST)
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--db", default=DEFAULT_DB, help=f"SQLite file or database URL (default {DEFAULT_DB})")
    parser.add_argument("--bot-threads", type=int, default=2, help="threads bots think in (default 2)")
    parser.add_argument("--think-time", type=float, default=0.5,
                        help="seconds bots wait before moving, in games created without a think time (default 0.5)")
    parser.add_argument("--log-level", default="info", choices=["critical", "error", "warning", "info", "debug"])
    args = parser.parse_args(argv)
    serve(args.host, args.port, args.db, args.bot_threads, args.log_level, args.think_time)
