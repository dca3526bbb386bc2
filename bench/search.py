"""python -m bench.search [--case GAME:PLAYERS]... [--iterations N] [--rounds R] [--against SRC]:
ISMCTS CPU time per iteration, JSON on stdout.

A fixed number of iterations (default rollouts, no early stop) at each of the
positions `headframe.bench` samples for its ISMCTS rate, timed in CPU time
(`time.process_time`). Each round searches with its own seed: a round that repeated
an earlier one's searches would find the game's memos warm from those very searches
(and time a search no game ever makes), where a new seed finds them as warm as a
game's earlier searches leave them. The first round, cold, is reported apart.
With --against, the same searches run on another tree of the code too (its `src`
directory): one process per tree, asked in turn case by case for --rounds rounds
(the first tree of a round alternating), so that a load that comes and goes falls
on both. Each case gives both trees' best
round after the first, the first round's ratio (both trees cold) and the median of
the later rounds' ratios, and whether both trees searched alike (each root's visit
counts equal in every round).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

CASES = ("copper-country:2", "copper-country:4", "coal-country:2", "coal-country:4")


class Searches:
    """The bench's positions of each case, sampled once, and fixed-length searches on them."""

    def __init__(self) -> None:
        self.infos: dict[str, tuple] = {}

    def measure(self, case: str, iterations: int, round_number: int = 0) -> dict:
        from headframe.agents import ISMCTSAgent

        game, infos = self._infos(case)
        cpu, fingerprint = 0.0, []
        for info in infos:
            agent = ISMCTSAgent(game, seed=1 + round_number, iters=iterations, early_stop=False)
            start = time.process_time()
            root = agent.search(info)
            cpu += time.process_time() - start
            fingerprint.append(sorted(child.visits for child in root.children.values()))
        return {"case": case, "us_per_iteration": round(cpu / (iterations * len(infos)) * 1e6, 1),
                "fingerprint": fingerprint}

    def _infos(self, case: str) -> tuple:
        if case not in self.infos:
            from headframe.agents import InformationSet
            from headframe.bench import _sample_positions
            from headframe.engine import Rng, load_game

            name, players = case.split(":")
            game = load_game(name)
            live = [state for state in _sample_positions(game, int(players), 20) if not state.is_over()][:4]
            self.infos[case] = game, [InformationSet(state, state.to_move()[0], Rng(2)) for state in live]
        return self.infos[case]


def serve() -> None:
    """A worker of --against: one request per line ("CASE ITERATIONS ROUND"), one JSON answer per line."""
    searches = Searches()
    for line in sys.stdin:
        case, iterations, round_number = line.split()
        print(json.dumps(searches.measure(case, int(iterations), int(round_number))), flush=True)


class Worker:
    def __init__(self, src: str) -> None:
        self.process = subprocess.Popen([sys.executable, __file__, "--serve"], env={**os.environ, "PYTHONPATH": src},
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def measure(self, case: str, iterations: int, round_number: int) -> dict:
        assert self.process.stdin and self.process.stdout
        self.process.stdin.write(f"{case} {iterations} {round_number}\n")
        self.process.stdin.flush()
        return json.loads(self.process.stdout.readline())

    def close(self) -> None:
        assert self.process.stdin
        self.process.stdin.close()
        self.process.wait()


def compare(against: str, cases: list[str], iterations: int, rounds: int) -> list[dict]:
    old, new = Worker(against), Worker(str(Path(__file__).resolve().parent.parent / "src"))
    runs: dict[str, list[tuple[dict, dict]]] = {case: [] for case in cases}
    try:
        for number in range(rounds):
            for case in cases:
                first, second = (old, new) if number % 2 == 0 else (new, old)
                a, b = first.measure(case, iterations, number), second.measure(case, iterations, number)
                runs[case].append((a, b) if first is old else (b, a))
    finally:
        old.close()
        new.close()
    rows = []
    for case, pairs in runs.items():
        speedups = [o["us_per_iteration"] / n["us_per_iteration"] for o, n in pairs]
        warm = speedups[1:] or speedups
        rows.append({
            "case": case,
            "old_us": min(o["us_per_iteration"] for o, _ in pairs[1:] or pairs),
            "new_us": min(n["us_per_iteration"] for _, n in pairs[1:] or pairs),
            "speedup_cold": round(speedups[0], 2),
            "speedup_median": round(statistics.median(warm), 2),
            "speedups": [round(speedup, 2) for speedup in speedups],
            "same_search": all(o["fingerprint"] == n["fingerprint"] for o, n in pairs),
        })
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.search", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--case", action="append", help="GAME:PLAYERS (default: Copper and Coal Country, 2 and 4)")
    parser.add_argument("--iterations", type=int, default=100, help="iterations per position")
    parser.add_argument("--rounds", type=int, default=5, help="rounds of both trees in turn (with --against)")
    parser.add_argument("--against", metavar="SRC", help="another tree's src directory to compare with")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.serve:
        serve()
        return
    cases = arguments.case or list(CASES)
    if arguments.against:
        rows = compare(arguments.against, cases, arguments.iterations, arguments.rounds)
    else:
        searches = Searches()
        rows = [searches.measure(case, arguments.iterations) for case in cases]
        for row in rows:
            del row["fingerprint"]
    print(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main()
