"""The terminal's screen (issue 52): a choice typed as the player reads it, with
spaces or colons; the player named once in the header; and a long list of
choices paged below the board, so that the board's tables stay whole and the
news, the choices and the prompt fit the screen."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from headframe.engine import IllegalAction, Rng, load_game, naming
from headframe.play import TerminalGame, make_seats, numbered, typed_action

GAMES = ["copper-country", "ore-city", "tinners-trail", "coal-country"]
BY_NUMBER = {  # kinds of choice whose numbers alone tell them apart
    "copper-country": {"contract", "take", "work_at", "relocate", "choose_row"},
    "ore-city": {"construct", "police_take"},
    "tinners-trail": {"bid", "invest", "improve_steam_pumps", "mine_ore"},
    "coal-country": {"place", "sell", "stack", "remove_refuse", "supply"},
}
WORDS = re.compile(r"[^\W_]+")


def decisions(name: str, steps: int):
    """(game, state, menu) at each decision of a seeded random game, for its first `steps` moves."""
    game = load_game(name)
    state, rng = game.new_state(game.players[0], 0), Rng(0)
    for _ in range(steps):
        if state.is_over():
            return
        seat = state.to_move()[0]
        actions = state.decision(seat).actions
        yield game, state, numbered(game, state.players, actions)
        state.apply(seat, rng.choice(actions))


def crowded(name: str, least: int = 40):
    """The first position of a seeded random game with more than `least` choices, and its seat to move."""
    game = load_game(name)
    state, rng = game.new_state(game.players[0], 0), Rng(0)
    while len(state.decision(state.to_move()[0]).actions) <= least:
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.decision(seat).actions))
    return state, state.to_move()[0]


def screen(state, seat: int, specs: dict[int, str] | None = None, width: int = 120, height: int = 40):
    """A terminal for `seat` (a person, the others bots) on a recorded console of this size."""
    specs = specs or {}
    seats = make_seats([specs.get(s, "you" if s == seat else "random") for s in range(state.players)], state.game, 1)
    console = Console(file=io.StringIO(), width=width, height=height, record=True, force_terminal=False)
    return TerminalGame(state, seats, console, read=input, fast=True), console


@pytest.mark.parametrize("name", GAMES)
def test_a_choice_with_a_number_is_typed_as_its_words_with_spaces_or_colons(name: str) -> None:
    typed = set()
    for game, _, menu in decisions(name, 300):
        for _, action in menu:
            said = game.presentation.describe_action(action)
            numbers = re.findall(r"\d+", said)
            if not numbers:
                continue
            for separator in (" ", ":"):
                text = separator.join(WORDS.findall(action.kind) + numbers)  # "bid 8", "bid:8", "sell 2"
                try:
                    assert typed_action(game, menu, text) == action, text
                    typed.add(action.kind)
                except IllegalAction as refused:
                    assert "fits " in str(refused) and "its number" in str(refused)  # several choices fit
            alike = [other for _, other in menu if game.presentation.describe_action(other).casefold() == said.casefold()]
            if len(alike) == 1:
                assert typed_action(game, menu, said) == action, said  # as it is listed
    assert BY_NUMBER[name] <= typed


def test_bid_8_bids_8_pounds() -> None:
    game, state, menu = next((game, state, menu) for game, state, menu in decisions("tinners-trail", 400)
                             if any(action.id == "bid:8" for _, action in menu))
    eight = game.parse_action("bid:8")
    for text in ("bid 8", "bid:8", "Bid £8", "BID  8", str(dict((a, n) for n, a in menu)[eight])):
        assert typed_action(game, menu, text) == eight, text
    with pytest.raises(IllegalAction, match=r"No choice reads 'bid 10000'\. Type a choice's number, or some of"):
        typed_action(game, menu, "bid 10000")


@pytest.mark.parametrize(("spec", "header", "name"), [("you", "Tinners' Trail — Seat 1", "Seat 1"),
                                                      ("human:Ann", "Tinners' Trail — Ann (Seat 1)", "Ann")])
def test_the_header_names_the_player_once(spec: str, header: str, name: str) -> None:
    state = load_game("tinners-trail").new_state(2, 0)  # the first seat moves first
    terminal, console = screen(state, 0, {0: spec})
    with naming([seat.name for seat in terminal.seats]):  # as `run` shows it
        terminal.show(0)
    title = console.export_text().splitlines()[0]
    assert header in title and title.count(name) == 1


@pytest.mark.parametrize(("width", "height"), [(80, 24), (120, 40)])
@pytest.mark.parametrize("name", ["tinners-trail", "coal-country"])
def test_a_long_list_of_choices_is_paged_below_the_whole_board(name: str, width: int, height: int) -> None:
    state, seat = crowded(name)
    game, menu = state.game, numbered(state.game, state.players, state.decision(seat).actions)
    terminal, console = screen(state, seat, width=width, height=height)
    terminal.show(seat)
    lines = [line.rstrip() for line in console.export_text().splitlines()]
    board = [line.rstrip() for line in game.presentation.render_text(state.view(seat)).splitlines()]
    assert [line for line in board if len(line) <= width and line not in lines] == []  # no table header wrapped
    first = next(i for i, line in enumerate(lines) if re.match(rf" *{menu[0][0]}  \S", line))
    assert lines.index(board[0]) < first
    prompt = lines.index(state.decision(seat).prompt)
    below = lines[lines.index("Since your last move:") if "Since your last move:" in lines else prompt:]
    assert len(below) + 1 <= height  # the news, the decision, a page of choices and the input line
    assert re.search(r"^Page 1 of \d+ of the choices: type more for the next\.$", "\n".join(lines), re.M)
    shown = {int(found[1]) for found in re.finditer(r"^ *(\d+)  \S", "\n".join(lines[first:]), re.M)}
    assert 0 < len(shown) < len(menu)
    terminal.show_more()
    page_two = console.export_text()
    said = game.presentation.describe_action
    number, action = next((n, a) for n, a in menu if n not in shown and f"{n:>3}  {said(a)}" in page_two)
    assert "Page 2 of" in page_two and terminal.play(seat, str(number))
    assert state.history[-1][:2] == (seat, action)
