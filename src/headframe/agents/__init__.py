"""Players that are not people. They see only what their seat may know: an
`InformationSet` of the seat's view, its decision and determinized worlds.

Agents are named by short spec strings usable everywhere (the grammar and its
limits: `specs`; docs/agents.md):
    random
    heuristic
    ismcts                    (1000 iterations)
    ismcts:iters=2000
    ismcts:time=1.0           (seconds per decision)
    ismcts:iters=500,rollout=random,depth=60,c=0.7,pw=0,bias=1,early=1
    policy:name=NAME          (a policy file NAME.safetensors of the models directory)
    policy:path=FILE          (a policy file, local use only)

`make_agent(spec, game, seed)` checks a spec and makes its agent; a server
checks specs from the network with `check_spec(spec, game, network_limits(...))`,
which caps budgets and takes policies by name only. A policy is a network's
weights in a `.safetensors` file written by `policy.export_policy`, played in
numpy: loading one never runs code.
"""

from __future__ import annotations

from pathlib import Path

from headframe.engine import Game

from .base import Agent, InformationSet
from .heuristic import HeuristicAgent
from .ismcts import ISMCTSAgent
from .random_agent import RandomAgent
from .specs import AGENT_NAMES, AgentSpecError, SpecLimits, check_spec, make_agent, network_limits

__all__ = ["Agent", "AgentSpecError", "HeuristicAgent", "ISMCTSAgent", "InformationSet", "RandomAgent",
           "SpecLimits", "check_spec", "make_agent", "network_limits", "list_policies", "AGENT_NAMES"]


def list_policies(models: Path | None, game: Game) -> list[str]:
    """The names of the policies in the `models` directory made for `game`
    (`policy.list_policies`; numpy and safetensors are imported only when asked for)."""
    from .policy import list_policies as policies_in

    return policies_in(models, game)
