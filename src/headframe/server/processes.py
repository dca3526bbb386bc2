"""`headframe serve --workers N`: N web processes, each on a loopback port of its own,
and nginx in front of them on the served port, routing each game's requests and
WebSockets to one process (nginx.py). A process that ends is started again on its
port, so its games come back to it; meanwhile nginx sends them to the next. SIGINT or
SIGTERM stops nginx and the processes."""

from __future__ import annotations

import ctypes
import logging
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from .nginx import whole_config

log = logging.getLogger(__name__)

NGINX_PLACES = ("/usr/sbin/nginx", "nginx")
WATCH_EVERY = 0.5  # seconds between looks at whether each process still runs
QUICK_END = 10.0  # a process that ends within this many seconds of its start ended "quickly"
QUICKEST_RESTARTS_AT_MOST = 30.0
READY_WITHIN = 60.0  # seconds the web processes have to listen before nginx starts in front of them anyway
PR_SET_PDEATHSIG = 1


@dataclass(eq=False)
class Supervised:
    """One process of `--workers` (a web process, or nginx), started again when it ends."""
    name: str
    command: Sequence[str]
    process: subprocess.Popen | None = None
    started_at: float = 0.0
    quick_ends: int = 0  # ends in a row soon after starting: each waits longer before the next start
    due: float | None = None  # when it is to be started again, once it ended

    def start(self) -> None:
        self.process = subprocess.Popen(self.command, preexec_fn=_end_with_parent)
        self.started_at = time.monotonic()
        self.due = None

    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def restart_after(self) -> float:
        """Seconds to wait before starting it again: none unless it keeps ending as it starts
        (the database unreachable, say), then longer each time, to a half minute."""
        self.quick_ends = self.quick_ends + 1 if time.monotonic() - self.started_at < QUICK_END else 0
        return 0.0 if not self.quick_ends else min(QUICKEST_RESTARTS_AT_MOST, 2.0 ** self.quick_ends)

    def keep_running(self) -> None:
        if self.running():
            return
        if self.due is None:
            wait = self.restart_after()
            log.error("%s ended (exit code %s): starting it again%s", self.name,
                      self.process.returncode if self.process else None, f" in {wait:g} s" if wait else "")
            self.due = time.monotonic() + wait
        if time.monotonic() >= self.due:
            try:
                self.start()
            except OSError:
                log.exception("starting %s failed", self.name)
                self.started_at, self.due = time.monotonic(), None

    def stop(self) -> None:
        if self.running():
            assert self.process is not None
            self.process.terminate()

    def wait(self, seconds: float) -> None:
        if self.process is None:
            return
        try:
            self.process.wait(seconds)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def nginx_program() -> str:
    found = next((path for place in NGINX_PLACES if (path := shutil.which(place))), None)
    if found is None:
        raise SystemExit("--workers needs nginx: apt-get install nginx")
    return found


def free_ports(count: int) -> list[int]:
    """`count` loopback ports nobody listens on now (the web processes' own, for as long as they run)."""
    probes = [socket.socket() for _ in range(count)]
    try:
        for probe in probes:
            probe.bind(("127.0.0.1", 0))
        return [probe.getsockname()[1] for probe in probes]
    finally:
        for probe in probes:
            probe.close()


def serve(host: str, port: int, count: int, web_command: Callable[[int], list[str]],
          ready: Callable[[], None]) -> None:
    """Run `count` web processes (`web_command(port)` each) behind nginx on host:port, calling
    `ready` once nginx listens, until SIGINT or SIGTERM."""
    program = nginx_program()
    folder = Path(tempfile.mkdtemp(prefix="headframe-nginx-"))
    folder.chmod(0o755)  # nginx started as root runs its workers as nobody, and they write its temporary files here
    ports = free_ports(count)
    config = folder / "nginx.conf"
    listen = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    config.write_text(whole_config([f"127.0.0.1:{web}" for web in ports], listen, folder), encoding="utf-8")
    log.info("nginx's configuration and logs are in %s", folder)
    web = [Supervised(f"web process {place + 1}", web_command(web_port)) for place, web_port in enumerate(ports)]
    front = Supervised("nginx", [program, "-p", str(folder), "-c", str(config), "-e", str(folder / "error.log")])
    stopping: list[int] = []
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda signum, _frame: stopping.append(signum))
    try:
        for process in web:
            process.start()
        _wait_listening([("127.0.0.1", web_port) for web_port in ports], web, READY_WITHIN)
        front.start()
        if not _wait_listening([(host, port)], [front], READY_WITHIN):
            raise SystemExit(f"nginx did not start: {_last_lines(folder / 'error.log')}")
        ready()
        while not stopping:
            time.sleep(WATCH_EVERY)
            for process in (front, *web):
                process.keep_running()
    finally:
        _stop([front, *web])
        shutil.rmtree(folder, ignore_errors=True)


def _wait_listening(addresses: list[tuple[str, int]], processes: list[Supervised], seconds: float) -> bool:
    """Wait until something listens at each address while its process runs; False if one ended or time ran out."""
    deadline = time.monotonic() + seconds
    for address, process in zip(addresses, processes, strict=True):
        while not _listening(address):
            if not process.running() or time.monotonic() > deadline:
                return False
            time.sleep(0.05)
    return True


def _listening(address: tuple[str, int]) -> bool:
    try:
        socket.create_connection(address, timeout=1).close()
    except OSError:
        return False
    return True


def _stop(processes: list[Supervised]) -> None:
    for process in processes:
        process.stop()
    for process in processes:
        process.wait(30)


def _last_lines(path: Path) -> str:
    try:
        return " / ".join(path.read_text(encoding="utf-8").splitlines()[-3:])
    except OSError:
        return f"no {path}"


def _end_with_parent() -> None:
    """In a new process before it runs its program: have Linux end it when `headframe serve` ends,
    even by SIGKILL, so that no nginx stays on the port with nobody behind it."""
    if sys.platform == "linux":
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
