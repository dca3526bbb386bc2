"""Skill from finishing places: openskill's Plackett-Luce model, a mu and a sigma
per player, shown as the conservative estimate mu - 3 sigma. Written once for the
server's ratings of players and bot levels (server/ratings.py) and the ladders of
agents (sim/ladder.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()  # its defaults: mu 25, sigma 25/3
Z95 = 1.96  # a 95% interval is mu within this many sigmas


@dataclass(frozen=True)
class Skill:
    mu: float
    sigma: float

    @property
    def rating(self) -> float:
        """The conservative estimate people see: mu - 3 sigma."""
        return self.mu - 3 * self.sigma

    @property
    def interval(self) -> tuple[float, float]:
        """mu's 95% interval."""
        return self.mu - Z95 * self.sigma, self.mu + Z95 * self.sigma


DEFAULT = Skill(MODEL.mu, MODEL.sigma)


def rate(players: Sequence[str], places: Sequence[int], before: Mapping[str, Skill]) -> dict[str, Skill]:
    """Each player's skill after one game in which `players[i]` finished at
    `places[i]` (1 is best; ties share a place). Every seat is a team of one; a
    player with several seats (two bots of one level) moves by the mean of their
    changes. A player not in `before` starts at DEFAULT."""
    start = {player: before.get(player, DEFAULT) for player in players}
    teams = [[MODEL.rating(mu=start[player].mu, sigma=start[player].sigma)] for player in players]
    rated = MODEL.rate(teams, ranks=list(places))
    moves: dict[str, list[tuple[float, float]]] = {}
    for player, [after] in zip(players, rated):
        moves.setdefault(player, []).append((after.mu, after.sigma))
    return {player: Skill(start[player].mu + sum(mu - start[player].mu for mu, _ in found) / len(found),
                          sum(sigma for _, sigma in found) / len(found))
            for player, found in moves.items()}
