"""`headframe play` driven through its input, in process, on the test game."""

from __future__ import annotations

import io
import json

import pytest
from rich.console import Console
from typer.testing import CliRunner

from headframe.cli import app
from headframe.engine import load_game
from headframe.play import SeatError, TerminalGame, make_seats, split_seats


class Script:
    """Answers prompts from a list, then with `then` for ever."""

    def __init__(self, lines: list[str], then: str | None = "1") -> None:
        self.lines = list(lines)
        self.then = then
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if self.lines:
            line = self.lines.pop(0)
            if isinstance(line, BaseException):
                raise line
            return line
        if self.then is None:
            raise EOFError
        return self.then


def table(seats: str, script: Script, tmp_path, seed: int = 3, players_state=None):
    game = load_game("pit-lamps")
    specs = split_seats(seats)
    state = players_state or game.new_state(len(specs), seed)
    out = io.StringIO()
    console = Console(file=out, width=120, force_terminal=False)
    return TerminalGame(state, make_seats(specs, game, seed), console, read=script, fast=True,
                        record_path=tmp_path / "game.json", seed=seed), out


def test_a_whole_game_against_a_bot_writes_its_record(tmp_path) -> None:
    game, out = table("you,random", Script([]), tmp_path)
    state = game.run()
    assert state.is_over()
    text = out.getvalue()
    assert "Result" in text and "Random 1" in text and "Since your last move" in text
    record = json.loads((tmp_path / "game.json").read_text())
    assert record["seats"] == ["you", "random"] and len(record["actions"]) == len(state.history)


def test_bad_input_is_explained_and_changes_nothing(tmp_path) -> None:
    script = Script(["99", "bid:77", "{bad", "fly", "0"], then=None)
    game, out = table("you,random", script, tmp_path)
    before = game.state.to_json()
    game.run()
    text = out.getvalue()
    assert "choose a number from 1 to" in text
    assert "bid:77 is not a legal action" in text
    assert "not valid JSON" in text and "unknown action kind 'fly'" in text
    assert game.state.to_json() == before


def test_undo_takes_back_a_dig_but_not_past_a_draw(tmp_path) -> None:
    script = Script(["1", "dig", "u", "dig", "draw", "u"], then=None)
    game, out = table("you,random", script, tmp_path, seed=5)
    game.state.first = 0  # seat 0 works first this round
    game.run()
    text = out.getvalue()
    assert "Taken back." in text and "Nothing to take back" in text
    mine = [action.kind for seat, action, _ in game.state.history if seat == 0]
    assert mine[:3] == ["bid", "dig", "draw"]


def test_hot_seat_hands_over_the_keyboard(tmp_path) -> None:
    script = Script([])
    game, out = table("human:Ann,human:Bo", script, tmp_path, seed=2)
    game.run()
    text = out.getvalue()
    assert text.count("Pass the keyboard to") >= 4
    assert "Pass the keyboard to Bo" in text and "Pass the keyboard to Ann" in text


def test_quit_offers_to_save_and_resume_continues(tmp_path) -> None:
    game, out = table("you,random", Script(["1", "q", "y"]), tmp_path, seed=4)
    game.run()
    saved = json.loads((tmp_path / "game.json").read_text())
    assert saved["seats"] == ["you", "random"] and saved["actions"]
    runner = CliRunner()
    result = runner.invoke(app, ["play", "--resume", str(tmp_path / "game.json"), "--fast"], input="1\n" * 200)
    assert result.exit_code == 0, result.output
    finished = json.loads((tmp_path / "game.json").read_text())
    assert finished["actions"][:len(saved["actions"])] == saved["actions"]
    assert load_game("pit-lamps").replay(finished).is_over()


def test_ctrl_c_saves(tmp_path) -> None:
    game, out = table("you,random", Script(["1", KeyboardInterrupt()]), tmp_path)
    game.run()
    assert "Interrupted" in out.getvalue() and (tmp_path / "game.json").exists()


def test_help_shows_rulings_for_the_decision(tmp_path) -> None:
    game, out = table("you,random", Script(["?"], then=None), tmp_path)
    game.run()
    assert "LAMP-R1" in out.getvalue() and "highest unique bid" in out.getvalue().lower()


def test_seat_lists() -> None:
    assert split_seats("you,ismcts:iters=50,rollout=random,heuristic") == [
        "you", "ismcts:iters=50,rollout=random", "heuristic"]
    with pytest.raises(SeatError, match="2, 3, 4 players"):
        make_seats(["you"], load_game("pit-lamps"), 0)
    result = CliRunner().invoke(app, ["play", "pit-lamps", "--seats", "you,alphazero"])
    assert result.exit_code == 2 and "unknown agent 'alphazero'" in result.output
