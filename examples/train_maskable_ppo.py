"""Train a small MaskablePPO (sb3-contrib) on one headframe game, export it as a
policy file, and measure it against the random player with the simulation lab.

    pip install -e '.[rl,train]'
    python examples/train_maskable_ppo.py --game tinners-trail --players 2 --minutes 4

The learner takes a seat drawn at each game, the other seats are `--opponent`
agents, and it only ever sees its seat's observation vector and action mask.
The policy is exported with `export_policy` (a .safetensors file of weights
that cannot run code; see docs/agents.md) and is an agent like any other
(`policy:path=FILE`, or `policy:name=NAME` from a models directory), so the
evaluation is the simulation lab's own run, seats rotated; the same network
before training (its random weights' most likely legal action, exported as
NAME-untrained.safetensors) is measured too, as the bar training must clear:

    headframe simulate tinners-trail -p 2 -a policy:path=policy.safetensors,random -k 400 --out eval.jsonl
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path

import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback

from headframe.agents.policy import export_policy
from headframe.engine import load_game
from headframe.rl import single_agent_env
from headframe.sim.results import load_results
from headframe.sim.runner import Run, simulate
from headframe.sim.stats import wilson


class Deadline(BaseCallback):
    """Stops training when the wall-clock budget is spent; counts the games played."""

    def __init__(self, seconds: float) -> None:
        super().__init__()
        self.end = time.monotonic() + seconds
        self.games = 0

    def _on_step(self) -> bool:
        self.games += int(sum(self.locals["dones"]))
        return time.monotonic() < self.end


def untrained(game: str, players: int, options: dict, opponent: str, seed: int) -> MaskablePPO:
    env = single_agent_env(game, players, opponent, seat=None, options=options)
    env.reset(seed=seed)
    return MaskablePPO("MlpPolicy", env, n_steps=1024, batch_size=256, learning_rate=3e-4, gamma=1.0,
                       policy_kwargs={"net_arch": [128, 128]}, seed=seed, device="cpu", verbose=0)


def train(model: MaskablePPO, seconds: float) -> int:
    """Learn for `seconds`; returns the number of games played."""
    deadline = Deadline(seconds)
    model.learn(total_timesteps=10**9, callback=deadline)
    return deadline.games


def evaluate(game: str, players: int, options: dict, policy: Path, games: int, seed: int) -> dict:
    """The policy against a table of random players, seats rotated: games won (first
    place, ties included) with a Wilson 95% interval."""
    agent = f"policy:path={policy}"
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "eval.jsonl"
        simulate(Run(game, players, (agent,) + ("random",) * (players - 1), games, seed, options), out)
        lines = load_results(out)
    won = sum(1 for line in lines for seat, spec in enumerate(line["agents"])
              if spec == agent and line["ranking"][seat] == 1)
    low, high = wilson(won, len(lines))
    return {"games": len(lines), "won": won, "win_rate": round(won / len(lines), 4),
            "ci95": [round(low, 4), round(high, 4)], "even_odds": round(1 / players, 4)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="tinners-trail")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--short", action="store_true", help="play the game's short options")
    parser.add_argument("--opponent", default="random", help="agent spec of the other seats while training")
    parser.add_argument("--minutes", type=float, default=4.0, help="training budget (wall clock)")
    parser.add_argument("--games", type=int, default=400, help="evaluation games against random")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("policy.safetensors"), help="the policy file")
    args = parser.parse_args()
    torch.set_num_threads(1)  # a small network: threads only contend
    options = dict(load_game(args.game).short_options) if args.short else {}
    model = untrained(args.game, args.players, options, args.opponent, args.seed)
    baseline = args.out.with_name(f"{args.out.stem}-untrained.safetensors")
    export_policy(model, baseline, args.game, args.players)  # its random weights' argmax: the bar to clear
    started = time.monotonic()
    games = train(model, args.minutes * 60)
    export_policy(model, args.out, args.game, args.players)
    report = {"game": args.game, "players": args.players, "options": options, "opponent": args.opponent,
              "timesteps": model.num_timesteps, "training_games": games,
              "training_seconds": round(time.monotonic() - started),
              "policy": str(args.out)}
    report["against_random"] = evaluate(args.game, args.players, options, args.out, args.games, args.seed + 1)
    report["untrained_against_random"] = evaluate(args.game, args.players, options, baseline, args.games,
                                                  args.seed + 1)
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
