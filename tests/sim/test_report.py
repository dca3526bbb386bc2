"""The balance report and the A/B of options, on Pit Lamps (tests/tinygame)."""

from __future__ import annotations

import json
import sys
from collections import Counter

import pytest
from scipy import stats
from statsmodels.stats.multitest import multipletests
from statsmodels.stats.proportion import proportions_ztest
from typer.testing import CliRunner

from headframe.cli import app
from headframe.sim.balance import action_kinds, kind_and_winning, p_value, win_estimates
from headframe.sim.compare import differences, paired_games
from headframe.sim.match import MatchPlan, play_match
from headframe.sim.report import markdown, write_html
from headframe.sim.results import load_results, summarize
from headframe.sim.runner import Run, simulate

RUN = Run("pit-lamps", 3, ("heuristic", "random"), games=30, seed=2)


def line(index: int, winner: int | None, players: int = 3) -> dict:
    """A results line in which `winner` wins (everyone ties when None)."""
    ranking = [1] * players if winner is None else [1 if seat == winner else 2 for seat in range(players)]
    scores = [10 if place == 1 else 5 + (index + seat) % 3 for seat, place in enumerate(ranking)]
    return {"index": index, "seed": index, "game": "pit-lamps", "players": players, "agents": ["random"] * players,
            "scores": scores, "ranking": ranking, "length": 20}


def test_a_seat_that_always_wins_is_flagged_and_a_fair_run_is_not() -> None:
    biased = summarize("biased", [line(index, 0) for index in range(30)])
    p, seats = win_estimates(biased)
    assert p < 0.001 and seats[0].low > 0  # seat 1's interval lies above a fair 1/3
    assert all(seat.high < 0 for seat in seats[1:])
    assert "Seat position matters" in markdown([biased])
    fair = summarize("fair", [line(index, index % 3) for index in range(30)])
    p, seats = win_estimates(fair)
    assert p == pytest.approx(1.0) and all(seat.low < 0 < seat.high for seat in seats)
    assert "No evidence that seat position matters" in markdown([fair])


def test_the_seat_tests_are_holm_corrected_and_the_kind_tests_bh_corrected(tmp_path) -> None:
    simulate(RUN, tmp_path / "run.jsonl")
    summary = summarize("run", load_results(tmp_path / "run.jsonl"))
    raw = [proportions_ztest(wins, 30, 1 / 3, prop_var=1 / 3)[1] for wins in summary.seat_wins]
    holm = multipletests(raw, method="holm")[1]
    _, seats = win_estimates(summary)
    assert [seat.p for seat in seats] == pytest.approx(list(holm))
    text = markdown([summary])
    assert all(p_value(seat.p) in text for seat in seats)
    games, kinds = action_kinds(summary)
    gaps = {kind: [] for kind in kinds}
    for game in games:
        for kind in kinds:
            counts = [seat.get(kind, 0) for seat in game.actions]
            won = [c for c, share in zip(counts, game.shares) if share]
            lost = [c for c, share in zip(counts, game.shares) if not share]
            if lost:
                gaps[kind].append(sum(won) / len(won) - sum(lost) / len(lost))
    assert set(gaps["bid"]) == {0}  # every seat bids once a round: no test, p = 1
    raw = [stats.ttest_1samp(gaps[kind], 0).pvalue if kind != "bid" else 1.0 for kind in kinds]
    bh = multipletests(raw, method="fdr_bh")[1]
    assert [found.p for found in kind_and_winning(games, kinds)] == pytest.approx(list(bh))
    assert min(bh) < 0.05 and min(bh) != pytest.approx(min(raw))  # corrected, and it mattered


def test_action_counts_add_up_to_each_seats_decisions() -> None:
    result = play_match(MatchPlan("pit-lamps", 3, ("heuristic", "random", "random"), seed=4, with_record=True))
    taken = [Counter() for _ in range(3)]
    for step in result["record"]["actions"]:
        taken[step["seat"]][step["action"]["kind"]] += 1
    assert result["actions"] == [dict(counts) for counts in taken]
    assert sum(sum(seat.values()) for seat in result["actions"]) == result["length"]


def test_old_lines_without_action_counts_still_report(tmp_path) -> None:
    simulate(RUN, tmp_path / "run.jsonl")
    lines = load_results(tmp_path / "run.jsonl")
    for old in lines:
        del old["actions"]
    text = markdown([summarize("old", lines)])
    assert "### Score by seat" in text and "do not count actions" in text and "Action kinds and winning" not in text


