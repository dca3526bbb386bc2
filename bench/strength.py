"""Agent strength (python -m bench.strength): win rates with 95% intervals for
the pairings the agents issue asks about, over many games with seats rotated.
Slow by nature (ISMCTS at 1 s per decision): not a test.

    python -m bench.strength --game ore-city --players 2 --games 200 --time 1.0 --workers 2
    python -m bench.strength --game ore-city --players 2 4 --ray ray://head:10001   (a Ray cluster)
    python -m bench.strength --game tinners-trail --players 2 --iters 300   (a budget any machine repeats)
    python -m bench.strength --game copper-country --players 2 --options '{"turn_limit": 200}' \
        --ismcts ismcts:iters=200,depth=40 --pairings ismcts-heuristic --games 20
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from headframe.sim.results import load_results
from headframe.sim.runner import Run, simulate
from headframe.sim.stats import wilson

PAIRINGS = {"ismcts-random": ("{ismcts}", "random"), "ismcts-heuristic": ("{ismcts}", "heuristic"),
            "heuristic-random": ("heuristic", "random")}


def measure(game: str, players: int, games: int, ismcts: str, workers: int, out_dir: Path,
            ray: str | None = None, pairings=tuple(PAIRINGS), options: dict | None = None) -> list[dict]:
    rows = []
    for first, second in (PAIRINGS[name] for name in pairings):
        agents = (first.format(ismcts=ismcts),) + (second,) * (players - 1)  # one against a table of the other
        out = out_dir / f"{game}-{players}p-{agents[0]}-vs-{second}.jsonl".replace(":", "_")
        simulate(Run(game, players, agents, games, seed=2026, options=options or {}), out, workers=workers,
                 ray_address=ray)
        lines = load_results(out)
        won = sum(1 for line in lines if any(
            line["agents"][seat] == agents[0] and line["ranking"][seat] == 1 for seat in range(players)))
        low, high = wilson(won, len(lines))
        rows.append({"game": game, "players": players, "options": options or {}, "agent": agents[0], "opponent": second,
                     "games": len(lines), "games_won": won, "win_rate": round(won / len(lines), 4),
                     "ci95": [round(low, 4), round(high, 4)]})
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.strength", description=__doc__)
    parser.add_argument("--game", action="append", required=True)
    parser.add_argument("--players", nargs="+", type=int, required=True)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--time", type=float, default=1.0, help="ISMCTS seconds per decision")
    parser.add_argument("--iters", type=int, help="ISMCTS iterations per decision instead of a time")
    parser.add_argument("--ismcts", metavar="SPEC", help="the searching agent's whole spec, e.g. ismcts:time=1.0,depth=40")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--ray", metavar="ADDRESS", help="play the games on a Ray cluster")
    parser.add_argument("--options", type=json.loads, default={}, help='game options as JSON, e.g. \'{"turn_limit": 200}\'')
    parser.add_argument("--pairings", nargs="+", choices=tuple(PAIRINGS), default=tuple(PAIRINGS))
    parser.add_argument("--out", type=Path, default=Path("strength-results"))
    args = parser.parse_args()
    ismcts = args.ismcts or (f"ismcts:iters={args.iters}" if args.iters else f"ismcts:time={args.time}")
    rows = [row for game in args.game for players in args.players
            for row in measure(game, players, args.games, ismcts, args.workers, args.out, args.ray,
                                   args.pairings, args.options)]
    print(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
