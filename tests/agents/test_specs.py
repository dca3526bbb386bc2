"""Agent specs: bounded everywhere, capped further for the network."""

from __future__ import annotations

import re
import time

import pytest

from headframe.agents import (
    AgentSpecError,
    InformationSet,
    ISMCTSAgent,
    SpecLimits,
    check_spec,
    make_agent,
    network_limits,
)
from headframe.engine import Rng, load_game

NETWORK = network_limits(max_think=2.0)


@pytest.mark.parametrize("spec, message", [
    ("minimax", "unknown agent 'minimax': the agents are random, heuristic, ismcts"),
    ("", "unknown agent ''"),
    ("random:iters=3", "agent 'random' takes no settings"),
    ("ismcts:iters", "settings are key=value, not 'iters'"),
    ("ismcts:iters=1,iters=2", "iters is given twice"),
    ("ismcts:speed=3", "ismcts takes iters, time, depth, c, rollout, pw, bias, early; not speed"),
    ("ismcts:iters=x", "iters is a whole number written in digits, not 'x'"),
    ("ismcts:iters=10**12", "iters is a whole number written in digits"),
    ("ismcts:iters=1e3", "iters is a whole number written in digits"),
    ("ismcts:iters=0", "iters is a whole number"),
    ("ismcts:iters=-5", "iters is a whole number"),
    ("ismcts:depth=0", "depth is a whole number"),
    ("ismcts:time=0", "time is a number of seconds above 0"),
    ("ismcts:time=-1", "time is a number of seconds above 0"),
    ("ismcts:time=inf", "time is a number written in digits, like 0.5, not 'inf'"),
    ("ismcts:time=nan", "time is a number written in digits"),
    ("ismcts:time=1e300", "time is a number written in digits"),
    ("ismcts:time=1_0", "time is a number written in digits"),
    ("ismcts:c=nan", "c is a number written in digits"),
    ("ismcts:c=-0.5", "c is a number from 0 to 10, not -0.5"),
    ("ismcts:c=10.5", "c is a number from 0 to 10"),
    ("ismcts:pw=inf", "pw is a number written in digits"),
    ("ismcts:bias=11", "bias is a number from 0 to 10"),
    ("ismcts:early=2", "early is 1 (stop once the choice is decided) or 0"),
    ("ismcts:rollout=minimax", "rollout is auto, heuristic or random, not 'minimax'"),
    ("ismcts:iters=\uff11", "an agent spec is plain ASCII text"),  # a full-width digit one
    ("ismcts:rollout=rand\u00f6m", "an agent spec is plain ASCII text"),
    ("random\n", "an agent spec is plain ASCII text"),
    ("ismcts:time=1" + "0" * 108, "an agent spec is at most 120 characters"),
    ("ismcts:iters=" + "9" * 5000, "an agent spec is at most 120 characters"),
    ("policy", "a policy is policy:name=NAME"),
    ("policy:name=a,path=b", "with nothing else"),
    ("policy:name=../secrets", "a policy name is 1 to 64 letters, digits"),
    ("policy:name=-x", "a policy name is"),
    ("policy:name=" + "a" * 65, "a policy name is"),
])
def test_bad_specs_are_refused_locally_and_from_the_network(spec: str, message: str) -> None:
    game = load_game("pit-lamps")
    for limits in (SpecLimits(), NETWORK):
        with pytest.raises(AgentSpecError, match=re.escape(message)):
            check_spec(spec, game, limits)
    with pytest.raises(AgentSpecError, match=re.escape(message)):
        make_agent(spec, game, 0)


def test_a_spec_is_a_string() -> None:
    with pytest.raises(AgentSpecError, match="is a string"):
        check_spec(None, load_game("pit-lamps"), NETWORK)


@pytest.mark.parametrize("spec, message", [
    ("ismcts:time=1000000", "time is a number of seconds above 0 and at most 2, not 1000000"),
    ("ismcts:time=2.01", "at most 2"),
    ("ismcts:iters=1000000000000", "iters is a whole number from 1 to 20000, not 1000000000000"),
    ("ismcts:iters=20001", "from 1 to 20000"),
    ("ismcts:depth=1000000000", "depth is a whole number from 1 to 1000"),
])
def test_a_server_caps_what_local_play_allows(spec: str, message: str) -> None:
    game = load_game("pit-lamps")
    assert check_spec(spec, game, SpecLimits()) == spec
    with pytest.raises(AgentSpecError, match=re.escape(message)):
        check_spec(spec, game, NETWORK)
    with pytest.raises(AgentSpecError, match=re.escape(message)):
        make_agent(spec, game, 0, limits=NETWORK)


def test_the_network_limits() -> None:
    limits = network_limits()
    assert (limits.max_think, limits.max_iters, limits.max_depth, limits.paths) == (10.0, 20_000, 1_000, False)
    for bad in (0, -1, float("inf"), float("nan")):
        with pytest.raises(ValueError):
            network_limits(bad)
    game = load_game("pit-lamps")
    spec = "ismcts:iters=20000,time=2,depth=1000,c=10,pw=0,bias=0.5,early=0,rollout=random"
    assert check_spec(spec, game, NETWORK) == spec
    for spec in ("random", "heuristic", "ismcts", "ismcts:time=.5", "ismcts:"):
        assert check_spec(spec, game, NETWORK) == spec


def test_without_paths_a_policy_is_named_not_pathed(tmp_path) -> None:
    game = load_game("pit-lamps")
    for limits in (NETWORK, SpecLimits(paths=False), network_limits(models=tmp_path)):
        with pytest.raises(AgentSpecError, match="policy:path= is for local play only"):
            check_spec("policy:path=/etc/passwd", game, limits)
    with pytest.raises(AgentSpecError, match="no policy file at"):
        check_spec("policy:path=missing.safetensors", game, SpecLimits())


def test_under_a_cap_on_thinking_a_search_given_iterations_stops_in_time() -> None:
    game = load_game("pit-lamps")
    state = game.new_state(3, 9)
    for spec in ("ismcts:iters=1000000,early=0", "ismcts:early=0,depth=1000"):
        agent = make_agent(spec, game, 0, limits=SpecLimits(max_think=0.1))
        start = time.process_time()  # CPU time: a loaded machine stretches the wall clock, not the work done
        agent.choose(InformationSet(state, 0, Rng(0)))  # 1000 iterations take some 0.6 s
        assert time.process_time() - start < 0.35 and 10 < agent.last_iterations < 1000
    enough = make_agent("ismcts:iters=50,early=0", game, 0, limits=SpecLimits(max_think=5.0))
    enough.choose(InformationSet(state, 0, Rng(0)))
    assert enough.last_iterations == 50


def test_given_only_iterations_a_spec_searches_as_the_agent_does() -> None:
    game = load_game("tinners-trail")
    state = game.new_state(2, 4)
    seat = state.to_move()[0]
    for seed in range(4):
        made = make_agent("ismcts:iters=120,depth=30", game, seed)
        direct = ISMCTSAgent(game, seed, iters=120, depth=30)
        chosen = made.choose(InformationSet(state, seat, Rng(seed)))
        assert chosen == direct.choose(InformationSet(state, seat, Rng(seed)))
        assert made.last_iterations == direct.last_iterations and made.time_s is None
