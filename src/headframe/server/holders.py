"""What a request's `Authorization: Bearer <token>` holds in a game: a seat, or
the host's place. One reading of the header for every route."""

from __future__ import annotations

from typing import TYPE_CHECKING

from starlette.requests import Request

from .errors import Forbidden, Unauthorized
from .rooms import Room

if TYPE_CHECKING:
    from .accounts import Auth


def bearer(header: str | None, required: bool = True) -> str | None:
    if header is None:
        if required:
            raise Unauthorized("this needs a token: send 'Authorization: Bearer <token>'")
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token or len(token) > 64:
        raise Unauthorized("the Authorization header is 'Bearer <token>'")
    return token.strip()


def seat_of(room: Room, token: str) -> int:
    seat = room.seat_of(token)
    if seat is None:
        if room.invitation(token) is not None:
            raise Forbidden("this is an invitation: take the seat first (it gives you a token of your own)")
        raise Forbidden("this token holds no seat of this game")
    return seat


def seat_if_any(room: Room, header: str | None) -> int | None:
    """The seat a token holds, or None for a request without one (a spectator, or a session)."""
    token = bearer(header, required=False)
    return None if token is None else seat_of(room, token)


def check_host(room: Room, header: str | None, what: str) -> None:
    if header is None:
        raise Unauthorized("this needs the host's token: send 'Authorization: Bearer <token>'")
    if not room.is_host(bearer(header)):
        raise Forbidden(f"only the game's host may {what}")


async def check_writer(auth: Auth, request: Request, room: Room, header: str | None, seat: int) -> None:
    """A write for `seat`: by its token (and not another account's seat), or by the signed-in player's session."""
    if header is not None and seat_of(room, bearer(header) or "") != seat:
        raise Forbidden(f"this token does not hold seat {seat}")
    await auth.writing(request, room, seat, by_token=header is not None)
