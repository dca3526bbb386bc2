"""Which games, player counts and option sets the conformance suite plays."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from headframe.engine import game_names, load_game

# HEADFRAME_CONFORMANCE_ONLY=ore-city,pit-lamps limits the suite to those games.
# Random games per registered game, split over its player counts and option sets.
GAMES_PER_GAME = int(os.environ.get("HEADFRAME_CONFORMANCE_GAMES", "120"))
MINIMUM_PER_CASE = 3


@dataclass(frozen=True)
class Case:
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    load_error: str | None = None

    def __str__(self) -> str:
        if self.load_error:
            return f"{self.game}-does-not-load"
        opts = ",".join(f"{k}={v}" for k, v in sorted(self.options.items())) or "defaults"
        return f"{self.game}-{self.players}p-{opts}-seed{self.seed}"


def cases() -> list[Case]:
    found = []
    only = os.environ.get("HEADFRAME_CONFORMANCE_ONLY")
    for name in game_names():
        if only and name not in only.split(","):
            continue
        try:
            game = load_game(name)
        except Exception as exc:  # one broken game must not hide the others' results
            found.append(Case(name, 0, {}, 0, load_error=f"{type(exc).__name__}: {exc}"))
            continue
        variants = [(players, options) for options in game.option_sets for players in game.players]
        per_variant = max(MINIMUM_PER_CASE, GAMES_PER_GAME // len(variants))
        for index, (players, options) in enumerate(variants):
            for n in range(per_variant):
                found.append(Case(name, players, options, seed=1000 * index + n))
    return found
