"""Copper Country as people see it: its board (board.py), its text picture (terminal.py),
its words for actions and log entries (text.py), its glossary (glossary.py), and the
names, eras, standings and gains of the tables panel, the results and hints
(own_words.py). Loaded only by what shows the game (`game.presentation`)."""

from __future__ import annotations

from headframe.engine.presentation import Presentation

from . import board, glossary, own_words, terminal, text

PRESENTATION = Presentation(
    render_board=board.render_board,
    render_text=terminal.render_text,
    describe_event=text.describe_event,
    describe_action=text.describe_action,
    explanations=glossary.explanations,
    value_names=own_words.value_names,
    gains=own_words.gains,
    round_of=own_words.round_of,
    standing=own_words.standing,
)
