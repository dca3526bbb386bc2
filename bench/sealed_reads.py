"""python -m bench.sealed_reads [--reads 200] [--steps 100]: whether a seat can time
another seat's sealed steps (issue 51). In a two-person Coal Country game, where
foremen are placed in secret one at a time, Bob reads his own state again and again
while nothing happens (quiet reads), and once right after each of Ann's sealed steps (a
placement, or her taking it back) (post-step reads); and, as a control, right after Ann
only read her own state (post-read reads: the server busy for a moment, nothing changed).
Prints JSON: the medians and 95th percentiles of each, and the share of post-step and
post-read reads slower than the quiet reads' 95th percentile. When a read costs the same
whether or not a sealed step happened, post-step reads look like post-read ones. Not a
timed test."""

from __future__ import annotations

import argparse
import json
import statistics
import time

import httpx

from .server import served


def timed_read(http: httpx.Client, path: str, token: str) -> float:
    started = time.perf_counter()
    http.get(path, headers={"Authorization": f"Bearer {token}"}).raise_for_status()
    return (time.perf_counter() - started) * 1000


def act(http: httpx.Client, game_id: str, token: str, seat: int) -> None:
    headers = {"Authorization": f"Bearer {token}"}
    state = http.get(f"/api/games/{game_id}/state", headers=headers).json()
    http.post(f"/api/games/{game_id}/actions", headers=headers,
              json={"seat": seat, "action": state["view"]["decision"]["actions"][0]}).raise_for_status()


def summary(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {"median_ms": round(statistics.median(ordered), 3), "p95_ms": round(ordered[int(len(ordered) * 0.95)], 3)}


def run(port: int, reads: int, steps: int) -> dict:
    with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30) as http:
        created = http.post("/api/games", json={"game": "coal-country", "players": 2, "hotseat": True,
                                                "seats": [{"type": "human"}] * 2}).json()
        game_id = created["id"]
        ann, bob = (entry["token"] for entry in created["join"])
        act(http, game_id, bob, 1)  # Bob's own placement first: his state offers its undo
        path = f"/api/games/{game_id}/state"
        for _ in range(20):  # warm: the board drawn, the connection open
            timed_read(http, path, bob)
        quiet = [timed_read(http, path, bob) for _ in range(reads)]
        after_step, after_read = [], []
        for _ in range(steps):
            http.get(path, headers={"Authorization": f"Bearer {ann}"}).raise_for_status()
            after_read.append(timed_read(http, path, bob))
            act(http, game_id, ann, 0)
            after_step.append(timed_read(http, path, bob))
            http.post(f"/api/games/{game_id}/undo", headers={"Authorization": f"Bearer {ann}"},
                      json={"seat": 0}).raise_for_status()
            after_step.append(timed_read(http, path, bob))
    threshold = sorted(quiet)[int(len(quiet) * 0.95)]
    return {"quiet_reads": summary(quiet), "post_step_reads": summary(after_step), "post_read_reads": summary(after_read),
            "slower_than_quiet_p95": {"post_step": slower(after_step, threshold), "post_read": slower(after_read, threshold)},
            "reads": len(quiet), "post_step_samples": len(after_step), "post_read_samples": len(after_read)}


def slower(samples: list[float], threshold: float) -> float:
    return round(sum(sample > threshold for sample in samples) / len(samples), 3)


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.sealed_reads", description=__doc__)
    parser.add_argument("--reads", type=int, default=200)
    parser.add_argument("--steps", type=int, default=100, help="Ann's placements, each taken back too")
    arguments = parser.parse_args()
    with served() as (port, _server):
        result = run(port, arguments.reads, arguments.steps)
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
