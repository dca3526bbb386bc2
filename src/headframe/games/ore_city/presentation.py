"""Ore City as people see it: its board (board.py), its text picture and its words
(text.py), its glossary (glossary.py), and the results screen's rounds and VP
(end_of_game.py). Loaded only by what shows the game (`game.presentation`)."""

from __future__ import annotations

from headframe.engine.presentation import Presentation

from . import board, end_of_game, glossary, text

PRESENTATION = Presentation(
    render_board=board.render,
    render_text=text.render_text,
    describe_event=text.event,
    describe_action=text.action,
    statistic_label=text.statistic_label,
    explanations=glossary.explanations,
    value_names=text.value_names,
    gains=text.gains,
    round_of=end_of_game.round_of,
    standing=end_of_game.standing,
)
