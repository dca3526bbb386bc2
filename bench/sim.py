"""python -m bench.sim [--game NAME]... [--games 40] [--agents heuristic]: the
simulation lab's throughput. For each game, the same run (seats rotated, one
seed per game) played by 1 and by 2 local worker processes; prints JSON with
games/s for each and the scaling efficiency (games/s with 2 workers over twice
that with 1). On a machine with two cores, 100% is perfect scaling."""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path

from headframe.engine import game_names
from headframe.sim.runner import Run, simulate

GAMES = ("ore-city", "tinners-trail", "copper-country", "coal-country")


def games_per_second(run: Run, workers: int) -> float:
    with tempfile.TemporaryDirectory() as folder:
        started = time.perf_counter()
        simulate(run, Path(folder) / "results.jsonl", workers=workers)
        return run.games / (time.perf_counter() - started)


def measure(game: str, players: int, agents: str, games: int) -> dict:
    run = Run(game, players, tuple(agents.split(",")), games, seed=1)
    one = games_per_second(run, 1)
    two = games_per_second(run, 2)
    return {"game": game, "players": players, "agents": agents, "games": games,
            "games_per_s_1_worker": round(one, 2), "games_per_s_2_workers": round(two, 2),
            "scaling_efficiency": round(two / (2 * one), 3)}


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.sim", description=__doc__)
    parser.add_argument("--game", action="append", choices=game_names(), help="default: the four games")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--agents", default="heuristic", help="agent specs, comma-separated")
    parser.add_argument("--games", type=int, default=40, help="games per measurement")
    arguments = parser.parse_args()
    results = [measure(game, arguments.players, arguments.agents, arguments.games)
               for game in arguments.game or GAMES]
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
