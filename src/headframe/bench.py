"""Throughput benchmarks for every game (`python -m bench`, `headframe bench`).

Numbers, not tests: decisions per second in random play (legal-action listing
and apply), microseconds per clone() and per to_json() on positions sampled from
real games, and whole random games per second. Output is JSON.

Every rate is in CPU time (`time.process_time`): other work on the machine takes
the processor away between a run's steps, not during them, so a loaded machine does
not make the code look slower. A round plays its own games and searches (its seeds
follow from its number): the games' memos, warm from earlier rounds, are then warm as
they are after any other games, never from the very games being timed again.
"""

from __future__ import annotations

import platform
import time
from typing import Any

from headframe.agents.random_agent import play_random_game
from headframe.engine import Rng, load_game


def _sample_positions(game, players: int, count: int) -> list:
    positions = []
    rng = Rng(7)
    for seed in range(count):
        state = game.new_state(players, seed)
        stop = rng.below(max(1, game.decision_limit(players) // 4))
        for _ in range(stop):
            if state.is_over():
                break
            seat = rng.choice(state.to_move())
            state.apply(seat, rng.choice(state.decision(seat).actions))
        positions.append(state)
    return positions


def _per_call_us(function, items: list, budget: float) -> float:
    calls, start = 0, time.process_time()
    while time.process_time() - start < budget:
        for item in items:
            function(item)
        calls += len(items)
    return (time.process_time() - start) / calls * 1e6


# A round's random games are seeded from here on (its number times this): no two rounds share one.
_GAMES_PER_ROUND = 1_000_000


def bench_game(name: str, players: int, seconds: float = 2.0, round_number: int = 0) -> dict[str, Any]:
    game = load_game(name)
    rng = Rng(1 + round_number)
    first_seed = round_number * _GAMES_PER_ROUND
    games = decisions = 0
    start = time.process_time()
    while time.process_time() - start < seconds or games == 0:
        decisions += play_random_game(game.new_state(players, first_seed + games), rng)
        games += 1
    elapsed = time.process_time() - start
    positions = _sample_positions(game, players, 20)
    return {
        "game": name,
        "players": players,
        "random_games": games,
        "random_games_per_s": round(games / elapsed, 2),
        "decisions_per_s": round(decisions / elapsed),
        "decisions_per_game": round(decisions / games, 1),
        "clone_us": round(_per_call_us(lambda s: s.clone(), positions, seconds / 4), 2),
        "to_json_us": round(_per_call_us(lambda s: s.to_json(), positions, seconds / 4), 2),
        "ismcts_iterations_per_s": _ismcts_rate(game, positions, seconds, round_number),
    }


def _ismcts_rate(game, positions: list, seconds: float, round_number: int = 0) -> float:
    """ISMCTS iterations per CPU second (default rollouts) over the sampled positions,
    searched with the round's own seeds."""
    from headframe.agents import InformationSet, ISMCTSAgent

    live = [state for state in positions if not state.is_over()][:4]
    iterations, elapsed = 0, 0.0
    for state in live:
        agent = ISMCTSAgent(game, seed=1 + round_number, time_s=seconds / 4 / len(live), early_stop=False)
        seat = state.to_move()[0]
        info = InformationSet(state, seat, Rng(2 + round_number))
        start = time.process_time()
        agent.choose(info)
        elapsed += time.process_time() - start
        iterations += agent.last_iterations
    return round(iterations / elapsed, 1) if elapsed else 0.0


# Which way each rate is better, for a best of several rounds; the rest are kept from the first round.
HIGHER = ("random_games_per_s", "decisions_per_s", "ismcts_iterations_per_s")
LOWER = ("clone_us", "to_json_us")


def best_of(rounds: list[dict[str, Any]]) -> dict[str, Any]:
    """One case's rounds as one: each rate at its best (a machine's other load only
    ever slows a round down, so the best round is the nearest to the code's speed)."""
    best = dict(rounds[0])
    best.update({key: max(row[key] for row in rounds) for key in HIGHER})
    best.update({key: min(row[key] for row in rounds) for key in LOWER})
    return best


def run(games: list[str] | None = None, players: list[int] | None = None, seconds: float = 2.0,
        rounds: int = 1) -> dict[str, Any]:
    """Every case measured `rounds` times in turn (all cases once, then again), each rate its best."""
    from headframe.engine import game_names

    cases = [(name, count) for name in games or game_names()
             for count in players or load_game(name).players if count in load_game(name).players]
    measured: dict[tuple[str, int], list[dict[str, Any]]] = {case: [] for case in cases}
    for number in range(rounds):
        for name, count in cases:
            measured[name, count].append(bench_game(name, count, seconds, number))
    return {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "clock": "cpu",
        "seconds_per_case": seconds,
        "rounds": rounds,
        "results": [best_of(measured[case]) for case in cases],
    }
