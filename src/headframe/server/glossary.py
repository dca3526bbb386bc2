"""A game's rules for the page: what each card, tile, building and space does
(`Game.glossary`) for the detail panel, and the rules at hand beside the board
(the summary, the printed rulebook's sections and the rulings each kind of decision
needs). Static data, the same for every table, so browsers may keep it."""

from __future__ import annotations

from functools import cache
from typing import Any

from fastapi import FastAPI
from fastapi.responses import JSONResponse

from headframe.engine import Game

from .leaderboard import known_game

CACHE = "public, max-age=3600"


def add_routes(app: FastAPI) -> None:
    @app.get("/api/rules/{game}/glossary")
    async def glossary(game: str) -> JSONResponse:
        """Every entry of the game's glossary: {key, name, kind, text, source, caveat}; unknown game 404."""
        return JSONResponse(known_game(game).glossary.to_json(), headers={"Cache-Control": CACHE})

    @app.get("/api/rules/{game}")
    async def rules(game: str) -> JSONResponse:
        """The rules at hand: {title, summary, sections, rulings, decisions}; unknown game 404."""
        return JSONResponse(rules_at_hand(known_game(game)), headers={"Cache-Control": CACHE})


@cache
def rules_at_hand(game: Game) -> dict[str, Any]:
    """The summary; the rulebook's sections [{heading, text}] in the book's order; every
    ruling [{id, title, source, text}]; and for each kind of decision the headings of
    the sections and the ids of the rulings that bear on it."""
    book = game.rulebook
    kinds = book.decisions if book else {}
    return {
        "title": game.title,
        "summary": game.summary,
        "sections": [{"heading": s.heading, "text": s.text} for s in book.sections.values()] if book else [],
        "rulings": [{"id": r.id, "title": r.title, "source": r.source, "text": r.text} for r in game.rulings()],
        "decisions": {kind: {"sections": list(headings), "rulings": [r.id for r in game.rulings_for(kind)]}
                      for kind, headings in kinds.items()},
    }
