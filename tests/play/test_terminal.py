"""`headframe play` in a real pseudo-terminal, for every registered game:
whole games through standard input, with bad input, undo, hot seat, save and
resume."""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import pexpect
import pytest

from headframe.engine import game_names, load_game

HEADFRAME = str(Path(sys.executable).with_name("headframe"))
PROMPT = r"\n[^\n]*\w> $"
HAND_OVER = "nobody else can see the screen"
ENV = {**os.environ, "COLUMNS": "160", "LINES": "50", "TERM": "dumb", "NO_COLOR": "1"}
REAL_GAMES = [name for name in game_names() if name != "pit-lamps"]


def spawn(name: str, *args: str) -> pexpect.spawn:
    """`headframe play` of a short game (the game's short_options)."""
    options = [f"--option={key}={value}" for key, value in load_game(name).short_options.items()]
    return pexpect.spawn(HEADFRAME, ["play", name, *args, *options, "--fast"], env=ENV, encoding="utf-8",
                         timeout=60, dimensions=(50, 160))


def to_prompt(child: pexpect.spawn) -> None:
    """Wait for the next prompt, taking the keyboard at any hand-over screen."""
    while child.expect([PROMPT, HAND_OVER]) == 1:
        child.sendline("")


CHOICE = re.compile(r"^ *(\d+)  \S")  # a numbered choice; a list of more than 20 has a heading per kind
HEADING = re.compile(r"^ {6}\S")
PAGE = re.compile(r"^Page \d+ of \d+ of the choices")


def first_choice(child: pexpect.spawn) -> str:
    """The first number of the choices listed before the prompt (long lists are not numbered from 1)."""
    listed = [line for line in child.before.rsplit("a number or a choice's words to play", 1)[0].splitlines()
              if not PAGE.match(line)]
    first = None
    for line in reversed(listed):
        found = CHOICE.match(line)
        if found:
            first = found.group(1)
        elif not HEADING.match(line) and line.strip():
            break
    assert first is not None, listed[-5:]
    return first


def answer_until_over(child: pexpect.spawn, limit: int) -> None:
    for _ in range(limit):
        index = child.expect([PROMPT, HAND_OVER, "Game over", pexpect.EOF])
        if index == 0:
            child.sendline(first_choice(child))
        elif index == 1:
            child.sendline("")
        else:
            child.expect(pexpect.EOF)
            return
    pytest.fail("the game did not end")


@pytest.mark.parametrize("name", REAL_GAMES)
def test_a_whole_game_against_a_bot_with_bad_input_and_undo(name: str, tmp_path) -> None:
    game = load_game(name)
    players = game.players[0]
    record = tmp_path / "game.json"
    child = spawn(name, "--seats", ",".join(["you"] + ["random"] * (players - 1)), "--seed", "1",
                  "--record", str(record))
    child.expect(PROMPT)
    first = first_choice(child)
    for bad, explanation in (("99999", "choose a number from 1 to|no choice has the number 99999"),
                             ("{broken", "not valid JSON"),
                             ("nonsense-kind", "No choice reads 'nonsense-kind'")):
        child.sendline(bad)
        child.expect(explanation)
        child.expect(PROMPT)
    child.sendline("u")
    child.expect("Nothing to take back")
    child.expect(PROMPT)
    child.sendline(first)
    answer_until_over(child, 5000)
    finished = json.loads(record.read_text())
    assert load_game(name).replay(finished).is_over()


@pytest.mark.parametrize("name", REAL_GAMES)
def test_hot_seat_save_and_resume(name: str, tmp_path) -> None:
    game = load_game(name)
    players = game.players[0]
    seats = ",".join([f"human:P{i}" for i in range(2)] + ["random"] * (players - 2))
    record = tmp_path / "game.json"
    child = spawn(name, "--seats", seats, "--seed", "2", "--record", str(record))
    for _ in range(6):
        to_prompt(child)
        child.sendline(first_choice(child))
    to_prompt(child)
    child.sendline("s")
    child.expect("Record saved")
    child.sendline("q")
    child.expect(r"Save the game before leaving")
    child.sendline("y")
    child.expect(pexpect.EOF)
    saved = json.loads(record.read_text())
    assert saved["seats"][:2] == ["human:P0", "human:P1"] and len(saved["actions"]) >= 6
    resumed = pexpect.spawn(HEADFRAME, ["play", "--resume", str(record), "--fast"], env=ENV, encoding="utf-8",
                            timeout=60, dimensions=(50, 160))
    for _ in range(20):
        to_prompt(resumed)
        resumed.sendline(first_choice(resumed))
    to_prompt(resumed)
    resumed.sendline("q")
    resumed.expect("Save the game before leaving")
    resumed.sendline("y")
    resumed.expect(pexpect.EOF)
    continued = json.loads(record.read_text())
    assert continued["actions"][:len(saved["actions"])] == saved["actions"]
    assert len(continued["actions"]) >= len(saved["actions"]) + 20
    assert load_game(name).replay(continued).history


def test_hint_help_and_names_in_a_real_terminal(tmp_path) -> None:
    child = pexpect.spawn(HEADFRAME, ["play", "tinners-trail", "--seats", "you,random", "--seed", "3", "--fast"],
                          env={**ENV, "XDG_DATA_HOME": str(tmp_path)}, encoding="utf-8", timeout=60,
                          dimensions=(50, 160))
    to_prompt(child)
    child.sendline("h")
    child.expect(r"The bot would: 1\. [^\n]+ \d+% \(number \d+\)")
    child.expect(PROMPT)
    child.sendline("?")
    child.expect("the rules")  # TERM=dumb: the pager prints plainly
    child.expect("Shorter lists are numbered from 1")
    child.expect(PROMPT)
    child.sendline("? xyzzy")
    child.expect("There is no card or space called 'xyzzy'")
    child.expect(PROMPT)
    child.sendline("q")
    child.expect("Save the game before leaving")
    child.sendline("n")
    child.expect(pexpect.EOF)
    assert not list(tmp_path.rglob("*.json"))
