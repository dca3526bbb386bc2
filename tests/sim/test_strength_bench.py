from bench.strength import measure


def test_the_strength_bench_plays_the_pairings_asked_for(tmp_path) -> None:
    rows = measure("pit-lamps", 3, games=6, ismcts="ismcts:iters=5", workers=1, out_dir=tmp_path,
                   pairings=("ismcts-random", "heuristic-random"))
    assert [(row["agent"], row["opponent"]) for row in rows] == [("ismcts:iters=5", "random"), ("heuristic", "random")]
    for row in rows:
        assert row["games"] == 6 and 0 <= row["games_won"] <= 6
        low, high = row["ci95"]
        assert low <= row["win_rate"] <= high
    assert len(list(tmp_path.glob("*.jsonl"))) == 2
