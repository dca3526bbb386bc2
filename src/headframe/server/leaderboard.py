"""Ratings kept: the update when a rated game ends (once per game, in one
transaction), each game's leaderboard, and the bot levels by rating for the lobby.
The rules and the arithmetic are in ratings.py."""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from fastapi import FastAPI
from fastapi.responses import HTMLResponse
from sqlalchemy import insert, select, update
from sqlalchemy.exc import IntegrityError

from headframe.engine import Game, HeadframeError, game_names, load_game

from . import pages
from .errors import NotFound
from .ratings import DEFAULT, LEVELS, Skill, change, difficulties, entrants, rate, shown
from .storage import GameRow, Store
from .tables import rating_changes, ratings

if TYPE_CHECKING:
    from .hub import Hub
    from .rooms import Room

log = logging.getLogger("headframe.server")

LEADERBOARD_SIZE = 100


class RatingStore:
    """The ratings tables, read and written in worker threads."""

    def __init__(self, store: Store) -> None:
        self.engine = store.engine
        self._writing = threading.Lock()  # one update at a time in this process (each reads what it then writes)

    def record(self, row: GameRow, ranking: list[int], game: Game) -> bool:
        """Rate a finished game: every rated seat's player moves by its place, and
        the change is kept per seat. False if the game counts for no one or was
        rated already (a second call changes nothing)."""
        found = entrants(row.seats, ranking, game)
        if not found:
            return False
        now = datetime.now(UTC)
        try:
            with self._writing, self.engine.begin() as db:
                if db.execute(select(rating_changes.c.seat).where(rating_changes.c.game_id == row.id)).first():
                    return False
                keys = sorted({entrant.key for entrant in found})
                query = select(ratings).where(ratings.c.game == game.name, ratings.c.player.in_(keys)).with_for_update()
                known = {r["player"]: r for r in db.execute(query).mappings()}
                before = {key: Skill(known[key]["mu"], known[key]["sigma"]) if key in known else DEFAULT for key in keys}
                after = rate(found, before)
                db.execute(insert(rating_changes), [
                    {"game_id": row.id, "seat": e.seat, "player": e.key, "place": e.place,
                     "mu_before": before[e.key].mu, "sigma_before": before[e.key].sigma,
                     "mu_after": after[e.key].mu, "sigma_after": after[e.key].sigma} for e in found])
                names = {e.key: e.name for e in found}
                for key in keys:
                    values = {"name": names[key], "mu": after[key].mu, "sigma": after[key].sigma, "updated_at": now}
                    if key in known:
                        db.execute(update(ratings).where(ratings.c.game == game.name, ratings.c.player == key)
                                   .values(games=known[key]["games"] + 1, **values))
                    else:
                        db.execute(insert(ratings).values(game=game.name, player=key, games=1, **values))
        except IntegrityError:  # another process rated it first
            return False
        return True

    def board(self, game: str) -> list[dict[str, Any]]:
        """The game's players and bot levels, best first."""
        query = (select(ratings).where(ratings.c.game == game)
                 .order_by((ratings.c.mu - 3 * ratings.c.sigma).desc(), ratings.c.name).limit(LEADERBOARD_SIZE))
        with self.engine.connect() as db:
            return [dict(found) for found in db.execute(query).mappings()]

    def skills(self, game: str, keys: list[str]) -> dict[str, Skill]:
        query = select(ratings).where(ratings.c.game == game, ratings.c.player.in_(keys))
        with self.engine.connect() as db:
            return {r["player"]: Skill(r["mu"], r["sigma"]) for r in db.execute(query).mappings()}

    def changes(self, game_id: str) -> list[dict[str, Any]]:
        query = select(rating_changes).where(rating_changes.c.game_id == game_id).order_by(rating_changes.c.seat)
        with self.engine.connect() as db:
            return [dict(found) for found in db.execute(query).mappings()]


