"""Hints: what the game's ISMCTS would do at a seat's decision, as its top
three root choices with their shares of the search's visits.

The search sees the seat's information set only (`InformationSet`: its view,
its decision, worlds sampled from what it knows), exactly as the bot would at
that seat, so a hint cannot tell a player anything their seat may not know."""

from __future__ import annotations

from headframe.engine import Action, IllegalAction, Rng, State, seat_label

from .base import InformationSet
from .ismcts import ISMCTSAgent

TOP = 3  # choices shown
# Progressive widening: a second's few hundred iterations spread over Tinners' Trail's
# 95 actions give every one ~1%; widened, the search tries the heuristic's choice
# first and a few more as its visits grow (95 actions, 1 s: top shares 26/15/14%).
WIDENING = 1.0


def hint(state: State, seat: int, seconds: float = 1.0, seed: int = 0,
         iterations: int | None = None) -> list[tuple[Action, float]]:
    """The search's best choices for `seat`, most visited first, each with its share
    of the iterations (the shares sum to at most 1). `iterations` replaces the time
    budget (for tests: the same seed then gives the same hint)."""
    if seat not in state.to_move():
        raise IllegalAction(f"{seat_label(seat)} has no decision to make now")
    info = InformationSet(state, seat, Rng(seed).fork())
    actions = info.decision.actions
    if len(actions) == 1:
        return [(actions[0], 1.0)]
    agent = ISMCTSAgent(state.game, seed=seed, iters=iterations, time_s=None if iterations else seconds,
                        widening=WIDENING, early_stop=False)
    root = agent.search(info)
    visited = [action for action in actions if action in root.children]
    visited.sort(key=lambda a: (-root.children[a].visits, -root.children[a].reward))
    return [(action, root.children[action].visits / root.visits) for action in visited[:TOP]]
