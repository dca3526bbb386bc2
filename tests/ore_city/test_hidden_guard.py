"""A guard over random games: no seat's log or view holds a face it cannot know,
and every determinized world looks the same to its seat (ORE-R9, ORE-R40)."""

from __future__ import annotations

import random

from headframe.engine import Rng

from .helpers import GAME, TYPE

PUBLIC_WORKS = {card for card, kind in TYPE.items() if kind == 3}
HIDDEN_EVENTS = ("draw", "police_take", "take", "give")
BUSY = ("exchange", "flush", "give", "take", "accomplish", "police_take")  # information paths


def _leaks(state, seat):
    """Log entries showing `seat` a card it cannot know."""
    found = []
    for entry in state.log_for(seat):
        name = entry["event"]
        if name in HIDDEN_EVENTS and entry.get("seat") != seat and "card" in entry and (
                name in ("draw", "police_take") or entry.get("type") == "public_works"):
            if not (name == "police_take" and entry.get("opponent") == seat):
                found.append(entry)
        if "private" in entry and name in HIDDEN_EVENTS and entry.get("seat") != seat \
                and not (name == "police_take" and entry.get("opponent") == seat):
            found.append(entry)
        if name in ("game_starts", "flush_dealt") and any(c in PUBLIC_WORKS for c in entry["common"]):
            found.append(entry)
    return found


def test_random_games_leak_nothing_and_worlds_match_views():
    worlds = 0
    for seed in range(24):
        players = 2 + seed % 5
        state = GAME.new_state(players, seed)
        pick = random.Random(seed)
        for step in range(400):
            if state.is_over():
                break
            seat = state.to_move()[0]
            actions = state.decision(seat).actions
            busy = [a for a in actions if a.kind in BUSY]
            state.apply(seat, pick.choice(busy) if busy and pick.random() < 0.5 else pick.choice(actions))
            if step % 23:
                continue
            for viewer in range(players):
                view = state.view(viewer)
                world = state.determinize(viewer, Rng(step * 7 + viewer))
                world.validate()
                assert world.view(viewer) == view
                worlds += 1
        for viewer in range(players):
            assert _leaks(state, viewer) == []
    assert worlds > 300


def test_the_guard_sees_a_leak():
    # the scan itself: a public PW card in a log entry is reported
    state = GAME.new_state(3, 1)
    state.log.append({"event": "take", "seat": 0, "type": "public_works", "card": "hospital"})
    state.log.append({"event": "flush_dealt", "seat": 0, "common": ["hospital"]})
    assert len(_leaks(state, 1)) == 2
