from __future__ import annotations

import gc
import time

import pytest

from headframe.agents import InformationSet, ISMCTSAgent, make_agent
from headframe.agents.random_agent import play_random_game
from headframe.engine import Result, Rng, game_names, load_game
from headframe.engine.learning import rank_rewards, worth_rewards


def reachable_ids(root, limit: int = 200_000) -> set[int]:
    seen, frontier = {id(root)}, [root]
    while frontier and len(seen) < limit:
        item = frontier.pop()
        for ref in gc.get_referents(item):
            if id(ref) not in seen and not isinstance(ref, type):
                seen.add(id(ref))
                frontier.append(ref)
    return seen


def test_an_information_set_cannot_reach_the_real_state() -> None:
    state = load_game("pit-lamps").new_state(3, 4)
    info = InformationSet(state, 0, Rng(1))
    assert id(state) not in reachable_ids(info)
    for private in (state.hands[1], state.hands[2], state.deck):
        assert id(private) not in reachable_ids(info)


def test_an_agent_that_peeks_only_finds_a_random_world() -> None:
    """A cheating agent reads seat 1's hand out of what it was given: across
    seeds it is wrong about as often as a guess would be."""
    game = load_game("pit-lamps")
    right = 0
    for seed in range(60):
        state = game.new_state(2, seed)
        info = InformationSet(state, 0, Rng(seed + 1000))
        right += info._world.hands[1] == state.hands[1]
    assert right < 15


def test_same_seed_same_choices() -> None:
    game = load_game("pit-lamps")
    state = game.new_state(3, 9)
    info = InformationSet(state, 0, Rng(2))
    first = ISMCTSAgent(game, seed=5, iters=200).choose(info)
    assert all(ISMCTSAgent(game, seed=5, iters=200).choose(InformationSet(state, 0, Rng(2))) == first
               for _ in range(3))


def test_budgets_are_respected() -> None:
    game = load_game("pit-lamps")
    state = game.new_state(3, 9)
    agent = ISMCTSAgent(game, iters=123, early_stop=False)
    agent.choose(InformationSet(state, 0, Rng(0)))
    assert agent.last_iterations == 123
    timed = make_agent("ismcts:time=0.2,early=0", game)
    start = time.perf_counter()
    timed.choose(InformationSet(state, 0, Rng(0)))
    assert 0.19 <= time.perf_counter() - start < 0.4 and timed.last_iterations > 10


@pytest.mark.parametrize("spec", ["random", "heuristic", "ismcts:iters=3,depth=6",
                                  "ismcts:iters=3,rollout=random,depth=6"])
@pytest.mark.parametrize("name", game_names())
def test_every_agent_finishes_games_of_every_game(name: str, spec: str) -> None:
    """Whole games (short ones, by the game's short_options) with the fewest and the
    most players. Ore City and Copper Country need not end (nobody is forced to score
    or to work): after AGENT_DECISIONS the game is finished at random, which ends it."""
    game = load_game(name)
    if spec == "heuristic" and not game.learning.has_heuristic():
        pytest.fail(f"{name} has no heuristic")
    for players in (game.players[0], game.players[-1]):
        state = game.new_state(players, 3, game.short_options)
        agents = [make_agent(spec, game, seed) for seed in range(players)]
        rng = Rng(0)
        for _ in range(AGENT_DECISIONS):
            if state.is_over():
                break
            seat = rng.choice(state.to_move())
            action = agents[seat].choose(InformationSet(state, seat, rng))
            assert action in state.decision(seat).actions
            state.apply(seat, action)
        play_random_game(state, rng)
        assert len(state.result().ranking) == players


AGENT_DECISIONS = 1500


def test_ismcts_beats_random_at_tinners_trail() -> None:
    """A game of skill: a small search wins nearly every game against random play
    (it won 10 of 10 when this test was written; random against random wins half)."""
    game = load_game("tinners-trail")
    wins = 0
    for seed in range(8):
        state = game.new_state(2, seed)
        agents = [make_agent("ismcts:iters=40,depth=30", game, seed), make_agent("random", game, seed)]
        if seed % 2:
            agents.reverse()
        rng = Rng(seed)
        while not state.is_over():
            seat = rng.choice(state.to_move())
            state.apply(seat, agents[seat].choose(InformationSet(state, seat, rng)))
        wins += state.result().ranking[1 if seed % 2 else 0] == 1
    assert wins >= 7


def test_rank_rewards() -> None:
    assert rank_rewards((1, 2, 3)) == [1.0, 0.5, 0.0]
    assert rank_rewards((1, 1, 3)) == [0.75, 0.75, 0.0]


