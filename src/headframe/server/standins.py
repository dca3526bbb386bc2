"""Clocks in live games, and stand-ins for the seats whose players are gone.

The hub asks this module for each room's clocks after every change (an action,
an undo, a seat changing hands) and stores them with that change. One timer
per room waits for the earliest deadline; when it passes, the seat is
forfeited: a stand-in bot (the game's heuristic) plays it, and a notice says
so. A player may leave (the same, at once) and come back to take the seat
back. Notices are kept with the game, in order, and shown in its log."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, FastAPI, Header, Request

from headframe.engine import State

from . import clocks
from .clocks import Clock, Control
from .errors import BadRequest, Conflict, Refusal
from .holders import check_writer
from .ratelimit import RateLimits, client_of
from .rooms import Room
from .storage import ClockWrite, GameRow, Notice, SeatRow

if TYPE_CHECKING:
    from .accounts import Auth
    from .hub import Hub

log = logging.getLogger("headframe.server")

MAX_NOTICES = 100  # per game: leaving and coming back cannot grow a game without bound


def utc_now() -> datetime:
    return datetime.now(UTC)


def table_control(request: dict[str, Any], presets: dict[str, dict[str, tuple[float, float]]] | None) -> Control:
    """The time control a new table asked for: none for hot seat and bots alone (forced)."""
    asked = request.get("clock") or {"mode": "none", "preset": None}
    try:
        control = clocks.choose(asked["mode"], asked.get("preset"), presets or clocks.PRESETS)
    except clocks.ClockError as exc:
        raise BadRequest(str(exc)) from None
    people = any(spec["type"] == "human" for spec in request["seats"])
    return control if people and not request.get("hotseat") else Control()


def owing(room: Room, state: State, status: str, controllers: dict[int, str] | None = None,
          controller: str = "human") -> tuple[int, ...]:
    """The seats of `controller` that owe a decision in a running game: the people's
    are those whose clocks run, the bots' the bot turns to take."""
    if status != "running":
        return ()
    changed = controllers or {}
    return tuple(seat for seat in state.to_move() if changed.get(seat, room.row.seats[seat].controller) == controller)


def stored(clock: Clock | None) -> ClockWrite | None:
    if clock is None:
        return None
    return ClockWrite(clock.since, list(clock.left), min(clocks.deadlines(clock).values(), default=None))


def label(seat: SeatRow) -> str:
    return f"Seat {seat.seat + 1}"


STAND_IN = "a stand-in bot plays in their place"


def _aware(moment: datetime | None) -> datetime | None:
    """SQLite gives back naive datetimes: every stored moment is UTC."""
    return moment if moment is None or moment.tzinfo else moment.replace(tzinfo=UTC)


