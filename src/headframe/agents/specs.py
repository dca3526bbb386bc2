"""Agent specs: the grammar of the short strings that name agents, and the
limits a spec must keep.

    NAME[:KEY=VALUE,KEY=VALUE...]

Every spec, local or from the network, is at most 120 characters of printable
ASCII and every number in it is written in digits and finite. A `SpecLimits`
adds caps on top: none for local use, `network_limits()` for a server, which
also caps the thinking time, refuses `policy:path=` and resolves
`policy:name=` among the server operator's models only.
"""

from __future__ import annotations

import math
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from headframe.engine import Game

from .base import POLICY_NAME, Agent, AgentSpecError
from .heuristic import HeuristicAgent
from .ismcts import DEFAULT_ITERATIONS, ISMCTSAgent
from .random_agent import RandomAgent

AGENT_NAMES = ("random", "heuristic", "ismcts")
MAX_SPEC_LENGTH = 120
ISMCTS_KEYS = ("iters", "time", "depth", "c", "rollout", "pw", "bias", "early")
ROLLOUTS = ("auto", "heuristic", "random")
MAX_WEIGHT = 10.0  # c, pw and bias: far above any useful value
MODELS_VARIABLE = "HEADFRAME_MODELS"  # local use: the directory `policy:name=` looks in
WHOLE_NUMBER = re.compile(r"-?[0-9]+")
DECIMAL_NUMBER = re.compile(r"-?([0-9]+(\.[0-9]*)?|\.[0-9]+)")


@dataclass(frozen=True)
class SpecLimits:
    """Caps on what a spec may ask for; None means no cap (local use)."""

    max_think: float | None = None  # seconds per decision
    max_iters: int | None = None
    max_depth: int | None = None
    models: Path | None = None  # the directory `policy:name=NAME` looks in
    paths: bool = True  # whether `policy:path=FILE` may name a file


def network_limits(max_think: float = 10.0, models: Path | None = None) -> SpecLimits:
    """The limits for specs sent over the network: at most `max_think` seconds,
    20,000 iterations and 1,000 rollout decisions per decision, and policies
    only by name, from the operator's `models` directory."""
    if not (math.isfinite(max_think) and max_think > 0):
        raise ValueError(f"max_think is a number of seconds above 0, not {max_think!r}")
    return SpecLimits(max_think=max_think, max_iters=20_000, max_depth=1_000, models=models, paths=False)


def local_limits() -> SpecLimits:
    """No caps; `policy:name=` looks in the directory named by HEADFRAME_MODELS."""
    directory = os.environ.get(MODELS_VARIABLE)
    return SpecLimits(models=Path(directory) if directory else None)


@dataclass(frozen=True)
class AgentSpec:
    name: str
    settings: dict[str, Any]  # checked values: numbers, rollout and early; a policy's file


def check_spec(spec: str, game: Game, limits: SpecLimits) -> str:
    """The spec, if it names an agent `game` has with settings it takes, within
    `limits`; else AgentSpecError saying what is allowed."""
    parse_spec(spec, game, limits)
    return spec


def make_agent(spec: str, game: Game, seed: int = 0, *, limits: SpecLimits | None = None) -> Agent:
    """The agent a spec names (checked against `limits`; by default, local use)."""
    limits = local_limits() if limits is None else limits
    parsed = parse_spec(spec, game, limits)
    if parsed.name == "random":
        return RandomAgent(seed)
    if parsed.name == "heuristic":
        return HeuristicAgent(game, seed)
    if parsed.name == "ismcts":
        return _ismcts_agent(parsed.settings, game, seed, limits)
    from .policy import PolicyAgent  # numpy and safetensors: only when asked for

    return PolicyAgent(game, parsed.settings["file"], spec)


def parse_spec(spec: str, game: Game, limits: SpecLimits) -> AgentSpec:
    _check_text(spec)
    name, _, text = spec.partition(":")
    if name not in (*AGENT_NAMES, "policy"):
        raise AgentSpecError(f"unknown agent {name!r}: the agents are {_agents_allowed(game, limits)}")
    try:
        return AgentSpec(name, _settings(name, _split_settings(text), game, limits))
    except AgentSpecError as error:
        raise AgentSpecError(f"agent spec {spec!r}: {error}") from None


def _settings(name: str, settings: dict[str, str], game: Game, limits: SpecLimits) -> dict[str, Any]:
    if name == "ismcts":
        return _ismcts_settings(settings, game, limits)
    if name == "policy":
        return _policy_settings(settings, game, limits)
    if settings:
        raise AgentSpecError(f"agent {name!r} takes no settings")
    if name == "heuristic" and not game.learning.has_heuristic():
        raise AgentSpecError(f"{game.title} has no heuristic policy")
    return {}


def _check_text(spec: Any) -> None:
    if not isinstance(spec, str):
        raise AgentSpecError("an agent spec is a string, like 'ismcts:time=1.0'")
    if len(spec) > MAX_SPEC_LENGTH:
        raise AgentSpecError(f"an agent spec is at most {MAX_SPEC_LENGTH} characters")
    if not (spec.isascii() and spec.isprintable()):
        raise AgentSpecError("an agent spec is plain ASCII text: letters, digits and punctuation")


