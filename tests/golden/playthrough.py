"""Golden playthroughs: a few seeded random games per game, kept as records
with a readable summary of every decision and of the final state. Any change
to a game's behaviour shows as a diff of these files (`make golden` rewrites them)."""

from __future__ import annotations

import json
from pathlib import Path

from headframe.engine import Game, Rng, UnknownGame, game_names, load_game, seat_label

HERE = Path(__file__).parent


def golden_cases() -> list[tuple[str, int, int]]:
    """(game, players, seed): the fewest and the most players, one seed each
    (players 0 for a game that does not load, so that it fails by name)."""
    cases = []
    for name in game_names():
        try:
            players = load_game(name).players
        except UnknownGame:
            cases.append((name, 0, 0))
            continue
        cases += [(name, players[0], 1), (name, players[-1], 2)]
    return cases


def paths(name: str, players: int, seed: int) -> tuple[Path, Path]:
    stem = HERE / name / f"{players}p-seed{seed}"
    return stem.with_suffix(".json"), stem.with_suffix(".txt")


def play(game: Game, players: int, seed: int) -> tuple[dict, str]:
    """Play the seeded random game; return its record and its readable summary."""
    state = game.new_state(players, seed)
    policy = Rng(seed)
    lines = [f"{game.title}, {players} players, seed {seed}, default options", ""]
    shown = 0

    def log_lines() -> None:
        nonlocal shown
        entries = state.log_for(None)
        lines.extend("      " + game.presentation.describe_event(entry) for entry in entries[shown:])
        shown = len(entries)

    log_lines()
    while not state.is_over():
        seat = policy.choice(state.to_move())
        decision = state.decision(seat)
        action = policy.choice(decision.actions)
        lines.append(f"{len(state.history) + 1:4}. {seat_label(seat)} [{decision.kind}, "
                     f"{len(decision.actions)} choices] {game.presentation.describe_action(action)}")
        state.apply(seat, action)
        log_lines()
    lines += ["", game.presentation.render_text(state.view(None)), "", json.dumps(state.result().to_json())]
    return state.record(), "\n".join(lines) + "\n"
