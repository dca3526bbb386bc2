"""Coal Country for learners and searches (issue #55: learning is a facet, loaded only by what
learns or searches): its integer action space (actions.every_action), its observation vector
(encoding.py) and its heuristic policy and evaluation of unfinished games (heuristic.py)."""

from __future__ import annotations

from headframe.engine.learning import Learning

from . import encoding, heuristic
from .actions import every_action

LEARNING = Learning(
    every_action=every_action,
    observation_layout=encoding.layout,
    encode_observation=encoding.encode,
    heuristic=heuristic.choose,
    evaluate=heuristic.evaluate,
)
