"""`headframe flow GAME`: the turn graph in words and as the Mermaid chart each game's docs page
shows (the page's chart is the command's output, so the two never drift)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from headframe.cli import app
from headframe.engine import load_game

DOCS = Path(__file__).resolve().parents[2] / "docs" / "games"
GAMES = ("tinners-trail", "ore-city", "copper-country", "coal-country")


@pytest.mark.parametrize("name", GAMES)
def test_each_games_page_shows_its_turn_graph_as_the_command_prints_it(name: str) -> None:
    chart = CliRunner().invoke(app, ["flow", name, "--format", "mermaid"])
    assert chart.exit_code == 0, chart.output
    assert f"```mermaid\n{chart.output}```" in (DOCS / f"{name}.md").read_text()


def test_the_graph_in_words_names_each_step_who_decides_and_where_it_leads() -> None:
    out = CliRunner().invoke(app, ["flow", "coal-country"]).output
    lines = {line.split()[0]: line for line in out.splitlines()[1:-1]}
    assert list(lines) == list(load_game("coal-country").State.flow.steps)
    assert "the players at once" in lines["place_foreman"] and lines["place_foreman"].endswith("→ place_foreman, unplaced")
    assert "automatic" in lines["end"] and lines["end"].endswith("→ place_foreman, over")
    assert lines["permit"].endswith("→ application, storage; in the options' order: market, construction")
    copper = CliRunner().invoke(app, ["flow", "copper-country"]).output
    assert "a player, unless nobody has to" in next(line for line in copper.splitlines() if "  manage " in line)


def test_the_chart_draws_decisions_automatic_steps_and_the_options_order_apart() -> None:
    chart = CliRunner().invoke(app, ["flow", "coal-country", "--format", "mermaid"]).output.splitlines()
    assert chart[0] == "flowchart TD"
    assert '  step_place_foreman{{"place_foreman"}}' in chart
    assert '  step_church(["church"])' in chart and '  step_end["end"]' in chart  # "end" alone is Mermaid's word
    assert "  start --> step_place_foreman" in chart and "  step_end --> step_over" in chart
    assert "  step_permit -.-> step_market" in chart and "  step_permit --> step_storage" in chart


def test_an_unknown_game_is_refused_with_the_games_there_are() -> None:
    result = CliRunner().invoke(app, ["flow", "nope"])
    assert result.exit_code == 2 and "no game named 'nope'" in result.output
