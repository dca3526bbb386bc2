"""One game between agents, as one line of results."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from headframe.agents import InformationSet, make_agent
from headframe.engine import Rng, load_game


@dataclass(frozen=True)
class MatchPlan:
    """Everything that decides one game: replaying a plan gives the same line."""

    game: str
    players: int
    agents: tuple[str, ...]  # the agent spec for each seat
    seed: int
    index: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    with_record: bool = False


def game_seed(base_seed: int, index: int) -> int:
    """The seed of game `index` of a run: independent of workers and order."""
    return Rng(base_seed * 0x9E3779B1 + index).next64() >> 1


def seating(agents: list[str], players: int, index: int, rotate: bool) -> tuple[str, ...]:
    """The agent in each seat of game `index`: the list (repeated to fill the
    table), rotated one seat per game unless the seats are fixed."""
    table = [agents[seat % len(agents)] for seat in range(players)]
    if not rotate:
        return tuple(table)
    shift = index % players
    return tuple(table[(seat - shift) % players] for seat in range(players))


def play_match(plan: MatchPlan) -> dict[str, Any]:
    game = load_game(plan.game)
    state = game.new_state(plan.players, plan.seed, plan.options)
    agents = [make_agent(spec, game, plan.seed + 7919 * seat) for seat, spec in enumerate(plan.agents)]
    rng = Rng(plan.seed ^ 0xC0A1)
    decisions = 0
    kinds: list[Counter[str]] = [Counter() for _ in range(plan.players)]
    while not state.is_over():
        to_move = state.to_move()
        seat = to_move[0] if len(to_move) == 1 else rng.choice(to_move)
        action = agents[seat].choose(InformationSet(state, seat, rng))
        state.apply(seat, action)
        kinds[seat][action.kind] += 1
        decisions += 1
    result = state.result()
    line: dict[str, Any] = {
        "index": plan.index,
        "seed": plan.seed,
        "game": plan.game,
        "players": plan.players,
        "options": state.options.to_dict(),
        "agents": list(plan.agents),
        "scores": list(result.scores),
        "ranking": list(result.ranking),
        "tiebreak": result.tiebreak,
        "length": decisions,
        "statistics": state.statistics(),
        "actions": [dict(sorted(counts.items())) for counts in kinds],  # per seat: how often it took each kind
    }
    if plan.with_record:
        line["record"] = state.record()
    return line
