"""The lobby's hygiene and a player's own games: a host opens invited seats to
the lobby or cancels an unstarted table; each new table counts against its creator
while nobody plays it; `GET /api/me/games` lists the signed-in player's games, those
where it is their move first."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
from typing import Any

from fastapi import FastAPI, Header, Request

from headframe.engine import load_game

from . import wire
from .account_store import MySeat
from .accounts import Auth
from .clocks import duration
from .errors import Conflict, Refusal
from .holders import check_host
from .hub import Hub
from .ratelimit import client_of

MY_GAMES = 50  # the newest games My games lists


class Creators:
    """Whom a new table counts against while nobody plays it (storage.Unplayed): the
    signed-in account, else the guest's address, kept only as a hash keyed by the
    database's `creator` secret (the same in every process, and after a restart)."""

    def __init__(self, auth: Auth) -> None:
        self.auth = auth
        self.key = auth.store.secret("creator")

    async def of(self, request: Request) -> str:
        session = await self.auth.session(request)
        if session is not None:
            return f"account:{session.account.id}"
        return "address:" + hmac.new(self.key, client_of(request).encode(), hashlib.sha256).hexdigest()[:32]


def add_routes(app: FastAPI, hub: Hub, auth: Auth) -> None:
    """POST /api/games/{id}/seats/{seat}/open, DELETE /api/games/{id}, GET /api/me/games."""

    @app.post("/api/games/{game_id}/seats/{seat}/open")
    async def open_seat(game_id: str, seat: int, authorization: str | None = Header(default=None)) -> dict[str, Any]:
        room = await hub.room(game_id)
        check_host(room, authorization, "open seats to the lobby")
        await hub.open_seat(room, seat)
        return room.summary()

    @app.delete("/api/games/{game_id}", status_code=204)
    async def cancel(game_id: str, authorization: str | None = Header(default=None)) -> None:
        room = await hub.room(game_id)
        check_host(room, authorization, "cancel the table")
        async with room.lock:
            if room.status() != "open":
                raise Conflict("the game has started: a started game cannot be cancelled")
            await asyncio.to_thread(auth.store.cancel_game, room.id)
            hub.rooms.pop(room.id, None)
        text = wire.dumps({"type": "seats", "seats": room.seats_json(), "status": "cancelled"})
        for watcher in list(room.watchers):
            watcher.post(text)

    @app.get("/api/me/games")
    async def my_games(request: Request) -> dict[str, Any]:
        session = await auth.signed_in(request)
        mine = await asyncio.to_thread(auth.store.seats_of, session.account.id, MY_GAMES)
        running = [entry for seat in mine if seat.status != "finished"
                   if (entry := await _running_entry(hub, seat)) is not None]
        finished = [await _finished_entry(hub, seat) for seat in mine if seat.status == "finished"]
        running.sort(key=lambda entry: not entry["my_move"])  # stable: newest first within each
        return {"running": running, "finished": finished}


async def _running_entry(hub: Hub, mine: MySeat) -> dict[str, Any] | None:
    try:
        room = await hub.room(mine.game_id)
    except Refusal:  # cancelled meanwhile, or played under other rules: nothing to go back to
        return None
    summary = room.summary()
    seats = summary["seats"]
    my_move = summary["status"] == "running" and mine.seat in summary["to_move"]
    return {**_entry(summary["id"], summary["name"], summary["title"], seats, mine.seat),
            "status": summary["status"], "progress": summary["progress"], "my_move": my_move,
            "to_move": [seats[seat]["name"] for seat in summary["to_move"]] if summary["status"] == "running" else [],
            "waiting_for": sum(1 for seat in seats if not seat["claimed"]),
            "time_left": _time_left(summary.get("clock"), mine.seat)}


async def _finished_entry(hub: Hub, mine: MySeat) -> dict[str, Any]:
    row = await asyncio.to_thread(hub.store.get, mine.game_id)
    seats = [{"name": seat.name} for seat in row.seats]
    ranking = (mine.result or {}).get("ranking") or []
    place = f"{ordinal(ranking[mine.seat])} of {mine.players}" if mine.seat < len(ranking) else None
    return {**_entry(row.id, row.name, load_game(row.game).title, seats, mine.seat), "status": "finished",
            "place": place}


def _entry(game_id: str, name: str, title: str, seats: list[dict[str, Any]], seat: int) -> dict[str, Any]:
    return {"id": game_id, "name": name, "title": title, "url": f"/games/{game_id}", "seat": seat,
            "seat_label": f"Seat {seat + 1}", "names": [s["name"] for s in seats]}


def _time_left(clock: Any, seat: int) -> str | None:
    """How long the seat has, in words, when the table has a clock (the summary's
    `clock`, clocks.public: `seats: [{seat, left (seconds), running}]`). Turn
    based, only while it is the seat's move: its next move gets a whole allowance."""
    seats = clock.get("seats") if isinstance(clock, dict) else None
    if not isinstance(seats, list):
        return None
    mine = next((entry for entry in seats if isinstance(entry, dict) and entry.get("seat") == seat), {})
    left = mine.get("left")
    if clock.get("mode") == "turn-based" and not mine.get("running"):
        return None
    return duration(left) if isinstance(left, (int, float)) else None


def ordinal(rank: int) -> str:
    """1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, 21st."""
    suffix = "th" if 10 <= rank % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(rank % 10, "th")
    return f"{rank}{suffix}"
