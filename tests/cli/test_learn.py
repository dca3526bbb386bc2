"""`headframe learn GAME` (#25): the guided first game at the terminal, fed from a
list of typed lines: the board and log, each step's comment and citations, Enter for
a bot's step, the learner's move by number (another refused with the reason), `b`
back, `?` the cited rules' text, and the summary at the end."""

from __future__ import annotations

import io
import json

import pytest
from rich.console import Console
from typer.testing import CliRunner

from headframe.cli import app
from headframe.engine import load_game
from headframe.engine.tutorial import load_tutorial, parse_tutorial
from headframe.learn import TerminalLesson
from tests.tutorials import sample_tutorial

GAMES = ["copper-country", "ore-city", "tinners-trail", "coal-country"]


def run_lesson(tutorial, lines: list[str]) -> str:
    typed = iter(lines)
    out = io.StringIO()
    console = Console(file=out, width=120, highlight=False, emoji=False, color_system=None)

    def read(prompt: str) -> str:
        console.print(prompt, end="")
        return next(typed)

    TerminalLesson(tutorial, console, read).run()
    return " ".join(out.getvalue().split())  # Rich wraps long lines


@pytest.fixture(scope="module")
def tutorial():
    return parse_tutorial(json.dumps(sample_tutorial(6)), load_game("ore-city"))


def answers(tutorial) -> list[str]:
    """What a learner types to play the tutorial through: Enter for the bots, the number of the move asked for."""
    from headframe.play import numbered

    lines = []
    for index, step in enumerate(tutorial.steps):
        if step.seat != tutorial.learner:
            lines.append("")
            continue
        state = tutorial.state_at(index)
        menu = numbered(tutorial.game, state.players, state.decision(step.seat).actions)
        lines.append(str(next(number for number, action in menu if action == step.action)))
    return lines


def test_a_learner_plays_the_tutorial_through_with_a_refusal_a_step_back_and_the_rules(tutorial) -> None:
    learner_step = next(i for i, step in enumerate(tutorial.steps) if step.seat == tutorial.learner)
    played = answers(tutorial)
    wrong = "2" if played[learner_step] != "2" else "1"
    lines = played[:learner_step] + ["?", wrong, "b", ""] + played[learner_step:] + [""]
    output = run_lesson(tutorial, lines)
    assert "A few moves of Ore City: you are Player 1 (vermilion)" in output
    assert "Build the best city." in output and "Rules: 2. Game Objective" in output  # the opening
    assert "Step 1 of 6: Player 2's move" in output and "About: " in output
    assert "Step 2 of 6: your move" in output
    assert "Player 2 discards" in output  # the log, as the learner reads it
    assert "During your turn, you may play one of the following actions." in output  # `?`: the section's text
    assert "You chose: " in output and "This lesson is about the first card." in output
    assert "One step back." in output
    assert output.count("Step 1 of 6") == 2  # shown again after stepping back
    assert "The tutorial is over. The rules you met:" in output and "Both." in output
    assert "Play a real game: headframe play ore-city" in output
    assert "face-down" in output and "Seat 1" not in output.replace("Seat 1's space", "")  # sample texts say it


def test_typing_a_move_at_a_bots_step_or_enter_at_ones_own_explains_what_to_do(tutorial) -> None:
    output = run_lesson(tutorial, ["1", "", "", "zzz", "99", "q"])
    assert "This step is Player 2's move: press Enter to see it." in output
    assert "This step is your move: type its number." in output
    assert "choose a number from 1 to" in output  # 99: refused as `headframe play` refuses it
    assert "Stopped. Start again with: headframe learn ore-city" in output


def test_going_back_from_the_first_step_stays_there(tutorial) -> None:
    output = run_lesson(tutorial, ["b", "q"])
    assert "This is the first step." in output


def test_learn_refuses_a_game_without_a_tutorial_and_an_unknown_game() -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["learn", "pit-lamps"])
    assert result.exit_code == 2 and "Pit Lamps has no guided first game yet" in result.output
    result = runner.invoke(app, ["learn", "chess"])
    assert result.exit_code == 2 and "no game named 'chess'" in result.output


@pytest.mark.parametrize("name", GAMES)
def test_learn_plays_each_games_tutorial_to_its_summary(name) -> None:
    tutorial = load_tutorial(load_game(name))
    assert tutorial is not None, f"{name} ships no tutorial.json"
    result = CliRunner().invoke(app, ["learn", name], input="\n".join(answers(tutorial) + [""]) + "\n")
    assert result.exit_code == 0, result.output
    assert "The tutorial is over. The rules you met:" in result.output
    assert "You chose" not in result.output and "Traceback" not in result.output


def test_a_tutorials_record_replays_with_its_comments(tutorial, tmp_path) -> None:
    path = tmp_path / "tutorial.json"
    path.write_text(json.dumps(tutorial.record()))
    result = CliRunner().invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    printed = " ".join(result.output.split())
    assert "Comment: Build the best city." in printed
    assert f"Comment: {tutorial.steps[5].lesson.text}" in printed and "Comment: Both." in printed
