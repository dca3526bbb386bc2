"""Ladders: round-robin tournaments between agents, rated by finishing places
with Elo by place (each game counts as every pair of seats playing a match:
the better place wins, equal places draw), as BoardGameArena rates."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement
from typing import Any

from .match import MatchPlan, game_seed, seating

START = 1500.0
K = 32.0


@dataclass
class Standing:
    agent: str
    rating: float = START
    games: int = 0
    wins: float = 0.0
    places: float = 0.0

    @property
    def average_place(self) -> float:
        return self.places / self.games if self.games else 0.0


def ladder_plans(game: str, players: int, agents: list[str], games: int, seed: int,
                 options: dict[str, Any]) -> list[MatchPlan]:
    """Every line-up of agents (each set of `players` agents, with repeats when
    there are fewer agents than seats) in turn, seats rotated within a line-up."""
    lineups = list(combinations(agents, players)) if len(agents) >= players else \
        [c for c in combinations_with_replacement(agents, players) if len(set(c)) > 1 or len(agents) == 1]
    return [MatchPlan(game, players, seating(list(lineups[index % len(lineups)]), players,
                                             index // len(lineups), True),
                      game_seed(seed, index), index, options) for index in range(games)]


def rate(lines: list[dict[str, Any]], agents: list[str]) -> list[Standing]:
    """Ratings after the games in index order (so the same games give the same table)."""
    table = {agent: Standing(agent) for agent in agents}
    for line in sorted(lines, key=lambda line: line["index"]):
        seats, ranking = line["agents"], line["ranking"]
        players = len(seats)
        changes = [0.0] * players
        for a, b in combinations(range(players), 2):
            expected = 1 / (1 + 10 ** ((table[seats[b]].rating - table[seats[a]].rating) / 400))
            actual = 1.0 if ranking[a] < ranking[b] else 0.5 if ranking[a] == ranking[b] else 0.0
            changes[a] += K / (players - 1) * (actual - expected)
            changes[b] -= K / (players - 1) * (actual - expected)
        winners = ranking.count(1)
        for seat, agent in enumerate(seats):
            standing = table[agent]
            standing.rating += changes[seat]
            standing.games += 1
            standing.places += ranking[seat]
            standing.wins += 1 / winners if ranking[seat] == 1 else 0.0
    return sorted(table.values(), key=lambda s: -s.rating)
