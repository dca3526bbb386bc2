"""deploy/ as an operator runs it, on one host without containers: compose.yaml's own
commands for the web processes and the bot worker (the same shell lines, with the test's
PostgreSQL for `db` and a loopback port each instead of every container's port 8000),
and deploy/nginx.conf in front of them as the nginx image includes it (its upstreams
and port pointed at the loopback ones). A person plays a bot through it to the end."""

import asyncio
import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import yaml

from headframe.server.processes import free_ports

from .conftest import Seat, check_no_leaks, claim, play
from .nginx_front import NGINX, NO_NGINX

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
BIN = Path(sys.executable).parent  # where `headframe` is installed, as on the image's PATH
# The official nginx image includes conf.d/*.conf inside its http block; this stands for its nginx.conf.
IMAGE_NGINX = """pid {folder}/nginx.pid;
error_log {folder}/error.log;
events {{}}
http {{
    access_log {folder}/access.log;
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    include {folder}/default.conf;
}}
"""


def compose() -> dict:
    return yaml.safe_load((DEPLOY / "compose.yaml").read_text())


def shell_line(service: dict) -> str:
    """The service's command, as its container's shell reads it (compose writes `$` as `$$`)."""
    program, flag, line = service["command"]
    assert (program, flag) == ("sh", "-c")
    return line.replace("$$", "$")


def on_this_host(line: str, port: int) -> str:
    """A web process's line with a loopback port of its own (each container listens on 8000)."""
    assert "--host 0.0.0.0 --port 8000" in line
    return line.replace("--host 0.0.0.0 --port 8000", f"--host 127.0.0.1 --port {port}")


def test_the_compose_file_runs_postgresql_two_web_processes_a_bot_worker_and_nginx():
    services = compose()["services"]
    assert set(services) == {"db", "web1", "web2", "bots", "nginx"}
    assert services["nginx"]["volumes"] == ["./nginx.conf:/etc/nginx/conf.d/default.conf:ro"]
    assert services["nginx"]["depends_on"] == ["web1", "web2"]
    upstreams = re.findall(r"server (\S+);", (DEPLOY / "nginx.conf").read_text())
    assert upstreams == ["web1:8000", "web2:8000"]  # the web services by name, at the port their command serves
    for name in ("web1", "web2"):
        assert "--bot-workers 0" in shell_line(services[name])  # bot turns are the bot worker's
        assert services[name]["environment"]["FORWARDED_ALLOW_IPS"] == "*"  # nginx's X-Forwarded-For
    assert shell_line(services["bots"]).startswith("exec headframe bots --db \"$DB\"")


class Deployed:
    """compose.yaml's web and bot processes and deploy/nginx.conf, on this host."""

    def __init__(self, postgres_url: str, folder: Path) -> None:
        self.db = postgres_url
        self.folder = folder
        self.web_ports = free_ports(2)
        self.port = free_ports(1)[0]
        self.processes: list[subprocess.Popen] = []  # the web processes, the bot worker, nginx

    def start(self) -> None:
        services = compose()["services"]
        lines = [on_this_host(shell_line(services[name]), port) for name, port in zip(("web1", "web2"), self.web_ports)]
        lines.append(shell_line(services["bots"]))
        environment = {**os.environ, **services["web1"]["environment"], "DB": self.db,
                       "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}"}
        for index, line in enumerate(lines):
            with (self.folder / f"{index}.log").open("w") as log:  # the child keeps its own descriptor
                self.processes.append(subprocess.Popen(["sh", "-c", line], env=environment, cwd=self.folder,
                                                       start_new_session=True, stdout=subprocess.DEVNULL, stderr=log))
        config = (DEPLOY / "nginx.conf").read_text().replace("listen 80 ", f"listen 127.0.0.1:{self.port} ")
        for name, port in zip(("web1", "web2"), self.web_ports):
            config = config.replace(f"server {name}:8000;", f"server 127.0.0.1:{port};")
        (self.folder / "default.conf").write_text(config)
        (self.folder / "nginx.conf").write_text(IMAGE_NGINX.format(folder=self.folder))
        self.folder.chmod(0o755)  # nginx started as root runs its workers as nobody, and they write here
        self.processes.append(subprocess.Popen([NGINX, "-p", str(self.folder), "-c", str(self.folder / "nginx.conf"),
                                                "-g", "daemon off;", "-e", str(self.folder / "error.log")],
                                               start_new_session=True))

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def wait_ready(self, within: float) -> None:
        deadline = time.monotonic() + within
        while True:
            try:
                for port in (*self.web_ports, self.port):
                    httpx.get(f"http://127.0.0.1:{port}/api/catalog", timeout=1).raise_for_status()
                return
            except httpx.HTTPError:
                ended = [process.args for process in self.processes if process.poll() is not None]
                logs = "".join((self.folder / f"{index}.log").read_text() for index in range(3))
                assert not ended and time.monotonic() < deadline, f"did not start: {ended}\n{logs}"
                time.sleep(0.1)

    def stop(self) -> None:
        for process in self.processes:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
        for process in self.processes:
            try:
                process.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(5)


def test_a_person_plays_a_bot_to_the_end_through_the_deploy_folders_nginx_and_processes(postgres_url, tmp_path):
    assert NGINX, NO_NGINX
    deployed = Deployed(postgres_url, tmp_path)
    try:
        deployed.start()
        deployed.wait_ready(within=90)  # each process imports and migrates on its own
        with httpx.Client(base_url=deployed.url, timeout=30) as http:
            created = http.post("/api/games", json={
                "game": "tinners-trail", "players": 2, "think_time": 0,
                "seats": [{"type": "human", "name": "Ann"}, {"type": "bot", "agent": "heuristic"}]}).json()
            ann = claim(http, created["id"], 0, created["join"][0]["token"])

            async def game() -> list[dict]:
                async with Seat(f"ws://127.0.0.1:{deployed.port}", created["id"], [ann]) as seat:
                    await play([seat], random.Random(5))
                    return seat.messages

            messages = asyncio.run(asyncio.wait_for(game(), 300))
            record = http.get(f"/api/games/{created['id']}/record").json()
            assert http.get(f"/api/games/{created['id']}").json()["status"] == "finished"
    finally:
        deployed.stop()
    assert any(item["seat"] == 1 for item in record["actions"])  # the bot worker took the bot's turns
    assert check_no_leaks(record, messages)
    access = (tmp_path / "access.log").read_text()
    assert f"/ws/games/{created['id']}" in access  # the person played through nginx
