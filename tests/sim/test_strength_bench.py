"""The strength protocol's sequential cells (bench/strength.py)."""

from bench.strength import Cell, measure_cell, verdict
from headframe.sim.stats import wilson


def test_a_look_decides_only_when_its_stricter_interval_clears_the_target() -> None:
    assert verdict(20, 20, 0.60, looks=10)[0] == "above"
    assert verdict(5, 20, 0.95, looks=10)[0] == "below"
    assert verdict(19, 20, 0.95, looks=10)[0] == "undecided"
    _, (low, high) = verdict(30, 40, 0.5, looks=10)
    plain = wilson(30, 40)
    assert low < plain[0] and high > plain[1]  # each look's interval is wider than a single 95% one


def test_a_cell_stops_at_its_first_verdict_and_resumes_from_its_file(tmp_path) -> None:
    cell = Cell("pit-lamps", 3, "heuristic-random", "ismcts:iters=5", {})
    row = measure_cell(cell, most=9, batch=3, workers=1, out_dir=tmp_path)
    assert (row["agent"], row["opponent"], row["target"]) == ("heuristic", "random", 0.80)
    assert row["games"] in (3, 6, 9) and 0 <= row["games_won"] <= row["games"]
    assert row["looks_allowed"] == 3
    low, high = row["ci_sequential"]
    if row["verdict"] == "undecided":
        assert row["games"] == 9 and low <= 0.80 <= high
    else:
        assert (low > 0.80) if row["verdict"] == "above" else (high < 0.80)
    (results,) = tmp_path.glob("*.jsonl")
    lines = results.read_text().splitlines()
    assert len(lines) == row["games"]
    assert measure_cell(cell, most=9, batch=3, workers=1, out_dir=tmp_path) == row  # nothing played again
    assert results.read_text().splitlines() == lines


def test_a_cell_resumes_from_a_file_a_stopped_run_left_empty_or_torn(tmp_path) -> None:
    cell = Cell("pit-lamps", 3, "heuristic-random", "ismcts:iters=5", {})
    out = tmp_path / "pit-lamps-3p-heuristic-vs-random.jsonl"
    out.write_text("")  # stopped before its first game finished
    row = measure_cell(cell, most=3, batch=3, workers=1, out_dir=tmp_path)
    lines = out.read_text().splitlines()
    assert row["games"] == len(lines) == 3
    out.write_text("\n".join(lines[:2]) + "\n" + lines[2][:10])  # stopped while writing its third
    assert measure_cell(cell, most=3, batch=3, workers=1, out_dir=tmp_path) == row
    assert out.read_text().splitlines() == lines