def _agents_allowed(game: Game, limits: SpecLimits) -> str:
    heuristic = ["heuristic"] if game.learning.has_heuristic() else []
    return ", ".join(["random", *heuristic, f"ismcts (settings: {', '.join(ISMCTS_KEYS)})", _policy_usage(limits)])


def _split_settings(text: str) -> dict[str, str]:
    settings: dict[str, str] = {}
    for item in filter(None, text.split(",")):
        key, sep, value = item.partition("=")
        if not sep or not key or not value:
            raise AgentSpecError(f"settings are key=value, not {item!r}")
        if key in settings:
            raise AgentSpecError(f"{key} is given twice")
        settings[key] = value
    return settings


def _ismcts_settings(settings: dict[str, str], game: Game, limits: SpecLimits) -> dict[str, Any]:
    unknown = sorted(set(settings) - set(ISMCTS_KEYS))
    if unknown:
        raise AgentSpecError(f"ismcts takes {', '.join(ISMCTS_KEYS)}; not {', '.join(unknown)}")
    values = {key: _ismcts_value(key, text, limits) for key, text in settings.items()}
    if values.get("rollout") == "heuristic" and not game.learning.has_heuristic():
        raise AgentSpecError(f"{game.title} has no heuristic policy for rollouts")
    return values


def _ismcts_value(key: str, text: str, limits: SpecLimits) -> Any:
    if key == "iters":
        return _whole_number(key, text, limits.max_iters)
    if key == "depth":
        return _whole_number(key, text, limits.max_depth)
    if key == "time":
        return _seconds(text, limits.max_think)
    if key == "rollout":
        if text not in ROLLOUTS:
            raise AgentSpecError(f"rollout is {', '.join(ROLLOUTS[:-1])} or {ROLLOUTS[-1]}, not {text!r}")
        return text
    if key == "early":
        if text not in ("0", "1"):
            raise AgentSpecError(f"early is 1 (stop once the choice is decided) or 0, not {text!r}")
        return text == "1"
    value = _decimal(key, text)
    if not 0 <= value <= MAX_WEIGHT:
        raise AgentSpecError(f"{key} is a number from 0 to {MAX_WEIGHT:g}, not {text}")
    return value


def _whole_number(key: str, text: str, cap: int | None) -> int:
    if not WHOLE_NUMBER.fullmatch(text):
        raise AgentSpecError(f"{key} is a whole number written in digits, not {text!r}")
    value = int(text)
    if cap is None and value < 1:
        raise AgentSpecError(f"{key} is a whole number of at least 1, not {text}")
    if cap is not None and not 1 <= value <= cap:
        raise AgentSpecError(f"{key} is a whole number from 1 to {cap}, not {text}")
    return value


def _seconds(text: str, cap: float | None) -> float:
    value = _decimal("time", text)
    if cap is None and value <= 0:
        raise AgentSpecError(f"time is a number of seconds above 0, not {text}")
    if cap is not None and not 0 < value <= cap:
        raise AgentSpecError(f"time is a number of seconds above 0 and at most {cap:g}, not {text}")
    return value


def _decimal(key: str, text: str) -> float:
    value = float(text) if DECIMAL_NUMBER.fullmatch(text) else math.nan
    if not math.isfinite(value):  # nan, inf, and digits beyond a float's range
        raise AgentSpecError(f"{key} is a number written in digits, like 0.5, not {text!r}")
    return value


def _policy_usage(limits: SpecLimits) -> str:
    return "policy:name=NAME or policy:path=FILE" if limits.paths else "policy:name=NAME"


def _policy_settings(settings: dict[str, str], game: Game, limits: SpecLimits) -> dict[str, Any]:
    if len(settings) != 1 or not set(settings) <= {"name", "path"}:
        raise AgentSpecError(f"a policy is {_policy_usage(limits)}, with nothing else")
    if "path" in settings and not limits.paths:
        raise AgentSpecError("policy:path= is for local play only: here, name a policy with policy:name=NAME")
    if not game.learning.has_observation() or not game.learning.has_action_space():
        raise AgentSpecError(f"{game.title} declares no observation encoding or action space")
    from .policy import find_policy, policy_file  # numpy and safetensors: only when asked for

    if "path" in settings:
        return {"file": policy_file(Path(settings["path"]), game)}
    name = settings["name"]
    if not POLICY_NAME.fullmatch(name):
        raise AgentSpecError("a policy name is 1 to 64 letters, digits, '_' or '-', starting with a letter or digit")
    return {"file": find_policy(name, limits.models, game)}


def _ismcts_agent(settings: dict[str, Any], game: Game, seed: int, limits: SpecLimits) -> ISMCTSAgent:
    """Under a cap on thinking time, a search given only iterations (or nothing)
    stops at the cap too, whichever comes first."""
    iters = settings.get("iters", DEFAULT_ITERATIONS if "time" not in settings else None)
    return ISMCTSAgent(game, seed, iters=iters, time_s=settings.get("time", limits.max_think),
                       exploration=settings.get("c", 0.7), depth=settings.get("depth"),
                       rollout=settings.get("rollout", "auto"), widening=settings.get("pw", 0.0),
                       bias=settings.get("bias", 1.0), early_stop=settings.get("early", True))
