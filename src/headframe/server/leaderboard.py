"""Ratings kept: the update when a rated game ends (once per game, in one
transaction), each game's leaderboard, and the bot levels by rating for the lobby.
The rules and the arithmetic are in ratings.py."""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from fastapi import FastAPI
from fastapi.responses import HTMLResponse
from sqlalchemy import exists, insert, select, update
from sqlalchemy.exc import IntegrityError

from headframe.engine import Game, HeadframeError, game_names, load_game
from headframe.skill import DEFAULT, Skill

from . import pages
from .errors import NotFound
from .ratings import LEVELS, change, difficulties, entrants, rate, shown
from .storage import GameRow, Store
from .tables import games, rating_changes, ratings, seats

if TYPE_CHECKING:
    from .hub import Hub
    from .rooms import Room

log = logging.getLogger("headframe.server")

LEADERBOARD_SIZE = 100
CATCH_UP_BATCH = 100  # lost updates made up per sweep
CATCH_UP_MARGIN = timedelta(minutes=5)  # a sweep looks back this far before the last one began


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

    def unrated(self, since: datetime, limit: int = CATCH_UP_BATCH) -> list[tuple[str, datetime]]:
        """Rated games finished since `since` with a signed-in player's seat and no
        rating change kept (their update was lost: a crash after the final move),
        oldest first, with when each finished."""
        has_account = exists().where(seats.c.game_id == games.c.id, seats.c.account_id.is_not(None))
        changed = exists().where(rating_changes.c.game_id == games.c.id)
        query = (select(games.c.id, games.c.updated_at)
                 .where(games.c.status == "finished", games.c.rated, games.c.updated_at >= since, has_account, ~changed)
                 .order_by(games.c.updated_at).limit(limit))
        with self.engine.connect() as db:
            return [(found.id, found.updated_at) for found in db.execute(query)]

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
    a `finished` listener of the hub), in a worker thread."""

    def __init__(self, store: Store, look_back: timedelta = timedelta(days=7)) -> None:
        self.games = store
        self.store = RatingStore(store)
        self._updates: set[asyncio.Task] = set()
        self._checked_from = datetime.now(UTC) - look_back  # where the next catch-up starts looking

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

    async def catch_up(self) -> int:
        """Rate the finished rated games whose update was lost (at start-up, then at
        every sweep, each looking back to a little before the last began); how many.
        A game rated meanwhile is not rated twice (RatingStore.record refuses)."""
        began = datetime.now(UTC)
        found = await asyncio.to_thread(self.store.unrated, self._checked_from)
        rated = 0
        for game_id, _finished in found:
            row = await asyncio.to_thread(self.games.get, game_id)
            ranking = (row.result or {}).get("ranking") if row is not None else None
            if not ranking:
                continue
            try:
                rated += await asyncio.to_thread(self.store.record, row, list(ranking), load_game(row.game))
            except HeadframeError:  # a game this server no longer has
                log.warning("game %s cannot be rated here: its game does not load", game_id)
        # A full batch: the next sweep goes on after its last game (some count for no one, and stay unrated).
        self._checked_from = found[-1][1] if len(found) == CATCH_UP_BATCH else began - CATCH_UP_MARGIN
        if rated:
            log.info("rated %d finished games whose rating had not been kept", rated)
        return rated

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
        names = [level for level in LEVELS if level != "heuristic" or game.learning.has_heuristic()]
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
        return await ratings.leaderboard(known_game(game))

    @app.get("/api/games/{game_id}/ratings")
    async def game_ratings(game_id: str) -> dict[str, Any]:
        """Whether the game is rated, and once rated each rated seat's change."""
        return await ratings.of_game((await hub.room(game_id)).row)

    @app.get("/ratings/{game}", response_class=HTMLResponse)
    async def leaderboard_page(game: str) -> HTMLResponse:
        found = known_game(game)
        return page(pages.render(f"Ratings · {found.title}", "leaderboard.js", {"game": found.name,
                                                                                 "title": found.title}))


def known_game(name: str) -> Game:
    """The game called `name` on this server, or a 404."""
    if name not in game_names():
        raise NotFound(f"no game called {name!r}")
    try:
        return load_game(name)
    except HeadframeError:
        raise NotFound(f"the game {name!r} does not load on this server") from None
