from hypothesis import given
from hypothesis import strategies as st

from headframe.engine import Rng


def test_splitmix64_reference_values() -> None:
    # First outputs of SplitMix64 seeded with 0 (Vigna's reference implementation).
    rng = Rng(0)
    assert [rng.next64() for _ in range(3)] == [
        0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=1, max_value=10**6))
def test_below_stays_in_range_and_copies_agree(seed: int, bound: int) -> None:
    rng = Rng(seed)
    twin = rng.copy()
    values = [rng.below(bound) for _ in range(20)]
    assert all(0 <= v < bound for v in values)
    assert values == [twin.below(bound) for _ in range(20)]


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=1, max_value=2**64))
def test_below_is_the_generators_next_number_scaled(seed: int, bound: int) -> None:
    # below() repeats next64's steps for speed: the two must stay one generator.
    rng, reference = Rng(seed), Rng(seed)
    for _ in range(5):
        assert rng.below(bound) == (reference.next64() * bound) >> 64
    assert rng.state == reference.state


@given(st.integers(min_value=0, max_value=2**63), st.lists(st.integers(), max_size=30))
def test_shuffle_is_a_permutation(seed: int, items: list[int]) -> None:
    shuffled = list(items)
    Rng(seed).shuffle(shuffled)
    assert sorted(shuffled) == sorted(items)


def test_dice_are_roughly_uniform() -> None:
    rng = Rng(42)
    counts = [0] * 7
    for _ in range(60000):
        counts[rng.randint(1, 6)] += 1
    assert counts[0] == 0 and all(9500 < c < 10500 for c in counts[1:])


def test_fork_is_independent_of_later_draws() -> None:
    rng = Rng(9)
    child = rng.fork()
    first = child.next64()
    rng.next64()
    assert Rng(9).fork().next64() == first


def test_seed_must_be_an_integer() -> None:
    import pytest

    with pytest.raises(TypeError):
        Rng("7")  # type: ignore[arg-type]
