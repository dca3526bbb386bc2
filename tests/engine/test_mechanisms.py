import pickle

from hypothesis import given
from hypothesis import strategies as st

from headframe.engine import Rng
from headframe.engine.deck import draw, draw_from_bag, redeal, shuffled
from headframe.engine.memo import Memo
from headframe.engine.turns import (
    advance,
    clockwise,
    commit,
    hindmost,
    new_track,
    reveal,
    sealed_view,
    uncommitted,
)


def test_draw_takes_the_top_and_reshuffles_discards_when_empty() -> None:
    rng = Rng(1)
    pile, discard = [1, 2], [7, 8, 9]
    assert draw(pile, rng, discard) == 2 and draw(pile, rng, discard) == 1
    third = draw(pile, rng, discard)
    assert third in (7, 8, 9) and discard == [] and sorted(pile + [third]) == [7, 8, 9]
    assert draw([], rng) is None


@given(st.lists(st.lists(st.integers(0, 9), max_size=5), max_size=5), st.integers(0, 2**32))
def test_redeal_keeps_sizes_and_cards(places, seed) -> None:
    before_sizes = [len(p) for p in places]
    before_cards = sorted(c for p in places for c in p)
    redeal(places, Rng(seed))
    assert [len(p) for p in places] == before_sizes
    assert sorted(c for p in places for c in p) == before_cards


def test_bag_and_shuffled() -> None:
    rng = Rng(3)
    bag = shuffled(range(5), rng)
    drawn = [draw_from_bag(bag, rng) for _ in range(5)]
    assert sorted(drawn) == [0, 1, 2, 3, 4] and draw_from_bag(bag, rng) is None


def test_turn_order() -> None:
    assert clockwise(2, 4) == [2, 3, 0, 1]


def test_time_track_least_spent_then_first_to_arrive() -> None:
    track = new_track(3)
    assert hindmost(track, [0, 1, 2]) == 0
    advance(track, 0, 2)
    advance(track, 1, 2)
    advance(track, 2, 1)
    assert hindmost(track, [0, 1, 2]) == 2
    advance(track, 2, 1)
    assert hindmost(track, [0, 1, 2]) == 0  # seat 0 reached space 2 first


def test_sealed_commitments() -> None:
    sealed = {}
    commit(sealed, 1, "north")
    assert uncommitted(sealed, range(3)) == (0, 2)
    assert sealed_view(sealed, 0) == {"1": "sealed"} and sealed_view(sealed, 1) == {"1": "north"}
    assert sealed_view(sealed, None) == {"1": "sealed"}
    assert reveal(sealed) == {1: "north"} and sealed == {}


def test_a_memo_keeps_values_and_empties_itself_when_full() -> None:
    memo: Memo[tuple, int] = Memo(size=3)
    assert memo.keep((1,), 10) == 10 and memo.get((1,)) == 10 and memo.get((9,)) is None
    memo.keep((2,), 20)
    memo.keep((3,), 30)
    assert len(memo) == 3
    memo.keep((4,), 40)  # full: emptied first, so it never holds more than its size
    assert memo == {(4,): 40}
    twin = pickle.loads(pickle.dumps(memo))  # game tables travel to worker processes
    assert twin == memo and twin.size == 3 and type(twin) is Memo
