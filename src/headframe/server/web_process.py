"""One web process of `headframe serve --workers` (processes.py), behind nginx:
`python -m headframe.server.web_process PORT` serves on 127.0.0.1:PORT. Its settings
come as JSON in the environment (`cli.SETTINGS_VARIABLE`): nothing is pickled."""

from __future__ import annotations

import json
import logging
import os
import sys
from pathlib import Path

import uvicorn

from . import collector
from .cli import SETTINGS_VARIABLE, uvicorn_options


def main(argv: list[str] | None = None) -> None:
    from .app import create_app

    (port,) = sys.argv[1:] if argv is None else argv
    settings = json.loads(os.environ[SETTINGS_VARIABLE])
    log_level, compression = settings.pop("log_level"), settings.pop("ws_compression")
    logging.basicConfig(level=log_level.upper(), format="%(levelname)s %(name)s: %(message)s")
    if settings.get("models") is not None:
        settings["models"] = Path(settings["models"])
    app = create_app(settings.pop("db_url"), **settings)
    collector.settle()
    # nginx is on this machine: uvicorn trusts its X-Forwarded-For from 127.0.0.1, so the rate limits see the client's address
    uvicorn.run(app, host="127.0.0.1", port=int(port), **uvicorn_options(log_level, compression))


if __name__ == "__main__":
    main()
