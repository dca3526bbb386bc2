"""Our ISMCTS against OpenSpiel's Python ISMCTSBot on the same game
(python -m bench.ismcts_vs_openspiel --game ore-city): iterations per second
from the same positions, and the head-to-head win rate at equal time per move.
Needs the rl extra (open_spiel). Prints JSON."""

from __future__ import annotations

import argparse
import json
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from headframe.agents import InformationSet, ISMCTSAgent
from headframe.engine import Rng, load_game
from headframe.rl.openspiel import SpielState, register
from headframe.sim.stats import wilson


def positions(game, players: int, count: int) -> list:
    rng, found = Rng(3), []
    for seed in range(count):
        state = game.new_state(players, seed)
        for _ in range(rng.below(30)):
            if state.is_over():
                break
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.decision(seat).actions))
        if not state.is_over():
            found.append(state)
    return found


def rates(name: str, players: int, seconds: float) -> tuple[float, float]:
    game = load_game(name)
    spiel = pyspiel.load_game(register(name), {"players": players})
    ours = theirs = 0.0
    sample = positions(game, players, 5)
    for state in sample:
        seat = state.to_move()[0]
        agent = ISMCTSAgent(game, seed=1, time_s=seconds, rollout="random", early_stop=False)
        start = time.perf_counter()
        agent.choose(InformationSet(state, seat, Rng(1)))
        ours += agent.last_iterations / (time.perf_counter() - start)
        bot = ismcts.ISMCTSBot(spiel, mcts.RandomRolloutEvaluator(1, np.random.RandomState(1)), uct_c=0.7,
                               max_simulations=max(1, int(agent.last_iterations / 10)),
                               random_state=np.random.RandomState(1))
        start = time.perf_counter()
        bot.step(SpielState(spiel, state.clone()))
        theirs += bot._max_simulations / (time.perf_counter() - start)
    return ours / len(sample), theirs / len(sample)


def head_to_head(name: str, players: int, seconds: float, games: int, their_rate: float) -> dict:
    game = load_game(name)
    spiel = pyspiel.load_game(register(name), {"players": players})
    won = 0
    for index in range(games):
        ours_seat = index % players
        state = SpielState(spiel, game.new_state(players, 500 + index))
        agent = ISMCTSAgent(game, seed=index, time_s=seconds, rollout="random")
        rng = np.random.RandomState(index)
        bot = ismcts.ISMCTSBot(spiel, mcts.RandomRolloutEvaluator(1, rng), uct_c=0.7,
                               max_simulations=max(1, int(their_rate * seconds)), random_state=rng)
        while not state.is_terminal():
            seat = state.current_player()
            if seat == ours_seat:
                action = agent.choose(InformationSet(state.state, seat, Rng(index)))
                state.apply_action(state.space.index(action))
            else:
                state.apply_action(bot.step(state))
        won += state.state.result().ranking[ours_seat] == 1
    low, high = wilson(won, games)
    return {"games": games, "ours_won": won, "win_rate": won / games, "ci95": [low, high]}


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.ismcts_vs_openspiel", description=__doc__)
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=0.5, help="time per move")
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    ours, theirs = rates(args.game, args.players, args.seconds)
    print(json.dumps({
        "game": args.game, "players": args.players, "seconds_per_move": args.seconds,
        "ours_iterations_per_s": round(ours, 1), "openspiel_iterations_per_s": round(theirs, 1),
        "speed_ratio": round(ours / theirs, 2),
        "head_to_head": head_to_head(args.game, args.players, args.seconds, args.games, theirs),
    }, indent=1))


if __name__ == "__main__":
    main()
