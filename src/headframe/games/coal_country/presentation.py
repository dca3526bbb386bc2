"""Coal Country as people see it (issue #55: presentation is a facet, loaded only by what shows
the game): its board (board_narrow.py, the wide one in board.py), its terminal picture, its
sentences (text.py), its glossary, the names of a view's values and a hint's line of gains."""

from __future__ import annotations

from operator import attrgetter

from headframe.engine.presentation import Presentation

from . import board_narrow, glossary, hints, terminal, text
from .end_of_game import standing

PRESENTATION = Presentation(
    render_board=board_narrow.render_board,
    render_text=terminal.render_text,
    describe_event=text.PHRASEBOOK.describe_event,
    describe_action=text.PHRASEBOOK.describe_action,
    explanations=glossary.explanations,
    value_names=text.value_names,
    gains=hints.gains,
    round_of=attrgetter("round"),
    standing=standing,  # money decides the winner (rulebook: End of the Game)
)
