"""A game's rules for the page: what each card, tile, building and space does
(`Game.glossary`) for the detail panel; the rules at hand beside the board (the
summary and the printed rulebook's sections, each kind of decision's first); and
the Sources page, where every ruling says where it comes from (issue 53: during
play the game speaks in its own words, provenance has its own page). Static data,
the same for every table, so browsers may keep it."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from fastapi import FastAPI
from fastapi.responses import HTMLResponse, JSONResponse

from headframe.engine import Game
from headframe.engine.sources import sources

from . import pages
from .leaderboard import known_game

CACHE = "public, max-age=3600"


def add_routes(app: FastAPI, page: Callable[[str], HTMLResponse]) -> None:
    @app.get("/api/rules/{game}/glossary")
    async def glossary(game: str) -> JSONResponse:
        """Every entry of the game's glossary: {key, name, kind, text, source, rulings, printed}; unknown game 404."""
        return JSONResponse(known_game(game).presentation.glossary.to_json(), headers={"Cache-Control": CACHE})

    @app.get("/api/rules/{game}/names")
    async def names(game: str) -> JSONResponse:
        """What a person calls each string a view of the game may hold ({value: name}, `game.presentation.value_names`):
        the tables panel shows names, not ids; unknown game 404."""
        return JSONResponse(value_names(known_game(game)), headers={"Cache-Control": CACHE})

    @app.get("/api/rules/{game}/sources")
    async def rulings(game: str) -> JSONResponse:
        """Where each rule comes from: {game, title, rulings: [{id, title, source, label, ruling, reason,
        components}]}; unknown game 404."""
        return JSONResponse(sources_of(known_game(game)), headers={"Cache-Control": CACHE})

    @app.get("/games/{game}/sources", response_class=HTMLResponse)
    async def sources_page(game: str) -> HTMLResponse:
        found = known_game(game)
        return page(pages.render(f"Sources · {found.title}", "sources.js", sources_of(found)))

    @app.get("/api/rules/{game}")
    async def rules(game: str) -> JSONResponse:
        """The rules at hand: {title, summary, sections, rulings, decisions}; unknown game 404."""
        return JSONResponse(rules_at_hand(known_game(game)), headers={"Cache-Control": CACHE})


@cache
def value_names(game: Game) -> dict[str, str]:
    return game.presentation.value_names()


@cache
def rules_at_hand(game: Game) -> dict[str, Any]:
    """The summary; the rulebook's sections [{heading, text}] in the book's order; for
    each kind of decision the headings of its sections; and the Sources page's address."""
    book = game.rulebook
    return {
        "title": game.title,
        "summary": game.summary,
        "sections": [{"heading": s.heading, "text": s.text} for s in book.sections.values()] if book else [],
        "decisions": {kind: {"sections": list(headings)} for kind, headings in book.decisions.items()} if book else {},
        "sources": sources_url(game),
    }


def sources_url(game: Game) -> str:
    return f"/games/{game.name}/sources"


@cache
def sources_of(game: Game) -> dict[str, Any]:
    """The Sources page's data: every ruling of the game, plain text (engine/sources.py)."""
    return {"game": game.name, "title": game.title, "rulings": [item.to_json() for item in sources(game)]}
