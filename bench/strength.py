"""Agent strength (python -m bench.strength): win rates with 95% intervals for
the pairings the agents issue asks about, over many games with seats rotated.
Slow by nature (ISMCTS at 1 s per decision): not a test.

    python -m bench.strength --game ore-city --players 2 --games 200 --time 1.0 --workers 2
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from headframe.sim.report import load_results
from headframe.sim.runner import Run, simulate
from headframe.sim.stats import wilson

PAIRINGS = (("ismcts:time={t}", "random"), ("ismcts:time={t}", "heuristic"), ("heuristic", "random"))


def measure(game: str, players: int, games: int, think: float, workers: int, out_dir: Path) -> list[dict]:
    rows = []
    for first, second in PAIRINGS:
        agents = (first.format(t=think),) + (second,) * (players - 1)  # one against a table of the other
        out = out_dir / f"{game}-{players}p-{agents[0]}-vs-{second}.jsonl".replace(":", "_")
        simulate(Run(game, players, agents, games, seed=2026), out, workers=workers)
        lines = load_results(out)
        won = sum(1 for line in lines if any(
            line["agents"][seat] == agents[0] and line["ranking"][seat] == 1 for seat in range(players)))
        low, high = wilson(won, len(lines))
        rows.append({"game": game, "players": players, "agent": agents[0], "opponent": second,
                     "games": len(lines), "games_won": won, "win_rate": round(won / len(lines), 4),
                     "ci95": [round(low, 4), round(high, 4)]})
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.strength", description=__doc__)
    parser.add_argument("--game", action="append", required=True)
    parser.add_argument("--players", action="append", type=int, required=True)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--time", type=float, default=1.0, help="ISMCTS seconds per decision")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, default=Path("strength-results"))
    args = parser.parse_args()
    rows = [row for game in args.game for players in args.players
            for row in measure(game, players, args.games, args.time, args.workers, args.out)]
    print(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
