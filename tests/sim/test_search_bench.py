"""The search benchmark's comparison of two trees (bench/search.py)."""

import os
from pathlib import Path

from bench.search import Searches, compare, compare_fresh

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


def test_fresh_searches_of_a_given_length_are_compared_run_by_run_and_position_by_position() -> None:
    (row,) = compare_fresh(SRC, ["tinners-trail:2"], seconds=0.05, runs=2, at="start")
    assert row["at"] == "start" and row["at_once"] == (len(os.sched_getaffinity(0)) >= 2)
    assert len(row["old_rates"]) == len(row["new_rates"]) == 2 and min(row["old_rates"] + row["new_rates"]) > 0
    ratios = [new / old for old, new in zip(row["old_rates"], row["new_rates"])]
    assert row["speedup_range"] == [round(min(ratios), 3), round(max(ratios), 3)]
    assert row["speedup_range"][0] <= row["speedup_median"] <= row["speedup_range"][1]
    assert len(row["positions"]) == 4  # the start of games 0 to 3
    for position in row["positions"]:
        assert position["progress"] < 10 and len(position["new_rates"]) == 2
        assert position["speedup_range"][0] <= position["speedup_median"] <= position["speedup_range"][1]
