"""Tinners' Trail for agents and learners: its action space, its observation vector, its
heuristic player and its evaluation of unfinished games. Loaded only by what learns or
searches (`game.learning`)."""

from __future__ import annotations

from headframe.engine.learning import Learning

from . import components, encoding, heuristic

LEARNING = Learning(
    every_action=components.every_action,
    observation_layout=encoding.layout,
    encode_observation=encoding.encode,
    heuristic=heuristic.choose,
    evaluate=heuristic.evaluate,
)
