from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from typer.testing import CliRunner

from headframe.cli import app
from headframe.sim.ladder import ladder_plans, rate
from headframe.sim.match import seating
from headframe.sim.report import markdown, write_html
from headframe.sim.results import load_results, summarize
from headframe.sim.runner import Run, RunError, play_plans, simulate
from headframe.skill import DEFAULT, Z95
from headframe.skill import rate as rate_places

RUN = Run("pit-lamps", 3, ("heuristic", "random"), games=12, seed=5)


def lines_of(path: Path) -> list[dict]:
    return sorted((json.loads(row) for row in path.read_text().splitlines()), key=lambda line: line["index"])


def test_same_results_whatever_the_number_of_workers(tmp_path) -> None:
    simulate(RUN, tmp_path / "one.jsonl", workers=1)
    simulate(RUN, tmp_path / "two.jsonl", workers=2)
    one, two = lines_of(tmp_path / "one.jsonl"), lines_of(tmp_path / "two.jsonl")
    assert one == two and [line["index"] for line in one] == list(range(12))
    assert len({line["seed"] for line in one}) == 12


def test_games_sent_to_the_workers_in_chunks_give_the_same_results(tmp_path) -> None:
    """Enough games for chunks of several games a task (at least 32 chunks a worker)."""
    run = Run("pit-lamps", 2, ("random",), games=200, seed=9)
    simulate(run, tmp_path / "one.jsonl", workers=1)
    simulate(run, tmp_path / "two.jsonl", workers=2)
    one, two = lines_of(tmp_path / "one.jsonl"), lines_of(tmp_path / "two.jsonl")
    assert one == two and [line["index"] for line in one] == list(range(200))


def test_seats_rotate_unless_fixed() -> None:
    assert seating(["a", "b"], 3, 0, True) == ("a", "b", "a")
    assert seating(["a", "b"], 3, 1, True) == ("a", "a", "b")
    assert seating(["a", "b"], 3, 1, False) == ("a", "b", "a")


def test_an_interrupted_run_resumes_where_it_stopped(tmp_path) -> None:
    whole, cut = tmp_path / "whole.jsonl", tmp_path / "cut.jsonl"
    simulate(RUN, whole)
    rows = whole.read_text().splitlines()
    cut.write_text("\n".join(rows[:5]) + "\n" + rows[5][:17])  # killed while writing line 6
    assert simulate(RUN, cut) == 7
    assert lines_of(cut) == lines_of(whole)
    assert simulate(RUN, cut) == 0


def test_a_results_file_of_another_run_is_refused(tmp_path) -> None:
    out = tmp_path / "r.jsonl"
    simulate(RUN, out)
    with pytest.raises(RunError, match="another run"):
        simulate(Run("pit-lamps", 3, ("random",), games=12, seed=6), out)
    out.write_text("not json\n")
    with pytest.raises(RunError, match="not a results line"):
        simulate(RUN, out)


def test_report_summarises_and_compares(tmp_path) -> None:
    simulate(RUN, tmp_path / "base.jsonl")
    simulate(Run("pit-lamps", 3, ("heuristic", "random"), games=12, seed=5, options={"rounds": 2}),
             tmp_path / "short.jsonl")
    summaries = [summarize(p.stem, load_results(p)) for p in (tmp_path / "base.jsonl", tmp_path / "short.jsonl")]
    assert sum(summaries[0].seat_wins) == pytest.approx(12)
    text = markdown(summaries)
    assert "### Win rate by seat" in text and "## short against base" in text and "game length" in text
    assert "| heuristic | 24 |" in text
    write_html(summaries, tmp_path / "report.html")
    page = (tmp_path / "report.html").read_text()
    assert page.count("data:image/png;base64,") == 10  # five plots per run


def test_ladder_ranks_the_stronger_agent_first_whatever_the_order_of_its_games(tmp_path) -> None:
    plans = ladder_plans("pit-lamps", 2, ["heuristic", "random"], 40, 1, {})
    play_plans(plans, tmp_path / "ladder.jsonl")
    lines = load_results(tmp_path / "ladder.jsonl")
    standings = rate(lines, ["heuristic", "random"])
    assert [s.agent for s in standings] == ["heuristic", "random"]
    assert all(s.games == 40 for s in standings)
    strong, weak = standings
    gap = strong.skill.mu - weak.skill.mu  # 40 games tell them apart: the gap's 95% interval is above 0
    assert gap > Z95 * math.hypot(strong.skill.sigma, weak.skill.sigma)
    assert strong.skill.sigma < DEFAULT.sigma  # the games made it surer
    # The same games in another order rate the same (a sequential Elo would not).
    again = rate(list(reversed(lines)), ["heuristic", "random"])
    assert [s.to_json() for s in again] == [s.to_json() for s in standings]
    # The server rates with the same model: one game's update is headframe.skill.rate's.
    first = min(lines, key=lambda line: line["index"])
    one = {standing.agent: standing.skill for standing in rate([first], ["heuristic", "random"], shuffles=1)}
    assert one == rate_places(first["agents"], first["ranking"], {})


def test_commands(tmp_path) -> None:
    runner = CliRunner()
    out = tmp_path / "cli.jsonl"
    result = runner.invoke(app, ["simulate", "pit-lamps", "-p", "2", "-a", "heuristic,random", "-k", "6",
                                 "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert len(out.read_text().splitlines()) == 6
    result = runner.invoke(app, ["report", str(out), "--html", str(tmp_path / "r.html")])
    assert result.exit_code == 0 and "win rate" in result.output and (tmp_path / "r.html").exists()
    result = runner.invoke(app, ["ladder", "pit-lamps", "-a", "heuristic,random", "-k", "4",
                                 "--out", str(tmp_path / "l.jsonl")])
    assert result.exit_code == 0 and "Elo" not in result.output and "rating" in result.output
    repeated = tmp_path / "repeated.jsonl"  # -a once per spec ranks them all, as one list does
    result = runner.invoke(app, ["ladder", "pit-lamps", "-a", "heuristic", "-a", "random", "-k", "4",
                                 "--out", str(repeated)])
    assert result.exit_code == 0, result.output
    assert {agent for line in repeated.read_text().splitlines() for agent in json.loads(line)["agents"]} \
        == {"heuristic", "random"}
    bad = runner.invoke(app, ["simulate", "pit-lamps", "-p", "2", "-a", "nobody", "--out", str(out)])
    assert bad.exit_code == 2 and "unknown agent" in bad.output


def test_a_ray_run_gives_the_same_results_as_local_workers(tmp_path) -> None:
    import ray

    run = Run("tinners-trail", 2, ("heuristic", "random"), games=4, seed=9)
    simulate(run, tmp_path / "local.jsonl", workers=2)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        simulate(run, tmp_path / "ray.jsonl", ray_address="local")
    finally:
        ray.shutdown()
    assert lines_of(tmp_path / "ray.jsonl") == lines_of(tmp_path / "local.jsonl")