def test_runs_on_the_same_seeds_are_paired_and_others_are_not(tmp_path) -> None:
    simulate(RUN, tmp_path / "a.jsonl")
    simulate(Run("pit-lamps", 3, RUN.agents, games=30, seed=2, options={"rounds": 2}), tmp_path / "b.jsonl")
    simulate(Run("pit-lamps", 3, RUN.agents, games=30, seed=3, options={"rounds": 2}), tmp_path / "c.jsonl")
    a, b, c = (summarize(name, load_results(tmp_path / f"{name}.jsonl")) for name in "abc")
    assert paired_games(a, b) is not None and paired_games(a, c) is None
    text = markdown([a, b, c])
    assert "## b against a\n\nPaired game by game: the 30 games" in text
    assert "## c against a\n\nNot paired" in text


def test_the_ab_command_plays_both_settings_on_the_same_games_and_pairs_them(tmp_path) -> None:
    out = tmp_path / "ab.jsonl"
    result = CliRunner().invoke(app, ["simulate", "pit-lamps", "-p", "3", "-a", "heuristic,random", "-k", "20",
                                      "-o", "dig_limit=1", "--compare", "rounds=2,3", "--out", str(out)])
    assert result.exit_code == 0, result.output
    short, long = tmp_path / "ab.rounds=2.jsonl", tmp_path / "ab.rounds=3.jsonl"
    a, b = ([json.loads(row) for row in path.read_text().splitlines()] for path in (short, long))
    by_index = {line["index"]: line for line in b}
    assert len(a) == len(b) == 20 and not out.exists()
    for first in a:
        second = by_index[first["index"]]
        assert (first["seed"], first["agents"]) == (second["seed"], second["agents"])
        assert (first["options"]["rounds"], second["options"]["rounds"]) == (2, 3)
        assert first["options"]["dig_limit"] == second["options"]["dig_limit"] == 1
    base, other = summarize("short", a), summarize("long", b)
    pairs = paired_games(base, other)
    assert pairs is not None
    measures = [("length", lambda game: game.length), ("seat 1 win", lambda game: game.shares[0])]
    (_, _, length), (_, _, seat) = differences(base, other, pairs, measures, "holm")
    length_gaps = [by_index[first["index"]]["length"] - first["length"] for first in a]
    assert length.value == pytest.approx(sum(length_gaps) / 20)
    assert length.low < length.value < length.high
    assert seat.value == pytest.approx(sum(game_b.shares[0] - game_a.shares[0] for game_a, game_b in pairs) / 20)
    assert "Paired game by game" in result.output


@pytest.mark.parametrize("compare", ["rounds=0,2", "nosuch=1,2", "rounds=2", "rounds=2,2", "dig_limit=1,2"])
def test_a_bad_ab_option_fails_before_anything_is_played(tmp_path, compare) -> None:
    result = CliRunner().invoke(app, ["simulate", "pit-lamps", "-p", "3", "-a", "random", "-k", "4", "-o",
                                      "dig_limit=1", "--compare", compare, "--out", str(tmp_path / "x.jsonl")])
    assert result.exit_code == 2 and "error:" in result.output
    assert not list(tmp_path.iterdir())


def test_the_html_report_is_self_contained_and_speaks_to_people(tmp_path) -> None:
    simulate(RUN, tmp_path / "run.jsonl")
    write_html([summarize("run", load_results(tmp_path / "run.jsonl"))], tmp_path / "r.html")
    page = (tmp_path / "r.html").read_text()
    assert page.count("<img alt=") == 5 and "Points by source by seat" in page
    assert "seat 1" in page and "seat 0" not in page and "score_" not in page and "{'" not in page
    assert "src='http" not in page  # nothing to fetch


def test_a_report_without_the_lab_extra_says_how_to_install_it(tmp_path, monkeypatch) -> None:
    simulate(RUN, tmp_path / "run.jsonl")
    for module in ("scipy", "statsmodels"):
        monkeypatch.setitem(sys.modules, module, None)  # as if not installed
    for module in [name for name in sys.modules if name.startswith("headframe.sim.") and
                   name.rsplit(".", 1)[1] in ("stats", "balance", "compare", "plots")]:
        monkeypatch.delitem(sys.modules, module)
    result = CliRunner().invoke(app, ["report", str(tmp_path / "run.jsonl")])
    assert result.exit_code == 2 and "pip install 'headframe[lab]'" in result.output
