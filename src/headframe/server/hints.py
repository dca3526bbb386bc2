"""Hints: "What would the bot do?" for a seat one holds.

The game's ISMCTS searches the seat's information set only (agents/hints.py)
for `hint_seconds`, in the bot pool's search lane (bots.py), on a world drawn
from the seat's knowledge as a bot's is: never the real hidden state, and never
in the web process, where a second's search would stall every game. Bounded:
one search at a time per seat, a rate per client (`hint_rate`), and the answer
is given only if the seat still owes the same decision when the search ends.
Refused in rated games, and at tables created without the "Hints" option (on by
default for unrated tables)."""

from __future__ import annotations

import logging
import secrets
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, FastAPI, Header, Request

from headframe.engine import Action, Decision, Rng, State, naming, seat_label

from .bots import BotFailure, BotTask
from .errors import BadRequest, Conflict, Forbidden, Unavailable
from .holders import check_writer
from .ratelimit import RateLimits, client_of
from .rooms import Room

if TYPE_CHECKING:
    from .accounts import Auth
    from .hub import Hub

log = logging.getLogger("headframe.server")

RATED = "hints are off in rated games: the result here moves ratings"
NOT_HERE = "hints are off at this table: it was created without the Hints option"


def refusal(room: Room) -> str | None:
    """Why the table gives no hints (None: it gives them)."""
    if room.row.rated:
        return RATED
    if not room.row.hints:
        return NOT_HERE
    return None


def still_owes(now: State, before: State, seat: int, decision: Decision) -> bool:
    """Whether the seat owes in `now` the decision it owed in `before`: it has not
    acted since, nothing was taken back past it, and the decision is the same."""
    done = len(before.history)
    if len(now.history) < done or (done and now.history[done - 1] != before.history[-1]):
        return False
    if any(actor == seat for actor, _, _ in now.history[done:]):
        return False
    return seat in now.to_move() and now.decision(seat) == decision


def why(known: State, seat: int, action: Action) -> str:
    """What the choice gains or costs the seat (`game.presentation.gains`), played in the world the search
    was given: one drawn from what the seat knows, never the real hidden state."""
    after = known.clone()
    after.apply(seat, action)
    return known.game.presentation.gains(known.view(seat), after.view(seat))


def add_routes(app: FastAPI, hub: Hub, auth: Auth, limits: RateLimits) -> None:
    """GET /api/games/{id}/hints: whether the table gives hints (anyone may know).
    POST /api/games/{id}/seats/{seat}/hint: the top three choices for a seat one
    holds (its token, or the signed-in player's session with its CSRF header)."""
    router = APIRouter()
    searching: set[tuple[str, int]] = set()

    @router.get("/api/games/{game_id}/hints")
    async def hints_here(game_id: str) -> dict[str, Any]:
        reason = refusal(await hub.room(game_id))
        return {"hints": reason is None, "reason": reason}

    @router.post("/api/games/{game_id}/seats/{seat}/hint")
    async def ask(game_id: str, seat: int, request: Request,
                  authorization: str | None = Header(default=None)) -> dict[str, Any]:
        limits.check("hint", client_of(request))
        room = await hub.room(game_id)
        if isinstance(seat, bool) or not 0 <= seat < room.row.players:
            raise BadRequest(f"there is no seat {seat} in this {room.row.players}-player game")
        await check_writer(auth, request, room, authorization, seat)
        reason = refusal(room)
        if reason is not None:
            raise Forbidden(reason)
        state = room.state
        with naming(room.names()):
            if room.status() != "running" or seat not in state.to_move():
                raise Conflict(f"{seat_label(seat)} has no decision to make now")
            if room.row.seats[seat].controller != "human":
                raise Conflict(f"a bot plays {seat_label(seat)} now")
        key = (room.id, seat)
        if key in searching:
            raise Conflict("the bot is already thinking about this seat's decision: wait for its answer")
        searching.add(key)
        try:
            decision = state.decision(seat)
            seed = secrets.randbits(63)
            world = state.determinize(seat, Rng(seed), keep_log=False).to_json()
            choices = await hub.bots.hint(BotTask(room.id, room.game.name, "ismcts", seat, seed >> 1, world,
                                                  hint_seconds=hub.config.hint_seconds))
        except BotFailure as failure:
            log.warning("a hint for seat %s in game %s failed: %s", seat, room.id, failure)
            raise Unavailable("the bot could not think about this decision now: ask again") from None
        finally:
            searching.discard(key)
        if not still_owes(room.state, state, seat, decision):
            raise Conflict("the decision has moved on: ask again")
        with naming(room.names()):
            actions = [(room.game.parse_action(action), share) for action, share in choices]
            known = room.game.load_position(world)
            return {"seat": seat, "seconds": hub.config.hint_seconds,
                    "choices": [{"action": action.to_json(), "id": action.id,
                                 "label": room.game.presentation.describe_action(action), "share": round(share, 4),
                                 "why": why(known, seat, action)}
                                for action, share in actions]}

    app.include_router(router)
