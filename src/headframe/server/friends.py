"""Friends: a seat given to an account by its name when a table is made (it is theirs at once, in
their My games, played signed in from any browser), which they may accept or decline (the seat goes
back to the host to fill, who may ask for a fresh invitation link). See docs/players.md, "Friends"."""

from __future__ import annotations

import asyncio
import inspect
import logging
from typing import TYPE_CHECKING, Any

from fastapi import FastAPI, Header, Request

from .account_store import Account
from .accounts import Auth, name_key
from .errors import BadRequest, Conflict, Forbidden, NotFound
from .holders import check_host
from .ratelimit import RateLimits, client_of
from .rooms import Room
from .storage import SeatRow
from .tokens import new_token, token_hash

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("headframe.server")


async def tell(hub: Hub, event: str, *args: Any) -> None:
    """Call the notifications' `event` (hub.notify, when the server has them); a failure there is logged only."""
    notify = getattr(hub, "notify", None)
    if notify is None:
        return
    try:
        told = getattr(notify, event)(*args)
        if inspect.isawaitable(told):
            await told
    except Exception:
        log.exception("telling of %s failed", event)


async def create(hub: Hub, request: dict[str, Any], owner: Account | None, creator: str | None,
                 given: dict[int, Account] | None = None,
                 accepted: frozenset[int] = frozenset()) -> tuple[Room, str, dict[int, str]]:
    """hub.create, with the seats named by `account` (or in `given`) bound to those accounts at once:
    no invitation token is made for them. `accepted`: seats whose player need not accept (a rematch's asker)."""
    given = await _invitees(hub, request, owner) if given is None else given
    room, host_token, tokens = await hub.create(request, owner, creator)
    async with room.lock:
        for seat, account in given.items():
            tokens.pop(seat, None)
            await hub.change_seat(room, room.seat_row(seat), {
                "claimed": True, "account_id": account.id, "invited": seat not in accepted, "open": False,
                "name": (request["seats"][seat].get("name") or "").strip() or account.name,
                "token_hash": token_hash(new_token())})  # a token nobody holds: the seat is played signed in
    for seat, account in given.items():
        if seat not in accepted:
            await tell(hub, "invited", account.id, room.id, seat)
    return room, host_token, tokens


async def _invitees(hub: Hub, request: dict[str, Any], owner: Account | None) -> dict[int, Account]:
    """The accounts a create body's seats name (an unknown or deleted name: 404, as for every name)."""
    named = {index: spec["account"] for index, spec in enumerate(request["seats"]) if spec.get("account")}
    if named and request.get("hotseat"):
        raise BadRequest("a hot-seat table is played in one browser: its seats cannot be given to accounts")
    given: dict[int, Account] = {}
    for index, name in named.items():
        spec = request["seats"][index]
        if spec["type"] != "human" or spec.get("me"):
            raise BadRequest(f"seat {index + 1}: only a person's seat that is not yours can be given to an account")
        account = await asyncio.to_thread(hub.accounts.named, name_key(name.strip()))
        if account is None:
            raise NotFound(f"no account named {name.strip()!r}")
        given[index] = account
    ids = [account.id for account in given.values()] + ([owner.id] if owner is not None else [])
    if len(set(ids)) != len(ids):
        raise BadRequest("one account holds one seat of a table")
    return given


async def give_back(hub: Hub, room: Room, row: SeatRow) -> None:
    """The seat goes back to the host to fill: an invited person's seat with a link nobody holds yet."""
    await hub.change_seat(room, row, {"claimed": False, "account_id": None, "invited": False, "open": False,
                                       "name": f"Seat {row.seat + 1}", "token_hash": token_hash(new_token())})


def _played(room: Room, seat: int) -> bool:
    return any(actor == seat for actor, *_ in room.state.history)


def add_routes(app: FastAPI, hub: Hub, auth: Auth, limits: RateLimits) -> None:
    """POST /api/games/{id}/seats/{seat}/accept, /decline and /invitation; GET /api/me/invitations."""

    async def invitation_of(request: Request, game_id: str, seat: int) -> tuple[Room, SeatRow, str]:
        """The game, and the seat given to the signed-in player (CSRF-checked), and who they are."""
        limits.check("seat", client_of(request))
        session = await auth.writer(request)
        room = await hub.room(game_id)
        row = room.seat_row(seat)
        if row.account_id != session.account.id:
            raise Forbidden(f"seat {seat + 1} of this game is not yours")
        return room, row, session.account.id

    @app.post("/api/games/{game_id}/seats/{seat}/accept")
    async def accept(game_id: str, seat: int, request: Request) -> dict[str, Any]:
        room, _, account_id = await invitation_of(request, game_id, seat)
        if not await asyncio.to_thread(hub.accounts.accept, room.id, seat, account_id):
            raise Conflict(f"seat {seat + 1} is yours already: there is no invitation to accept")
        return room.summary()

    @app.post("/api/games/{game_id}/seats/{seat}/decline")
    async def decline(game_id: str, seat: int, request: Request) -> dict[str, Any]:
        room, row, _ = await invitation_of(request, game_id, seat)
        async with room.lock:
            if room.status() not in ("open", "running") or row.account_id is None:
                raise Conflict(f"the game is {room.status()}: its seats are no longer given back")
            if not await asyncio.to_thread(hub.accounts.is_invited, room.id, seat) or _played(room, seat):
                raise Conflict(f"you have taken seat {seat + 1}: leave the game instead of declining it")
            await give_back(hub, room, row)
        log.info("seat %d of game %s was declined", seat, room.id)
        return room.summary()

    @app.post("/api/games/{game_id}/seats/{seat}/invitation")
    async def invitation(game_id: str, seat: int, authorization: str | None = Header(default=None)) -> dict[str, Any]:
        """The host's fresh link for a person's seat nobody holds (the earlier link dies)."""
        room = await hub.room(game_id)
        check_host(room, authorization, "make invitation links")
        token = new_token()
        async with room.lock:
            row = room.seat_row(seat)
            if row.controller != "human" or row.claimed:
                raise Conflict(f"seat {seat + 1} is taken: it needs no invitation")
            await hub.change_seat(room, row, {"token_hash": token_hash(token)})
        return {"seat": seat, "token": token, "url": f"/games/{room.id}#tokens={token}"}

    @app.get("/api/me/invitations")
    async def invitations(request: Request) -> list[dict[str, Any]]:
        """The seats given to the signed-in player that they have not accepted yet."""
        session = await auth.signed_in(request)
        found = await asyncio.to_thread(hub.accounts.invitations, session.account.id)
        return [{"id": game_id, "name": name, "seat": seat, "seat_label": f"Seat {seat + 1}",
                 "url": f"/games/{game_id}"} for game_id, name, seat in found]
