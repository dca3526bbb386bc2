"""The search benchmark's comparison of two trees (bench/search.py)."""

from pathlib import Path

from bench.search import Searches, compare

SRC = str(Path(__file__).resolve().parents[2] / "src")


def test_each_round_searches_with_its_own_seed() -> None:
    searches = Searches()
    rounds = [searches.measure("tinners-trail:2", 150, number)["fingerprint"] for number in (0, 0, 1)]
    assert rounds[0] == rounds[1] != rounds[2]


def test_two_trees_are_compared_round_by_round_the_cold_first_round_apart() -> None:
    (row,) = compare(SRC, ["tinners-trail:2"], iterations=3, rounds=3)
    assert row["case"] == "tinners-trail:2" and row["same_search"]
    assert len(row["speedups"]) == 3 and row["speedup_cold"] == row["speedups"][0]
    assert min(row["speedups"][1:]) <= row["speedup_median"] <= max(row["speedups"][1:])
