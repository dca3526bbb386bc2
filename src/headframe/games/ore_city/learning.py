"""Ore City for agents and learners: its integer action space (actions.py), its
observation vector (encoding.py), its heuristic policy and evaluation, and how deep a
search's rollout goes (heuristic.py). Loaded only by what learns or searches
(`game.learning`)."""

from __future__ import annotations

from headframe.engine.learning import Learning

from . import encoding, heuristic
from .actions import every_action

LEARNING = Learning(
    every_action=every_action,
    observation_layout=encoding.layout_for,
    encode_observation=encoding.encode,
    heuristic=heuristic.choose,
    evaluate=heuristic.evaluate,
    search_depth=heuristic.search_depth,
)
