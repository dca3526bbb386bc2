"""Long lists of choices at the terminal (Tinners' Trail's action phase offers
dozens): grouped by action kind, each action numbered by the game's action
space, so the same action has the same number at every such decision."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from headframe.engine import Rng, load_game
from headframe.play import LONG_LIST, TerminalGame, kind_heading, make_seats, numbered


def long_decisions(state, count: int):
    """Play random moves; yield (state, seat, menu) at the first `count` long decisions of kind "action"."""
    rng, found = Rng(11), 0
    while found < count and not state.is_over():
        seat = state.to_move()[0]
        decision = state.decision(seat)
        if decision.kind == "action" and len(decision.actions) > LONG_LIST:
            found += 1
            yield state.clone(), seat, numbered(state.game, state.players, decision.actions)
        state.apply(seat, rng.choice(decision.actions))


@pytest.fixture(scope="module")
def two_decisions():
    game = load_game("tinners-trail")
    return list(long_decisions(game.new_state(2, 5), 6))


def test_an_action_keeps_its_number_between_two_decisions_of_a_kind(two_decisions) -> None:
    # TIN rulebook 3 (Actions): each action phase decision offers the actions still open to the player.
    first, later = two_decisions[0][2], two_decisions[-1][2]
    positions = {action: index for index, (_, action) in enumerate(first)}
    numbers = dict((action, number) for number, action in first)
    moved = [(number, action) for index, (number, action) in enumerate(later)
             if action in numbers and positions[action] != index]
    assert moved, "no action changed its place in the list: the test shows nothing"
    assert all(numbers[action] == number for number, action in moved)
    assert len({number for number, _ in later}) == len(later)


def test_typing_a_number_plays_its_action_and_the_list_is_grouped_by_kind(two_decisions) -> None:
    state, seat, menu = two_decisions[-1]
    number, action = menu[-1]  # the last one (Pass, or Sell pasties): far from its place in the list
    assert number > len(menu)
    out = io.StringIO()
    seats = make_seats(["you" if s == seat else "random" for s in range(2)], state.game, 5)
    terminal = TerminalGame(state, seats, Console(file=out, width=160, height=200, force_terminal=False), read=input,
                            fast=True)  # a screen tall enough for the whole list on one page
    terminal.show(seat)
    text = out.getvalue()
    assert all(f"\n      {kind_heading(a.kind)}" in text for _, a in menu)  # a heading per kind
    assert f"{number:>3}  {state.game.presentation.describe_action(action)}" in text
    assert not terminal.play(seat, str(len(menu) + 100000))
    assert "no choice has the number" in out.getvalue()
    assert terminal.play(seat, str(number))
    assert state.history[-1][:2] == (seat, action)


def test_the_log_and_the_board_read_the_players_names() -> None:
    game = load_game("tinners-trail")
    out = io.StringIO()
    script = iter(["1"] * 6 + ["q", "n"])
    terminal = TerminalGame(game.new_state(2, 5), make_seats(["human:Ann", "human:Bob"], game, 5),
                            Console(file=out, width=160, force_terminal=False), read=lambda _: next(script),
                            fast=True)
    terminal.run()
    text = out.getvalue()
    assert "Ann to move" in text or "Bob to move" in text  # the board's text
    assert re.search(r"\n  (Ann|Bob) \w+", text)  # a log line
    # Seat numbers only beside names (the title, the list of players, the hand-over screen):
    assert "Seat" not in re.sub(r"(Ann|Bob),? \(?Seat \d", "", text)
