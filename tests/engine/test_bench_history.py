"""The engine benchmark's history (bench/history.py): runs kept with their commit,
found again by commit, compared measure by measure; a slowdown past 10% in
decisions/s or clone time is a regression, other measures only report."""

from __future__ import annotations

import json

import pytest

from bench import history
from headframe import bench
from headframe.agents.random_agent import play_random_game
from headframe.bench import best_of


def a_run(decisions: float, clone: float, ismcts: float = 100.0) -> dict:
    return {"python": "3.11.7", "machine": "x86_64", "seconds_per_case": 2.0, "results": [
        {"game": "ore-city", "players": 2, "decisions_per_s": decisions, "clone_us": clone,
         "to_json_us": 50.0, "random_games_per_s": 10.0, "ismcts_iterations_per_s": ismcts}]}


def flagged(before: dict, after: dict) -> set[str]:
    return {row["measure"] for row in history.compare(before, after) if row["regression"]}


def test_a_slowdown_past_ten_percent_in_decisions_or_clones_is_a_regression() -> None:
    base = a_run(50_000, 20.0)
    assert flagged(base, a_run(46_000, 21.9)) == set()  # within 10%
    assert flagged(base, a_run(44_000, 20.0)) == {"decisions_per_s"}
    assert flagged(base, a_run(50_000, 22.5)) == {"clone_us"}  # clones: lower is better
    assert flagged(base, a_run(60_000, 10.0, ismcts=10.0)) == set()  # ISMCTS only reports
    ratios = {row["measure"]: row["ratio"] for row in history.compare(base, a_run(100_000, 10.0))}
    assert ratios["decisions_per_s"] == 2.0 and ratios["clone_us"] == 0.5


def test_games_in_one_run_only_are_left_out() -> None:
    other = a_run(1, 1)
    other["results"][0]["game"] = "coal-country"
    assert history.compare(a_run(50_000, 20.0), other) == []


def test_a_kept_run_is_found_by_its_commit_and_reported(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(history, "_git", lambda *args: "0123456789abcdef" if args[0] == "rev-parse" else "")
    path = history.save(a_run(50_000, 20.0), tmp_path)
    kept = json.loads(path.read_text())
    assert kept["commit"] == "0123456789abcdef" and kept["dirty"] is False and path.name.endswith("-0123456789.json")
    assert history.find("01234", tmp_path) == path == history.runs(tmp_path)[-1]
    with pytest.raises(LookupError):
        history.find("fedcba", tmp_path)
    slower = a_run(40_000, 20.0)
    text = history.report(kept, slower, history.compare(kept, slower))
    assert "decisions_per_s" in text and "REGRESSION" in text and "0123456789" in text


def test_a_check_is_against_the_newest_run_that_measured_the_same_games(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(history, "_git", lambda *args: "feed" if args[0] == "rev-parse" else "")
    whole = history.save(a_run(50_000, 20.0), tmp_path)
    part = a_run(50_000, 20.0)
    part["results"][0]["game"] = "coal-country"
    (tmp_path / "99999999T000000Z-feed.json").write_text(json.dumps({"commit": "feed", **part}))  # newer, other game
    assert history.baseline(a_run(1, 1), history.runs(tmp_path)) == whole
    assert history.baseline(a_run(1, 1), []) is None


def test_rounds_keep_each_rate_at_its_best() -> None:
    # Other load only slows a round down: the best round of each rate is the one to compare.
    first, second = a_run(40_000, 25.0, ismcts=120.0)["results"][0], a_run(50_000, 30.0, ismcts=90.0)["results"][0]
    best = best_of([first, second])
    assert (best["decisions_per_s"], best["clone_us"], best["ismcts_iterations_per_s"]) == (50_000, 25.0, 120.0)
    assert best["game"] == "ore-city" and best_of([first]) == first


def test_a_check_is_only_against_a_run_on_the_same_clock(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(history, "_git", lambda *args: "feed" if args[0] == "rev-parse" else "")
    wall = history.save(a_run(50_000, 20.0), tmp_path)  # kept before runs said their clock: wall time
    cpu = {**a_run(40_000, 20.0), "clock": "cpu"}
    assert history.baseline(cpu, history.runs(tmp_path)) is None
    assert history.baseline(a_run(1, 1), history.runs(tmp_path)) == wall
    assert "timed wall and cpu time" in history.report(a_run(1, 1), cpu, history.compare(a_run(1, 1), cpu))
    (tmp_path / "99999999T000000Z-feed.json").write_text(json.dumps({"commit": "feed", **cpu}))
    assert history.baseline(cpu, history.runs(tmp_path)).name.startswith("99999999")


def test_each_round_plays_its_own_games(monkeypatch) -> None:
    # A round that replayed an earlier round's games would find the games' memos warm from those very games.
    seeds: dict[int, set[int]] = {0: set(), 1: set()}
    for number in seeds:
        monkeypatch.setattr(bench, "play_random_game",
                            lambda state, rng, seen=seeds[number]: seen.add(state.seed) or play_random_game(state, rng))
        assert bench.bench_game("pit-lamps", 2, seconds=0.05, round_number=number)["random_games"] == len(seeds[number])
    assert seeds[0] and seeds[1] and not seeds[0] & seeds[1]
    assert bench.run(["pit-lamps"], [2], seconds=0.05)["clock"] == "cpu"
