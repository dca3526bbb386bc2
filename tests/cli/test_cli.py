from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from headframe.cli import app, console

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


def test_games_lists_registered_games() -> None:
    result = run("games")
    assert result.exit_code == 0 and "pit-lamps" in result.output and "Pit Lamps" in result.output


def test_rules_shows_rulings_with_ids_and_sources() -> None:
    result = run("rules", "pit-lamps")
    assert result.exit_code == 0
    assert "LAMP-R1" in result.output and "LAMP-R2" in result.output and "(Invented)" in result.output
    assert "dig_limit" in result.output  # an option is named as it is typed


def test_rules_names_the_component_datas_sections_and_sources_in_words() -> None:
    # issue 53: the data table read "company_house_abilities | RULEBOOK"
    result = run("rules", "copper-country")
    table = result.output[result.output.index("Component data and their sources"):]
    assert "company house abilities" in table and "From the rulebook" in table and "Invented" in table
    assert "company_house_abilities" not in table and "RECONSTRUCTED" not in table


def test_random_prints_a_log_and_writes_a_replayable_record(tmp_path) -> None:
    record = tmp_path / "game.json"
    result = run("random", "pit-lamps", "--players", "3", "--seed", "4", "-o", "rounds=2", "--record", str(record))
    assert result.exit_code == 0, result.output
    assert "reveal" in result.output and "Result" in result.output
    data = json.loads(record.read_text())
    assert data["options"]["rounds"] == 2
    replayed = run("replay", str(record))
    assert replayed.exit_code == 0 and "Result" in replayed.output
    position = tmp_path / "position.json"
    assert run("position", "save", str(record), str(position), "--upto", "2").exit_code == 0
    shown = run("position", "show", str(position), "--seat", "1")
    assert shown.exit_code == 0 and "bid:" in shown.output


def test_bad_input_gets_a_clear_error(tmp_path) -> None:
    assert "no game named 'chess'" in run("rules", "chess").output
    assert "played by 2, 3, 4 players" in run("random", "pit-lamps", "--players", "9").output
    assert "unknown option 'speed'" in run("random", "pit-lamps", "-p", "2", "-o", "speed=3").output
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    for command in (("replay", str(broken)), ("position", "show", str(broken))):
        result = run(*command)
        assert result.exit_code == 2 and "error:" in result.output and "Traceback" not in result.output
    bad_data = tmp_path / "data.yaml"
    bad_data.write_text("source: INVENTED\n")
    assert "missing field 'deck'" in run("rules", "pit-lamps", "--components", str(bad_data)).output


def test_bench_prints_json() -> None:
    result = run("bench", "--game", "pit-lamps", "--players", "2", "--seconds", "0.05")
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["results"][0]["decisions_per_s"] > 0 and data["results"][0]["clone_us"] > 0


def test_serve_passes_its_settings_to_the_server(monkeypatch) -> None:
    import headframe.server.cli

    calls = []
    monkeypatch.setattr(headframe.server.cli, "serve", lambda *args, **settings: calls.append((args, settings)))
    result = runner.invoke(app, ["serve", "--port", "8123", "--db", "x.db", "--think-time", "0", "--max-think", "3",
                                 "--models", "models"])
    assert result.exit_code == 0, result.output
    settings = {"bot_workers": 2, "think_time": 0.0, "max_think": 3.0, "models": Path("models"), "expire_days": 7.0}
    assert calls == [(("127.0.0.1", 8123, "x.db", "info", True, 1), settings)]  # updates compressed unless told
    assert runner.invoke(app, ["serve", "--db", "x.db", "--no-ws-compression", "--workers", "2",
                               "--bot-workers", "0", "--board-workers", "3"]).exit_code == 0
    assert calls[-1] == (("127.0.0.1", 8000, "x.db", "info", False, 2), {**settings, "bot_workers": 0,
                                                                           "board_workers": 3,
                                                                           "think_time": 0.5, "max_think": 10.0,
                                                                           "models": None})


def test_bots_passes_its_settings_to_the_worker(monkeypatch) -> None:
    import headframe.server.bot_worker

    calls = []
    monkeypatch.setattr(headframe.server.bot_worker, "run", lambda *args: calls.append(args))
    assert runner.invoke(app, ["bots", "--db", "postgresql+psycopg://h/db"]).exit_code == 0
    assert runner.invoke(app, ["bots", "--db", "postgresql+psycopg://h/db", "--ray", "auto", "--workers", "8",
                               "--max-think", "3"]).exit_code == 0
    # No --workers: 2 processes here, or the Ray cluster's CPUs (bot_worker.run decides).
    assert calls == [("postgresql+psycopg://h/db", None, 10.0, None, "info", None),
                     ("postgresql+psycopg://h/db", 8, 3.0, None, "info", "auto")]


def test_people_read_seats_from_one_and_game_text_is_never_emoji() -> None:
    result = run("random", "pit-lamps", "--players", "3", "--seed", "4", "-o", "rounds=1")
    assert result.exit_code == 0, result.output
    assert "Seat 1:" in result.output and "Seat 3" in result.output
    assert "seat 0" not in result.output.lower() and "Seat 0" not in result.output
    with console.capture() as captured:
        console.print("construct:convenience_store:1:0")  # an Ore City action id, typed back as printed
    assert captured.get().strip() == "construct:convenience_store:1:0"


def test_games_wraps_option_names_and_never_cuts_them() -> None:
    from headframe.engine import game_names, load_game

    result = run("games")
    assert result.exit_code == 0 and "…" not in result.output
    for name in game_names():
        for option in load_game(name).Options.describe():
            assert f" {option['name']} = " in result.output, option["name"]


def test_seats_given_and_printed_count_from_one(tmp_path) -> None:
    record = tmp_path / "game.json"
    assert run("random", "pit-lamps", "--players", "2", "--seed", "4", "-o", "rounds=1", "--record",
               str(record)).exit_code == 0
    position = tmp_path / "position.json"
    assert run("position", "save", str(record), str(position), "--upto", "1").exit_code == 0
    for bad in ("0", "3"):
        refused = run("position", "show", str(position), "--seat", bad)
        assert refused.exit_code == 2 and f"there is no seat {bad}: seats are 1 to 2" in refused.output
    shown = run("position", "show", str(position), "--seat", "2")
    assert shown.exit_code == 0 and "Seat 2 — " in shown.output and "Seat 1 — " not in shown.output
    replayed = run("replay", str(record), "--seat", "1")
    assert replayed.exit_code == 0 and "1. Seat " in replayed.output and "seat 0" not in replayed.output.lower()
