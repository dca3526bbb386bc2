"""A small tutorial of our own (the first moves of a short Ore City game), for the
tests of the tutorials' machinery that must not depend on the shipped files."""

from __future__ import annotations

import copy
from typing import Any

from headframe.engine import load_game

GAME = "ore-city"
SEED = 11


def sample_tutorial(steps: int = 12) -> dict[str, Any]:
    """A tutorial of `steps` steps, each seat playing its first legal action."""
    game = load_game(GAME)
    state = game.new_state(2, SEED, game.short_options)
    played = []
    for index in range(steps):
        seat = state.to_move()[0]
        action = state.decision(seat).actions[0]
        said = game.presentation.describe_action(action)
        played.append({"seat": seat, "action": action.to_json(), "text": f"Step {index + 1}: {said}.",
                       "rules": ["6. Turn Procedure"]})
        state.apply(seat, action)
    played[0]["element"] = next(iter(game.presentation.glossary)).key
    learner_step = next(step for step in played if step["seat"] == 0)
    learner_step["refusal"] = "This lesson is about the first card."
    return {
        "format": "headframe-tutorial/1", "game": GAME, "title": "A few moves of Ore City", "players": 2, "seed": SEED,
        "options": dict(game.short_options), "learner": 0,
        "opening": {"text": "Build the best city.", "rules": ["2. Game Objective"]},
        "steps": played,
        "summary": [{"text": "Turns.", "rules": ["6. Turn Procedure"]}, {"text": "The goal.", "rules": ["2. Game Objective"]},
                    {"text": "Both.", "rules": ["2. Game Objective", "6. Turn Procedure"]}],
    }


def broken(tutorial: dict[str, Any], change) -> dict[str, Any]:
    """A copy of the tutorial that `change(copy)` breaks."""
    copied = copy.deepcopy(tutorial)
    change(copied)
    return copied
