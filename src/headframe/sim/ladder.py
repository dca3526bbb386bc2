"""Ladders: round-robin tournaments between agents, rated by finishing places
with the skill model the server rates players with (headframe.skill: openskill's
Plackett-Luce, every seat a team of one).

A sequential rating depends on the order of its games; a ladder's games have no
order that matters, so the ratings are averaged over SHUFFLES orders of the games,
drawn from a fixed seed: the same games give the same table, in whatever order
they were played or written."""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement
from typing import Any

from headframe.skill import DEFAULT, Skill
from headframe.skill import rate as rate_places

from .match import MatchPlan, game_seed, seating

SHUFFLES = 50


@dataclass
class Standing:
    agent: str
    skill: Skill = DEFAULT
    games: int = 0
    wins: float = 0.0
    places: float = 0.0

    @property
    def average_place(self) -> float:
        return self.places / self.games if self.games else 0.0

    def to_json(self) -> dict[str, Any]:
        low, high = self.skill.interval
        return {"agent": self.agent, "rating": self.skill.rating, "mu": self.skill.mu, "sigma": self.skill.sigma,
                "mu_95": [low, high], "games": self.games, "wins": self.wins, "average_place": self.average_place}


def ladder_plans(game: str, players: int, agents: list[str], games: int, seed: int,
                 options: dict[str, Any]) -> list[MatchPlan]:
    """Every line-up of agents (each set of `players` agents, with repeats when
    there are fewer agents than seats) in turn, seats rotated within a line-up."""
    lineups = list(combinations(agents, players)) if len(agents) >= players else \
        [c for c in combinations_with_replacement(agents, players) if len(set(c)) > 1 or len(agents) == 1]
    return [MatchPlan(game, players, seating(list(lineups[index % len(lineups)]), players,
                                             index // len(lineups), True),
                      game_seed(seed, index), index, options) for index in range(games)]


def rate(lines: list[dict[str, Any]], agents: list[str], shuffles: int = SHUFFLES) -> list[Standing]:
    """Each agent's skill, averaged over `shuffles` orders of the games, best rated first."""
    games = sorted(lines, key=lambda line: line["index"])
    table = {agent: Standing(agent) for agent in agents}
    for line in games:
        winners = line["ranking"].count(1)
        for agent, place in zip(line["agents"], line["ranking"]):
            standing = table[agent]
            standing.games += 1
            standing.places += place
            standing.wins += 1 / winners if place == 1 else 0.0
    orders = random.Random(0)
    totals = {agent: [0.0, 0.0] for agent in agents}
    for _ in range(shuffles):
        orders.shuffle(games)
        skills: dict[str, Skill] = {}
        for line in games:
            skills.update(rate_places(line["agents"], line["ranking"], skills))
        for agent in agents:
            found = skills.get(agent, DEFAULT)
            totals[agent][0] += found.mu
            totals[agent][1] += found.sigma
    for agent, (mu, sigma) in totals.items():
        table[agent].skill = Skill(mu / shuffles, sigma / shuffles)
    return sorted(table.values(), key=lambda standing: -standing.skill.rating)
