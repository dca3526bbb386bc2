"""nginx in front of several headframe web processes: the configuration text.

Every request and WebSocket that names a game (`/ws/games/{id}`, `/games/{id}`,
`/api/games/{id}/...`) goes to the process that keeps it (nginx's consistent hash of
the game id), so each move is worked out in one process; any other request goes to
any process (a hash of nginx's random request id). Where a game's process is down,
the next one serves it: any process can serve any game (its room catches up from the
database), so where a request lands is a matter of speed, never of correctness.

`routes` is what an operator puts into the `http` block of an nginx of their own
(`headframe deploy nginx`); `whole_config` wraps it for an nginx of ours, run in the
foreground by any user with everything it writes in one folder (`headframe serve
--workers`, server/processes.py)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from string import Template

UPSTREAM = re.compile(r"unix:/[\w./-]+|[\w.-]+:\d{1,5}|\[[0-9A-Fa-f:.]+\]:\d{1,5}")
LISTEN = re.compile(r"(?:[\w.-]+:|\[[0-9A-Fa-f:.]+\]:)?\d{1,5}")
CONNECTIONS_PER_WORKER = 8192  # each proxied connection holds two: a flood of silent clients must fit


class _Text(Template):
    delimiter = "@"  # nginx's own variables start with $


ROUTES = _Text("""\
# headframe: each game's requests and WebSockets to the process that keeps it
map $uri $headframe_key {
    "~^/(?:ws/|api/)?games/(?<headframe_game>[A-Za-z0-9_-]+)" $headframe_game;
    default $request_id;
}

map $http_upgrade $headframe_connection {
    default upgrade;
    "" close;
}

upstream headframe {
    hash $headframe_key consistent;
@servers
}

server {
    listen @listen backlog=2048;
    client_max_body_size 5m;

    proxy_http_version 1.1;
    proxy_set_header Host $http_host;
    proxy_set_header Upgrade $http_upgrade;
    proxy_set_header Connection $headframe_connection;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_next_upstream error timeout;
    proxy_connect_timeout 5s;

    location / {
        proxy_pass http://headframe;
    }

    location /ws/ {
        proxy_pass http://headframe;
        proxy_read_timeout 1h;
        proxy_send_timeout 1h;
    }
}
""")

WHOLE = _Text("""\
# nginx in front of `headframe serve --workers`: written at each start, run in the foreground
daemon off;
worker_processes auto;
worker_rlimit_nofile @descriptors;
pid @folder/nginx.pid;
error_log @folder/error.log warn;

events {
    worker_connections @connections;
}

http {
    log_format headframe '$remote_addr [$time_local] "$request" $status $body_bytes_sent $upstream_addr';
    access_log @folder/access.log headframe;
    client_body_temp_path @folder/client_body;
    proxy_temp_path @folder/proxy;
    fastcgi_temp_path @folder/fastcgi;
    uwsgi_temp_path @folder/uwsgi;
    scgi_temp_path @folder/scgi;

@routes}
""")


def routes(upstreams: Sequence[str], listen: str) -> str:
    """The map, upstream and server blocks for an `http` block: `listen` is a port or
    host:port, each upstream host:port or unix:/path."""
    if not upstreams:
        raise ValueError("nginx needs at least one upstream")
    for upstream in upstreams:
        _check(UPSTREAM, upstream, "an upstream (host:port or unix:/path)")
    _check(LISTEN, listen, "a listen address (port or host:port)")
    servers = "\n".join(f"    server {upstream};" for upstream in upstreams)
    return ROUTES.substitute(servers=servers, listen=listen)


def whole_config(upstreams: Sequence[str], listen: str, folder: Path) -> str:
    """A configuration file for `nginx -p FOLDER -c FILE`: routes, with its pid, logs and
    temporary files in `folder`."""
    _check(re.compile(r"/[\w./-]*"), str(folder), "an absolute folder")
    nested = "".join(f"    {line}\n" if line else "\n" for line in routes(upstreams, listen).splitlines())
    return WHOLE.substitute(folder=folder, routes=nested, connections=CONNECTIONS_PER_WORKER,
                            descriptors=2 * CONNECTIONS_PER_WORKER + 64)


def _check(pattern: re.Pattern, value: str, what: str) -> None:
    if not pattern.fullmatch(value):
        raise ValueError(f"not {what}: {value!r}")
