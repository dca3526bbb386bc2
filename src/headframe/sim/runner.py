"""Running many games: local worker processes, or a Ray cluster; results as
JSON lines, one per game, appended in the run's order as games finish (with
several workers a game done early waits for those before it) so an interrupted
run resumes where it stopped."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from headframe.cluster import connect
from headframe.engine import HeadframeError, load_game

from .match import MatchPlan, game_seed, play_match, seating


class RunError(HeadframeError, ValueError):
    """A run that cannot start (bad plan, or a results file of another run)."""


@dataclass(frozen=True)
class Run:
    game: str
    players: int
    agents: tuple[str, ...]
    games: int
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    rotate: bool = True
    with_record: bool = False

    def plans(self) -> list[MatchPlan]:
        return [
            MatchPlan(self.game, self.players, seating(list(self.agents), self.players, index, self.rotate),
                      game_seed(self.seed, index), index, self.options, self.with_record)
            for index in range(self.games)
        ]

    def check(self) -> None:
        from headframe.agents import make_agent

        game = load_game(self.game)
        game.new_state(self.players, 0, self.options)  # players and options
        for spec in self.agents:
            make_agent(spec, game)
        if self.games < 1:
            raise RunError("a run plays at least one game")


def variant_path(out: Path, assignment: str) -> Path:
    """Where an A/B run writes one side: runs/x.jsonl at rounds=2 is runs/x.rounds=2.jsonl."""
    return out.with_name(f"{out.stem}.{assignment}{out.suffix}")


def finished_indexes(out: Path, plans: list[MatchPlan]) -> set[int]:
    """Games already in the results file; refuses a file of another run."""
    if not out.exists():
        return set()
    text = out.read_text(encoding="utf-8")
    lines = text.splitlines()
    if lines and not text.endswith("\n"):  # a run killed while writing: drop the torn line
        lines.pop()
        out.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    by_index = {plan.index: plan for plan in plans}
    done = set()
    for number, text in enumerate(lines, 1):
        if not text.strip():
            continue
        try:
            line = json.loads(text)
            plan = by_index.get(line["index"])
            same = plan is not None and (line["game"], line["players"], line["seed"], tuple(line["agents"])) == (
                plan.game, plan.players, plan.seed, plan.agents)
        except (ValueError, KeyError, TypeError):
            raise RunError(f"{out}:{number}: not a results line") from None
        if not same:
            raise RunError(f"{out} holds results of another run; choose another --out")
        done.add(line["index"])
    return done


def simulate(run: Run, out: Path, workers: int = 1, ray_address: str | None = None,
             progress: Callable[[int, int], None] | None = None) -> int:
    """Play the run's missing games, appending their lines to `out`; returns how
    many were played now."""
    run.check()
    return play_plans(run.plans(), out, workers, ray_address, progress)


def play_plans(plans: list[MatchPlan], out: Path, workers: int = 1, ray_address: str | None = None,
               progress: Callable[[int, int], None] | None = None) -> int:
    done = finished_indexes(out, plans)
    todo = [plan for plan in plans if plan.index not in done]
    out.parent.mkdir(parents=True, exist_ok=True)
    results = _ray_results(todo, ray_address) if ray_address else _local_results(todo, workers)
    with out.open("a", encoding="utf-8") as sink:
        for count, line in enumerate(results, 1):
            sink.write(json.dumps(line) + "\n")
            sink.flush()
            if progress:
                progress(len(done) + count, len(plans))
    return len(todo)


def _local_results(plans: list[MatchPlan], workers: int) -> Iterator[dict[str, Any]]:
    if workers <= 1:
        yield from map(play_match, plans)
        return
    # Games go to the workers in chunks of up to 16, at least 32 chunks a worker (so that the last
    # chunks, run while a worker idles, are a small part of the run): a task per game cost the
    # parent a third of a millisecond a game, taken from the workers' cores (docs/simulation.md).
    chunk = max(1, min(16, len(plans) // (workers * 32)))
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(play_match, plans, chunksize=chunk)


def _ray_results(plans: list[MatchPlan], address: str) -> Iterator[dict[str, Any]]:
    ray = connect(address)
    remote = ray.remote(play_match)
    pending = [remote.remote(plan) for plan in plans]
    while pending:
        finished, pending = ray.wait(pending, num_returns=1)
        yield ray.get(finished[0])
