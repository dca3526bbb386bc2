"""Environment throughput (python -m bench.rl): PettingZoo AEC steps per second
for every game and player count, each step being `last()` (the observation
vector and action mask of the seat to act) and `step()` with a uniformly random
legal action; whole games, reset included. JSON on stdout, as the other bench
scripts print. The raw engine's decisions per second (`python -m bench`) is the
ceiling: the difference is the cost of encoding views.

    python -m bench.rl [--game NAME]... [--players N]... [--seconds S]
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from typing import Any

import numpy as np

from headframe.engine import game_names, load_game
from headframe.rl import aec_env


def measure(name: str, players: int, seconds: float) -> dict[str, Any]:
    env = aec_env(name, players)
    rng = np.random.default_rng(1)
    steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or games == 0:
        env.reset(seed=games)
        for _ in env.agent_iter():
            observation, _, terminated, _, _ = env.last()
            env.step(None if terminated else int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            steps += not terminated
        games += 1
    elapsed = time.perf_counter() - start
    return {"game": name, "players": players, "games": games, "steps_per_s": round(steps / elapsed),
            "steps_per_game": round(steps / games, 1), "observation_size": env.table.layout.size,
            "actions": len(env.table.space)}


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.rl", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", action="append", help="a game to measure (default: all with an encoding)")
    parser.add_argument("--players", action="append", type=int, help="a player count (default: all)")
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    args = parser.parse_args()
    names = args.game or [name for name in game_names() if load_game(name).learning.has_observation()]
    results = [measure(name, count, args.seconds) for name in names
               for count in load_game(name).players if not args.players or count in args.players]
    print(json.dumps({"python": platform.python_version(), "machine": platform.machine(),
                      "seconds_per_case": args.seconds, "results": results}, indent=2))


if __name__ == "__main__":
    main()
