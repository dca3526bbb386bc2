from bench.rl import measure


def test_bench_plays_whole_games_through_the_environment() -> None:
    row = measure("pit-lamps", 3, seconds=0.0)
    assert row["games"] == 1 and row["steps_per_s"] > 0
    assert 3 * (3 + 3) <= row["steps_per_game"] <= 3 * (3 + 3 * 3)  # 3 rounds: 3 bids, 1 to 3 decisions a worker
    assert (row["observation_size"], row["actions"]) == (39, 9)