class Ratings:
    """Rates each rated game once its final move is committed (`game_finished`,
    the hub's `on_finished` hook), in a worker thread."""

    def __init__(self, store: Store) -> None:
        self.store = RatingStore(store)
        self._updates: set[asyncio.Task] = set()

    def game_finished(self, room: Room) -> None:
        if not room.row.rated or not room.state.is_over():
            return
        ranking = list(room.state.result().ranking)
        task = asyncio.get_running_loop().create_task(self._record(room.row, ranking, room.game))
        self._updates.add(task)
        task.add_done_callback(self._updates.discard)

    async def _record(self, row: GameRow, ranking: list[int], game: Game) -> None:
        try:
            await asyncio.to_thread(self.store.record, row, ranking, game)
        except Exception:
            log.exception("rating game %s failed", row.id)

    async def settled(self) -> None:
        """Wait for the updates under way (tests, and shutting down)."""
        if self._updates:
            await asyncio.gather(*self._updates, return_exceptions=True)

    # --- what is shown -------------------------------------------------------------

    async def leaderboard(self, game: Game) -> dict[str, Any]:
        found = await asyncio.to_thread(self.store.board, game.name)
        rows, rank, last = [], 0, None
        for index, entry in enumerate(found, start=1):
            rating = shown(Skill(entry["mu"], entry["sigma"]).rating)
            rank = rank if rating == last else index  # equal ratings share a rank
            last = rating
            rows.append({"rank": rank, "name": entry["name"], "rating": rating, "games": entry["games"],
                         "bot": entry["player"].startswith("bot:")})
        return {"game": game.name, "title": game.title, "rows": rows, "levels": await self.levels(game)}

    async def levels(self, game: Game) -> list[dict[str, Any]]:
        """The game's bot levels, weakest first, each with its difficulty and rating."""
        names = [level for level in LEVELS if level != "heuristic" or game.has_heuristic()]
        skills = await asyncio.to_thread(self.store.skills, game.name, [f"bot:{level}" for level in names])
        return [{"agent": level, "name": LEVELS[level], "difficulty": difficulty,
                 "rating": shown(skills.get(f"bot:{level}", DEFAULT).rating)}
                for level, difficulty in difficulties(names, skills)]

    async def of_game(self, row: GameRow) -> dict[str, Any]:
        """A game's changes to its rated seats' ratings ("+1.2")."""
        found = await asyncio.to_thread(self.store.changes, row.id)
        seats = []
        for entry in found:
            before, after = Skill(entry["mu_before"], entry["sigma_before"]), Skill(entry["mu_after"], entry["sigma_after"])
            seats.append({"seat": entry["seat"], "name": row.seats[entry["seat"]].name, "place": entry["place"],
                          "rating": shown(after.rating), "change": change(before, after)})
        return {"rated": row.rated, "seats": seats}


def add_routes(app: FastAPI, hub: Hub, ratings: Ratings, page: Callable[[str], HTMLResponse]) -> None:
    @app.get("/api/ratings/{game}")
    async def leaderboard(game: str) -> dict[str, Any]:
        """The game's leaderboard: rank, name, rating and games of players and bot levels."""
        return await ratings.leaderboard(_game(game))

    @app.get("/api/games/{game_id}/ratings")
    async def game_ratings(game_id: str) -> dict[str, Any]:
        """Whether the game is rated, and once rated each rated seat's change."""
        return await ratings.of_game((await hub.room(game_id)).row)

    @app.get("/ratings/{game}", response_class=HTMLResponse)
    async def leaderboard_page(game: str) -> HTMLResponse:
        found = _game(game)
        return page(pages.render(f"Ratings · {found.title}", "leaderboard.js", {"game": found.name,
                                                                                 "title": found.title}))


def _game(name: str) -> Game:
    if name not in game_names():
        raise NotFound(f"no game called {name!r}")
    try:
        return load_game(name)
    except HeadframeError:
        raise NotFound(f"the game {name!r} does not load on this server") from None