def test_worth_rewards_rank_as_a_result_does() -> None:
    rng = Rng(3)
    for _ in range(500):
        worth = [rng.below(4) / 2 for _ in range(2 + rng.below(3))]  # few values: many ties
        assert worth_rewards(worth) == rank_rewards(Result.rank(worth).ranking)


def test_the_heuristic_steers_the_search_first() -> None:
    # progressive bias: the heuristic's choice is the first child a node grows; without it, any
    game = load_game("tinners-trail")
    state = game.new_state(2, 4)
    while len(state.decision(state.to_move()[0]).actions) < 10:
        seat = state.to_move()[0]
        state.apply(seat, game.learning.heuristic(state, seat, Rng(1)))
    seat = state.to_move()[0]
    preferred = {game.learning.heuristic(state, seat, Rng(n)) for n in range(20)}
    guided = {ISMCTSAgent(game, seed=n, iters=1).choose(InformationSet(state, seat, Rng(n))) for n in range(20)}
    unguided = {ISMCTSAgent(game, seed=n, iters=1, bias=0).choose(InformationSet(state, seat, Rng(n)))
                for n in range(20)}
    assert guided <= preferred
    assert not unguided <= preferred


@pytest.mark.parametrize("name", ["tinners-trail", "ore-city", "coal-country"])
def test_stopping_early_makes_the_full_budgets_choice(name: str) -> None:
    # once no action can overtake the most visited one, more iterations cannot change the choice
    game = load_game(name)
    stopped = 0
    for seed in range(6):
        state = game.new_state(2, seed)
        rng = Rng(seed)
        for _ in range(10 + 7 * seed):
            seat = state.to_move()[0]
            state.apply(seat, game.learning.heuristic(state, seat, rng))
        seat = state.to_move()[0]
        early, full = ISMCTSAgent(game, seed=seed, iters=200), ISMCTSAgent(game, seed=seed, iters=200, early_stop=False)
        assert early.choose(InformationSet(state, seat, Rng(9))) == full.choose(InformationSet(state, seat, Rng(9)))
        assert full.last_iterations == 200 or len(state.decision(seat).actions) == 1
        stopped += early.last_iterations < 200
    assert stopped >= 2


def test_at_a_sealed_decision_the_search_starts_with_its_own_choice() -> None:
    # Coal Country's opening bids are sealed and simultaneous: at the root the observer moves
    # first, so even one iteration is spent on its own choice, not on the other seat's
    game = load_game("coal-country")
    state = game.new_state(2, 4)
    assert state.to_move() == (0, 1)
    preferred = {game.learning.heuristic(state, 1, Rng(n)) for n in range(20)}
    chosen = {ISMCTSAgent(game, seed=n, iters=1).choose(InformationSet(state, 1, Rng(n))) for n in range(20)}
    assert chosen <= preferred and state.decision(1).actions[0] not in preferred


def test_rollouts_are_cut_off_at_the_games_search_depth_for_the_table_unless_the_spec_says() -> None:
    copper, ore, tinners = load_game("copper-country"), load_game("ore-city"), load_game("tinners-trail")
    assert copper.learning.search_depth(2) < copper.learning.search_depth(4) < tinners.learning.search_depth(4)
    assert ore.learning.search_depth(4) < tinners.learning.search_depth(4)
    for game in (copper, ore, tinners):
        assert make_agent("ismcts", game).rollout_depth(4) == game.learning.search_depth(4)
    assert make_agent("ismcts:depth=90", copper).rollout_depth(4) == 90


@pytest.mark.parametrize("spec, players, decisions", [("ismcts:iters=1", 2, None), ("ismcts:iters=1", 4, None),
                                                      ("ismcts:iters=1,depth=7", 4, 7)])
def test_an_iteration_takes_as_many_decisions_as_the_rollout_depth(monkeypatch, spec, players, decisions) -> None:
    """One iteration from the start of a long game: one decision expands the root,
    the rollout plays the rest, every one of them asking the heuristic."""
    game = load_game("copper-country")
    decisions = decisions or game.learning.search_depth(players)
    state = game.new_state(players, 3, {"turn_limit": 200})
    seat = state.to_move()[0]
    asked = []
    heuristic = game.learning.heuristic
    monkeypatch.setattr(game.learning, "heuristic", lambda world, who, rng: asked.append(who) or heuristic(world, who, rng))
    make_agent(spec, game).choose(InformationSet(state, seat, Rng(1)))
    assert len(asked) == decisions
