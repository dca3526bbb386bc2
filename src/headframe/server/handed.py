"""A web process behind the front of `--workers` (`front.py`): a uvicorn server with no
socket of its own, serving the connections the front passes it over a Unix socket.

`python -m headframe.server.handed FD`: FD is its end of that socket; its settings
come as JSON in the environment (`cli.SETTINGS_VARIABLE`): nothing is pickled."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import socket
import sys
from pathlib import Path

import uvicorn

from . import collector
from .cli import SETTINGS_VARIABLE, uvicorn_options

log = logging.getLogger(__name__)

AT_ONCE = 16  # descriptors taken per message at most (the front sends one)


class HandedServer(uvicorn.Server):
    def __init__(self, config: uvicorn.Config, channel: socket.socket) -> None:
        super().__init__(config)
        self.channel = channel
        self.taking: set[asyncio.Task] = set()  # connections being set up (the loop keeps no task alive)

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets=[])  # listening on nothing: connections come from the front
        if not self.should_exit:
            self.channel.setblocking(False)
            asyncio.get_running_loop().add_reader(self.channel.fileno(), self._take)
            log.info("serving the connections the front hands over (process %d)", os.getpid())

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        self._close_channel()
        await super().shutdown(sockets=[])

    def _take(self) -> None:
        try:
            message, descriptors, flags, _ = socket.recv_fds(self.channel, AT_ONCE, AT_ONCE)
        except BlockingIOError:
            return
        except OSError:
            message, descriptors, flags = b"", [], 0
        if flags & socket.MSG_CTRUNC:  # the kernel closed the connection: it had no descriptor left for it
            log.warning("a handed connection was lost: this process has as many descriptors open as it may")
        loop = asyncio.get_running_loop()
        for descriptor in descriptors:
            connection = socket.socket(fileno=descriptor)
            if self.should_exit:
                connection.close()
            else:
                taking = loop.create_task(loop.connect_accepted_socket(self._protocol, connection))
                self.taking.add(taking)
                taking.add_done_callback(self._taken)
        if not message:  # the front is gone: nobody will hand us more
            self._close_channel()
            self.should_exit = True

    def _taken(self, taking: asyncio.Task) -> None:
        self.taking.discard(taking)
        if not taking.cancelled() and taking.exception() is not None:  # the client left at once, say
            log.debug("a handed connection could not be served", exc_info=taking.exception())

    def _protocol(self) -> asyncio.Protocol:
        """What uvicorn's own listener makes for each connection it accepts."""
        return self.config.http_protocol_class(  # type: ignore[call-arg]
            config=self.config, server_state=self.server_state, app_state=self.lifespan.state)

    def _close_channel(self) -> None:
        if self.channel.fileno() != -1:
            asyncio.get_running_loop().remove_reader(self.channel.fileno())
            self.channel.close()


def main(argv: list[str] | None = None) -> None:
    from .app import create_app

    (descriptor,) = sys.argv[1:] if argv is None else argv
    settings = json.loads(os.environ[SETTINGS_VARIABLE])
    log_level, compression = settings.pop("log_level"), settings.pop("ws_compression")
    logging.basicConfig(level=log_level.upper(), format="%(levelname)s %(name)s: %(message)s")
    if settings.get("models") is not None:
        settings["models"] = Path(settings["models"])
    app = create_app(settings.pop("db_url"), **settings)
    config = uvicorn.Config(app, **uvicorn_options(log_level, compression))
    collector.settle()
    HandedServer(config, socket.socket(fileno=int(descriptor))).run()


if __name__ == "__main__":
    main()
