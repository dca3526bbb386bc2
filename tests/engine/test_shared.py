"""Mechanisms written once in the engine for every game: words for log
entries, the observer's point of view, and redealing across pile epochs."""

from __future__ import annotations

from collections import Counter

import pytest

from headframe.engine import Rng
from headframe.engine.deck import redeal, redeal_by_epoch, redeal_slots
from headframe.engine.observation import PointOfView
from headframe.engine.wording import Phrasebook, per_seat, who

WORDS = Phrasebook(
    "Test Game",
    events={"dig": lambda t, e: f"{who(e)} digs {e['depth']}{t}", "score": lambda t, e: per_seat("has", e["vp"], "{} VP")},
    actions={"dig": lambda t, a: f"dig {a}"},
    private={"dig": lambda t, part: f"you find {part['ore']}"},
)


def test_a_phrasebook_words_events_their_private_parts_and_actions() -> None:
    assert WORDS.event("m", {"event": "dig", "seat": 1, "depth": 3}) == "Seat 2 digs 3m"
    assert WORDS.event("", {"event": "dig", "seat": 0, "depth": 1, "private": {"ore": "tin"}}) == \
        "Seat 1 digs 1; you find tin"
    assert WORDS.event(None, {"event": "score", "vp": [4, 7, 1]}) == "Seat 1 has 4 VP, Seat 2 7 VP, Seat 3 1 VP"
    with pytest.raises(ValueError, match="Test Game logs no event 'fly'"):
        WORDS.event(None, {"event": "fly"})
    with pytest.raises(ValueError, match="no private part"):
        WORDS.event(None, {"event": "score", "vp": [1], "private": {}})


def test_a_point_of_view_puts_the_observer_first() -> None:
    me = PointOfView({"seat": 2, "player_count": 4})
    assert [me.relative(s) for s in range(4)] + [me.relative(None)] == [2, 3, 0, 1, None]
    assert me.rotated(["a", "b", "c", "d"]) == ["c", "d", "a", "b"]
    assert me.flags([3]) == [0.0, 1.0, 0.0, 0.0]
    grid = me.places([3, 2])  # seat 3 first, me second
    assert grid[0 * 4 + 1] == 1.0 and grid[1 * 4 + 0] == 1.0 and sum(grid) == 2
    transposed = me.by_place([3, 2])
    assert transposed[0 * 4 + 1] == 1.0 and transposed[1 * 4 + 0] == 1.0 and sum(transposed) == 2
    with pytest.raises(ValueError, match="spectator"):
        PointOfView({"seat": None, "player_count": 4})


def test_redealing_by_epoch_never_moves_a_card_across_a_reshuffle() -> None:
    rng = Rng(5)
    for _ in range(50):
        hand = ["old1", "new1", "old2"]
        other = ["new2"]
        pile = ["new3", "new4", "new5"]
        redeal_by_epoch({0: [(hand, 0), (hand, 2)], 1: [(hand, 1), (other, 0)]}, {1: pile}, rng)
        assert set(hand[0::2]) == {"old1", "old2"}  # epoch 0's cards stay among epoch 0's places
        assert Counter(hand[1:2] + other + pile) == Counter(["new1", "new2", "new3", "new4", "new5"])
        assert len(pile) == 3


def test_redealing_cards_in_place_deals_as_a_redeal_of_the_same_cards() -> None:
    """Tokens on a map (a dict's keys) and a pile set aside: the same deal as `redeal` of the
    same cards, place by place, from the same generator."""
    for seed in range(20):
        terrain = {"north": "a", "east": "b", "south": "c", "west": "d"}
        aside = ["e", "f"]
        redeal_slots([(terrain, site) for site in ("north", "south", "west")], Rng(seed), aside)
        places = [["a"], ["c"], ["d"], ["e", "f"]]
        redeal(places, Rng(seed))
        assert [terrain["north"], terrain["south"], terrain["west"], aside] == [*(p[0] for p in places[:3]), places[3]]
        assert terrain["east"] == "b"  # a face-up token is never redealt
