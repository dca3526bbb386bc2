"""An audience's version is how many of the game's actions changed its view (docs/api.md,
"WebSocket protocol"): kept as actions are made and taken back, and always what counting
them again gives; and how many actions there were when it came to each version (whether a
seat's decision at a version has moved on)."""

from __future__ import annotations

import random

from headframe.server.rooms import Seen


def counted(masks: list[int], bit: int) -> int:
    return sum(1 for mask in masks if mask & bit)


def test_versions_through_moves_and_take_backs_are_the_counts_of_the_masks():
    # Four seats (bits 0-3) and spectators (bit 4); a game loaded with 40 actions, then played and taken back.
    rng = random.Random(7)
    masks = [rng.randrange(1, 1 << 5) for _ in range(40)]
    seen = Seen(masks)
    for _ in range(500):
        if masks and rng.random() < 0.4:
            assert seen.pop() == masks.pop()
        else:
            masks.append(rng.randrange(0, 1 << 5))
            seen.append(masks[-1])
        assert seen.masks == masks
        assert [seen.count(1 << bit) for bit in range(5)] == [counted(masks, 1 << bit) for bit in range(5)]
        for bit in range(5):  # each version was reached at the action that changed the audience's view to it
            changed = [0] + [n for n, mask in enumerate(masks, start=1) if mask & 1 << bit]
            assert [seen.reached(1 << bit, version) for version in range(len(changed) + 1)] == [*changed, None]
