"""`headframe serve --workers N` seen from outside, as the tests need it: its web
processes, the loopback port each serves on, the connections each holds, and which
process nginx sent each request to (its access log), from Linux's /proc and nginx's folder."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

from .test_crash import ServerProcess

NGINX = shutil.which("/usr/sbin/nginx") or shutil.which("nginx")
NO_NGINX = "these tests need Debian's nginx: apt-get install nginx (`make system-packages` installs it)"
LISTENING, ESTABLISHED = "0A", "01"
LOGGED = re.compile(r'"(?P<method>[A-Z]+) (?P<path>\S+) [^"]*" (?P<status>\d+) \d+ (?P<upstreams>.*)$')


class BehindNginx(ServerProcess):
    """`headframe serve --workers N` in a subprocess."""

    def __init__(self, db: str, workers: int, *flags: str) -> None:
        super().__init__(db, "--workers", str(workers), *flags)

    def children(self) -> dict[int, str]:
        """The serving process's children (its web processes and nginx): pid -> program name."""
        found = subprocess.run(["pgrep", "-P", str(self.process.pid)], capture_output=True, text=True).stdout
        return {int(pid): Path(f"/proc/{pid}/comm").read_text().strip() for pid in found.split()}

    def web_processes(self) -> list[int]:
        return sorted(pid for pid, name in self.children().items() if name != "nginx")

    def folder(self) -> Path:
        """nginx's folder: its configuration and logs (from its master's command line)."""
        (master,) = [pid for pid, name in self.children().items() if name == "nginx"]
        command = Path(f"/proc/{master}/cmdline").read_bytes().replace(b"\0", b" ").decode()
        return Path(re.search(r" -p (\S+)", command).group(1))

    def web_ports(self) -> list[int]:
        """The loopback ports of the web processes, in nginx's order."""
        return [int(port) for port in re.findall(r"server 127\.0\.0\.1:(\d+);", (self.folder() / "nginx.conf").read_text())]

    def web_process_on(self, port: int) -> int | None:
        """The web process listening on a port (None while none does)."""
        inodes = {f"socket:[{inode}]" for local, _, state, inode in tcp_sockets() if local == port and state == LISTENING}
        return next((pid for pid in self.web_processes() if holds(pid, inodes)), None)

    def logged(self) -> list[tuple[str, str, int]]:
        """Every request nginx finished: (method, path, the port of the web process that answered)."""
        requests = []
        for line in (self.folder() / "access.log").read_text().splitlines():
            found = LOGGED.search(line)
            if found and found["upstreams"] != "-":
                last = found["upstreams"].split(",")[-1].strip()  # the ones before it failed
                requests.append((found["method"], found["path"], int(last.rsplit(":", 1)[1])))
        return requests

    def ports_of(self, game_id: str) -> set[int]:
        """The web processes' ports that answered requests naming a game."""
        return {port for _, path, port in self.logged() if f"games/{game_id}" in path}


def held(ports: list[int]) -> dict[int, int]:
    """The connections open at each of these ports now (a proxied WebSocket is one)."""
    counts = dict.fromkeys(ports, 0)
    for local, _, state, _ in tcp_sockets():
        if local in counts and state == ESTABLISHED:
            counts[local] += 1
    return counts


def tcp_sockets() -> list[tuple[int, int, str, str]]:
    """Linux's IPv4 TCP sockets: (local port, remote port, state, inode)."""
    found = []
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        found.append((int(fields[1].split(":")[1], 16), int(fields[2].split(":")[1], 16), fields[3], fields[9]))
    return found


def holds(pid: int, inodes: set[str]) -> bool:
    try:
        return any(link.is_symlink() and str(link.readlink()) in inodes for link in Path(f"/proc/{pid}/fd").iterdir())
    except OSError:  # it ended meanwhile
        return False
