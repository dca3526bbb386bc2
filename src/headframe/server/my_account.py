"""Your account: change its password (the old one asked; its other sessions end) or delete it (the
password asked): its sessions and sockets end, its name never signs in again, its seats in games over
show "a former player", those in games still played go to stand-ins (or back to the host before the
game starts). See docs/players.md, "Your account"."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from fastapi import FastAPI, Request, Response

from . import friends
from .account_store import FORMER
from .accounts import COOKIE, Auth, Password, Session, same_origin
from .api import Strict
from .errors import Forbidden, Refusal
from .ratelimit import RateLimits, client_of

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("headframe.server")


class NewPassword(Strict):
    password: Password  # the one it has now
    new_password: Password


class Confirmation(Strict):
    password: Password


def forget_in_memory(hub: Hub, account_id: str) -> None:
    """The rooms held here of games over: the deleted account's seats are "a former player"'s (as stored)."""
    for room in list(hub.rooms.values()):
        if room.status() in ("finished", "expired"):
            for row in room.row.seats:
                if row.account_id == account_id:
                    row.account_id, row.name = None, FORMER


def end_sockets(hub: Hub, account_id: str, keep: str | None = None) -> None:
    """The account's connections under any session but `keep` (a session token) lose what it held."""
    for room in list(hub.rooms.values()):
        for watcher in list(room.watchers):
            session = watcher.session
            if session is not None and session.account.id == account_id and session.token != keep:
                watcher.end_session()


async def let_go(hub: Hub, game_id: str, seat: int) -> None:
    """A deleted account's seat in a game still played: a stand-in plays it under "a former player",
    or, before the game starts, it goes back to the host to fill."""
    room = await hub.room(game_id)
    async with room.lock:
        row = room.seat_row(seat)
        if room.status() == "open":
            await friends.give_back(hub, room, row)
            return
        await hub.change_seat(room, row, {"account_id": None, "invited": False, "name": FORMER})
    if row.controller == "human":
        await hub.timekeeper.leave(room, seat)


def add_routes(app: FastAPI, hub: Hub, auth: Auth, limits: RateLimits) -> None:
    """POST /api/me/password, POST /api/me/delete."""

    async def confirmed(request: Request, password: str) -> Session:
        if not same_origin(request):
            raise Forbidden("change your account from this site's own pages")
        limits.check("signin", client_of(request))
        session = await auth.writer(request)
        await auth.confirm(request, session, password)
        return session

    @app.post("/api/me/password", status_code=204)
    async def change_password(body: NewPassword, request: Request) -> None:
        session = await confirmed(request, body.password)
        await auth.change_password(session, body.new_password)
        end_sockets(hub, session.account.id, keep=session.token)
        log.info("%r changed their password", session.account.name)

    @app.post("/api/me/delete", status_code=204)
    async def delete_account(body: Confirmation, request: Request, response: Response) -> None:
        session = await confirmed(request, body.password)
        playing = await asyncio.to_thread(hub.accounts.delete, session.account.id)
        end_sockets(hub, session.account.id)
        forget_in_memory(hub, session.account.id)
        response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax")
        for game_id, seat in playing:
            try:
                await let_go(hub, game_id, seat)
            except Refusal as refusal:  # changed meanwhile, or handed over too often: it stays as it is
                log.info("a deleted account's seat %d of game %s stays: %s", seat, game_id, refusal.message)
        await friends.tell(hub, "forget", session.account.id)
        log.info("an account was deleted")
