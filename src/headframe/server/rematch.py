"""Play again: a finished table's seat holder asks for a new table with the same game, options and
seats (bots the same agents, each account's seat given to that account, a guest's an invitation), once
per finished table: a second ask gets the same new table."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from fastapi import FastAPI, Header, Request

from . import clocks, friends
from .account_store import Account
from .accounts import Auth, held_by
from .errors import Conflict, Forbidden
from .holders import check_writer, seat_if_any
from .lobby import Creators
from .ratelimit import RateLimits, client_of
from .rooms import Room

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("headframe.server")


def again(room: Room) -> dict[str, Any]:
    """The create body of a finished table's rematch: the same game, options, seats and clock (a fresh
    deal: the seed is drawn again)."""
    row = room.row
    control = clocks.Control.from_json(row.clock)  # the same time control (none, real time, turn based)
    seats = [{"type": "bot", "name": s.name, "agent": s.agent} if s.token_hash is None
             else {"type": "human", "name": s.name if s.account_id else None} for s in row.seats]
    return {"game": row.game, "players": row.players, "seats": seats, "options": row.options, "name": row.name,
            "hotseat": row.hotseat, "think_time": row.think_time, "hints": row.hints, "open_seats": False,
            "clock": {"mode": control.mode, "preset": control.preset}}


def add_routes(app: FastAPI, hub: Hub, auth: Auth, limits: RateLimits, creators: Creators) -> None:
    """POST /api/games/{id}/rematch."""

    async def asker(request: Request, room: Room, authorization: str | None) -> int:
        """The seat of whoever asks: its token's, else the signed-in player's."""
        seat = seat_if_any(room, authorization)
        if seat is None:
            session = await auth.signed_in(request)
            held = held_by(room, session.account.id)
            if not held:
                raise Forbidden("only the table's players may ask to play again")
            seat = held[0]
        await check_writer(auth, request, room, authorization, seat)
        return seat

    @app.post("/api/games/{game_id}/rematch")
    async def rematch(game_id: str, request: Request,
                      authorization: str | None = Header(default=None)) -> dict[str, Any]:
        limits.check("create", client_of(request))
        room = await hub.room(game_id)
        seat = await asker(request, room, authorization)
        if room.status() != "finished":
            raise Conflict("a table is played again once it is finished")
        made = await asyncio.to_thread(hub.accounts.rematch, room.id)
        if made is not None:
            return {**(await hub.room(made)).summary(), "url": f"/games/{made}"}
        return await _new_table(room, seat, request)

    async def _new_table(room: Room, seat: int, request: Request) -> dict[str, Any]:
        given = {s.seat: Account(s.account_id, s.name) for s in room.row.seats if s.account_id is not None}
        mine = room.row.seats[seat].account_id is not None
        new, host_token, tokens = await friends.create(
            hub, again(room), None, await creators.of(request), given, frozenset({seat} if mine else ()))
        kept = await asyncio.to_thread(hub.accounts.rematch, room.id, new.id)
        if kept != new.id:  # another process's ask was first: ours goes
            await asyncio.to_thread(hub.accounts.cancel_game, new.id)
            hub.rooms.pop(new.id, None)
            return {**(await hub.room(kept or "")).summary(), "url": f"/games/{kept}"}
        for place, account in given.items():
            if place != seat:
                await friends.tell(hub, "rematch", account.id, new.id, place)
        play = dict(tokens) if new.row.hotseat else {}
        if seat in tokens and not new.row.hotseat:  # a guest's own seat, taken for them under their name
            play = {seat: await hub.claim(new, seat, room.row.seats[seat].name, tokens.pop(seat))}
        log.info("game %s is played again as %s", room.id, new.id)
        return {**new.summary(), "url": f"/games/{new.id}", "host_token": host_token,
                "host_url": f"/games/{new.id}#host={host_token}",
                "play_url": f"/games/{new.id}#tokens={','.join(play.values())}&host={host_token}" if play else None,
                "join": [{"seat": place, "token": token, "url": f"/games/{new.id}#tokens={token}"}
                         for place, token in tokens.items()]}