class Timekeeper:
    """The clocks of a hub's rooms and the timers that end them."""

    def __init__(self, hub: Hub, now: Callable[[], datetime] = utc_now) -> None:
        self.hub = hub
        self.now = now
        self.timers: dict[str, asyncio.TimerHandle] = {}
        self.firing: set[asyncio.Task] = set()

    # --- a room's clock ----------------------------------------------------------

    def begin(self, room: Room, control: Control) -> None:
        """A new table: its control and each seat's time, started if it runs."""
        if not control.timed:
            return
        room.row.clock = control.to_json()
        room.clock = clocks.start(control, room.row.players)
        room.clock = self.after(room, room.state, room.status())
        self._keep(room.row, room.clock)

    def load(self, room: Room) -> None:
        """A room rebuilt from the database (in a worker thread): its clocks as
        stored, so time that passed while the server was down counts."""
        row = room.row
        room.notices = self.hub.store.notices(row.id)
        if not row.clock:
            return
        control = Control.from_json(row.clock)
        start = clocks.start(control, row.players)
        left = tuple(start.left[s.seat] if s.time_left is None else s.time_left for s in row.seats)
        since = _aware(row.clock_since)
        running = frozenset(owing(room, room.state, room.status())) if since is not None else frozenset()
        room.clock = Clock(control, left, since, running)

    def after(self, room: Room, state: State, status: str, moved: int | None = None,
              controllers: dict[int, str] | None = None) -> Clock | None:
        """The room's clock after a change to `state`, `status` and the seats' controllers."""
        if room.clock is None:
            return None
        return clocks.advance(room.clock, self.now(), owing(room, state, status, controllers), moved)

    def seat_change(self, room: Room, row: SeatRow, values: dict[str, Any], status: str) -> Clock | None:
        """The clock after a seat changes hands: a seat given back to its player has its time again."""
        if room.clock is None:
            return None
        controller = values.get("controller", row.controller)
        clock = room.clock
        if controller == "human" and row.controller == "bot":
            clock = clocks.give_back(clock, row.seat)
        return clocks.advance(clock, self.now(), owing(room, room.state, status, {row.seat: controller}))

    @staticmethod
    def _keep(row: GameRow, clock: Clock) -> None:
        row.clock_since = clock.since
        row.clock_deadline = min(clocks.deadlines(clock).values(), default=None)
        for seat in row.seats:
            seat.time_left = clock.left[seat.seat]

    def notice(self, room: Room, text: str) -> Notice:
        return Notice(len(room.notices) + 1, self.now(), room.version, len(room.state.log), text)

    # --- timers ----------------------------------------------------------------

    def arm(self, room: Room) -> None:
        """One timer per room, for its earliest deadline (replacing the last)."""
        timer = self.timers.pop(room.id, None)
        if timer is not None:
            timer.cancel()
        if room.clock is None or room.status() != "running":
            return
        due = clocks.deadlines(room.clock)
        if not due:
            return
        delay = max(0.0, (min(due.values()) - self.now()).total_seconds())
        self.timers[room.id] = asyncio.get_running_loop().call_later(delay, self._fire, room.id)

    def _fire(self, game_id: str) -> None:
        self.timers.pop(game_id, None)
        task = asyncio.get_running_loop().create_task(self._time_out(game_id))
        self.firing.add(task)
        task.add_done_callback(self.firing.discard)

    async def _time_out(self, game_id: str) -> None:
        try:
            room = await self.hub.room(game_id)
            async with room.lock:
                if room.clock is None or room.status() != "running":
                    return
                for seat in clocks.run_out(room.clock, self.now()):
                    row = room.row.seats[seat]
                    text = f"{row.name}'s time ran out: {STAND_IN}"  # the seat's name: "Seat 2" unless given
                    await self.hub.change_seat(room, row, self._stand_in(room), text)
                self.arm(room)  # the loop's timers may fire a little early: then it waits again
        except Conflict:
            return  # another process handed the seat over first: the room has caught up
        except Exception:
            log.exception("ending the clock of game %s failed", game_id)

    async def sweep(self) -> None:
        """Load the games whose clocks ran out while nobody had them in memory
        (a loaded room hands such seats to stand-ins at once)."""
        for game_id in await asyncio.to_thread(self.hub.store.overdue, self.now()):
            if game_id not in self.hub.rooms:
                try:
                    await self.hub.room(game_id)
                except Refusal as refusal:  # e.g. a game of other rules: it cannot go on here
                    log.warning("the clock of game %s ran out, but it does not load: %s", game_id, refusal.message)

    def close(self) -> None:
        for timer in self.timers.values():
            timer.cancel()
        self.timers.clear()
        for task in self.firing:
            task.cancel()

    # --- leaving and coming back ---------------------------------------------

    def _stand_in(self, room: Room) -> dict[str, Any]:
        agent = "heuristic" if room.game.learning.has_heuristic() else "random"
        return {"controller": "bot", "agent": agent, "claimed": True, "forfeited": True}

    async def leave(self, room: Room, seat: int) -> None:
        async with room.lock:
            row = self._person_seat(room, seat)
            if row.controller == "bot":
                raise Conflict(f"{label(row)} is already played by a stand-in")
            await self.hub.change_seat(room, row, self._stand_in(room),
                                        f"{row.name} left the game: {STAND_IN}")

    async def come_back(self, room: Room, seat: int) -> None:
        async with room.lock:
            row = self._person_seat(room, seat)
            if not row.forfeited or row.controller != "bot":
                raise Conflict(f"{label(row)} is not played by a stand-in: there is nothing to take back")
            await self.hub.change_seat(room, row, {"controller": "human"}, f"{row.name} is back")

    @staticmethod
    def _person_seat(room: Room, seat: int) -> SeatRow:
        row = room.row.seats[seat]
        if room.status() != "running":
            raise Conflict(f"the game is {room.status()}: seats are left and taken back only while it runs")
        if len(room.notices) >= MAX_NOTICES:
            raise Conflict("this seat has changed hands too often: the game goes on as it is")
        return row


def add_routes(app: FastAPI, hub: Hub, auth: Auth, limits: RateLimits) -> None:
    """GET /api/clocks; POST /api/games/{id}/seats/{seat}/leave and /return, with
    the seat's token or signed in as the account the seat belongs to."""
    router = APIRouter()
    presets = hub.config.clock_presets or clocks.PRESETS

    @router.get("/api/clocks")
    async def clock_choices() -> list[dict[str, Any]]:
        """The time controls a table may choose, in words."""
        choices = [clocks.choose(mode, preset, presets) for mode in ("real-time", "turn-based")
                   for preset in presets.get(mode, {})]
        return [{"mode": c.mode, "preset": c.preset, "words": c.describe()} for c in [Control(), *choices]]

    async def held(request: Request, game_id: str, seat: int, authorization: str | None) -> Room:
        limits.check("seat", client_of(request))
        room = await hub.room(game_id)
        if isinstance(seat, bool) or not 0 <= seat < room.row.players:
            raise BadRequest(f"there is no seat {seat} in this {room.row.players}-player game")
        await check_writer(auth, request, room, authorization, seat)  # its token, or its player's session
        return room

    @router.post("/api/games/{game_id}/seats/{seat}/leave")
    async def leave(game_id: str, seat: int, request: Request,
                    authorization: str | None = Header(default=None)) -> dict[str, Any]:
        """Leave a running game: a stand-in plays the seat from now on (it finishes last if rated)."""
        room = await held(request, game_id, seat, authorization)
        await hub.timekeeper.leave(room, seat)
        return room.summary()

    @router.post("/api/games/{game_id}/seats/{seat}/return")
    async def come_back(game_id: str, seat: int, request: Request,
                        authorization: str | None = Header(default=None)) -> dict[str, Any]:
        """Take back a seat a stand-in plays (after leaving, or running out of time)."""
        room = await held(request, game_id, seat, authorization)
        await hub.timekeeper.come_back(room, seat)
        return room.summary()

    app.include_router(router)
