"""`headframe flow GAME`: a game's turn graph, printed from its flow's table."""

from __future__ import annotations

from enum import StrEnum

import typer

from headframe.engine import HeadframeError, load_game
from headframe.engine.flow_chart import as_mermaid, as_text


class Format(StrEnum):
    text = "text"
    mermaid = "mermaid"


def flow(name: str = typer.Argument(..., help="The game."),
         format: Format = typer.Option(Format.text, "--format", help="Words, or a Mermaid chart (for the docs).")) -> None:
    """A game's turn graph: each step, who decides there, and where it may lead."""
    try:
        table = load_game(name).State.flow
    except HeadframeError as exc:
        raise typer.BadParameter(str(exc), param_hint="GAME") from None
    typer.echo(as_mermaid(table) if format is Format.mermaid else as_text(table))
