"""Players that are not people. They see only what their seat may know: an
`InformationSet` of the seat's view, its decision and determinized worlds.

Agents are named by short spec strings usable everywhere:
    random
    heuristic
    ismcts                    (1000 iterations)
    ismcts:iters=2000
    ismcts:time=1.0           (seconds per decision)
    ismcts:iters=500,rollout=random,depth=60,c=0.7,pw=0,bias=1,early=1
    policy:path=FILE          (a trained MaskablePPO model: the `train` extra)
"""

from __future__ import annotations

from headframe.engine import Game, HeadframeError

from .base import Agent, InformationSet
from .heuristic import HeuristicAgent
from .ismcts import ISMCTSAgent
from .random_agent import RandomAgent

__all__ = ["Agent", "AgentSpecError", "HeuristicAgent", "ISMCTSAgent", "InformationSet", "RandomAgent",
           "make_agent", "AGENT_NAMES"]

AGENT_NAMES = ("random", "heuristic", "ismcts")


class AgentSpecError(HeadframeError, ValueError):
    """An agent spec that names no agent or gives it a setting it does not take."""


def make_agent(spec: str, game: Game, seed: int = 0) -> Agent:
    name, _, settings = spec.partition(":")
    params = _parse_settings(spec, settings)
    if name == "random" and not params:
        return RandomAgent(seed)
    if name == "heuristic" and not params:
        if not game.has_heuristic():
            raise AgentSpecError(f"{game.title} has no heuristic policy")
        return HeuristicAgent(game, seed)
    if name == "ismcts":
        return _make_ismcts(spec, game, seed, params)
    if name == "policy":  # a trained model: loads sb3-contrib, so only when asked for
        from .policy import make_policy_agent

        return make_policy_agent(spec, game, params)
    if name in AGENT_NAMES:
        raise AgentSpecError(f"agent {name!r} takes no settings")
    raise AgentSpecError(f"unknown agent {spec!r} (agents: {', '.join(AGENT_NAMES)}, policy:path=FILE)")


def _parse_settings(spec: str, settings: str) -> dict[str, str]:
    params = {}
    for item in filter(None, settings.split(",")):
        key, sep, value = item.partition("=")
        if not sep or not key or not value:
            raise AgentSpecError(f"agent spec {spec!r}: settings are key=value, not {item!r}")
        params[key] = value
    return params


def _make_ismcts(spec: str, game: Game, seed: int, params: dict[str, str]) -> ISMCTSAgent:
    kinds = {"iters": int, "time": float, "depth": int, "c": float, "rollout": str, "pw": float, "bias": float,
             "early": int}
    unknown = set(params) - set(kinds)
    if unknown:
        raise AgentSpecError(f"agent spec {spec!r}: ismcts takes {', '.join(kinds)}, not {', '.join(sorted(unknown))}")
    try:
        values = {key: kinds[key](value) for key, value in params.items()}
    except ValueError:
        raise AgentSpecError(f"agent spec {spec!r}: a setting is not a number") from None
    if any(values.get(k, 1) <= 0 for k in ("iters", "time", "depth")) or min(values.get("c", 0), values.get("pw", 0), values.get("bias", 0)) < 0:
        raise AgentSpecError(f"agent spec {spec!r}: budgets must be positive")
    if values.get("early", 1) not in (0, 1):
        raise AgentSpecError(f"agent spec {spec!r}: early is 1 (stop once the choice is decided) or 0")
    if values.get("rollout", "auto") not in ("auto", "heuristic", "random"):
        raise AgentSpecError(f"agent spec {spec!r}: rollout is heuristic or random")
    if values.get("rollout") == "heuristic" and not game.has_heuristic():
        raise AgentSpecError(f"{game.title} has no heuristic policy for rollouts")
    return ISMCTSAgent(game, seed, iters=values.get("iters"), time_s=values.get("time"),
                       exploration=values.get("c", 0.7), depth=values.get("depth"),
                       rollout=values.get("rollout", "auto"), widening=values.get("pw", 0.0), bias=values.get("bias", 1.0),
                       early_stop=bool(values.get("early", 1)))
