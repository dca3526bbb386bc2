"""Shared helpers for building Tinners' Trail positions in tests."""

from __future__ import annotations

from headframe.engine import load_game
from headframe.engine.turns import new_track
from headframe.games.tinners_trail import time_track
from headframe.games.tinners_trail.flow import FLOW

GAME = load_game("tinners-trail")
T = GAME.tables


def area(name: str) -> int:
    return T.index[name]


def new(players: int = 3, seed: int = 1, **options):
    return GAME.new_state(players, seed, options or None)


def empty_board(state) -> None:
    """Clear every cube and piece; every area discovered but Penzance-like clear ones."""
    count = len(T.area_ids)
    state.copper = [0] * count
    state.tin = [0] * count
    state.water = [0] * count
    state.mine = [-1] * count
    state.port = [False] * count
    state.miner = [False] * count
    state.train = [False] * count
    state.adit = [False] * len(T.borders)
    state.mines_built = [0] * state.players
    state._decisions = {}


def actions_phase(state, pending=(), spent=None, passed=(), money=None) -> None:
    """Put the state in phase three with the given column, time and passes."""
    state.step = "actions"
    state.auction = None
    state.pumping = 0
    state.pending = list(pending)
    state.passed = list(passed)
    state.track = new_track(state.players)
    state.last_action_taken = False
    if spent is not None:
        for seat, points in enumerate(spent):
            if points:
                state.track["spent"][seat] = points
    if money is not None:
        state.money = list(money)
    next_active(state)
    state._decisions = {}


def next_active(state) -> None:
    """Choose the active player as after an action (phases four on run if phase three is over)."""
    time_track.next_active(state)
    FLOW.proceed(state)


def kinds(state, seat=None) -> set[str]:
    seat = state.to_move()[0] if seat is None else seat
    return {a.kind for a in state.decision(seat).actions}


def ids(state, seat=None) -> set[str]:
    seat = state.to_move()[0] if seat is None else seat
    return {a.id for a in state.decision(seat).actions}


def play(state, *moves) -> None:
    """Apply moves (action ids) by whoever is to move."""
    for move in moves:
        state.apply(state.to_move()[0], move)


class ScriptedDice:
    """A stand-in for the state's Rng that returns scripted die indexes (0-5)."""

    def __init__(self, faces: list[int]) -> None:
        self.faces = list(faces)
        self.state = 0

    def below(self, n: int) -> int:
        return self.faces.pop(0)

    def shuffle(self, items) -> None:
        pass


def die(kind: str, value: int) -> int:
    """The index of a face showing `value` on a die."""
    faces = {"water": T.water_die, "copper": T.copper_die, "tin": T.tin_die}[kind]
    return faces.index(value)


SHORT_STEPS = ("pumps", "invest", "prospect", "over")


def sampled(state, rng, every: int):
    """`state` played to the end, random moves and the heuristic's in turn, yielded before
    every `every`th decision and every decision of a short step (and once over)."""
    count = 0
    while True:
        if count % every == 0 or state.step in SHORT_STEPS:
            yield state
        if state.is_over():
            return
        seat = state.to_move()[0]
        action = GAME.learning.heuristic(state, seat, rng) if count % 2 else rng.choice(state.decision(seat).actions)
        state.apply(seat, action)
        count += 1
