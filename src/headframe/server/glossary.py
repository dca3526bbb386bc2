"""What each card, tile, building and space of a game does (`Game.glossary`),
for the page's detail panel: static data, the same for every table, so browsers
may keep it."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.responses import JSONResponse

from .leaderboard import known_game

CACHE = "public, max-age=3600"


def add_routes(app: FastAPI) -> None:
    @app.get("/api/rules/{game}/glossary")
    async def glossary(game: str) -> JSONResponse:
        """Every entry of the game's glossary: {key, name, kind, text, source, caveat}; unknown game 404."""
        return JSONResponse(known_game(game).glossary.to_json(), headers={"Cache-Control": CACHE})
