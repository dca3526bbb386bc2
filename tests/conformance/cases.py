"""Which games, player counts and option sets the conformance suite plays."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from headframe.engine import game_names, load_game

# HEADFRAME_CONFORMANCE_ONLY=ore-city,pit-lamps limits the suite to those games.
# Random games per registered game, split over its player counts and option sets: each
# is played to its end with the checks every decision must pass...
GAMES_PER_GAME = int(os.environ.get("HEADFRAME_CONFORMANCE_GAMES", "120"))
MINIMUM_PER_CASE = 3
# ...and the first games of each player count and option set also stop at sampled moments
# for every promise of the contract (positions, clones, undo, views, boards: the costly checks).
CHECKED_PER_VARIANT = int(os.environ.get("HEADFRAME_CONFORMANCE_CHECKED", "3"))


@dataclass(frozen=True)
class Case:
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    load_error: str | None = None
    games: int = 1  # seeds seed, seed + 1, ...: for the decision-level checks, one test plays them all
    nth: int = 0  # which of its variant's games it is (the checked ones stop at staggered moments)

    def __str__(self) -> str:
        if self.load_error:
            return f"{self.game}-does-not-load"
        opts = ",".join(f"{k}={v}" for k, v in sorted(self.options.items())) or "defaults"
        seeds = f"seed{self.seed}" if self.games == 1 else f"seeds{self.seed}-{self.seed + self.games - 1}"
        return f"{self.game}-{self.players}p-{opts}-{seeds}"


def checked_cases() -> list[Case]:
    """One case per game stopped at sampled moments for every check."""
    return [case for variant in variants() for case in variant[:CHECKED_PER_VARIANT]]


def played_cases() -> list[Case]:
    """One case per player count and option set, playing its other games."""
    played = []
    for variant in variants():
        rest = variant[CHECKED_PER_VARIANT:]
        if rest:
            first = rest[0]
            played.append(Case(first.game, first.players, first.options, first.seed, first.load_error, len(rest)))
    return played


def variants() -> list[list[Case]]:
    found: list[list[Case]] = []
    only = os.environ.get("HEADFRAME_CONFORMANCE_ONLY")
    for name in game_names():
        if only and name not in only.split(","):
            continue
        try:
            game = load_game(name)
        except Exception as exc:  # one broken game must not hide the others' results
            found.append([Case(name, 0, {}, 0, load_error=f"{type(exc).__name__}: {exc}")])
            continue
        variants = [(players, options) for options in game.option_sets for players in game.players]
        per_variant = max(MINIMUM_PER_CASE, GAMES_PER_GAME // len(variants))
        for index, (players, options) in enumerate(variants):
            found.append([Case(name, players, options, seed=1000 * index + n, nth=n) for n in range(per_variant)])
    return found
