"""Pit Lamps' presentation: its board, and its rounds and scores for the results screen;
words and text are the engine's defaults."""

from __future__ import annotations

from headframe.engine.presentation import Presentation

from . import board


def round_of(state) -> int:
    return state.round


def standing(state) -> list[int]:
    return list(state.scores)


PRESENTATION = Presentation(render_board=board.render, round_of=round_of, standing=standing)
