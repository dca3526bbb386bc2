"""python -m bench.search [--case GAME:PLAYERS]... [--iterations N] [--rounds R] [--against SRC]
[--seconds S [--at sampled|start]]: ISMCTS CPU time per iteration, JSON on stdout.

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

With --seconds S, each run is instead a search of S seconds (early stop off) at each position, in
a fresh process of each tree, as a player's first searches after start-up are: the game's memos
fill during them. Both trees run at once, each on a core of its own (the cores swapped every run),
so that both meet the same machine; each case gives both trees' iterations per CPU second of
every run, their medians, and the median and range of the runs' ratios, in all and at each
position (a position's game progress with it: a late position's short rollouts give it the most
iterations of all, so the rate in all leans to it). `--at start` searches at the first decision
with a choice of 4 new games instead (the early game) of the bench's sampled positions.
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

        game, infos = self.positions(case)
        cpu, fingerprint = 0.0, []
        for info, _ in infos:
            agent = ISMCTSAgent(game, seed=1 + round_number, iters=iterations, early_stop=False)
            start = time.process_time()
            root = agent.search(info)
            cpu += time.process_time() - start
            fingerprint.append(sorted(child.visits for child in root.children.values()))
        return {"case": case, "us_per_iteration": round(cpu / (iterations * len(infos)) * 1e6, 1),
                "fingerprint": fingerprint}

    def positions(self, case: str, at: str = "sampled") -> tuple:
        """The game and its positions for `case` ("sampled" or "start"), as (information set, game progress)."""
        key = f"{case}@{at}"
        if key not in self.infos:
            from headframe.agents import InformationSet
            from headframe.engine import Rng, load_game

            name, players = case.split(":")
            game = load_game(name)
            states = _starts(game, int(players)) if at == "start" else _sampled(game, int(players))
            self.infos[key] = game, [(InformationSet(state, state.to_move()[0], Rng(2)), state.progress())
                                     for state in states]
        return self.infos[key]


def _sampled(game, players: int) -> list:
    """The first 4 live positions `headframe.bench` samples for its ISMCTS rate (early to late)."""
    from headframe.bench import _sample_positions

    return [state for state in _sample_positions(game, players, 20) if not state.is_over()][:4]


def _starts(game, players: int) -> list:
    """The first decision with a choice of 4 new games (seeds 0 to 3): the early game."""
    from headframe.engine import Rng

    states = []
    for seed in range(4):
        state, rng = game.new_state(players, seed), Rng(seed)
        while len(state.decision(state.to_move()[0]).actions) < 2:
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.decision(seat).actions))
        states.append(state)
    return states


def timed_searches(case: str, seconds: float, at: str) -> dict:
    """Iterations per CPU second of searches of `seconds` at the case's positions (`at`: "sampled" or
    "start"), in this process: in all, and at each position (with how far its game is, in percent)."""
    from headframe.agents import ISMCTSAgent

    game, infos = Searches().positions(case, at)
    iterations, cpu, positions = 0, 0.0, []
    for info, progress in infos:
        agent = ISMCTSAgent(game, seed=7, time_s=seconds, early_stop=False)
        start = time.process_time()
        agent.choose(info)
        spent = time.process_time() - start
        iterations, cpu = iterations + agent.last_iterations, cpu + spent
        positions.append({"progress": round(progress, 1), "rate": round(agent.last_iterations / spent, 1)})
    return {"case": case, "rate": round(iterations / cpu, 1), "positions": positions}


def _fresh(src: str, case: str, seconds: float, at: str, core: int | None) -> subprocess.Popen:
    command = [sys.executable, __file__, "--timed", case, "--seconds", str(seconds), "--at", at]
    if core is not None:
        command += ["--core", str(core)]
    return subprocess.Popen(command, env={**os.environ, "PYTHONPATH": src}, stdout=subprocess.PIPE, text=True)


def compare_fresh(against: str, cases: list[str], seconds: float, runs: int, at: str = "sampled") -> list[dict]:
    trees = (against, str(Path(__file__).resolve().parent.parent / "src"))
    apart = len(os.sched_getaffinity(0)) >= 2 if hasattr(os, "sched_getaffinity") else False
    rows = []
    for case in cases:
        results: tuple[list[dict], list[dict]] = ([], [])
        for number in range(runs):
            if apart:  # both at once, a core each, swapped every run
                processes = [_fresh(src, case, seconds, at, (index + number) % 2) for index, src in enumerate(trees)]
            else:
                processes = []
                for src in trees:
                    processes.append(_fresh(src, case, seconds, at, None))
                    processes[-1].wait()
            for index, process in enumerate(processes):
                results[index].append(json.loads(process.communicate()[0]))
        rows.append({"case": case, "seconds": seconds, "at": at, "at_once": apart,
                     **_ratios([run["rate"] for run in results[0]], [run["rate"] for run in results[1]]),
                     "positions": [{"progress": old["progress"],
                                    **_ratios([run["positions"][index]["rate"] for run in results[0]],
                                              [run["positions"][index]["rate"] for run in results[1]])}
                                   for index, old in enumerate(results[0][0]["positions"])]})
    return rows


def _ratios(old: list[float], new: list[float]) -> dict:
    """Both trees' rates run by run, their medians, and the median and range of the runs' ratios
    (none for a position without a choice, searched in no time)."""
    ratios = [n / o for o, n in zip(old, new) if o]
    found = {"old_rates": old, "new_rates": new,
             "old_median": round(statistics.median(old), 1), "new_median": round(statistics.median(new), 1)}
    if ratios:
        found |= {"speedup_median": round(statistics.median(ratios), 3),
                  "speedup_range": [round(min(ratios), 3), round(max(ratios), 3)]}
    return found


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
    parser.add_argument("--seconds", type=float, help="searches of this long in fresh processes (see above)")
    parser.add_argument("--at", choices=("sampled", "start"), default="sampled",
                        help="with --seconds: the bench's sampled positions, or the start of 4 new games")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--timed", metavar="CASE", help=argparse.SUPPRESS)
    parser.add_argument("--core", type=int, help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.serve:
        serve()
        return
    if arguments.timed:
        if arguments.core is not None:
            os.sched_setaffinity(0, {arguments.core})
        print(json.dumps(timed_searches(arguments.timed, arguments.seconds, arguments.at)))
        return
    cases = arguments.case or list(CASES)
    if arguments.seconds and arguments.against:
        rows = compare_fresh(arguments.against, cases, arguments.seconds, arguments.rounds, arguments.at)
    elif arguments.seconds:
        rows = [json.loads(_fresh(str(Path(__file__).resolve().parent.parent / "src"), case, arguments.seconds,
                                  arguments.at, None).communicate()[0]) for case in cases]
    elif arguments.against:
        rows = compare(arguments.against, cases, arguments.iterations, arguments.rounds)
    else:
        searches = Searches()
        rows = [searches.measure(case, arguments.iterations) for case in cases]
        for row in rows:
            del row["fingerprint"]
    print(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main()
