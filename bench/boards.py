"""python -m bench.boards [--game tinners-trail] [--players 2] [--spectator] [--layout wide|narrow]
[--games 4]: the board worker's work for one state's update, on its own: every seat's board (and
a spectator's with --spectator) drawn together (`game.presentation.render_boards`) and cut into pieces
(`Board.cut_all`), over every state of `--games` random games after a warm-up game, so that
positions are fresh as a server meets them. Prints JSON: milliseconds per state and per board,
and how many boards were drawn whole (every board of a game that does not draw through
`svg.Seat`; a layered game's whose seat moves what is below one of its parts)."""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

from headframe.engine import load_game
from headframe.server.patches import Board


def states(game, players: int, audiences: list[int | None], seed: int) -> list[tuple[dict, list[dict]]]:
    """Each state of a random game: its spectator's view and the audiences' views."""
    rng, state, seen = random.Random(seed), game.new_state(players, seed=seed), []
    while True:
        seen.append((state.view(None), [state.view(audience) for audience in audiences]))
        if state.is_over():
            return seen
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def drawn(game, seen: list[tuple[dict, list[dict]]], narrow: bool) -> tuple[float, int]:
    """Seconds to draw and cut the boards of `seen`, and how many were drawn whole."""
    whole = 0
    started = time.perf_counter()
    for shared, views in seen:
        parts = game.presentation.render_boards(shared, views, narrow)
        Board.cut_all(parts)
        whole += sum(len(board) == 1 for board in parts)
    return time.perf_counter() - started, whole


def measure(name: str, players: int, spectator: bool, narrow: bool, games: int) -> dict[str, Any]:
    game = load_game(name)
    audiences: list[int | None] = [*range(players), *([None] if spectator else [])]
    drawn(game, states(game, players, audiences, seed=1000), narrow)  # warm-up: imports, first caches
    seconds = whole = count = 0
    for seed in range(games):
        seen = states(game, players, audiences, seed)
        took, drawn_whole = drawn(game, seen, narrow)
        seconds, whole, count = seconds + took, whole + drawn_whole, count + len(seen)
    return {"game": name, "players": players, "audiences": len(audiences), "layout": "narrow" if narrow else "wide",
            "states": count, "ms_per_state": round(seconds / count * 1000, 3),
            "ms_per_board": round(seconds / count / len(audiences) * 1000, 3),
            "boards_drawn_whole": whole, "boards": count * len(audiences)}


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.boards", description=__doc__)
    parser.add_argument("--game", default="tinners-trail")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--spectator", action="store_true", help="a spectator's board too")
    parser.add_argument("--layout", choices=["wide", "narrow"], default="wide")
    parser.add_argument("--games", type=int, default=4, help="random games measured, after one to warm up")
    arguments = parser.parse_args()
    print(json.dumps(measure(arguments.game, arguments.players, arguments.spectator, arguments.layout == "narrow",
                             arguments.games), indent=2))


if __name__ == "__main__":
    main()
