"""Tinners' Trail shown to people: its board, its text picture, its words for actions and
log entries, its glossary, and its turns and victory points for the results screen.
Loaded only by what shows the game (`game.presentation`)."""

from __future__ import annotations

from headframe.engine.presentation import Presentation

from . import board, glossary, hints, scoring, terminal, text


def round_of(state) -> int:
    return state.turn  # rulebook: Game Play, four turns


PRESENTATION = Presentation(
    render_board=board.render_board,
    render_boards=board.render_boards,
    render_text=terminal.render_text,
    describe_event=text.PHRASES.describe_event,
    describe_action=text.PHRASES.describe_action,
    explanations=glossary.explanations,
    value_names=glossary.value_names,
    gains=hints.gains,
    round_of=round_of,
    standing=scoring.victory_points,  # each seat's VP from the Investment Display so far
)
